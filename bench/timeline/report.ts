// The timeline benchmark's markdown section, and writing it into docs/benchmarks.md in place of
// the previous one (only this section; the others are left as they are).
import type { Chart } from './page-api'
import { writeDocSection } from '../doc-section'

export const HEADING = '## Timeline (issue C)'

export interface Row {
  chart: Chart
  tasks: number
  paintSync: number
  paintFrame: number
  paintRuns: number[]
  refreshSync: number
  refreshFrame: number
  /** Adapter only: a new window after scrolling 10 rows, to the frame (NaN for stock). */
  windowFrame: number
  rafP50: number
  rafP95: number
  frameP50: number
  frameP95: number
  dragSamples: number
  refreshSamples: number
  elements: number
}

export interface Context {
  command: string
  date: string
  machine: string
  runs: number
  refreshesPerRun: number
  dragMoves: number
  dragStepPx: number
}

const TARGET_TASKS = 5_000
const TARGETS = { paintMs: 1_000, refreshMs: 100, frameP95Ms: 16.7 }

export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

/** Nearest-rank percentile (p in 0-100); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1]!
}

/** A figure as the tables print it: one decimal under 100, none above; '—' when missing. */
export const fmt = (n: number) =>
  Number.isNaN(n)
    ? '—'
    : n.toLocaleString('en-US', {
        minimumFractionDigits: n < 100 ? 1 : 0,
        maximumFractionDigits: n < 100 ? 1 : 0,
      })
const yes = (ok: boolean) => (ok ? '**yes**' : '**no**')
const name = (chart: Chart) => (chart === 'stock' ? 'stock frappe-gantt' : 'adapter')

export function renderSection(rows: readonly Row[], context: Context): string {
  const at = (chart: Chart) => rows.find((r) => r.chart === chart && r.tasks === TARGET_TASKS)
  const adapter = at('adapter')
  const stock = at('stock')
  const lines = [
    HEADING,
    '',
    `Command: \`${context.command}\` (${context.date}). Machine: ${context.machine}.`,
    '',
    `Board: N tasks with random starts over 2026 and lengths of 1-25 days, sorted by start; every task but the first depends on one random earlier task (seeded, the same board for both charts; the method of shared/notes/frappe-gantt.md §5.1). **Stock**: frappe-gantt 1.2.2's own build (\`dist/frappe-gantt.umd.js\` and its CSS) with default options (Day view, 45 px columns, weekend highlighting, infinite padding), drawing the whole chart, page viewport 1600×1000. **Adapter**: \`src-renderer/timeline/adapter\` (the same frappe-gantt 1.2.2 underneath) in a 1600×1000 scrolling body, 45 px per day, 48 px rows; each render lays out all N tasks and hands over the rows in view plus 10 above and below, the links touching them and the bars at those links' other ends, as the app does. Each chart and size ran in a fresh browser, each of ${context.runs} run(s) in a fresh page. _First paint_: from before construction to the end of the synchronous work plus a forced layout (sync), and on to the first frame (requestAnimationFrame, then a zero timeout). _Refresh_: one task in view moved by a day in the data, then stock \`refresh(tasks)\` or adapter \`render(window)\` (same window: the adapter moves the changed bar in place); ${context.refreshesPerRun} per run. _New window_ (adapter only; stock scrolls the page, not the chart): the body scrolled 10 rows down, then \`render()\` of the new window, a full frappe-gantt render of its rows; ${context.refreshesPerRun} per run. _Drag_: real mouse events through CDP on the last task's bar (nobody depends on it, so only it moves in either chart; its arrow follows), scrolled into view, ${context.dragMoves} moves of ${context.dragStepPx} px per run after 2 warm-up moves, the next move sent only after the previous frame; timed from the first mousemove listener to the next requestAnimationFrame callback (→ rAF) and on to a zero timeout after it (→ frame: the frame's style, layout and paint included). Medians over the runs; drag percentiles over all moves of all runs.`,
    '',
    '| Tasks | Chart | First paint sync ms | First paint → frame ms (median) | First paint → frame ms (runs) | Refresh sync ms | Refresh → frame ms | New window → frame ms | Drag → rAF p50 / p95 ms | Drag → frame p50 / p95 ms | Elements drawn |',
    '| ----: | ----- | ------------------: | ------------------------------: | ----------------------------- | --------------: | -----------------: | --------------------: | ----------------------: | ------------------------: | -------------: |',
    ...rows.map(
      (r) =>
        `| ${r.tasks.toLocaleString('en-US')} | ${name(r.chart)} | ${fmt(r.paintSync)} | ${fmt(r.paintFrame)} | ${r.paintRuns.map(fmt).join(', ')} | ${fmt(r.refreshSync)} | ${fmt(r.refreshFrame)} | ${fmt(r.windowFrame)} | ${fmt(r.rafP50)} / ${fmt(r.rafP95)} | ${fmt(r.frameP50)} / ${fmt(r.frameP95)} | ${r.elements.toLocaleString('en-US')} |`,
    ),
    '',
    '### Targets',
    '',
    `At ${TARGET_TASKS.toLocaleString('en-US')} tasks, the adapter; stock frappe-gantt from the same run for comparison.`,
    '',
    '| Target | Adapter | Stock (same run) | Met |',
    '| ------ | ------- | ---------------- | --- |',
  ]
  if (adapter && stock) {
    lines.push(
      `| first paint ≤ ${fmt(TARGETS.paintMs)} ms (→ frame) | ${fmt(adapter.paintFrame)} ms | ${fmt(stock.paintFrame)} ms | ${yes(adapter.paintFrame <= TARGETS.paintMs)} |`,
      `| refresh after one edit ≤ ${fmt(TARGETS.refreshMs)} ms (→ frame) | ${fmt(adapter.refreshFrame)} ms | ${fmt(stock.refreshFrame)} ms | ${yes(adapter.refreshFrame <= TARGETS.refreshMs)} |`,
      `| drag frame p95 ≤ ${fmt(TARGETS.frameP95Ms)} ms (→ frame) | ${fmt(adapter.frameP95)} ms | ${fmt(stock.frameP95)} ms | ${yes(adapter.frameP95 <= TARGETS.frameP95Ms)} |`,
    )
  } else {
    lines.push(`| (not measured: this run had no ${TARGET_TASKS}-task rows) | | | |`)
  }
  lines.push(
    '',
    "Why the adapter is flat in N: frappe-gantt draws every task and rebuilds the whole SVG on every refresh; the adapter gives it only the window (about 40 rows here), overrides the steps that cost per day of timeline or per task pair (header dates with two `Intl.DateTimeFormat` per call, weekend highlights, ticks, the O(N²) arrow-to-bar mapping and `get_bar`/`get_task` scans), places bar labels from one measurement per render instead of a `getBBox()` per bar per drag step, and when a render changes only dates or selection (an edit, a click, a drop) it moves those bars and redraws the arrows in place instead of a frappe render. What still grows with N is the app-side layout of every task (an O(N) pass per render in this benchmark). A new window (scrolling) is a full frappe render of the window's rows; the app should render on window changes only (overscan), not on every scroll event.",
  )
  return `${lines.join('\n')}\n`
}

/** Replaces this benchmark's section of docs/benchmarks.md (or appends it). */
export function writeSection(section: string): Promise<string> {
  return writeDocSection(HEADING, section)
}
