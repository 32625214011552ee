// Whole UTC days as integers: conversions, calendar validity, weekdays and header units.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as days from '../../../src-shared/schedule/days'

const { dayNumberOfIsoDay: dayOf, isoDayOfDayNumber: isoOf } = days

describe('day numbers', () => {
  it('count whole days from 1970-01-01, negative before it', () => {
    expect(dayOf('1970-01-01')).toBe(0)
    expect(dayOf('1970-01-02')).toBe(1)
    expect(dayOf('1969-12-31')).toBe(-1)
    expect(dayOf('0000-01-01')).toBe(-719_528)
    expect(dayOf('9999-12-31')).toBe(2_932_896)
  })

  it('round-trip every day of years 0000-9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -719_528, max: 2_932_896 }), (n) => {
        expect(dayOf(isoOf(n))).toBe(n)
      }),
    )
  })

  it('step over month ends, year ends and leap days', () => {
    expect(dayOf('2026-03-01') - dayOf('2026-02-28')).toBe(1)
    expect(dayOf('2024-03-01') - dayOf('2024-02-28')).toBe(2)
    expect(dayOf('2000-03-01') - dayOf('2000-02-28')).toBe(2)
    expect(dayOf('2100-03-01') - dayOf('2100-02-28')).toBe(1)
    expect(dayOf('2026-01-01') - dayOf('2025-12-31')).toBe(1)
    expect(dayOf('2025-01-01') - dayOf('2024-01-01')).toBe(366)
  })

  it('reject what is not a calendar day', () => {
    for (const bad of ['2026-02-29', '2100-02-29', '2026-13-01', '2026-04-31', '2026-3-1', '']) {
      expect(() => dayOf(bad)).toThrow(RangeError)
    }
    expect(dayOf('2024-02-29')).toBe(dayOf('2024-02-28') + 1)
  })

  it('floor instants to their day, before 1970 too', () => {
    expect(days.dayNumberOfMs(Date.parse('2026-03-02T23:59:59.999Z'))).toBe(dayOf('2026-03-02'))
    expect(days.dayNumberOfMs(Date.parse('1969-12-31T12:00:00.000Z'))).toBe(-1)
    expect(days.msOfDayNumber(dayOf('2026-03-02'))).toBe(Date.parse('2026-03-02T00:00:00.000Z'))
  })
})

describe('parseInstant and isMidnight', () => {
  it('read canonical timestamps and refuse empty or unreadable ones', () => {
    expect(days.parseInstant('2026-03-02T09:30:00.000Z')).toBe(Date.UTC(2026, 2, 2, 9, 30))
    expect(days.parseInstant('')).toBeUndefined()
    expect(days.parseInstant('soon')).toBeUndefined()
    // Read again (from what was read before): the same answers.
    expect(days.parseInstant('soon')).toBeUndefined()
    expect(days.parseInstant('2026-03-02T09:30:00.000Z')).toBe(Date.UTC(2026, 2, 2, 9, 30))
  })

  it('know a date-only value by its exact UTC midnight', () => {
    expect(days.isMidnight(Date.parse('2026-03-02T00:00:00.000Z'))).toBe(true)
    expect(days.isMidnight(Date.parse('2026-03-02T00:00:00.001Z'))).toBe(false)
    expect(days.isMidnight(Date.parse('1969-12-31T00:00:00.000Z'))).toBe(true)
  })
})

describe('weekdays and calendar units', () => {
  it('weekday agrees with Date#getUTCDay, negative days included', () => {
    fc.assert(
      fc.property(fc.integer({ min: -800_000, max: 800_000 }), (n) => {
        expect(days.weekdayOfDayNumber(n)).toBe(new Date(n * days.DAY_MS).getUTCDay())
      }),
    )
  })

  it('unitStart finds the Monday, the 1st, the quarter and the year', () => {
    const start = (day: string, unit: days.CalendarUnit) => isoOf(days.unitStart(dayOf(day), unit))
    expect(start('2026-03-04', 'day')).toBe('2026-03-04')
    expect(start('2026-03-04', 'week')).toBe('2026-03-02') // Wednesday -> Monday
    expect(start('2026-03-01', 'week')).toBe('2026-02-23') // Sunday ends the ISO week
    expect(start('2026-03-02', 'week')).toBe('2026-03-02')
    expect(start('2026-01-01', 'week')).toBe('2025-12-29') // across the year end
    expect(start('2026-03-17', 'month')).toBe('2026-03-01')
    expect(start('2024-02-29', 'month')).toBe('2024-02-01')
    expect(start('2026-05-20', 'quarter')).toBe('2026-04-01')
    expect(start('2026-12-31', 'quarter')).toBe('2026-10-01')
    expect(start('2026-12-31', 'year')).toBe('2026-01-01')
  })

  it('nextUnitStart steps across month, quarter and year ends', () => {
    const next = (day: string, unit: days.CalendarUnit) =>
      isoOf(days.nextUnitStart(dayOf(day), unit))
    expect(next('2025-12-29', 'week')).toBe('2026-01-05')
    expect(next('2024-02-01', 'month')).toBe('2024-03-01')
    expect(next('2026-12-01', 'month')).toBe('2027-01-01')
    expect(next('2026-10-01', 'quarter')).toBe('2027-01-01')
    expect(next('2026-01-01', 'year')).toBe('2027-01-01')
    expect(next('2026-03-04', 'day')).toBe('2026-03-05')
  })
})
