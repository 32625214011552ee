// The planner's day grid is whole UTC days (docs/scheduling.md), but "today" is the user's own
// date: a task due 2 March is not overdue at 17:00 on 2 March in Los Angeles, when it is already
// 3 March in UTC. So every "now" the renderer draws or counts against (the today line, "Today",
// overdue marks, the milestone forecast's floor, dated file names) is the local date and time of
// day, read on that grid: the instant whose UTC fields are the local clock's.

const MINUTE_MS = 60_000

/** The local date and time of day at `instant`, as the instant with those UTC fields. */
export function wallClockMs(instant = Date.now()): number {
  return instant - new Date(instant).getTimezoneOffset() * MINUTE_MS
}

/** The user's own date at `instant`, `YYYY-MM-DD`. */
export function localTodayIso(instant = Date.now()): string {
  return new Date(wallClockMs(instant)).toISOString().slice(0, 10)
}
