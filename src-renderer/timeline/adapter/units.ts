// Days, pixels and rows: the few numbers the adapter's parts agree on. x = 0 is the scale's
// start (a UTC midnight), so whole days are whole multiples of pxPerDay.
import { DAY_MS } from '../../../src-shared/schedule/days'
import type { AdapterScale } from './types'

export { DAY_MS }

export interface Layout {
  scale: AdapterScale
  rowHeight: number
  barHeight: number
}

export function xOf(scale: AdapterScale, ms: number): number {
  return ((ms - scale.startMs) / DAY_MS) * scale.pxPerDay
}

/** Half the diagonal of a milestone diamond, and half the width of its hit target. */
export function milestoneHalf(layout: Layout): number {
  return layout.barHeight / 2
}

export function rowMiddle(layout: Layout, row: number): number {
  return row * layout.rowHeight + layout.rowHeight / 2
}

/** The midnight (UTC) that starts the day holding `ms`; the first midnight at or after `ms`
 *  (the first day a bar ending at `ms` leaves free). */
export { ceilToDayMs as ceilDay, floorToDayMs as floorDay } from '../../../src-shared/schedule/days'
