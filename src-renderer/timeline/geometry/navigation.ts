// Where the timeline looks: the first view (where the work is), Fit, keeping the place across a
// zoom change, and the least scroll that brings a bar into view. Pure numbers, so the rules are
// unit- and property-tested in Node; the view applies them to its scroll container.
import type { LayoutTask, Row, SpanMs } from './row-layout'
import { PX_PER_DAY, ZOOM_LEVELS } from './time-scale'
import type { Zoom } from './time-scale'
import { DAY_MS } from '../../../src-shared/schedule/days'

/**
 * The header's small unit at each zoom, in days (month and quarter rounded up): a place kept
 * across a zoom change may move by less than one of these, never more.
 */
export const UNIT_DAYS: Readonly<Record<Zoom, number>> = {
  day: 1,
  week: 7,
  month: 31,
  quarter: 31,
  year: 92,
}

/** The part of a scale these rules read (a TimeScale fits). */
export interface ScaleLike {
  originMs: number
  pxPerDay: number
  width: number
}

/**
 * The span a row draws: a task's own dates; a parent's summary bar covers its own dates and its
 * subtasks' together (as timeline-model draws it: scrolling to the own dates alone left a parent's
 * bar running off the view); a group's when collapsed.
 */
export function rowSpan<T extends LayoutTask>(row: Row<T>): SpanMs | undefined {
  if (row.kind !== 'task') return row.summary
  const { extent, summary } = row
  if (!extent || !summary) return extent ?? summary
  return {
    startMs: Math.min(extent.startMs, summary.startMs),
    endMs: Math.max(extent.endMs, summary.endMs),
  }
}

const xOf = (scale: ScaleLike, ms: number) => ((ms - scale.originMs) / DAY_MS) * scale.pxPerDay
const msAt = (scale: ScaleLike, x: number) => scale.originMs + (x / scale.pxPerDay) * DAY_MS

/** A scrollLeft the container can take: whole pixels, within [0, width - viewport]. */
export function clampScroll(x: number, contentWidth: number, viewportWidth: number): number {
  return Math.round(Math.max(0, Math.min(x, contentWidth - viewportWidth)))
}

/** scrollLeft that puts the instant `ms` at the viewport's centre. */
export function centreScroll(scale: ScaleLike, ms: number, viewportWidth: number): number {
  return clampScroll(xOf(scale, ms) - viewportWidth / 2, scale.width, viewportWidth)
}

export interface ZoomPlace {
  /** The instant that was under the anchor (the pointer, or the centre of the view). */
  anchorMs: number
  /** scrollLeft on the new scale that puts it back under the anchor, as far as the range allows. */
  scrollLeft: number
}

/**
 * Keeps the place across a zoom change: the instant under `anchorX` (px from the viewport's left
 * edge: the pointer for Ctrl+wheel, the centre for the toolbar and keys) stays under it. An
 * anchor past the end of a chart narrower than the viewport reads the chart's last instant.
 */
export function zoomScroll(
  from: ScaleLike,
  to: ScaleLike,
  scrollLeft: number,
  anchorX: number,
  viewportWidth: number,
  /** Where the instant goes in the new view (default: back under the anchor). */
  targetX = anchorX,
): ZoomPlace {
  const x = Math.max(0, Math.min(scrollLeft + anchorX, from.width))
  const anchorMs = msAt(from, x)
  return {
    anchorMs,
    scrollLeft: clampScroll(xOf(to, anchorMs) - targetX, to.width, viewportWidth),
  }
}

/**
 * The anchor of a toolbar or keyboard zoom, px from the viewport's left edge: the middle of the
 * chart in view. A chart narrower than the view (a year of work at year zoom) ends before the
 * view's centre; the centre would read a padding day past the work, one the closer zoom cannot
 * scroll to (the view then jumped to the range's end).
 */
export function centreAnchor(scale: ScaleLike, scrollLeft: number, viewportWidth: number): number {
  const visibleEnd = Math.min(scrollLeft + viewportWidth, scale.width)
  return Math.max(0, (visibleEnd - scrollLeft) / 2)
}

