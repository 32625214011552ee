// Where the timeline looks: zoom keeps the place (a property over random scales and anchors),
// the first view opens where the work is, Fit picks the closest zoom that shows a span, and a
// bar is brought into view by the least scroll.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as nav from '../../../src-renderer/timeline/geometry/navigation'
import { paddedRange, TimeScale, ZOOM_LEVELS } from '../../../src-renderer/timeline/geometry'
import type { Zoom } from '../../../src-renderer/timeline/geometry'
import { layoutRows } from '../../../src-renderer/timeline/geometry/row-layout'
import { at, ms, task } from './builders'

const { centreAnchor, fitView, openingView, scrollToShow, UNIT_DAYS, zoomScroll } = nav
const DAY = 86_400_000
const NOW = ms('2026-11-24')

/** The scale the app builds for a board spanning [from, to] at `zoom` (as buildModel does). */
function scaleFor(zoom: Zoom, from: number, to: number): TimeScale {
  const range = paddedRange(zoom, Math.min(from, NOW - 30 * DAY), Math.max(to, NOW + 60 * DAY))
  return new TimeScale(zoom, range.startDay, range.endDay)
}

describe('zoom keeps the place', () => {
  it('keeps the instant under the anchor within one unit of the new scale', () => {
    const zoom = fc.constantFrom(...ZOOM_LEVELS)
    fc.assert(
      fc.property(
        zoom,
        zoom,
        fc.integer({ min: -800, max: 800 }),
        fc.integer({ min: 1, max: 1500 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 300, max: 2400 }),
        (fromZoom, toZoom, offsetDays, lengthDays, scrollAt, pointerAt, viewport) => {
          const from = NOW + offsetDays * DAY
          const to = from + lengthDays * DAY
          const before = scaleFor(fromZoom, from, to)
          const after = scaleFor(toZoom, from, to)
          const scrollLeft = Math.round(scrollAt * Math.max(0, before.width - viewport))
          const anchorX = pointerAt * viewport
          const place = zoomScroll(before, after, scrollLeft, anchorX, viewport)
          // What was under the anchor (the chart's end when the anchor is past it)...
          const x = Math.min(scrollLeft + anchorX, before.width)
          expect(place.anchorMs).toBeCloseTo(before.msAtX(x), -1)
          // ...is under it again, unless the new range cannot scroll that far.
          const wanted = after.xOfMs(place.anchorMs) - anchorX
          const reachable = wanted >= 0 && wanted <= after.width - viewport
          if (!reachable) return
          const under = after.msAtX(place.scrollLeft + anchorX)
          expect(Math.abs(under - place.anchorMs)).toBeLessThanOrEqual(UNIT_DAYS[toZoom] * DAY)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('Year -> Week about the centre stays in the same month (the bug: it jumped half a year)', () => {
    const from = ms('2026-06-01')
    const to = ms('2027-03-01')
    const year = scaleFor('year', from, to)
    const week = scaleFor('week', from, to)
    // At year zoom the whole chart (4 padded years, ~730 px) is narrower than the 1100 px view:
    // the anchor is the middle of the chart, not a padding day at the view's centre.
    expect(year.width).toBeLessThan(1100)
    const anchorX = centreAnchor(year, 0, 1100)
    expect(anchorX).toBeCloseTo(year.width / 2)
    const place = zoomScroll(year, week, 0, anchorX, 1100)
    const under = week.msAtX(place.scrollLeft + anchorX)
    expect(Math.abs(under - place.anchorMs)).toBeLessThan(DAY)
    // The middle of the work's years, inside the closer zoom's range.
    expect(place.anchorMs).toBeGreaterThan(ms('2026-06-01'))
    expect(place.anchorMs).toBeLessThan(ms('2027-06-01'))
  })

  it('Quarter -> Week keeps the date under the pointer within a week', () => {
    const quarter = scaleFor('quarter', ms('2026-01-01'), ms('2027-06-01'))
    const week = scaleFor('week', ms('2026-01-01'), ms('2027-06-01'))
    const place = zoomScroll(quarter, week, 200, 300, 1100)
    expect(place.anchorMs).toBe(quarter.msAtX(500))
    expect(Math.abs(week.msAtX(place.scrollLeft + 300) - place.anchorMs)).toBeLessThan(DAY)
  })
})

describe('the first view', () => {
  const span = (from: string, days: number) => ({ startMs: ms(from), endMs: ms(from, days) })

  it('centres on today when work is near it', () => {
    const opening = openingView([span('2026-11-20', 10), span('2027-06-01', 3)], NOW, 60)
    expect(opening).toEqual({ centreMs: NOW, firstRow: 0 })
  })

  it('keeps today and the nearest work in view when that work is a few weeks off', () => {
    const spans = [undefined, span('2027-01-02', 5)]
    const { centreMs, firstRow } = openingView(spans, NOW, 60)
    // Both today and the start of the work are within half a view (30 days) of the centre.
    expect(Math.abs(centreMs - NOW)).toBeLessThanOrEqual(30 * DAY)
    expect(Math.abs(centreMs - ms('2027-01-02'))).toBeLessThanOrEqual(30 * DAY)
    expect(firstRow).toBe(1)
  })

  it('goes to the busiest stretch when nothing is near today', () => {
    const lone = span('2025-01-10', 3)
    const busy = Array.from({ length: 8 }, (_, i) => span(`2028-03-${10 + i}`, 4))
    const { centreMs, firstRow } = openingView([lone, ...busy], NOW, 30)
    expect(centreMs).toBeGreaterThan(ms('2028-03-01'))
    expect(centreMs).toBeLessThan(ms('2028-04-15'))
    expect(firstRow).toBe(1)
  })

  it('with no dated work, today', () => {
    expect(openingView([undefined], NOW, 30)).toEqual({ centreMs: NOW, firstRow: -1 })
  })
})

describe('Fit', () => {
  it('takes the closest zoom at which the span fits, centred', () => {
    expect(fitView({ startMs: ms('2026-11-01'), endMs: ms('2026-11-11') }, 1000).zoom).toBe('day')
    expect(fitView({ startMs: ms('2026-11-01'), endMs: ms('2026-12-21') }, 1000).zoom).toBe('week')
    expect(fitView({ startMs: ms('2026-01-01'), endMs: ms('2027-06-01') }, 1000).zoom).toBe(
      'quarter',
    )
    const fit = fitView({ startMs: ms('2026-11-01'), endMs: ms('2026-11-03') }, 1000)
    expect(fit.centreMs).toBe(ms('2026-11-02'))
  })
})

describe('bringing a bar into view', () => {
  const view = { width: 1000, height: 500 }
  it('does not move when the bar is in view', () => {
    const box = { left: 300, right: 400, top: 100, bottom: 132 }
    expect(scrollToShow({ left: 0, top: 0 }, view, box)).toEqual({ left: 0, top: 0 })
  })
  it('scrolls the least to show a bar past either edge, with a margin', () => {
    expect(
      scrollToShow({ left: 0, top: 0 }, view, { left: 1200, right: 1300, top: 900, bottom: 932 }),
    ).toEqual({ left: 1300 + 24 - 1000, top: 932 + 24 - 500 })
    expect(
      scrollToShow({ left: 2000, top: 800 }, view, { left: 500, right: 600, top: 64, bottom: 96 }),
    ).toEqual({ left: 476, top: 40 })
  })
  it('shows the start of a bar wider than the view', () => {
    const box = { left: 500, right: 3000, top: 0, bottom: 32 }
    expect(scrollToShow({ left: 0, top: 0 }, view, box).left).toBe(476)
  })
})

describe('the span a row draws', () => {
  it("is a parent's own dates and its subtasks' together, as its summary bar is drawn", () => {
    const layout = layoutRows([
      task('parent', { startDate: at('2026-03-02'), dueDate: at('2026-03-04') }),
      task('child', { parentId: 'parent', startDate: at('2026-03-03'), dueDate: at('2026-03-20') }),
    ])
    const parent = layout.rows[layout.rowIndexById.get('parent')!]!
    // The bug: the own dates alone (Mar 2-5), so scrolling to the parent left its bar running
    // off the view.
    expect(nav.rowSpan(parent)).toEqual({ startMs: ms('2026-03-02'), endMs: ms('2026-03-21') })
    const child = layout.rows[layout.rowIndexById.get('child')!]!
    expect(nav.rowSpan(child)).toMatchObject({ startMs: ms('2026-03-03'), endMs: ms('2026-03-21') })
  })
})
