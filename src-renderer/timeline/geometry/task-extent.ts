// How a task's dates become something on the timeline, and the whole-day rules every other
// module (rows, arrows, violations) reads them by.
//
// THE DAY RULES
// - An instant is drawn where it is: a start of 09:30 starts the bar 09:30 into its day.
// - A due date at exactly 00:00:00.000 UTC is a date-only due (the canonical form of
//   'YYYY-MM-DD'), and the due DAY IS INCLUSIVE: the bar ends at the end of that day (the next
//   midnight). "Due 5 March" means done by the end of 5 March. A due with a time of day ends
//   the bar at that instant.
// - Both dates: a bar from the start instant to the end above. If the due lies before the start
//   (the due's day before the start's day, or a same-day due time before the start time), the
//   two are swapped so the bar still covers both dates, and the extent is flagged `inverted`.
// - Only a due date: a one-day bar that ends where a due ends (above), kind 'due-only'.
// - Only a start date: a one-day bar from the start instant, kind 'start-only'.
// - A milestone: a point (startMs === endMs) at the end of its due, by the same rule: a
//   date-only due D puts the diamond on the boundary between D and D+1. The service ignores a
//   milestone's start date, and so do we; no due date means unscheduled.
// - Neither date (or only unreadable ones): undefined, the task belongs in the Unscheduled tray.
//
// Whole days, for dependencies: a task's START DAY is the UTC day holding its start instant
// (floor) and its FINISH DAY is the first day boundary at or after its end (ceil): the first day
// it no longer occupies. A date-only due D finishes on D+1; a due of D 17:00 also finishes on
// D+1 (the task still occupies D). A successor may start on finish day + lag.
import type { Task } from '../../../src-shared/api'
import { DAY_MS, dayNumberOfMs, isMidnight, parseInstant } from './day-math'

export type ExtentKind = 'bar' | 'due-only' | 'start-only' | 'milestone'

export interface TaskExtent {
  kind: ExtentKind
  /** Left edge (or the milestone point), ms since the epoch. */
  startMs: number
  /** Right edge (equal to startMs for a milestone), ms since the epoch. */
  endMs: number
  /** The due came before the start; the bar covers both dates (see the day rules). */
  inverted?: boolean
}

/** The fields the timeline reads from a task: any Task fits, and so does a test's literal. */
export type DatedTask = Pick<Task, 'startDate' | 'dueDate' | 'type'>

/** Where a due instant ends a bar or places a milestone: a midnight due covers its whole day. */
function endOfDue(dueMs: number): number {
  return isMidnight(dueMs) ? dueMs + DAY_MS : dueMs
}

export function taskExtent(task: DatedTask): TaskExtent | undefined {
  const due = parseInstant(task.dueDate)
  if (task.type === 'milestone') {
    if (due === undefined) return undefined
    const point = endOfDue(due)
    return { kind: 'milestone', startMs: point, endMs: point }
  }
  const start = parseInstant(task.startDate)
  if (start === undefined && due === undefined) return undefined
  if (start === undefined) {
    const end = endOfDue(due as number)
    return { kind: 'due-only', startMs: end - DAY_MS, endMs: end }
  }
  if (due === undefined) return { kind: 'start-only', startMs: start, endMs: start + DAY_MS }
  const end = endOfDue(due)
  if (end < start || dayNumberOfMs(due) < dayNumberOfMs(start)) {
    return { kind: 'bar', startMs: due, endMs: endOfDue(start), inverted: true }
  }
  return { kind: 'bar', startMs: start, endMs: end }
}

/** The instant the task is done: where a dependency arrow leaves it. */
export function finishMs(extent: TaskExtent): number {
  return extent.endMs
}

/** Day number of the task's start day (floor of its start instant). */
export function startDayOf(extent: TaskExtent): number {
  return dayNumberOfMs(extent.startMs)
}

/** Day number of the first day the task no longer occupies (ceil of its end instant). */
export function finishDayOf(extent: TaskExtent): number {
  return Math.ceil(extent.endMs / DAY_MS)
}

/** The extent moved by whole days, as a drag shows it before the edit is sent. */
export function shiftExtent(extent: TaskExtent, days: number): TaskExtent {
  const delta = days * DAY_MS
  return { ...extent, startMs: extent.startMs + delta, endMs: extent.endMs + delta }
}

/** Narrowest bar drawn, in px: a zero-length bar (start time = due time) stays visible. */
export const MIN_BAR_WIDTH = 2

/** Horizontal placement of a bar; a milestone's x is its point (its diamond is centred there). */
export function barPx(
  extent: TaskExtent,
  scale: { xOfMs(ms: number): number },
): { x: number; width: number } {
  const x = scale.xOfMs(extent.startMs)
  if (extent.kind === 'milestone') return { x, width: 0 }
  return { x, width: Math.max(MIN_BAR_WIDTH, scale.xOfMs(extent.endMs) - x) }
}
