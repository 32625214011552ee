// Calendar-day arithmetic for the list endpoint's date filters (inclusive UTC days).
import type { DayRange } from '../../src-shared/api'

/** The widest range a date filter takes: every task that has that date matches it. */
export const ALL_DAYS: DayRange = { from: '0000-01-01', to: '9999-12-31' }

const DAY_MS = 86_400_000

/** The UTC calendar day of a canonical timestamp; '' when the task has no such date. */
export function dayOf(timestamp: string): string {
  return timestamp.slice(0, 10)
}

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

export const nextDay = (day: string): string => shift(day, 1)

/** The day after the middle of a range of at least two days. */
export function middleDay(range: DayRange): string {
  const from = Date.parse(`${range.from}T00:00:00.000Z`)
  const to = Date.parse(`${range.to}T00:00:00.000Z`)
  return shift(range.from, Math.max(1, Math.ceil((to - from) / DAY_MS / 2)))
}
export const previousDay = (day: string): string => shift(day, -1)

export function formatRange(range: DayRange): string {
  if (range.from === range.to) return range.from
  if (range.from === ALL_DAYS.from && range.to === ALL_DAYS.to) return 'any day'
  if (range.to === ALL_DAYS.to) return `from ${range.from}`
  if (range.from === ALL_DAYS.from) return `until ${range.to}`
  return `${range.from} to ${range.to}`
}

/** Days since 1970-01-01 (negative before), for arithmetic on `YYYY-MM-DD` days. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS)
}

export function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10)
}
