// "Created, not yet seen": creates whose outcome main could not establish (the board may have
// made the task, or not). Shown as a note, never as a task row, so a task the board did make
// never appears twice; a note goes once a sync shows a task of that project and title made since
// the request. Nothing here re-sends anything.
import { useMemo } from 'react'
import { usePlanner, usePlannerStore } from '../state'
import { stillUnseen } from './unseen'

export function UnseenCreates(): React.JSX.Element | null {
  const store = usePlannerStore()
  const notes = usePlanner((s) => s.view.unseenCreates)
  const tasksById = usePlanner((s) => s.board.tasksById)
  const shown = useMemo(() => stillUnseen(notes, tasksById), [notes, tasksById])
  if (shown.length === 0) return null
  return (
    <ul className="unseen-creates" aria-label="Created, not yet seen">
      {shown.map((note) => (
        <li key={note.id}>
          <span>
            {note.projectKey} “{note.title}”: created, not yet seen. The board has not listed it
            yet; it is not sent again.
          </span>
          <button
            type="button"
            aria-label={`Dismiss ${note.title}`}
            onClick={() => store.getState().dismissUnseenCreate(note.id)}
          >
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  )
}
