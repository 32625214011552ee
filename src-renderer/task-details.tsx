// The hover card (or, with Enter, the pinned details) of one task.
import type { Task } from '../src-shared/api'
import { usePlanner, usePlannerStore } from './state'

function Field({ label, value }: { label: string; value: string }): React.JSX.Element | null {
  if (!value) return null
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

export function TaskDetails(): React.JSX.Element | null {
  const store = usePlannerStore()
  const id = usePlanner((s) => s.view.detailsTaskId ?? s.view.hoverTaskId)
  const pinned = usePlanner((s) => s.view.detailsTaskId !== null)
  const task: Task | undefined = usePlanner((s) => (id ? s.board.tasksById[id] : undefined))
  if (!task) return null
  return (
    <section
      className="task-details"
      role={pinned ? 'dialog' : 'tooltip'}
      aria-label={`Details of ${task.title}`}
    >
      <h3>
        {task.projectKey}-{task.key} {task.title}
      </h3>
      <dl>
        <Field label="Status" value={task.status} />
        <Field label="Assignee" value={task.assignedUserEmail} />
        <Field label="Priority" value={task.priority} />
        <Field label="Start" value={task.startDate.slice(0, 16).replace('T', ' ')} />
        <Field label="Due" value={task.dueDate.slice(0, 16).replace('T', ' ')} />
        <Field label="Tags" value={task.tags.join(', ')} />
        <Field label="Type" value={task.type} />
      </dl>
      {task.description && <p className="description">{task.description}</p>}
      {pinned && (
        <button type="button" onClick={() => store.getState().showDetails(null)}>
          Close
        </button>
      )}
    </section>
  )
}
