// What happened to the user's edits and why: messages (rejections, failed loads) and the
// journal's problems, each until the user settles it: a conflict (or a refusal that holds the
// board's version) offers Keep mine or Take theirs; a refusal or a failure is shown with the
// board's reason until dismissed.
import { useRef } from 'react'
import type { PlannerApi } from '../src-shared/ipc/planner-api'
import { useReturnFocus } from './focus/return-focus'
import { resolveProblem, usePlanner, usePlannerStore } from './state'

export function Messages({ api }: { api: PlannerApi }): React.JSX.Element {
  const messages = usePlanner((s) => s.edits.messages)
  const problems = usePlanner((s) => s.edits.problems)
  const store = usePlannerStore()
  const settle = (id: string, choice: 'mine' | 'theirs') =>
    void resolveProblem(store, api, id, choice)
  const empty = messages.length === 0 && problems.length === 0
  // The live region is always on the page, empty when there is nothing to say: a region that
  // appears with its first message in it is often not read out (screen readers hear changes to
  // regions they already know). Empty, it takes no room.
  return (
    <div className="messages" aria-live="polite" style={empty ? { padding: 0 } : undefined}>
      {problems.map((problem) => (
        <Message key={problem.id} className="message problem error" role="alert">
          <span>{problem.message}</span>
          {/* A refusal that holds the board's version (an update the board answered without
              applying) is settled as a conflict: send it again, or take the board's. */}
          {problem.kind === 'conflict' || problem.conflict !== undefined ? (
            <>
              <button type="button" onClick={() => settle(problem.id, 'mine')}>
                Keep mine
              </button>
              <button type="button" onClick={() => settle(problem.id, 'theirs')}>
                Take theirs
              </button>
            </>
          ) : (
            <button type="button" onClick={() => settle(problem.id, 'theirs')}>
              Dismiss
            </button>
          )}
        </Message>
      ))}
      {messages.map((message) => (
        <Message
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
        </Message>
      ))}
    </div>
  )
}

/** One message: settled with its own button, it hands the keyboard back (to the tree at least). */
function Message({
  className,
  role,
  children,
}: {
  className: string
  role: 'alert' | 'status'
  children: React.ReactNode
}): React.JSX.Element {
  const element = useRef<HTMLDivElement>(null)
  useReturnFocus(element)
  return (
    <div ref={element} className={className} role={role}>
      {children}
    </div>
  )
}
