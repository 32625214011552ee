// The one home of whole-day arithmetic: what the timeline and the scheduling modules rely on.
import { describe, expect, it } from 'vitest'
import {
  DAY_MS,
  ceilToDayMs,
  dayNumberOfIsoDay,
  dayNumberOfMs,
  dayNumberOfTimestamp,
  daysBetweenIsoDays,
  floorToDayMs,
  dayOfTaskDate,
  isAtOrAfter,
  minuteOfTaskDate,
  writableTimestamp,
  isMidnight,
  isoDayOfDayNumber,
  isoDayOfTimestamp,
  midnightOfIsoDay,
  nextUnitStart,
  parseInstant,
  shiftIsoDay,
  shiftTimestamp,
  timestampOfDayNumber,
  unitStart,
  weekdayOfDayNumber,
  wholeDays,
} from '../../../src-shared/schedule'

describe('day numbers', () => {
  it('counts whole UTC days since 1970-01-01, before it too', () => {
    expect(dayNumberOfIsoDay('1970-01-01')).toBe(0)
    expect(dayNumberOfIsoDay('1969-12-31')).toBe(-1)
    expect(dayNumberOfIsoDay('2026-11-24')).toBe(20_781)
    expect(isoDayOfDayNumber(20_781)).toBe('2026-11-24')
    expect(dayNumberOfMs(-1)).toBe(-1)
    expect(dayNumberOfMs(DAY_MS - 1)).toBe(0)
  })

  it('reads and writes every year 0000-9999, leap days included', () => {
    for (const day of ['0000-01-01', '0050-06-15', '2024-02-29', '9999-12-31']) {
      expect(isoDayOfDayNumber(dayNumberOfIsoDay(day))).toBe(day)
    }
    expect(shiftIsoDay('2024-02-28', 1)).toBe('2024-02-29')
    expect(shiftIsoDay('2023-02-28', 1)).toBe('2023-03-01')
    expect(daysBetweenIsoDays('2026-12-30', '2027-01-02')).toBe(3)
    expect(daysBetweenIsoDays('2027-01-02', '2026-12-30')).toBe(-3)
  })

  it('refuses what is not a calendar day instead of drawing a NaN row', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '', '2026-01-01T00:00:00Z']) {
      expect(() => dayNumberOfIsoDay(bad)).toThrow(RangeError)
    }
  })
})

describe('timestamps', () => {
  it('shifts by whole days and keeps the time of day across month, year and leap day', () => {
    expect(shiftTimestamp('2026-03-02T09:30:00.000Z', 3)).toBe('2026-03-05T09:30:00.000Z')
    expect(shiftTimestamp('2026-12-31T23:59:00.000Z', 1)).toBe('2027-01-01T23:59:00.000Z')
    expect(shiftTimestamp('2024-03-01T08:00:00.000Z', -1)).toBe('2024-02-29T08:00:00.000Z')
    // Another zone's offset is read and the answer is canonical UTC.
    expect(shiftTimestamp('2026-03-02T10:00:00+02:00', 1)).toBe('2026-03-03T08:00:00.000Z')
    expect(() => shiftTimestamp('', 1)).toThrow(RangeError)
  })

  it('names the UTC day of a timestamp', () => {
    expect(isoDayOfTimestamp('2026-03-02T23:30:00-02:00')).toBe('2026-03-03')
    expect(dayNumberOfTimestamp('1970-01-02T05:00:00.000Z')).toBe(1)
    expect(dayNumberOfTimestamp('')).toBeUndefined()
    expect(dayNumberOfTimestamp('soon')).toBeUndefined()
    expect(parseInstant('not a date')).toBeUndefined()
    // Date.parse reads these too (as days of 2001): a URL property was taken for a Date one.
    expect(parseInstant('https://docs.example.com/spec/1')).toBeUndefined()
    expect(parseInstant('1')).toBeUndefined()
  })

  it('writes midnights the way the service stores a date', () => {
    expect(midnightOfIsoDay('2026-03-02')).toBe('2026-03-02T00:00:00.000Z')
    expect(timestampOfDayNumber(1)).toBe('1970-01-02T00:00:00.000Z')
    expect(isMidnight(Date.parse('2026-03-02T00:00:00.000Z'))).toBe(true)
    expect(isMidnight(Date.parse('2026-03-02T00:00:00.001Z'))).toBe(false)
    const noon = Date.parse('2026-03-02T12:00:00.000Z')
    expect(floorToDayMs(noon)).toBe(Date.parse('2026-03-02T00:00:00.000Z'))
    expect(ceilToDayMs(noon)).toBe(Date.parse('2026-03-03T00:00:00.000Z'))
    expect(ceilToDayMs(floorToDayMs(noon))).toBe(floorToDayMs(noon))
  })

  it('takes whole days from a drag: fractions toward zero, nonsense as no move', () => {
    expect(wholeDays(2.9)).toBe(2)
    expect(wholeDays(-2.9)).toBe(-2)
    expect(Object.is(wholeDays(-0.4), 0)).toBe(true)
    expect(wholeDays(Number.NaN)).toBe(0)
    expect(wholeDays(Number.POSITIVE_INFINITY)).toBe(0)
  })
})

