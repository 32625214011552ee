// The one place that changes dates: every command works out the absolute dates it wants and
// hands them here, which keeps only real changes, shares everything untouched, and records the
// previous values as the inverse. So "apply, then apply the inverse" is the identity by
// construction, for every command, and the inverse also serves partial rollback (keep the items
// of the tasks to restore) and redo (the inverse of the inverse).
import type { Task } from '../../../src-shared/api/resources'
import type { CommandResult, DateUpdate, TaskDates, TaskTable } from './types'

export const DATE_FIELDS = ['startDate', 'dueDate'] as const

export function changeDates<B extends TaskTable>(
  board: B,
  wanted: readonly TaskDates[],
): CommandResult<B> {
  // Several items for one task merge, the later value winning; order of first mention is kept.
  const merged = new Map<string, TaskDates>()
  for (const item of wanted) merged.set(item.id, { ...merged.get(item.id), ...defined(item) })

  const updates: DateUpdate[] = []
  const inverse: TaskDates[] = []
  let tasksById: Record<string, Task> | undefined
  for (const [id, dates] of merged) {
    const task = board.tasksById[id]
    if (!task) continue
    const update: DateUpdate = { id }
    const undo: TaskDates = { id }
    for (const field of DATE_FIELDS) {
      const value = dates[field]
      if (value === undefined || value === task[field]) continue
      update[field] = value
      undo[field] = task[field]
    }
    if (update.startDate === undefined && update.dueDate === undefined) continue
    tasksById ??= { ...board.tasksById }
    tasksById[id] = { ...task, ...update }
    updates.push(update)
    inverse.push(undo)
  }
  return {
    next: tasksById ? { ...board, tasksById } : board,
    inverse: { kind: 'setDates', dates: inverse },
    updates,
  }
}

/** The item without its undefined fields, so that merging never erases a wanted value. */
function defined(item: TaskDates): TaskDates {
  const out: TaskDates = { id: item.id }
  if (item.startDate !== undefined) out.startDate = item.startDate
  if (item.dueDate !== undefined) out.dueDate = item.dueDate
  return out
}
