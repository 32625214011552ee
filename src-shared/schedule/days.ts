// Whole-day arithmetic in UTC: the one home for it (issue 12). The service stores canonical UTC
// timestamps ('2026-03-02T09:30:00.000Z') and the planner works in whole UTC days, where every
// day has exactly 24 hours: adding days is adding a fixed number of milliseconds, so the time of
// day is kept and month, year and leap-day boundaries need no special case. The local time zone
// (and its DST switches) never enters.
//
// A day is named by its "day number": whole days since 1970-01-01 (negative before it). Integers
// compare, subtract and index arrays; calendar fields (month, year) are only needed for header
// ticks and come from Date's UTC getters. Calendar validation is src-shared/api/dates.ts's, so
// the service and the planner agree on what a day is.
import { isCalendarDate, toCanonicalTimestamp } from '../api/dates'

export const DAY_MS = 86_400_000

/** Day number of the UTC day holding `ms` (floors, so instants before 1970 work too). */
export function dayNumberOfMs(ms: number): number {
  return Math.floor(ms / DAY_MS)
}

/** Milliseconds of the midnight (UTC) that starts day number `day`. */
export function msOfDayNumber(day: number): number {
  return day * DAY_MS
}

/** The midnight (UTC) that starts the day holding `ms`, in ms. */
export function floorToDayMs(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS
}

/** The first midnight (UTC) at or after `ms`: where a bar ending at `ms` leaves its last day. */
export function ceilToDayMs(ms: number): number {
  return Math.ceil(ms / DAY_MS) * DAY_MS
}

/** True when `ms` is exactly a UTC midnight: how a date-only value arrives in canonical form. */
export function isMidnight(ms: number): boolean {
  return ms % DAY_MS === 0
}

/**
 * The days a plan can name and a board can store: years 0000 to 9999 (a date is written
 * `YYYY-MM-DD`). Lags another board holds can add up far past them (3,000 links of 36,500 days),
 * where `Date` itself gives out and every view that writes a day threw: what the plan works out
 * (forecasts, cascades) is kept within them.
 */
export const FIRST_PLAN_DAY = Math.floor(Date.parse('0000-01-01T00:00:00.000Z') / DAY_MS)
export const LAST_PLAN_DAY = Math.floor(Date.parse('9999-12-31T00:00:00.000Z') / DAY_MS)

/** Whether an ISO timestamp or day is one a board can store (years 0000-9999, not `+010000-…`). */
export function isPlanDay(iso: string): boolean {
  return /^\d{4}-/.test(iso)
}

/** A finite whole number of days: fractions are truncated toward zero, NaN and ±∞ become 0. */
export function wholeDays(days: number): number {
  // `|| 0` turns -0 into 0, so a tiny negative drag never reads as "moved".
  return Number.isFinite(days) ? Math.trunc(days) || 0 : 0
}

// ---- YYYY-MM-DD days -------------------------------------------------------------------------

/** Day number of a `YYYY-MM-DD` day; throws RangeError for anything else (no silent NaN rows). */
export function dayNumberOfIsoDay(isoDay: string): number {
  if (!isCalendarDate(isoDay)) throw new RangeError(`not a calendar day: ${JSON.stringify(isoDay)}`)
  // Date.parse reads a YYYY-MM-DD as UTC midnight for every year 0000-9999.
  return dayNumberOfMs(Date.parse(`${isoDay}T00:00:00.000Z`))
}

/** `YYYY-MM-DD` of day number `day` (years 0000-9999). */
export function isoDayOfDayNumber(day: number): string {
  return new Date(msOfDayNumber(day)).toISOString().slice(0, 10)
}

/** Midnight UTC of a calendar day `YYYY-MM-DD`, canonical: what the service stores for a date. */
export function midnightOfIsoDay(isoDay: string): string {
  return `${isoDay}T00:00:00.000Z`
}

/** Midnight UTC that starts day number `day`, canonical. */
export function timestampOfDayNumber(day: number): string {
  return new Date(msOfDayNumber(day)).toISOString()
}

/** Calendar day `days` after `isoDay` (both `YYYY-MM-DD`; earlier when negative). */
export function shiftIsoDay(isoDay: string, days: number): string {
  return isoDayOfDayNumber(dayNumberOfIsoDay(isoDay) + days)
}

/** Whole calendar days from `from` to `to` (`YYYY-MM-DD`): negative when `to` is earlier. */
export function daysBetweenIsoDays(from: string, to: string): number {
  return dayNumberOfIsoDay(to) - dayNumberOfIsoDay(from)
}

