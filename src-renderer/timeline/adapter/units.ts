// Days, pixels and rows: the few numbers the adapter's parts agree on. x = 0 is the scale's
// start (a UTC midnight), so whole days are whole multiples of pxPerDay.
import type { AdapterScale } from './types'

export const DAY_MS = 86_400_000

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

/** The midnight (UTC) that starts the day holding `ms`. */
export function floorDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS
}

/** The first midnight (UTC) at or after `ms`: the first day a bar ending at `ms` leaves free. */
export function ceilDay(ms: number): number {
  return Math.ceil(ms / DAY_MS) * DAY_MS
}
