// Tasks with no dates. Drag one onto the timeline to schedule it on the day it is dropped.
import type { Task } from '../src-shared/api'

export const TASK_DRAG_TYPE = 'application/x-planner-task'

export function UnscheduledTray({ tasks }: { tasks: readonly Task[] }): React.JSX.Element {
  return (
    // Focusable, so a keyboard can scroll a long tray (its items are only dragged).
    <aside className="unscheduled" aria-label="Unscheduled tasks" tabIndex={0}>
      <h2>Unscheduled ({tasks.length})</h2>
      <ul>
        {tasks.map((task) => (
          <li
            key={task.id}
            draggable
            data-task-id={task.id}
            onDragStart={(event) => {
              event.dataTransfer.setData(TASK_DRAG_TYPE, task.id)
              event.dataTransfer.effectAllowed = 'move'
            }}
            aria-label={`${task.projectKey}-${task.key} ${task.title}, unscheduled; drag onto the timeline to schedule`}
          >
            <span className="task-key">
              {task.projectKey}-{task.key}
            </span>{' '}
            {task.title}
          </li>
        ))}
      </ul>
    </aside>
  )
}
