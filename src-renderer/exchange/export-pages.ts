// What an export shows, as pages of timelinePageSvg input:
// - 'visible': the rows and days in view on screen (the screen's own layout, collapsed rows
//   stay collapsed);
// - 'board' / 'filter': every task of the board or of the current filter, laid out anew with
//   nothing collapsed (the screen draws only its window, so the export lays out all rows).
// A PNG is one page; a PDF has as many pages as the rows need at the chosen paper size, each
// page repeating the title, legend and date header.
import type { Dependency, Task } from '../../src-shared/api'
import type { RowLayout, TimeScale, Zoom } from '../timeline/geometry'
import { layoutRows, paddedRange, TimeScale as Scale, ZOOM_LEVELS } from '../timeline/geometry'
import type { PageInput } from './timeline-svg'
import { HEADER_BLOCK, TITLE_BLOCK, TREE_COLUMN } from './timeline-svg'
import { wallClockMs } from '../local-now'

export type ExportScope = 'visible' | 'board' | 'filter'

/** The screen's model and viewport, for 'visible'. */
export interface ScreenView {
  layout: RowLayout<Task>
  scale: TimeScale
  /** Chart px and row indexes in view. */
  fromX: number
  toX: number
  firstRow: number
  lastRow: number
}

/** Widest chart an export draws, px: wider boards move to a coarser zoom so text stays legible. */
export const MAX_CHART_WIDTH = 1800

/** The whole-board layout: all rows open, the days of these tasks only, a zoom that fits. */
export function fullLayout(
  tasks: readonly Task[],
  zoom: Zoom,
): { layout: RowLayout<Task>; scale: TimeScale } {
  const layout = layoutRows(tasks)
  let from = Infinity
  let to = -Infinity
  for (const row of layout.rows) {
    const span = row.kind === 'task' ? (row.summary ?? row.extent) : row.summary
    const own = row.kind === 'task' ? row.extent : undefined
    for (const s of [span, own]) {
      if (!s) continue
      from = Math.min(from, s.startMs)
      to = Math.max(to, s.endMs)
    }
  }
  if (from === Infinity) from = to = wallClockMs()
  let scale: TimeScale | undefined
  for (const level of ZOOM_LEVELS.slice(ZOOM_LEVELS.indexOf(zoom))) {
    const range = paddedRange(level, from, to)
    scale = new Scale(level, range.startDay, range.endDay)
    if (scale.width <= MAX_CHART_WIDTH) break
  }
  return { layout, scale: scale! }
}

export function describeRange(scale: TimeScale, fromX: number, toX: number): string {
  const day = (x: number) =>
    new Date(scale.msAtX(x)).toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    })
  return `${day(fromX)} – ${day(Math.max(fromX, toX - 1))}`
}

export interface PageOptions {
  title: string
  dependencies: readonly Dependency[]
  /** Rows per page; undefined: all rows on one page (PNG). */
  rowsPerPage?: number
  /** The board's exact-gap mode (arrows drawn as on screen). */
  exactGaps?: boolean
}

export function pagesOf(
  view: Pick<ScreenView, 'layout' | 'scale'> & Partial<ScreenView>,
  options: PageOptions,
): PageInput[] {
  const fromX = view.fromX ?? 0
  const toX = view.toX ?? view.scale.width
  const first = view.firstRow ?? 0
  const last = view.lastRow ?? view.layout.rows.length - 1
  const taskCount = view.layout.rows
    .slice(first, last + 1)
    .filter((row) => row.kind === 'task').length
  const per = Math.max(1, options.rowsPerPage ?? last - first + 1)
  const pages: PageInput[] = []
  for (let start = first; start <= last || pages.length === 0; start += per) {
    pages.push({
      layout: view.layout,
      scale: view.scale,
      dependencies: options.dependencies,
      first: start,
      last: Math.min(last, start + per - 1),
      fromX,
      toX,
      title: options.title,
      subtitle: '',
      ...(options.exactGaps ? { exactGaps: true } : {}),
    })
    if (last < first) break
  }
  const range = describeRange(view.scale, fromX, toX)
  pages.forEach((page, i) => {
    const paging = pages.length > 1 ? ` · page ${i + 1} of ${pages.length}` : ''
    page.subtitle = `${range} · ${taskCount} task${taskCount === 1 ? '' : 's'}${paging}`
  })
  return pages
}

/** Paper sizes in PDF points (portrait). */
export const PAPER = {
  a4: [595.28, 841.89],
  a3: [841.89, 1190.55],
  letter: [612, 792],
  legal: [612, 1008],
} as const
export type Paper = keyof typeof PAPER
export type Orientation = 'portrait' | 'landscape'
export const PDF_MARGIN = 24

/** Page size in points, and how many rows of a chart `chartWidth` px wide fit on a page. */
export function pdfFit(
  paper: Paper,
  orientation: Orientation,
  chartWidth: number,
  rowHeight: number,
): { pageWidth: number; pageHeight: number; scale: number; rowsPerPage: number } {
  const [w, h] = PAPER[paper]
  const [pageWidth, pageHeight] = orientation === 'portrait' ? [w, h] : [h, w]
  const scale = Math.min(1, (pageWidth - 2 * PDF_MARGIN) / (TREE_COLUMN + chartWidth))
  const usable = (pageHeight - 2 * PDF_MARGIN) / scale - TITLE_BLOCK - HEADER_BLOCK
  return { pageWidth, pageHeight, scale, rowsPerPage: Math.max(1, Math.floor(usable / rowHeight)) }
}
