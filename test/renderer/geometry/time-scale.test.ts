// Date <-> pixel mapping, snapping, header ticks and weekend shading at every zoom, in UTC.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as ts from '../../../src-renderer/timeline/geometry/time-scale'
import { ms } from './builders'

const { TimeScale, PX_PER_DAY, ZOOM_LEVELS } = ts

describe('TimeScale mapping', () => {
  it('has a width of whole days, first and last day included', () => {
    const scale = new TimeScale('day', '2026-02-01', '2026-03-31')
    expect(scale.dayCount).toBe(28 + 31)
    expect(scale.width).toBe(59 * 40)
    expect(new TimeScale('week', '2024-02-01', '2024-02-29').dayCount).toBe(29)
    expect(new TimeScale('day', '2026-03-02', '2026-03-02').width).toBe(40)
  })

  it('refuses a range that ends before it starts, or days that do not exist', () => {
    expect(() => new TimeScale('day', '2026-03-02', '2026-03-01')).toThrow(RangeError)
    expect(() => new TimeScale('day', '2026-02-01', '2026-02-30')).toThrow(RangeError)
  })

  it('puts day boundaries at whole multiples of pxPerDay across month, year and leap days', () => {
    const feb = new TimeScale('day', '2026-02-01', '2026-03-31')
    expect(feb.xOfDay('2026-02-01')).toBe(0)
    expect(feb.xOfDay('2026-03-01')).toBe(28 * 40)
    const leap = new TimeScale('day', '2024-02-01', '2024-03-31')
    expect(leap.xOfDay('2024-03-01')).toBe(29 * 40)
    const newYear = new TimeScale('quarter', '2025-12-30', '2026-01-05')
    expect(newYear.xOfDay('2026-01-01')).toBe(2 * 1.5)
  })

  it('places instants within their day, as ISO text or milliseconds', () => {
    const scale = new TimeScale('day', '2026-02-01', '2026-03-31')
    expect(scale.xOfInstant('2026-02-02T12:00:00.000Z')).toBe(60)
    expect(scale.xOfInstant(Date.UTC(2026, 1, 2, 12))).toBe(60)
    expect(scale.xOfInstant('2026-02-01T09:30:00.000Z')).toBeCloseTo((9.5 / 24) * 40, 10)
    expect(scale.xOfInstant('2026-01-31T00:00:00.000Z')).toBe(-40) // extrapolates
    expect(() => scale.xOfInstant('')).toThrow(RangeError)
    expect(() => scale.xOfInstant('next week')).toThrow(RangeError)
  })

  it('dayAtX floors x to the whole UTC day under it', () => {
    const scale = new TimeScale('day', '2026-02-27', '2026-03-03')
    expect(scale.dayAtX(0)).toBe('2026-02-27')
    expect(scale.dayAtX(39.99)).toBe('2026-02-27')
    expect(scale.dayAtX(40)).toBe('2026-02-28')
    expect(scale.dayAtX(80)).toBe('2026-03-01')
    expect(scale.dayAtX(-0.1)).toBe('2026-02-26')
  })

  it('xOfDay and dayAtX agree on every day at every zoom', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZOOM_LEVELS),
        fc.integer({ min: 0, max: 3_000 }),
        (zoom, offset) => {
          const scale = new TimeScale(zoom, '2023-11-15', '2032-01-01')
          const day = scale.firstDay + offset
          const x = scale.xOfDayNumber(day)
          expect(scale.dayNumberAtX(x)).toBe(day)
          expect(scale.dayNumberAtX(x + PX_PER_DAY[zoom] * 0.999)).toBe(day)
          expect(scale.msAtX(x)).toBe(day * 86_400_000)
        },
      ),
    )
  })

  it('todayX is the current instant', () => {
    const scale = new TimeScale('day', '2026-03-01', '2026-03-31')
    expect(scale.todayX(Date.UTC(2026, 2, 3, 12))).toBe(100)
    expect(scale.todayX(new Date(Date.UTC(2026, 2, 1)))).toBe(0)
  })
})

describe('snapDays', () => {
  it('rounds a pixel delta to whole days, half away from zero', () => {
    const day = new TimeScale('day', '2026-03-01', '2026-03-31')
    expect(day.snapDays(19)).toBe(0)
    expect(day.snapDays(20)).toBe(1)
    expect(day.snapDays(-20)).toBe(-1)
    expect(day.snapDays(61)).toBe(2)
    expect(day.snapDays(-61)).toBe(-2)
    expect(Object.is(day.snapDays(-19), 0)).toBe(true) // never -0
    const week = new TimeScale('week', '2026-03-01', '2026-03-31')
    expect(week.snapDays(24)).toBe(2)
    expect(week.snapDays(-24)).toBe(-2)
  })

  it('returns k for k days of pixels and is symmetric, at every zoom', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZOOM_LEVELS),
        fc.integer({ min: -2_000, max: 2_000 }),
        fc.double({ min: -10_000, max: 10_000, noNaN: true }),
        (zoom, k, dx) => {
          const scale = new TimeScale(zoom, '2026-01-01', '2026-12-31')
          expect(scale.snapDays(k * PX_PER_DAY[zoom])).toBe(k)
          expect(scale.snapDays(-dx) + scale.snapDays(dx)).toBe(0)
        },
      ),
    )
  })
})

