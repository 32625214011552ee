// Whole-day arithmetic on the board's canonical UTC timestamps ('2026-03-02T09:30:00.000Z').
// Everything is in UTC, where every day has exactly 24 hours: adding days is adding a fixed
// number of milliseconds, so the time of day is kept and month, year and leap-day boundaries need
// no special case. The local time zone (and its DST switches) never enters.
// (DESIGN.md plans day arithmetic for src-shared/schedule/; move this there when that exists.)

export const DAY_MS = 86_400_000

/** Milliseconds since the epoch, or undefined for '' and anything unparseable. */
export function timeOf(timestamp: string): number | undefined {
  if (!timestamp) return undefined
  const time = Date.parse(timestamp)
  return Number.isNaN(time) ? undefined : time
}

/** The timestamp `days` whole days later (earlier when negative), same time of day, canonical. */
export function addDays(timestamp: string, days: number): string {
  const time = timeOf(timestamp)
  if (time === undefined) throw new RangeError(`not a timestamp: '${timestamp}'`)
  return new Date(time + days * DAY_MS).toISOString()
}

/** Midnight UTC of a calendar day `YYYY-MM-DD`, canonical. */
export function startOfDay(day: string): string {
  return `${day}T00:00:00.000Z`
}

/** The UTC calendar day `YYYY-MM-DD` of a timestamp. */
export function dayOf(timestamp: string): string {
  const time = timeOf(timestamp)
  if (time === undefined) throw new RangeError(`not a timestamp: '${timestamp}'`)
  return new Date(time).toISOString().slice(0, 10)
}

/** Calendar day `days` after `day` (both `YYYY-MM-DD`). */
export function addCalendarDays(day: string, days: number): string {
  return dayOf(addDays(startOfDay(day), days))
}

/** Whole calendar days from `from` to `to` (`YYYY-MM-DD`): negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(startOfDay(to)) - Date.parse(startOfDay(from))) / DAY_MS)
}

/** A finite whole number of days: fractions are truncated toward zero, NaN and ±∞ become 0. */
export function wholeDays(days: number): number {
  return Number.isFinite(days) ? Math.trunc(days) || 0 : 0
}
