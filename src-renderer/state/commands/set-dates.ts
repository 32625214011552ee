// Set absolute dates: the inverse of every command (and so undo and redo).
import { changeDates } from './change-dates'
import type { CommandResult, SetDatesArgs, TaskTable } from './types'

export function setDates<B extends TaskTable>(board: B, args: SetDatesArgs): CommandResult<B> {
  return changeDates(board, args.dates)
}
