// What a task looks like once an update item is applied, as far as the planner can tell without
// asking the board: used to lay edits still in the journal over a snapshot (a bar keeps its new
// place while the board cannot be reached, restarts included) and to know where to find a task
// again after a write. Fields the board derives (updatedAt, startedAt...) are left alone; the
// description is left alone too, since the board converts it.
import { toCanonicalTimestamp } from './dates'
import type { Task } from './resources'
import type { UpdateTaskItem } from './task-bodies'

const dateOf = (value: string) => (value === '' ? '' : (toCanonicalTimestamp(value) ?? value))

export function applyUpdate(task: Task, item: UpdateTaskItem): Task {
  const next: Task = { ...task }
  if (item.title !== undefined) next.title = item.title
  if (item.status !== undefined) next.status = item.status
  if (item.assignedUserEmail !== undefined) next.assignedUserEmail = item.assignedUserEmail
  if (item.priority !== undefined) next.priority = item.priority
  if (item.pinToTop !== undefined) next.pinToTop = item.pinToTop
  if (item.tags !== undefined) next.tags = [...item.tags]
  if (item.startDate !== undefined) next.startDate = dateOf(item.startDate)
  if (item.dueDate !== undefined) next.dueDate = dateOf(item.dueDate)
  if (item.properties !== undefined) {
    // Properties merge; null removes one (as the local service does, the only way to unset one).
    next.properties = { ...task.properties, ...item.properties }
    for (const [name, value] of Object.entries(item.properties))
      if (value === null) delete next.properties[name]
  }
  if (item.milestoneId !== undefined) next.milestoneId = item.milestoneId
  if (item.parentId !== undefined) next.parentId = item.parentId
  return next
}

/**
 * The tasks with every item of `batches` applied in order (a new array only when one changed),
 * and the ids of the tasks they touch.
 */
export function overlayUpdates(
  tasks: readonly Task[],
  batches: readonly (readonly UpdateTaskItem[])[],
): { tasks: Task[]; touched: Set<string> } {
  const items = batches.flat()
  const touched = new Set<string>()
  if (items.length === 0) return { tasks: tasks as Task[], touched }
  const out = [...tasks]
  const at = new Map<string, number>()
  tasks.forEach((task, i) => {
    at.set(task.id, i)
    at.set(`${task.projectKey}\u0000${task.key}`, i)
  })
  for (const item of items) {
    const i = at.get(item.id ?? `${item.projectKey}\u0000${item.key}`)
    if (i === undefined) continue
    const task = out[i] as Task
    out[i] = applyUpdate(task, item)
    touched.add(task.id)
  }
  return { tasks: out, touched }
}
