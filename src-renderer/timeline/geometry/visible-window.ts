// What is in view, for virtualisation: only the rows, days and arrows near the viewport are
// rendered, so the cost of a frame follows the window's size, not the board's.
import type { DependencyLink } from '../../../src-shared/schedule/rule'

/** First and last row index to render, inclusive; `last < first` when there is nothing. */
export interface RowWindow {
  first: number
  last: number
}

export function visibleRows(args: {
  scrollTop: number
  viewportHeight: number
  rowHeight: number
  rowCount: number
  /** Extra rows rendered above and below, so a fast scroll does not show blank rows. */
  overscan?: number
}): RowWindow {
  const { scrollTop, viewportHeight, rowHeight, rowCount } = args
  const overscan = args.overscan ?? 0
  if (rowCount <= 0 || viewportHeight <= 0) return { first: 0, last: -1 }
  const top = Math.max(0, scrollTop)
  const firstInView = Math.floor(top / rowHeight)
  // The row whose top edge is exactly at the bottom edge is not in view.
  const lastInView = Math.ceil((top + viewportHeight) / rowHeight) - 1
  const first = Math.max(0, firstInView - overscan)
  const last = Math.min(rowCount - 1, lastInView + overscan)
  return first > last ? { first: 0, last: -1 } : { first, last }
}

/** Horizontal window: the day numbers touched, and the px range they cover. */
export interface DayWindow {
  firstDay: number
  lastDay: number
  x0: number
  x1: number
}

/** What visibleDays needs of a TimeScale. */
export interface DayScale {
  width: number
  pxPerDay: number
  dayNumberAtX(x: number): number
  xOfDayNumber(day: number): number
}

/**
 * The whole days in view between scrollLeft and scrollLeft + viewportWidth, widened by
 * overscanPx on each side and clipped to the scale's range; undefined when none is in view.
 */
export function visibleDays(args: {
  scale: DayScale
  scrollLeft: number
  viewportWidth: number
  overscanPx?: number
}): DayWindow | undefined {
  const { scale, scrollLeft, viewportWidth } = args
  const overscan = args.overscanPx ?? 0
  const lo = Math.max(0, scrollLeft - overscan)
  const hi = Math.min(scale.width, scrollLeft + viewportWidth + overscan)
  if (hi <= lo) return undefined
  const firstDay = scale.dayNumberAtX(lo)
  // hi is an exclusive edge: a window ending on a day boundary does not touch the next day.
  const lastDay = Math.max(firstDay, scale.dayNumberAtX(hi) - (hi % scale.pxPerDay === 0 ? 1 : 0))
  return {
    firstDay,
    lastDay,
    x0: scale.xOfDayNumber(firstDay),
    x1: scale.xOfDayNumber(lastDay + 1),
  }
}

/**
 * Dependencies to draw for rows first..last: those with an end in the window and those that
 * cross it (one end above, one below), both ends having a row. One pass: O(E).
 */
export function dependenciesInWindow<
  D extends Pick<DependencyLink, 'predecessorId' | 'successorId'>,
>(
  dependencies: readonly D[],
  rowIndexById: ReadonlyMap<string, number>,
  first: number,
  last: number,
): D[] {
  const out: D[] = []
  if (last < first) return out
  for (const dep of dependencies) {
    const a = rowIndexById.get(dep.predecessorId)
    const b = rowIndexById.get(dep.successorId)
    if (a === undefined || b === undefined) continue
    if (Math.min(a, b) <= last && Math.max(a, b) >= first) out.push(dep)
  }
  return out
}
