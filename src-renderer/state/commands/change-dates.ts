// Date commands hand their absolute dates to changeFields; their inverse stays a plain setDates.
import { changeFields } from './change-fields'
import type { CommandResult, TaskDates, TaskTable } from './types'

export const DATE_FIELDS = ['startDate', 'dueDate'] as const

export function changeDates<B extends TaskTable>(
  board: B,
  wanted: readonly TaskDates[],
): CommandResult<B> {
  const { next, updates, before } = changeFields(board, wanted.map(datesOnly))
  return { next, inverse: { kind: 'setDates', dates: before.map(datesOnly) }, updates }
}

/** The item's defined dates only, so that merging never erases a wanted value. */
function datesOnly(item: TaskDates): TaskDates {
  const out: TaskDates = { id: item.id }
  if (item.startDate !== undefined) out.startDate = item.startDate
  if (item.dueDate !== undefined) out.dueDate = item.dueDate
  return out
}
