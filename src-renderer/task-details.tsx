// The hover card of one task, and, once a task is opened (Enter, double-click, the context
// menu's Open), its editable details panel (./task-form/details-panel.tsx) instead.
import type { Task } from '../src-shared/api'
import type { PlannerApi } from '../src-shared/ipc'
import { usePlanner } from './state'
import { DetailsPanel } from './task-form/details-panel'

function Field({ label, value }: { label: string; value: string }): React.JSX.Element | null {
  if (!value) return null
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

export function TaskDetails({ api }: { api: PlannerApi }): React.JSX.Element | null {
  const pinned = usePlanner((s) => s.view.detailsTaskId !== null)
  if (pinned) return <DetailsPanel api={api} />
  return <HoverCard />
}

function HoverCard(): React.JSX.Element | null {
  const id = usePlanner((s) => s.view.hoverTaskId)
  const task: Task | undefined = usePlanner((s) => (id ? s.board.tasksById[id] : undefined))
  if (!task) return null
  return (
    <section className="task-details" role="tooltip" aria-label={`Details of ${task.title}`}>
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
    </section>
  )
}