describe('calendar units', () => {
  it('knows weekdays and where weeks (Monday), months, quarters and years start', () => {
    const day = dayNumberOfIsoDay('2026-11-24') // a Tuesday
    expect(weekdayOfDayNumber(day)).toBe(2)
    expect(weekdayOfDayNumber(-1)).toBe(3)
    expect(isoDayOfDayNumber(unitStart(day, 'week'))).toBe('2026-11-23')
    expect(isoDayOfDayNumber(unitStart(day, 'month'))).toBe('2026-11-01')
    expect(isoDayOfDayNumber(unitStart(day, 'quarter'))).toBe('2026-10-01')
    expect(isoDayOfDayNumber(unitStart(day, 'year'))).toBe('2026-01-01')
    expect(isoDayOfDayNumber(nextUnitStart(unitStart(day, 'quarter'), 'quarter'))).toBe(
      '2027-01-01',
    )
    expect(isoDayOfDayNumber(nextUnitStart(unitStart(day, 'week'), 'week'))).toBe('2026-11-30')
    expect(nextUnitStart(day, 'day')).toBe(day + 1)
  })
})

describe('day math in any local zone', () => {
  it('writes the canonical form, whatever zone the input had', () => {
    expect(shiftTimestamp('2026-03-02T09:30:00+02:00', 0)).toBe('2026-03-02T07:30:00.000Z')
  })

  it('does not depend on the local zone or its DST switches', () => {
    const before = process.env.TZ
    const results: string[] = []
    try {
      for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe']) {
        process.env.TZ = zone
        // Europe switches on 2026-03-29, the US on 2026-03-08, Lord Howe by half an hour.
        results.push(
          [
            shiftTimestamp('2026-03-28T01:30:00.000Z', 1),
            shiftTimestamp('2026-03-07T23:00:00.000Z', 2),
            shiftTimestamp('2026-04-04T15:00:00.000Z', 1),
            isoDayOfTimestamp('2026-03-29T00:30:00.000Z'),
            String(daysBetweenIsoDays('2026-03-01', '2026-04-01')),
          ].join(' '),
        )
      }
    } finally {
      if (before === undefined) delete process.env.TZ
      else process.env.TZ = before
    }
    expect(new Set(results).size).toBe(1)
    expect(results[0]).toBe(
      '2026-03-29T01:30:00.000Z 2026-03-09T23:00:00.000Z 2026-04-05T15:00:00.000Z 2026-03-29 31',
    )
  })

  it('reads a time written after a space or a lower-case t, with no zone, as UTC in every zone', () => {
    // RFC 3339 allows a space (and ISO 8601 a lower-case t) before the time; Date.parse read the
    // space form in the machine's zone, so one board's dates fell on other days in Kiritimati.
    // Each zone gets days of its own: a value once read is kept.
    const before = process.env.TZ
    const read: (number | undefined)[] = []
    const expected: number[] = []
    try {
      for (const [i, zone] of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'].entries()) {
        process.env.TZ = zone
        const day = `2026-04-1${i}`
        read.push(parseInstant(`${day} 00:00:00`), parseInstant(`${day}t23:30`))
        read.push(parseInstant(`${day} 10:00:00,5`))
        expected.push(Date.parse(`${day}T00:00:00Z`), Date.parse(`${day}T23:30:00Z`))
        expected.push(Date.parse(`${day}T10:00:00.500Z`))
      }
    } finally {
      if (before === undefined) delete process.env.TZ
      else process.env.TZ = before
    }
    expect(read).toEqual(expected)
  })
})

describe('isAtOrAfter', () => {
  it('orders timestamps by their instants, whatever offset or precision a board writes', () => {
    expect(isAtOrAfter('2026-11-28T07:30:00-05:00', '2026-11-28T12:00:00.000Z')).toBe(true)
    expect(isAtOrAfter('2026-11-28T13:00:00+02:00', '2026-11-28T12:00:00.000Z')).toBe(false)
    expect(isAtOrAfter('2026-11-28T12:00:00Z', '2026-11-28T12:00:00.000Z')).toBe(true)
    // No zone: UTC, as every day rule reads it.
    expect(isAtOrAfter('2026-11-28T11:59:59', '2026-11-28T12:00:00.000Z')).toBe(false)
    // Counts (epoch seconds: the spec gives updatedAt no form) as numbers, not as text.
    expect(isAtOrAfter('999999999', '1000000000')).toBe(false)
    expect(isAtOrAfter('1000000000', '999999999')).toBe(true)
    // A count against a timestamp: seconds, or milliseconds when too large for seconds.
    expect(isAtOrAfter('1764288000', '2025-11-28T00:00:00.000Z')).toBe(true)
    expect(isAtOrAfter('1764287999', '2025-11-28T00:00:00.000Z')).toBe(false)
    expect(isAtOrAfter('1764288000000', '2025-11-28T00:00:00.000Z')).toBe(true)
  })
})

describe('writableTimestamp', () => {
  it('writes a date a board sent in a form writes do not take as the same instant in UTC', () => {
    expect(writableTimestamp('2026-03-02T09:30:00')).toBe('2026-03-02T09:30:00.000Z')
    expect(writableTimestamp('2026-03-02T09:30:00+0200')).toBe('2026-03-02T07:30:00.000Z')
    // What writes take already, and what no one can read, stay as they are.
    for (const value of [
      '',
      '2026-03-02',
      '2026-03-02T09:30:00+02:00',
      '2026-03-02T09:30Z',
      'soon',
    ])
      expect(writableTimestamp(value)).toBe(value)
  })
})

describe('dayOfTaskDate and minuteOfTaskDate', () => {
  it('say the UTC day and minute of a timestamp written with an offset, a bare day as it is', () => {
    expect(dayOfTaskDate('2026-06-08T00:00:00.000+02:00')).toBe('2026-06-07')
    expect(minuteOfTaskDate('2026-11-28T07:30:00-05:00')).toBe('2026-11-28 12:30')
    expect(minuteOfTaskDate('2026-11-28T07:30:00.000Z')).toBe('2026-11-28 07:30')
    for (const value of ['', '2026-06-08']) {
      expect(dayOfTaskDate(value)).toBe(value)
      expect(minuteOfTaskDate(value)).toBe(value)
    }
  })
})
