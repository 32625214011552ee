// Scroll position as a place on the board, not as pixels: the calendar day at the horizontal
// centre of the viewport and the row at its top. Pixels change meaning with the zoom (px per day)
// and with every refresh (the first drawn day moves when tasks move, rows come and go); a day and
// a row do not, so the same place stays in view across both.
import { DAY_MS } from '../../src-shared/schedule/days'

export interface ScrollAnchor {
  /** The calendar day at the viewport's horizontal centre, `YYYY-MM-DD`. */
  day: string
  /** How far into that day the centre is, 0 <= x < 1. */
  dayFraction: number
  /** The row at the top of the viewport; null when there are no rows. */
  rowId: string | null
  /** That row's index when stored: the fallback when the row is gone (collapsed, deleted). */
  rowIndex: number
  /** How far into that row the viewport's top edge is, 0 <= x < 1. */
  rowFraction: number
}

/** How the timeline is drawn right now; the timeline owns these numbers. */
export interface TimelineGeometry {
  /** The calendar day drawn at x = 0, `YYYY-MM-DD`. */
  originDay: string
  pxPerDay: number
  rowHeight: number
  /** Visible rows in drawn order. */
  rowIds: readonly string[]
  viewportWidth: number
}

export interface ScrollPosition {
  scrollLeft: number
  scrollTop: number
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`)

export function anchorFromScroll(scroll: ScrollPosition, geometry: TimelineGeometry): ScrollAnchor {
  const centre = (scroll.scrollLeft + geometry.viewportWidth / 2) / geometry.pxPerDay
  const whole = Math.floor(centre)
  const day = new Date(dayStart(geometry.originDay) + whole * DAY_MS).toISOString().slice(0, 10)
  const rows = scroll.scrollTop / geometry.rowHeight
  const rowIndex = Math.max(0, Math.min(Math.floor(rows), geometry.rowIds.length - 1))
  return {
    day,
    dayFraction: centre - whole,
    rowId: geometry.rowIds[rowIndex] ?? null,
    rowIndex,
    rowFraction: geometry.rowIds.length > 0 ? Math.max(0, Math.min(1, rows - rowIndex)) : 0,
  }
}

/** Pixels for the anchor in this geometry; never negative (the browser clamps the far end). */
export function scrollFromAnchor(anchor: ScrollAnchor, geometry: TimelineGeometry): ScrollPosition {
  const days = (dayStart(anchor.day) - dayStart(geometry.originDay)) / DAY_MS + anchor.dayFraction
  const found = anchor.rowId === null ? -1 : geometry.rowIds.indexOf(anchor.rowId)
  const row =
    found >= 0 ? found : Math.max(0, Math.min(anchor.rowIndex, geometry.rowIds.length - 1))
  const fraction = found >= 0 ? anchor.rowFraction : 0
  return {
    scrollLeft: Math.max(0, days * geometry.pxPerDay - geometry.viewportWidth / 2),
    scrollTop: Math.max(0, (row + fraction) * geometry.rowHeight),
  }
}
