// Schedule a task from the Unscheduled tray by dropping it on a day.
//
// Choice: dates are inclusive whole days at midnight UTC. A task dropped on `startDay` for `days`
// days gets startDate = startDay T00:00:00.000Z and dueDate = (startDay + days - 1) T00:00:00.000Z:
// a one-day task has start = due, and the bar covers the days of both ends. Midnight UTC is what
// the service stores for a date-only value (`2026-03-02` -> `2026-03-02T00:00:00.000Z`), so a
// task scheduled here looks exactly like one given dates by day through the API or the CLI, and
// its UTC day is the day it was dropped on whatever the local zone.
// A milestone gets only its dueDate (startDay at midnight): it is a point, and the service
// ignores a milestone's startDate. An invalid day changes nothing; `days` below 1 counts as 1.
import { isCalendarDate } from '../../../src-shared/api/dates'
import {
  midnightOfIsoDay as startOfDay,
  shiftTimestamp as addDays,
  wholeDays,
} from '../../../src-shared/schedule/days'
import { changeDates } from './change-dates'
import type { CommandResult, ScheduleTaskArgs, TaskTable } from './types'

export function scheduleTask<B extends TaskTable>(
  board: B,
  args: ScheduleTaskArgs,
): CommandResult<B> {
  const task = board.tasksById[args.id]
  if (!task || !isCalendarDate(args.startDay)) return changeDates(board, [])
  const start = startOfDay(args.startDay)
  if (task.type === 'milestone') return changeDates(board, [{ id: task.id, dueDate: start }])
  const days = Math.max(1, wholeDays(args.days))
  return changeDates(board, [{ id: task.id, startDate: start, dueDate: addDays(start, days - 1) }])
}
