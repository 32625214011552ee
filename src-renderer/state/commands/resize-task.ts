// Resize a task by dragging one edge by whole days; the other edge stays where it is.
//
// - The dragged edge never passes the other one: the move is cut to the most whole days that
//   keep startDate <= dueDate (compared as timestamps, each date keeping its time of day).
// - A milestone is a point: it cannot be resized (no change).
// - A task with one date is drawn as a one-day bar at that date. Dragging an edge outward gives
//   it both dates: the fixed edge takes the existing date (same timestamp), the dragged edge that
//   date moved by the days. Dragging inward cannot shrink a one-day bar: no change.
// - A task with no dates is not on the timeline: no change (see scheduleTask).
import {
  DAY_MS,
  daysWithin,
  parseInstant as timeOf,
  shiftTimestamp as addDays,
  wholeDays,
} from '../../../src-shared/schedule/days'
import { changeDates } from './change-dates'
import type { CommandResult, ResizeTaskArgs, TaskTable } from './types'

export function resizeTask<B extends TaskTable>(board: B, args: ResizeTaskArgs): CommandResult<B> {
  const task = board.tasksById[args.id]
  if (!task || task.type === 'milestone') return changeDates(board, [])
  const start = timeOf(task.startDate)
  const due = timeOf(task.dueDate)
  if (start === undefined && due === undefined) return changeDates(board, [])
  // The dragged edge stays within years 0000-9999 (a board's "never", 9999-12-31).
  const edge =
    args.edge === 'start'
      ? start !== undefined
        ? task.startDate
        : task.dueDate
      : task.dueDate || task.startDate
  const requested = daysWithin(wholeDays(args.days), [edge])
  if (requested === 0) return changeDates(board, [])

  if (start !== undefined && due !== undefined) {
    // Whole days between the two ends; 0 for bad data where start is after due, so the start can
    // then only move earlier and the end only later.
    const room = Math.max(0, Math.floor((due - start) / DAY_MS))
    if (args.edge === 'start') {
      const days = Math.min(requested, room)
      return days === 0
        ? changeDates(board, [])
        : changeDates(board, [{ id: task.id, startDate: addDays(task.startDate, days) }])
    }
    const days = Math.max(requested, -room)
    return days === 0
      ? changeDates(board, [])
      : changeDates(board, [{ id: task.id, dueDate: addDays(task.dueDate, days) }])
  }

  // One date: only outward drags change anything.
  const only = start !== undefined ? task.startDate : task.dueDate
  if (args.edge === 'start' && requested < 0)
    return changeDates(board, [{ id: task.id, startDate: addDays(only, requested), dueDate: only }])
  if (args.edge === 'end' && requested > 0)
    return changeDates(board, [{ id: task.id, startDate: only, dueDate: addDays(only, requested) }])
  return changeDates(board, [])
}
