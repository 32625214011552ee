// Calendar-day ranges for the list endpoint's date filters (inclusive UTC days); the day
// arithmetic itself is src-shared/schedule/days.
import type { DayRange } from '../../src-shared/api'
import {
  daysBetweenIsoDays,
  dayNumberOfIsoDay,
  isoDayOfDayNumber,
  shiftIsoDay,
} from '../../src-shared/schedule/days'

/** The widest range a date filter takes: every task that has that date matches it. */
export const ALL_DAYS: DayRange = { from: '0000-01-01', to: '9999-12-31' }

/** The UTC calendar day of a canonical timestamp; '' when the task has no such date. */
export function dayOf(timestamp: string): string {
  return timestamp.slice(0, 10)
}

export const nextDay = (day: string): string => shiftIsoDay(day, 1)

/** The day after the middle of a range of at least two days. */
export function middleDay(range: DayRange): string {
  const days = daysBetweenIsoDays(range.from, range.to)
  return shiftIsoDay(range.from, Math.max(1, Math.ceil(days / 2)))
}
export const previousDay = (day: string): string => shiftIsoDay(day, -1)

export function formatRange(range: DayRange): string {
  if (range.from === range.to) return range.from
  if (range.from === ALL_DAYS.from && range.to === ALL_DAYS.to) return 'any day'
  if (range.to === ALL_DAYS.to) return `from ${range.from}`
  if (range.from === ALL_DAYS.from) return `until ${range.to}`
  return `${range.from} to ${range.to}`
}

// A sync reads the same few thousand days again and again (every cut of every page); each read
// checks the day and parses a date, so the numbers are kept (bounded: cleared when it grows).
const numbers = new Map<string, number>()

/** Days since 1970-01-01 (negative before), for arithmetic on `YYYY-MM-DD` days. */
export function dayNumber(day: string): number {
  let number = numbers.get(day)
  if (number === undefined) {
    number = dayNumberOfIsoDay(day)
    if (numbers.size >= 100_000) numbers.clear()
    numbers.set(day, number)
  }
  return number
}

export const dayOfNumber = isoDayOfDayNumber
