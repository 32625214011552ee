// Date <-> pixel mapping of the timeline, its header ticks and weekend shading. Everything is in
// UTC because the service's dates are UTC timestamps and the timeline works in whole UTC days.
// x = 0 is the midnight that starts the range's first day, so day boundaries sit at whole
// multiples of pxPerDay and day math on x agrees with day math on timestamps.
import type { CalendarUnit } from '../../../src-shared/schedule/days'
import {
  DAY_MS,
  dayNumberOfIsoDay,
  dayNumberOfMs,
  isoDayOfDayNumber,
  msOfDayNumber,
  nextUnitStart,
  unitStart,
  weekdayOfDayNumber,
} from '../../../src-shared/schedule/days'

export type Zoom = 'day' | 'week' | 'month' | 'quarter' | 'year'

/** Zoom levels from closest to farthest, the order a zoom control steps through. */
export const ZOOM_LEVELS: readonly Zoom[] = ['day', 'week', 'month', 'quarter', 'year']

/**
 * Pixels per day at each zoom. Chosen so the smallest labelled header unit stays readable:
 * day 40 px per day, week 112 px per week, month ~120 px per month, quarter ~137 px per quarter
 * (45 px per month), year ~183 px per year (~45 px per quarter).
 */
export const PX_PER_DAY: Readonly<Record<Zoom, number>> = {
  day: 40,
  week: 16,
  month: 4,
  quarter: 1.5,
  year: 0.5,
}

interface ZoomHeader {
  /** Lower header row: the small unit. */
  minor: CalendarUnit
  /** Upper header row: the unit the small ones belong to. */
  major: CalendarUnit
  /** Weekend shading only where a day is wide enough to see (day and week zoom). */
  weekends: boolean
}

const HEADERS: Readonly<Record<Zoom, ZoomHeader>> = {
  day: { minor: 'day', major: 'month', weekends: true },
  week: { minor: 'week', major: 'month', weekends: true },
  month: { minor: 'month', major: 'year', weekends: false },
  quarter: { minor: 'month', major: 'quarter', weekends: false },
  year: { minor: 'quarter', major: 'year', weekends: false },
}

/** A header label at the left edge of its unit. `day` is the day number the unit starts on. */
export interface Tick {
  x: number
  label: string
  major: boolean
  day: number
}

/** A horizontal band in chart pixels. */
export interface Span {
  x: number
  width: number
}

export interface TimeScaleOptions {
  /** BCP 47 locale of month names; default 'en-US'. */
  locale?: string
}

type FormatKind = 'monthYear' | 'monthShort'

// Building an Intl.DateTimeFormat costs far more than using one; stock frappe-gantt builds two
// per header label (780 ms of a 950 ms build at 100 tasks). One per locale and format, ever.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, kind: FormatKind): Intl.DateTimeFormat {
  const cacheKey = `${kind}|${locale}`
  let format = formatters.get(cacheKey)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      ...(kind === 'monthYear' ? { month: 'long', year: 'numeric' } : { month: 'short' }),
    })
    formatters.set(cacheKey, format)
  }
  return format
}

/** How many Intl.DateTimeFormat instances exist so far (tests hold the cache to its promise). */
export function formatterCount(): number {
  return formatters.size
}

/**
 * The mapping for one zoom level and one range of whole days (`startDay`..`endDay`, both
 * inclusive, `YYYY-MM-DD`). Immutable: a zoom or range change builds a new scale.
 */
export class TimeScale {
  readonly zoom: Zoom
  readonly pxPerDay: number
  /** Day numbers of the first and last day in the range (inclusive). */
  readonly firstDay: number
  readonly lastDay: number
  readonly dayCount: number
  /** Milliseconds of x = 0: the midnight that starts the first day. */
  readonly originMs: number
  readonly width: number
  private readonly monthYear: Intl.DateTimeFormat
  private readonly monthShort: Intl.DateTimeFormat

