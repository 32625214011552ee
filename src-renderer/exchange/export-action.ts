// Making an export file from the store: which tasks (scope), laid out how (export-pages.ts),
// drawn as SVG pages (timeline-svg.ts), turned into PNG, PDF or CSV (export-files.ts). Plain
// functions outside the dialog, so the dialog only collects the choices.
import type { Task } from '../../src-shared/api'
import { tasksCsv } from '../../src-shared/exchange/csv-export'
import { selectFilterOutcome } from '../filters/filter-outcome'
import { selectExactGaps } from '../schedule/schedule-selectors'
import type { PlannerState } from '../state'
import { buildModel } from '../timeline/view/timeline-model'
import { pdfOf, pngOf, fileName } from './export-files'
import type { ExportScope, Orientation, Paper, ScreenView } from './export-pages'
import { fullLayout, pagesOf, pdfFit } from './export-pages'
import { timelinePageSvg } from './timeline-svg'
import { wallClockMs } from '../local-now'

export type ExportFormat = 'png' | 'pdf' | 'csv'

export interface ExportChoice {
  format: ExportFormat
  scope: ExportScope
  paper: Paper
  orientation: Orientation
}

/** The timeline's scroll box, measured in the page (only 'visible' needs it). */
export interface Viewport {
  scrollLeft: number
  scrollTop: number
  /** Width of the chart part in view (without the tree column), px. */
  chartWidth: number
  /** Height of the rows part in view (without the header), px. */
  rowsHeight: number
}

function boardTasks(state: PlannerState): Task[] {
  const { taskIds, tasksById } = state.board
  return taskIds.map((id) => tasksById[id]).filter((t): t is Task => t !== undefined)
}

/** The screen's own model and what of it is in view. */
export function screenView(
  state: PlannerState,
  viewport: Viewport,
  now = wallClockMs(),
): ScreenView {
  const filtered = selectFilterOutcome(state)
  const model = buildModel(filtered.shown, state.view.collapsedIds, state.view.zoom, now)
  const rowHeight = model.layout.rowHeight
  const firstRow = Math.max(0, Math.floor(viewport.scrollTop / rowHeight))
  const lastRow = Math.min(
    model.layout.rows.length - 1,
    Math.ceil((viewport.scrollTop + viewport.rowsHeight) / rowHeight) - 1,
  )
  return {
    layout: model.layout,
    scale: model.scale,
    fromX: Math.max(0, viewport.scrollLeft),
    toX: Math.min(model.scale.width, viewport.scrollLeft + viewport.chartWidth),
    firstRow,
    lastRow,
  }
}

/** Tasks of the scope, in the order a reader expects (rows for 'visible', else board order). */
export function scopeTasks(state: PlannerState, scope: ExportScope, viewport?: Viewport): Task[] {
  if (scope === 'board') return boardTasks(state)
  if (scope === 'filter') return [...selectFilterOutcome(state).shown]
  const view = screenView(
    state,
    viewport ?? { scrollLeft: 0, scrollTop: 0, chartWidth: 1200, rowsHeight: 600 },
  )
  const out: Task[] = []
  for (let i = view.firstRow; i <= view.lastRow; i++) {
    const row = view.layout.rows[i]
    if (row?.kind === 'task') out.push(row.task)
  }
  return out
}

export async function makeExport(
  state: PlannerState,
  choice: ExportChoice,
  boardName: string,
  viewport?: Viewport,
): Promise<{ blob: Blob; name: string }> {
  const { dependencies } = state.board
  if (choice.format === 'csv') {
    const text = tasksCsv(scopeTasks(state, choice.scope, viewport), dependencies)
    return {
      // A byte order mark first, as Excel's own "CSV UTF-8" writes: without it, Excel opens the
      // file as the system's legacy code page and every accented title is garbled. The import
      // (and every CSV reader we know) skips it.
      blob: new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }),
      name: fileName(boardName, 'csv'),
    }
  }
  const view: Pick<ScreenView, 'layout' | 'scale'> & Partial<ScreenView> =
    choice.scope === 'visible' && viewport
      ? screenView(state, viewport)
      : fullLayout(
          choice.scope === 'filter' ? selectFilterOutcome(state).shown : boardTasks(state),
          state.view.zoom,
        )
  const title = boardName || 'Board'
  const exactGaps = selectExactGaps(state)
  if (choice.format === 'png') {
    const [page] = pagesOf(view, { title, dependencies, exactGaps })
    return { blob: await pngOf(timelinePageSvg(page!)), name: fileName(boardName, 'png') }
  }
  const chartWidth = (view.toX ?? view.scale.width) - (view.fromX ?? 0)
  const fit = pdfFit(choice.paper, choice.orientation, chartWidth, view.layout.rowHeight)
  const pages = pagesOf(view, { title, dependencies, rowsPerPage: fit.rowsPerPage, exactGaps })
  const blob = await pdfOf(pages.map(timelinePageSvg), choice.paper, choice.orientation, fit.scale)
  return { blob, name: fileName(boardName, 'pdf') }
}
