// What happened to the user's edits and why: rejections, conflicts, queued changes.
import { usePlanner, usePlannerStore } from './state'

export function Messages(): React.JSX.Element | null {
  const messages = usePlanner((s) => s.edits.messages)
  const store = usePlannerStore()
  if (messages.length === 0) return null
  return (
    <div className="messages" aria-live="polite">
      {messages.map((message) => (
        <div
          key={message.id}
          className={`message ${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{message.text}</span>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => store.getState().dismissMessage(message.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