  constructor(zoom: Zoom, startDay: string, endDay: string, options: TimeScaleOptions = {}) {
    this.zoom = zoom
    this.pxPerDay = PX_PER_DAY[zoom]
    this.firstDay = dayNumberOfIsoDay(startDay)
    this.lastDay = dayNumberOfIsoDay(endDay)
    if (this.lastDay < this.firstDay) {
      throw new RangeError(`range ends (${endDay}) before it starts (${startDay})`)
    }
    this.dayCount = this.lastDay - this.firstDay + 1
    this.originMs = msOfDayNumber(this.firstDay)
    this.width = this.dayCount * this.pxPerDay
    const locale = options.locale ?? 'en-US'
    this.monthYear = formatter(locale, 'monthYear')
    this.monthShort = formatter(locale, 'monthShort')
  }

  /** x of an instant given in milliseconds. Instants outside the range extrapolate. */
  xOfMs(ms: number): number {
    return ((ms - this.originMs) / DAY_MS) * this.pxPerDay
  }

  /** x of an ISO timestamp or of milliseconds; throws RangeError for an unreadable string. */
  xOfInstant(instant: string | number): number {
    const ms = typeof instant === 'number' ? instant : Date.parse(instant)
    if (Number.isNaN(ms)) throw new RangeError(`not an instant: ${JSON.stringify(instant)}`)
    return this.xOfMs(ms)
  }

  /** x of the midnight that starts day `YYYY-MM-DD` (its left edge). */
  xOfDay(isoDay: string): number {
    return this.xOfDayNumber(dayNumberOfIsoDay(isoDay))
  }

  /** x of the midnight that starts day number `day`. */
  xOfDayNumber(day: number): number {
    return (day - this.firstDay) * this.pxPerDay
  }

  /** The instant at x, in milliseconds (keeps a point in view across zoom changes). */
  msAtX(x: number): number {
    return this.originMs + (x / this.pxPerDay) * DAY_MS
  }

  /** Day number of the whole UTC day under x (floors: a day owns [its left edge, next edge)). */
  dayNumberAtX(x: number): number {
    return this.firstDay + Math.floor(x / this.pxPerDay)
  }

  /** `YYYY-MM-DD` of the whole UTC day under x. */
  dayAtX(x: number): string {
    return isoDayOfDayNumber(this.dayNumberAtX(x))
  }

  /**
   * Whole days a pointer moved by dx pixels. Rounds half away from zero so that dragging left
   * and right by the same distance moves by the same number of days.
   */
  snapDays(dx: number): number {
    const days = Math.round(Math.abs(dx) / this.pxPerDay)
    // `|| 0` turns -0 into 0 so callers can compare with === 0 and print "0".
    return (dx < 0 ? -days : days) || 0
  }

  /** x of the today line: the current instant, so it moves through the day at day zoom. */
  todayX(now: number | Date): number {
    return this.xOfMs(typeof now === 'number' ? now : now.getTime())
  }

  /**
   * Header ticks between fromX and toX (default: the whole range), sorted by x, a major tick
   * before a minor one at the same x. Each row (minor, major) starts with the unit in progress
   * at fromX, its x clamped to 0 when the unit began before the range, so a header is never
   * blank at its left edge. Labels: day and week zoom, minor = day of month ('02', Mondays
   * only at week zoom), major = 'March 2026'; month zoom, 'Mar' / '2026'; quarter zoom,
   * 'Mar' / 'Q1 2026'; year zoom, 'Q1' / '2026'.
   */
  ticks(fromX = 0, toX = this.width): Tick[] {
    const { minor, major } = HEADERS[this.zoom]
    const out: Tick[] = []
    this.pushTicks(out, minor, false, fromX, toX)
    this.pushTicks(out, major, true, fromX, toX)
    return out.sort((a, b) => a.x - b.x || Number(b.major) - Number(a.major))
  }