const tick = (x: number, label: string, major = false) => ({ x, label, major })
const ticksOf = (scale: ts.TimeScale, fromX?: number, toX?: number) =>
  scale.ticks(fromX, toX).map(({ x, label, major }) => ({ x, label, major }))

describe('header ticks', () => {
  it('day zoom: day numbers, and month names where a month starts', () => {
    const scale = new TimeScale('day', '2026-02-27', '2026-03-02')
    expect(ticksOf(scale)).toEqual([
      tick(0, 'February 2026', true), // the month in progress at the left edge
      tick(0, '27'),
      tick(40, '28'),
      tick(80, 'March 2026', true),
      tick(80, '01'),
      tick(120, '02'),
    ])
    expect(scale.ticks()[0]?.day).toBe(Date.UTC(2026, 1, 1) / 86_400_000)
  })

  it('day zoom across a year end and a leap day', () => {
    const newYear = ticksOf(new TimeScale('day', '2025-12-31', '2026-01-01'))
    expect(newYear).toEqual([
      tick(0, 'December 2025', true),
      tick(0, '31'),
      tick(40, 'January 2026', true),
      tick(40, '01'),
    ])
    const leap = ticksOf(new TimeScale('day', '2024-02-28', '2024-03-01')).filter((t) => !t.major)
    expect(leap.map((t) => t.label)).toEqual(['28', '29', '01'])
  })

  it('week zoom: Mondays by day number, months above', () => {
    const scale = new TimeScale('week', '2026-03-02', '2026-03-29')
    expect(ticksOf(scale)).toEqual([
      tick(0, 'March 2026', true),
      tick(0, '02'),
      tick(112, '09'),
      tick(224, '16'),
      tick(336, '23'),
    ])
    // A range starting mid-week shows the week in progress at x = 0.
    expect(ticksOf(new TimeScale('week', '2026-03-04', '2026-03-10'))).toEqual([
      tick(0, 'March 2026', true),
      tick(0, '02'),
      tick(80, '09'),
    ])
  })

  it('month zoom: short month names, years above', () => {
    const scale = new TimeScale('month', '2025-11-01', '2026-02-28')
    expect(ticksOf(scale)).toEqual([
      tick(0, '2025', true),
      tick(0, 'Nov'),
      tick(120, 'Dec'),
      tick(244, '2026', true),
      tick(244, 'Jan'),
      tick(368, 'Feb'),
    ])
  })

  it('quarter zoom: months, quarters above', () => {
    const scale = new TimeScale('quarter', '2026-01-01', '2026-06-30')
    expect(ticksOf(scale)).toEqual([
      tick(0, 'Q1 2026', true),
      tick(0, 'Jan'),
      tick(46.5, 'Feb'),
      tick(88.5, 'Mar'),
      tick(135, 'Q2 2026', true),
      tick(135, 'Apr'),
      tick(180, 'May'),
      tick(226.5, 'Jun'),
    ])
  })

  it('year zoom: quarters, years above', () => {
    const scale = new TimeScale('year', '2026-01-01', '2027-12-31')
    const labels = ticksOf(scale)
    expect(labels.filter((t) => t.major)).toEqual([
      tick(0, '2026', true),
      tick(182.5, '2027', true),
    ])
    expect(labels.filter((t) => !t.major)).toEqual([
      tick(0, 'Q1'),
      tick(45, 'Q2'),
      tick(90.5, 'Q3'),
      tick(136.5, 'Q4'),
      tick(182.5, 'Q1'),
      tick(227.5, 'Q2'),
      tick(273, 'Q3'),
      tick(319, 'Q4'),
    ])
  })

  it('a window gives its own ticks plus the units in progress at its left edge', () => {
    const scale = new TimeScale('day', '2026-03-01', '2026-03-31')
    expect(ticksOf(scale, 400, 480)).toEqual([
      tick(0, 'March 2026', true),
      tick(400, '11'),
      tick(440, '12'),
    ])
    expect(ticksOf(scale, 410, 420)).toEqual([tick(0, 'March 2026', true), tick(400, '11')])
    expect(ticksOf(scale, 5_000, 6_000)).toEqual([])
    expect(scale.ticks().length).toBe(31 + 1)
  })

  it('labels in the locale asked for', () => {
    const scale = new TimeScale('day', '2026-03-01', '2026-03-02', { locale: 'de-DE' })
    expect(scale.ticks()[0]?.label).toBe('März 2026')
  })

  it('builds one Intl.DateTimeFormat per locale and format, never one per label', () => {
    const original = Intl.DateTimeFormat
    let built = 0
    class Counting extends original {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args)
        built++
      }
    }
    const intl = Intl as { DateTimeFormat: typeof Intl.DateTimeFormat }
    intl.DateTimeFormat = Counting as typeof Intl.DateTimeFormat
    try {
      const before = ts.formatterCount()
      for (let i = 0; i < 20; i++) {
        for (const zoom of ZOOM_LEVELS) {
          new TimeScale(zoom, '2020-01-01', '2029-12-31', { locale: 'fr-FR' }).ticks()
        }
      }
      expect(built).toBe(2)
      expect(ts.formatterCount()).toBe(before + 2)
    } finally {
      intl.DateTimeFormat = original
    }
  })
})

