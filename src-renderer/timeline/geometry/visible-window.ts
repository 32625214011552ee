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

/**
 * Dependencies indexed by row, built once per row layout and dependency list, so a window's
 * links cost what the window holds instead of a pass over every dependency (50 ms and more per
 * window change at 50,000 tasks).
 */
export interface DependencyRowIndex<D> {
  /** Per row, the dependencies with an end in it (a dependency on one row is listed once). */
  byRow: readonly (readonly D[] | undefined)[]
  /** crossing[r]: dependencies with one end above row r and the other in row r or below. */
  crossing: Int32Array
  /** Row of each dependency's ends. */
  rows: ReadonlyMap<D, readonly [number, number]>
}

export function indexDependencyRows<
  D extends Pick<DependencyLink, 'predecessorId' | 'successorId'>,
>(
  dependencies: readonly D[],
  rowIndexById: ReadonlyMap<string, number>,
  rowCount: number,
): DependencyRowIndex<D> {
  const byRow: D[][] = []
  const diff = new Int32Array(rowCount + 2)
  const rows = new Map<D, readonly [number, number]>()
  for (const dep of dependencies) {
    const a = rowIndexById.get(dep.predecessorId)
    const b = rowIndexById.get(dep.successorId)
    if (a === undefined || b === undefined) continue
    rows.set(dep, [a, b])
    ;(byRow[a] ??= []).push(dep)
    if (b !== a) (byRow[b] ??= []).push(dep)
    const lo = Math.min(a, b)
    const hi = Math.max(a, b)
    diff[lo + 1]! += 1
    diff[hi + 1]! -= 1
  }
  const crossing = new Int32Array(rowCount + 1)
  let running = 0
  for (let r = 0; r <= rowCount; r += 1) {
    running += diff[r]!
    crossing[r] = running
  }
  return { byRow, crossing, rows }
}

/**
 * The window's share of an index: dependencies with an end in rows first..last (each once, in
 * row order), and how many cross the window with neither end in it.
 */
export function dependenciesOfRows<D>(
  index: DependencyRowIndex<D>,
  first: number,
  last: number,
): { touching: D[]; passing: number } {
  const touching: D[] = []
  if (last < first) return { touching, passing: 0 }
  let fromAbove = 0
  for (let r = first; r <= last; r += 1) {
    for (const dep of index.byRow[r] ?? []) {
      const [a, b] = index.rows.get(dep)!
      const other = a === r ? b : a
      // Both ends in the window: take it at its upper end only.
      if (other >= first && other <= last && other < r) continue
      touching.push(dep)
      if (other < first) fromAbove += 1
    }
  }
  // Those crossing the window's top edge either end in the window or pass through it.
  return { touching, passing: (index.crossing[first] ?? 0) - fromAbove }
}