  /**
   * Saturday-Sunday bands between fromX and toX (default: the whole range), clipped to the
   * range; one span per weekend. Empty at month zoom and beyond, where a day is under 5 px.
   */
  weekendSpans(fromX = 0, toX = this.width): Span[] {
    if (!HEADERS[this.zoom].weekends) return []
    const window = this.dayWindow(fromX, toX)
    if (!window) return []
    const [firstVisible, lastVisible] = window
    const out: Span[] = []
    // The Saturday on or before the first visible day: it may own a visible Sunday.
    let saturday = firstVisible - ((weekdayOfDayNumber(firstVisible) + 1) % 7)
    for (; saturday <= lastVisible; saturday += 7) {
      const from = Math.max(saturday, this.firstDay)
      const to = Math.min(saturday + 2, this.lastDay + 1) // exclusive
      if (to <= from || to <= firstVisible) continue
      out.push({ x: this.xOfDayNumber(from), width: (to - from) * this.pxPerDay })
    }
    return out
  }

  /** First and last day numbers touched by [fromX, toX] within the range; undefined if none. */
  private dayWindow(fromX: number, toX: number): [number, number] | undefined {
    const lo = Math.max(fromX, 0)
    const hi = Math.min(toX, this.width)
    if (hi < lo || lo >= this.width) return undefined
    const first = this.dayNumberAtX(lo)
    // A window ending exactly on a day boundary does not touch the day after it.
    const last = Math.min(this.lastDay, Math.ceil(hi / this.pxPerDay) - 1 + this.firstDay)
    return [first, Math.max(first, last)]
  }

  private pushTicks(
    out: Tick[],
    unit: CalendarUnit,
    major: boolean,
    fromX: number,
    toX: number,
  ): void {
    const window = this.dayWindow(fromX, toX)
    if (!window) return
    const hi = Math.min(toX, this.width)
    for (let start = unitStart(window[0], unit); start <= this.lastDay;) {
      const x = Math.max(0, this.xOfDayNumber(start))
      // toX is an exclusive edge: a unit starting there is not in view.
      if (x >= hi) break
      out.push({ x, label: this.label(start, unit, major), major, day: start })
      start = nextUnitStart(start, unit)
    }
  }

  private label(day: number, unit: CalendarUnit, major: boolean): string {
    const date = new Date(msOfDayNumber(day))
    const year = date.getUTCFullYear()
    const quarter = Math.floor(date.getUTCMonth() / 3) + 1
    switch (unit) {
      case 'day':
      case 'week':
        return String(date.getUTCDate()).padStart(2, '0')
      case 'month':
        return major ? this.monthYear.format(date) : this.monthShort.format(date)
      case 'quarter':
        return major ? `Q${quarter} ${year}` : `Q${quarter}`
      case 'year':
        return String(year)
    }
  }
}

/**
 * The instants a scale's range is kept within: a unit of padding on each side (a year at most)
 * still names a calendar day of years 0001-9999. A board may hold 9999-12-31 as "never" or
 * 0001-01-01 as "always"; padded past them, the range named year 10000 and the scale refused it,
 * which took the whole window down on every load. Bars beyond it are drawn at its edge.
 */
const DRAWABLE = {
  // Date.parse, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  firstMs: Date.parse('0002-01-01T00:00:00.000Z'),
  lastMs: Date.parse('9997-12-31T00:00:00.000Z'),
}

/**
 * A range for the scale around the instants [fromMs, toMs]: widened to whole header units
 * (months at day and week zoom, years at month and year zoom, quarters at quarter zoom) plus
 * one more unit on each side, so bars never touch the edges and ticks start on a boundary.
 */
export function paddedRange(
  zoom: Zoom,
  fromMs: number,
  toMs: number,
): { startDay: string; endDay: string } {
  const { major } = HEADERS[zoom]
  const within = (t: number) => Math.min(Math.max(t, DRAWABLE.firstMs), DRAWABLE.lastMs)
  const first = unitStart(dayNumberOfMs(within(Math.min(fromMs, toMs))), major)
  const before = unitStart(first - 1, major)
  const last = unitStart(dayNumberOfMs(within(Math.max(fromMs, toMs))), major)
  const afterEnd = nextUnitStart(nextUnitStart(last, major), major) - 1
  return { startDay: isoDayOfDayNumber(before), endDay: isoDayOfDayNumber(afterEnd) }
}