// ---- ISO timestamps --------------------------------------------------------------------------

/**
 * Timestamps already read. A board's layout, schedule index, ranking and problem passes each read
 * every task's dates: at 50,000 tasks about half a million Date.parse calls per load or edit,
 * where a lookup of the same string costs a quarter as much. Emptied when it grows past
 * INSTANTS_KEPT (a board reloaded many times brings new strings).
 */
const instants = new Map<string, number>()
/** A date and a time of day with no zone after it (`2026-03-05T00:00`, `…T17:00:00.5`). */
const ZONELESS_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/
const INSTANTS_KEPT = 200_000

/** An ISO date first (what every form a board sends starts with). */
const ISO_DAY_FIRST = /^\d{4}-\d{2}-\d{2}/

/**
 * The spelling Date.parse reads as the instant meant: the `T` form (RFC 3339 also allows a space,
 * ISO 8601 a lower-case t, which Date.parse read in the machine's zone or not at all), a decimal
 * point for a decimal comma, and `Z` after a time with no zone.
 */
function utcSpelling(value: string): string {
  let spelled =
    value[10] === ' ' || value[10] === 't' ? `${value.slice(0, 10)}T${value.slice(11)}` : value
  spelled = spelled.replace(/^(.{19}),(\d)/, '$1.$2')
  return ZONELESS_TIME.test(spelled) ? `${spelled}Z` : spelled
}

/** Milliseconds of an ISO timestamp; undefined for '' and anything else. */
export function parseInstant(value: string): number | undefined {
  if (!value) return undefined
  let ms = instants.get(value)
  if (ms === undefined) {
    // A date-time with no zone is read as UTC, as every day rule is: Date.parse reads it in the
    // machine's zone, so the same board would schedule differently in Berlin and in UTC. Only
    // what starts as an ISO date is read at all: Date.parse also reads "1" and
    // "https://example.com/spec/1" (as days of 2001), which made a URL property a Date.
    ms = ISO_DAY_FIRST.test(value) ? Date.parse(utcSpelling(value)) : Number.NaN
    if (instants.size >= INSTANTS_KEPT) instants.clear()
    instants.set(value, ms)
  }
  return Number.isNaN(ms) ? undefined : ms
}

/**
 * A task date as it can be written back. A board may send a timestamp the interface's writes do
 * not take: no zone (`2026-06-08T00:00:00`, read as UTC like every day rule) or an offset with no
 * colon (`+0200`). A date kept from one (its time of day after a move or in the task form, the
 * fixed edge of a resize, the value an undo restores) goes back as the same instant in UTC,
 * instead of an edit the board, and the planner's own check, refuse. Anything else as it is.
 */
export function writableTimestamp(value: string): string {
  if (value === '' || toCanonicalTimestamp(value) !== undefined) return value
  const ms = parseInstant(value)
  return ms === undefined ? value : new Date(ms).toISOString()
}

/**
 * Whether timestamp `a` is at or after `b`, by the instants they name: a board may write its
 * timestamps with an offset (`…T06:00:00-05:00`) or without milliseconds, where comparing the
 * strings would put them out of order. Two values either of which cannot be read compare as
 * strings (the fixed-width UTC form sorts as it reads).
 */
export function isAtOrAfter(a: string, b: string): boolean {
  const at = parseInstant(a)
  const than = parseInstant(b)
  if (at !== undefined && than !== undefined) return at >= than
  // A count (epoch seconds or milliseconds: the spec gives updatedAt and createdAt no form).
  if (COUNT.test(a) && COUNT.test(b)) return Number(a) >= Number(b)
  const atMs = at ?? epochMs(a)
  const thanMs = than ?? epochMs(b)
  if (atMs !== undefined && thanMs !== undefined) return atMs >= thanMs
  return a >= b
}

const COUNT = /^\d+(\.\d+)?$/

/**
 * A count read as an instant, to compare with a timestamp: seconds since 1970, or milliseconds
 * when it is too large to be seconds of any year before 5138.
 */
function epochMs(value: string): number | undefined {
  if (!COUNT.test(value)) return undefined
  const count = Number(value)
  return count >= 1e11 ? count : count * 1000
}

/** Day number of the UTC day of an ISO timestamp; undefined for '' or an unreadable value. */
export function dayNumberOfTimestamp(timestamp: string): number | undefined {
  const ms = parseInstant(timestamp)
  return ms === undefined ? undefined : dayNumberOfMs(ms)
}

