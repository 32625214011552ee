// Whole-day arithmetic in UTC for the timeline. The service stores canonical UTC timestamps and
// the timeline works in whole UTC days, so a day is named by its "day number": whole days since
// 1970-01-01 (negative before it). Integers compare, subtract and index arrays; calendar fields
// (month, year) are only needed for header ticks and come from Date's UTC getters.

export const DAY_MS = 86_400_000

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Day number of the UTC day holding `ms` (floors, so instants before 1970 work too). */
export function dayNumberOfMs(ms: number): number {
  return Math.floor(ms / DAY_MS)
}

/** Milliseconds of the midnight (UTC) that starts day number `day`. */
export function msOfDayNumber(day: number): number {
  return day * DAY_MS
}

/** Day number of a `YYYY-MM-DD` day; throws RangeError for anything else (no silent NaN rows). */
export function dayNumberOfIsoDay(isoDay: string): number {
  const match = DAY_PATTERN.exec(isoDay)
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${JSON.stringify(isoDay)}`)
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  const date = new Date(0)
  date.setUTCFullYear(y, m - 1, d)
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw new RangeError(`not a calendar day: ${isoDay}`)
  }
  return dayNumberOfMs(date.getTime())
}

/** `YYYY-MM-DD` of day number `day` (years 0000-9999). */
export function isoDayOfDayNumber(day: number): string {
  return new Date(msOfDayNumber(day)).toISOString().slice(0, 10)
}

/** Milliseconds of an ISO timestamp; undefined for '' or anything Date cannot read. */
export function parseInstant(value: string): number | undefined {
  if (value === '') return undefined
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? undefined : ms
}

/** True when `ms` is exactly a UTC midnight: how a date-only value arrives in canonical form. */
export function isMidnight(ms: number): boolean {
  return ms % DAY_MS === 0
}

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
  const date = new Date(0)
  date.setUTCFullYear(year, month, 1)
  return dayNumberOfMs(date.getTime())
}
