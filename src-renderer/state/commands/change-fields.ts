// The one place that changes tasks: every command works out the absolute values it wants and
// hands them here, which keeps only real changes, shares everything untouched, and records the
// previous values as the inverse. So "apply, then apply the inverse" is the identity by
// construction, for every command, and the inverse also serves partial rollback (keep the items
// of the tasks to restore), undo and redo (the inverse of the inverse).
import { copyTable } from '../../../src-shared/api/id-table'
import { writableTimestamp } from '../../../src-shared/schedule/days'
import type { Task } from '../../../src-shared/api/resources'
import type { TaskTable } from './types'
import { applyPatch, patchSlot, sameValue, slotsOf, taskSlot, withSlot } from './task-patch'
import type { TaskPatch } from './task-patch'

export interface FieldChange<B extends TaskTable> {
  next: B
  /** One item per changed task with only its changed slots. */
  updates: TaskPatch[]
  /** Per changed task, the values its changed slots had before. */
  before: TaskPatch[]
}

export function changeFields<B extends TaskTable>(
  board: B,
  wanted: readonly TaskPatch[],
): FieldChange<B> {
  // Several items for one task merge slot by slot, the later value winning; order of first
  // mention is kept.
  const merged = new Map<string, TaskPatch>()
  for (const item of wanted) {
    let patch = merged.get(item.id) ?? { id: item.id }
    for (const slot of slotsOf(item)) patch = withSlot(patch, slot, patchSlot(item, slot))
    merged.set(item.id, patch)
  }

  const updates: TaskPatch[] = []
  const before: TaskPatch[] = []
  let tasksById: Record<string, Task> | undefined
  for (const [id, patch] of merged) {
    const task = board.tasksById[id]
    if (!task) continue
    let update: TaskPatch = { id }
    let undo: TaskPatch = { id }
    for (const slot of slotsOf(patch)) {
      const value = writable(slot, patchSlot(patch, slot))
      const old = taskSlot(task, slot)
      if (sameValue(value, old) || (slot === 'description' && sameDescription(value, old))) continue
      if (sameValue(value, writable(slot, old))) continue
      update = withSlot(update, slot, value)
      undo = withSlot(undo, slot, writable(slot, old))
    }
    if (slotsOf(update).length === 0) continue
    tasksById ??= copyTable(board.tasksById)
    tasksById[id] = applyPatch(task, update)
    updates.push(update)
    before.push(undo)
  }
  return { next: tasksById ? { ...board, tasksById } : board, updates, before }
}

/** Start and due dates as they can be written back (writableTimestamp); other slots as they are. */
function writable(slot: string, value: unknown): unknown {
  const isDate = slot === 'startDate' || slot === 'dueDate'
  return isDate && typeof value === 'string' ? writableTimestamp(value) : value
}

/** A description typed as the same text it already has is no change, whatever its format. */
function sameDescription(value: unknown, old: unknown): boolean {
  const content = (v: unknown) => (v as { content?: string } | undefined)?.content
  return content(value) === content(old)
}