describe('weekend spans', () => {
  it('shade each Saturday-Sunday, clipped to the range', () => {
    // 2026-03-01 is a Sunday, 2026-03-31 a Tuesday.
    const scale = new TimeScale('day', '2026-03-01', '2026-03-31')
    expect(scale.weekendSpans()).toEqual([
      { x: 0, width: 40 },
      { x: 240, width: 80 },
      { x: 520, width: 80 },
      { x: 800, width: 80 },
      { x: 1_080, width: 80 },
    ])
    // 2026-03-07 is a Saturday: the range ends before its Sunday.
    expect(new TimeScale('day', '2026-03-02', '2026-03-07').weekendSpans()).toEqual([
      { x: 200, width: 40 },
    ])
  })

  it('a window gets the weekends it touches, at week zoom too', () => {
    const day = new TimeScale('day', '2026-03-01', '2026-03-31')
    expect(day.weekendSpans(300, 600)).toEqual([
      { x: 240, width: 80 },
      { x: 520, width: 80 },
    ])
    const week = new TimeScale('week', '2026-03-01', '2026-03-15')
    expect(week.weekendSpans()).toEqual([
      { x: 0, width: 16 },
      { x: 96, width: 32 },
      { x: 208, width: 32 },
    ])
  })

  it('none from month zoom on, where a day is a few pixels', () => {
    for (const zoom of ['month', 'quarter', 'year'] as const) {
      expect(new TimeScale(zoom, '2026-01-01', '2026-12-31').weekendSpans()).toEqual([])
    }
  })
})

describe('paddedRange', () => {
  it('widens to whole header units and one more on each side', () => {
    expect(ts.paddedRange('day', ms('2026-03-10'), ms('2026-04-20'))).toEqual({
      startDay: '2026-02-01',
      endDay: '2026-05-31',
    })
    expect(ts.paddedRange('week', ms('2026-04-20'), ms('2026-03-10'))).toEqual({
      startDay: '2026-02-01',
      endDay: '2026-05-31',
    })
    expect(ts.paddedRange('quarter', ms('2026-05-10'), ms('2026-05-12'))).toEqual({
      startDay: '2026-01-01',
      endDay: '2026-09-30',
    })
    expect(ts.paddedRange('year', ms('2026-05-05'), ms('2026-06-01'))).toEqual({
      startDay: '2025-01-01',
      endDay: '2027-12-31',
    })
    expect(ts.paddedRange('month', ms('2024-02-29'), ms('2024-02-29'))).toEqual({
      startDay: '2023-01-01',
      endDay: '2025-12-31',
    })
  })

  // A board may hold 9999-12-31 as "never" or 0001-01-01 as "always". Padded past them, the
  // range named year 10000 (or 0000's edge), the scale threw, and the window showed its error
  // page on every load.
  it.each(ts.ZOOM_LEVELS)(
    'stays within years 0001-9999 at %s zoom, and the scale takes it',
    (zoom) => {
      const range = ts.paddedRange(zoom, ms('0001-01-01'), ms('9999-12-31'))
      expect(range.startDay >= '0001-01-01').toBe(true)
      expect(range.endDay <= '9999-12-31').toBe(true)
      expect(() => new ts.TimeScale(zoom, range.startDay, range.endDay)).not.toThrow()
      const near = ts.paddedRange(zoom, ms('2026-03-01'), ms('9999-12-31'))
      expect(() => new ts.TimeScale(zoom, near.startDay, near.endDay)).not.toThrow()
    },
  )
})
