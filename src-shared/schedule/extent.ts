// How a task's dates become a span of time, and the whole-day rules every scheduling module
// (dependencies, cascade, float, forecasts) and the timeline read them by. Moved here from
// src-renderer/timeline/geometry/task-extent.ts so the renderer and the scheduling core cannot
// drift apart (issue 12); pixels stay in the renderer.
//
// THE DAY RULES (docs/timeline.md, docs/scheduling.md)
// - An instant is where it is: a start of 09:30 starts the bar 09:30 into its day.
// - A due date at exactly 00:00:00.000 UTC is a date-only due (the canonical form of
//   'YYYY-MM-DD'), and the due DAY IS INCLUSIVE: the task ends at the end of that day (the next
//   midnight). "Due 5 March" means done by the end of 5 March. A due with a time ends there.
// - Both dates: from the start instant to the end above. If the due lies before the start (the
//   due's day before the start's day, or a same-day due time before the start time), the two are
//   swapped so the span still covers both dates, and the extent is flagged `inverted`.
// - Only a due date: one day ending where a due ends (above), kind 'due-only'.
// - Only a start date: one day from the start instant, kind 'start-only'.
// - A milestone: a point (startMs === endMs) at the end of its due DAY: a due on D, at midnight
//   or at 17:00, puts it on the boundary between D and D+1 (at 17:00 it would occupy part of D,
//   a day of work, and its start day and finish day would differ). The service ignores a
//   milestone's start date, and so do we; no due date means unscheduled.
// - Neither date (or only unreadable ones): undefined, the task is unscheduled.
//
// Whole days, for dependencies: a task's START DAY is the UTC day holding its start instant
// (floor) and its FINISH DAY is the first day boundary at or after its end (ceil): the first day
// it no longer occupies. A date-only due D finishes on D+1; a due of D 17:00 also finishes on
// D+1 (the task still occupies D). A successor may start on finish day + lag.
import { DAY_MS, dayNumberOfMs, isMidnight, parseInstant } from './days'

export type ExtentKind = 'bar' | 'due-only' | 'start-only' | 'milestone'

export interface TaskExtent {
  kind: ExtentKind
  /** Start (or the milestone point), ms since the epoch. */
  startMs: number
  /** End (equal to startMs for a milestone), ms since the epoch. */
  endMs: number
  /** The due came before the start; the extent covers both dates (see the day rules). */
  inverted?: boolean
}

/** The fields the day rules read from a task: any Task fits, and so does a test's literal. */
export interface DatedTask {
  startDate: string
  dueDate: string
  type: string
}

/**
 * A task whose start instant is after its due instant (another board's data): the board refuses
 * writing it so, moved or not, and with it a whole batch. By instants, as the board compares
 * them: a start at 09:00 on a day whose due is that day's midnight is one day on the chart (its
 * extent is not `inverted`), yet refused all the same.
 */
export function startsAfterDue(task: DatedTask): boolean {
  if (task.type === 'milestone') return false
  const start = parseInstant(task.startDate)
  const due = parseInstant(task.dueDate)
  return start !== undefined && due !== undefined && start > due
}

/** Where a due instant ends a task or places a milestone: a midnight due covers its whole day. */
export function endOfDue(dueMs: number): number {
  return isMidnight(dueMs) ? dueMs + DAY_MS : dueMs
}

export function taskExtent(task: DatedTask): TaskExtent | undefined {
  const due = parseInstant(task.dueDate)
  if (task.type === 'milestone') {
    if (due === undefined) return undefined
    // The end of its due DAY, whatever the time of day: a point has no time to occupy.
    const point = (dayNumberOfMs(due) + 1) * DAY_MS
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

/** The dates a task has after moving by whole days, each keeping its time of day. */
export interface MovedDates {
  startDate?: string
  dueDate?: string
}

/**
 * The update that moves `task` by `days` whole days (the renderer's moveTasks rule): every date
 * it has shifts and keeps its time of day; a milestone moves its due only (the service ignores a
 * milestone's start, so sending one would show a value the board never took); a missing or
 * unreadable date stays absent. Shifting every date by whole days shifts the extent, its start
 * day and its finish day by exactly `days`.
 */
export function movedDates(task: DatedTask, days: number): MovedDates {
  const out: MovedDates = {}
  const start = task.type === 'milestone' ? undefined : parseInstant(task.startDate)
  const due = parseInstant(task.dueDate)
  if (start !== undefined) out.startDate = new Date(start + days * DAY_MS).toISOString()
  if (due !== undefined) out.dueDate = new Date(due + days * DAY_MS).toISOString()
  return out
}