/** The closest zoom at which `span` fits in `viewportWidth` (with a margin), and its centre. */
export function fitView(span: SpanMs, viewportWidth: number): { zoom: Zoom; centreMs: number } {
  const days = Math.max(1, (span.endMs - span.startMs) / DAY_MS)
  const room = viewportWidth * 0.9
  const zoom = ZOOM_LEVELS.find((z) => days * PX_PER_DAY[z] <= room) ?? 'year'
  return { zoom, centreMs: (span.startMs + span.endMs) / 2 }
}

/** From the earliest start to the latest end of `spans`; undefined when there are none. */
export function unionSpan(spans: Iterable<SpanMs | undefined>): SpanMs | undefined {
  let startMs = Infinity
  let endMs = -Infinity
  for (const span of spans) {
    if (!span) continue
    startMs = Math.min(startMs, span.startMs)
    endMs = Math.max(endMs, span.endMs)
  }
  return startMs === Infinity ? undefined : { startMs, endMs }
}

export interface Opening {
  centreMs: number
  /** The first row with a bar in that stretch (to scroll down to), or -1. */
  firstRow: number
}

/** Sorted-array count of values < x. */
function countBelow(sorted: Float64Array, x: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] as number) < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The first view: today with the nearest scheduled work in view; when nothing is near today
 * (farther than most of a view), the stretch of `viewDays` with the most bars in it, the one
 * nearest today among equals. O(N log N).
 */
export function openingView(
  spans: readonly (SpanMs | undefined)[],
  nowMs: number,
  viewDays: number,
): Opening {
  const viewMs = Math.max(1, viewDays) * DAY_MS
  const dated = spans.filter((s): s is SpanMs => s !== undefined)
  if (dated.length === 0) return { centreMs: nowMs, firstRow: -1 }
  let nearest = Infinity
  let point = nowMs
  for (const span of dated) {
    const p = Math.max(span.startMs, Math.min(nowMs, span.endMs))
    const d = Math.abs(p - nowMs)
    if (d < nearest) [nearest, point] = [d, p]
  }
  let centreMs: number
  if (nearest <= 0.3 * viewMs) centreMs = nowMs
  else if (nearest <= 0.8 * viewMs) centreMs = (nowMs + point) / 2
  else {
    const starts = Float64Array.from(dated, (s) => s.startMs).sort()
    const ends = Float64Array.from(dated, (s) => s.endMs).sort()
    let best = -1
    centreMs = nowMs
    for (const from of starts) {
      // Bars in [from, from + view): started before its end, not ended by its start.
      const count = countBelow(starts, from + viewMs) - countBelow(ends, from + 1)
      const centre = from + viewMs / 2
      if (count > best || (count === best && Math.abs(centre - nowMs) < Math.abs(centreMs - nowMs)))
        [best, centreMs] = [count, centre]
    }
  }
  const lo = centreMs - viewMs / 2
  const hi = centreMs + viewMs / 2
  const firstRow = spans.findIndex((s) => s !== undefined && s.startMs < hi && s.endMs > lo)
  return { centreMs, firstRow }
}

export interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/**
 * The least scroll that shows `target` (chart pixels) with `margin` around it; a target wider or
 * taller than the view shows its start. Nothing moves when it is already in view.
 */
export function scrollToShow(
  scroll: { left: number; top: number },
  view: { width: number; height: number },
  target: Box,
  margin = 24,
): { left: number; top: number } {
  const axis = (at: number, size: number, lo: number, hi: number) => {
    if (hi - lo + 2 * margin > size) return Math.max(0, lo - margin)
    if (lo - margin < at) return Math.max(0, lo - margin)
    if (hi + margin > at + size) return hi + margin - size
    return at
  }
  return {
    left: axis(scroll.left, view.width, target.left, target.right),
    top: axis(scroll.top, view.height, target.top, target.bottom),
  }
}