/** The UTC calendar day `YYYY-MM-DD` of a timestamp; throws RangeError for an unreadable one. */
export function isoDayOfTimestamp(timestamp: string): string {
  const ms = parseInstant(timestamp)
  if (ms === undefined) throw new RangeError(`not a timestamp: '${timestamp}'`)
  return new Date(ms).toISOString().slice(0, 10)
}

/**
 * The day a task date falls on, as the timeline places it: the UTC day of its instant. A board
 * may write an offset (`2026-06-08T00:00:00+02:00` is 7 June, 22:00 UTC), so the first ten
 * characters are not always that day; the form, the hover card and names read this, so that
 * they say the day the bar is drawn on. '' for ''; a value no one can read, as written.
 */
export function dayOfTaskDate(value: string): string {
  if (value.length <= 10) return value
  const ms = parseInstant(value)
  return ms === undefined ? value.slice(0, 10) : new Date(ms).toISOString().slice(0, 10)
}

/** The UTC day and minute of a task date (`2026-06-07 22:00`), a bare day as it is. */
export function minuteOfTaskDate(value: string): string {
  if (value.length <= 10) return value
  const ms = parseInstant(value)
  return (ms === undefined ? value : new Date(ms).toISOString()).slice(0, 16).replace('T', ' ')
}

/**
 * The timestamp `days` whole days later (earlier when negative), same time of day, canonical.
 * Throws RangeError for an unreadable timestamp: a move must never write a date it made up.
 */
/**
 * Whole days `timestamp` may move earlier and later and still name a day a board can store
 * (years 0000-9999): a drag of a task due 9999-12-31 (a board's "never") wrote +010000-01-01,
 * and the board refused the gesture's whole batch.
 */
export function dayRoom(timestamp: string): { earlier: number; later: number } {
  const ms = parseInstant(timestamp)
  if (ms === undefined) return { earlier: 0, later: 0 }
  const day = dayNumberOfMs(ms)
  return { earlier: day - FIRST_PLAN_DAY, later: LAST_PLAN_DAY - day }
}

/** `days`, held so that each of `timestamps` moved by it stays within years 0000-9999. */
export function daysWithin(days: number, timestamps: readonly string[]): number {
  let held = days
  for (const timestamp of timestamps) {
    const room = dayRoom(timestamp)
    held = Math.max(-room.earlier, Math.min(room.later, held))
  }
  return held
}

export function shiftTimestamp(timestamp: string, days: number): string {
  const ms = parseInstant(timestamp)
  if (ms === undefined) throw new RangeError(`not a timestamp: '${timestamp}'`)
  return new Date(ms + days * DAY_MS).toISOString()
}

// ---- Calendar units (the timeline's header) --------------------------------------------------

/** 0 = Sunday ... 6 = Saturday, as Date#getUTCDay, without building a Date. */
export function weekdayOfDayNumber(day: number): number {
  // Day 0 (1970-01-01) was a Thursday (4). The double modulo keeps negative days in 0..6.
  return (((day + 4) % 7) + 7) % 7
}

/** The calendar units the header counts in. Weeks start on Monday (ISO 8601). */
export type CalendarUnit = 'day' | 'week' | 'month' | 'quarter' | 'year'

/** Day number of the first day of the `unit` that contains `day`. */
export function unitStart(day: number, unit: CalendarUnit): number {
  switch (unit) {
    case 'day':
      return day
    case 'week':
      // Monday is weekday 1: step back (weekday + 6) % 7 days.
      return day - ((weekdayOfDayNumber(day) + 6) % 7)
    default: {
      const date = new Date(msOfDayNumber(day))
      const year = date.getUTCFullYear()
      const month = date.getUTCMonth()
      const firstMonth = unit === 'month' ? month : unit === 'quarter' ? month - (month % 3) : 0
      return firstDayOfMonth(year, firstMonth)
    }
  }
}

/** Day number of the first day of the `unit` after the one that starts at `start`. */
export function nextUnitStart(start: number, unit: CalendarUnit): number {
  switch (unit) {
    case 'day':
      return start + 1
    case 'week':
      return start + 7
    default: {
      const date = new Date(msOfDayNumber(start))
      const months = unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12
      // setUTCFullYear normalises month overflow (month 12 -> January of the next year).
      return firstDayOfMonth(date.getUTCFullYear(), date.getUTCMonth() + months)
    }
  }
}

function firstDayOfMonth(year: number, month: number): number {
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  const date = new Date(0)
  date.setUTCFullYear(year, month, 1)
  return dayNumberOfMs(date.getTime())
}
