// The app-path timeline benchmark's markdown section (its own level-2 section of
// docs/benchmarks.md, next to "Timeline (issue C)").
import { writeDocSection } from '../doc-section'
import type { Sample } from './app-page-api'
import { fmt, median, percentile } from './report'

export const APP_HEADING = "## Timeline through the app's path (issue 13, item 10)"

export interface AppRow {
  tasks: number
  loaded: number
  dependencies: number
  /** Per run: the board handed over to the first frame with bars. */
  paintMs: number[]
  /** Median: page navigation to that frame (bundle, board transfer and parse included). */
  loadMs: number
  heapMb: number
  heapAfterMb: number
  scroll: Sample[]
  /** The fling: ms between consecutive animation frames while the view scrolls every frame. */
  fling: number[]
  drag: Sample[]
  drop: Sample[]
  refresh: Sample[]
  zoom: Sample[]
  /** Mid-board, in the page: bars and arrows drawn, elements in the timeline. */
  bars: number
  arrows: number
  elements: number
}

export interface StockRow {
  tasks: number
  /** Dated tasks handed to stock (it cannot show a task without dates). */
  drawn: number
  paintMs: number
  scroll: Sample[]
  /** As AppRow's. */
  fling: number[]
  drag: Sample[]
  zoomMs: number
  heapMb: number
  elements: number
  /** Why a step is missing ('' when none is). */
  stopped: string
}

export interface AppContext {
  command: string
  date: string
  machine: string
  runs: number
  view: { width: number; height: number }
  scroll: { steps: number; px: number }
  fling: { frames: number; px: number }
  drag: { moves: number; px: number }
  zoomSteps: number
}

const TARGETS = { paintMs: 1_000, frameP95Ms: 16.7, zoomMs: 100 }
/** A 60 Hz display's frame period, ms. */
const VSYNC_MS = 1000 / 60

/**
 * A frame's time on screen: whole display periods. The time between two frame callbacks varies
 * by a few ms with where in its frame a callback runs (19 then 14 ms, say), which a display
 * never shows; a frame that misses its vsync shows for two periods or more.
 */
const onScreen = (intervalMs: number) => Math.max(1, Math.round(intervalMs / VSYNC_MS)) * VSYNC_MS
const late = (fling: readonly number[]) => fling.filter((ms) => onScreen(ms) > VSYNC_MS + 1).length
const flingCell = (fling: readonly number[]) =>
  fling.length === 0
    ? '—'
    : `${fmt(percentile(fling, 50))} / ${fmt(percentile(fling, 95))} (${late(fling)} of ${fling.length} late)`

const frames = (list: readonly Sample[], p: number) =>
  percentile(
    list.map((s) => s.frameMs),
    p,
  )
const settled = (list: readonly Sample[], p: number) =>
  percentile(
    list.map((s) => s.settledMs),
    p,
  )
const pair = (list: readonly Sample[]) =>
  list.length === 0 ? '—' : `${fmt(frames(list, 50))} / ${fmt(frames(list, 95))}`
const yes = (ok: boolean) => (ok ? '**yes**' : '**no**')
const n = (x: number) => x.toLocaleString('en-US')

export function renderAppSection(
  rows: readonly AppRow[],
  stock: readonly StockRow[],
  context: AppContext,
): string {
  const lines = [
    APP_HEADING,
    '',
    `Command: \`${context.command}\` (${context.date}). Machine: ${context.machine}. The two cores were shared with other engineers' builds and tests during the run: absolute figures are noisy, compare within a row and with stock from the same run.`,
    '',
    `**What runs**: the planner's own renderer (\`npx electron-vite build\`'s renderer config, built into .bench-tmp/), so the path is the app's: the store, \`buildModel\` (row layout, scale), the rendered window (\`renderedWindow\`, \`windowInput\`) and the adapter. Main is replaced by a PlannerApi in the page (bench/timeline/page/app-mock.mts) that hands over the local board service's own seeded board (\`seedBoard\`, seed 7, dates around this week, \`dependencyRate\` 1: about one dependency per task) and takes edits at once. Page ${context.view.width}×${context.view.height}, headless Chromium; ${context.runs} run(s), each in a fresh browser.`,
    '',
    `**Scenarios**: _first paint_: from the board handed to the renderer to the frame after its first bar is in the DOM (the view opens where the work is). _Scroll_: mid-board (the timeline scrolled to half its height, then to a task with a successor), ${context.scroll.steps} steps of ${context.scroll.px} px down, as many up, half as many right; each step timed from setting the scroll position to the next animation frame after the app's own scroll handler and a zero timeout after it (that frame's style, layout and paint). _Fling_: from there, the view scrolled by ${context.fling.px} px in each of ${context.fling.frames} animation frames down, then as many up (a fast flick, about ${n(Math.round(context.fling.px * 60))} px a second; a window move every 8 frames); timed between consecutive frame callbacks: a frame whose work runs past its vsync shows as a long interval, and "late" counts the frames that missed their vsync (an interval of 1.5 periods or more). A step's time above runs from the input to the end of the next frame, so it includes the wait for that frame's vsync (the p50 of about 15 ms is mostly that wait): any step with more than a millisecond of work exceeds 16.7 ms even when no frame is missed. _Drag_: that task's bar (its successors show as what-if ghosts), real mouse events through CDP, ${context.drag.moves} moves of ${context.drag.px} px after 2 warm-up moves, each timed from the mousemove's first listener to the frame after it. _Drop_: the release with Shift (the cascade applied without asking: one edit), to the frame after it. _Refresh_: the status bar's Refresh after that edit (the board reloaded; rows re-sort, so the moved tasks change rows), from the click to the frame after the new rows are drawn. _Zoom_: '-' then '+' (about the centre of the view), ${context.zoomSteps} of each, from the keydown to the frame after it. "Settled" adds the next frame after that: work the app left to a later task (a React render scheduled from a frame callback) is inside it. _Heap_: \`Runtime.getHeapUsage\` after a forced GC, after first paint and after all scenarios.`,
    '',
    '| Tasks (loaded) | Dependencies | First paint ms (runs) | Load → first frame ms | Scroll frame p50 / p95 ms | Scroll settled p95 ms | Fling frame p50 / p95 ms (late) | Drag frame p50 / p95 ms | Drop → frame, settled ms | Refresh → frame ms | Zoom → frame p50 / max ms | Zoom settled max ms | Heap MB (first paint / end) | Mid-board: bars / arrows / elements |',
    '| -------------: | -----------: | --------------------- | --------------------: | ------------------------: | --------------------: | ------------------------------- | ----------------------: | ------------------------ | -----------------: | ------------------------: | ------------------: | --------------------------- | ----------------------------------- |',
    ...rows.map(
      (r) =>
        `| ${n(r.loaded)} | ${n(r.dependencies)} | ${fmt(median(r.paintMs))} (${r.paintMs.map(fmt).join(', ')}) | ${fmt(r.loadMs)} | ${pair(r.scroll)} | ${fmt(settled(r.scroll, 95))} | ${flingCell(r.fling)} | ${pair(r.drag)} | ${fmt(median(r.drop.map((s) => s.frameMs)))}, ${fmt(median(r.drop.map((s) => s.settledMs)))} | ${fmt(median(r.refresh.map((s) => s.settledMs)))} | ${fmt(frames(r.zoom, 50))} / ${fmt(frames(r.zoom, 100))} | ${fmt(settled(r.zoom, 100))} | ${fmt(r.heapMb)} / ${fmt(r.heapAfterMb)} | ${n(r.bars)} / ${n(r.arrows)} / ${n(r.elements)} |`,
    ),
    '',
    `**Stock frappe-gantt 1.2.2** on the same boards (its own UMD build and CSS, default options: Day view, the whole chart drawn; every dated task, its dependencies as ids), one run, same page size. Scroll: the page scrolled by 96 px, 10 down and 10 up, mid-board; fling: the page scrolled by 96 px in each of 60 frames, down then up; drag: a bar with dependents mid-board (stock moves them along), 20 moves of 12 px; zoom: \`change_view_mode('Week')\`. A step that ran past 120 s was stopped.`,
    '',
    '| Tasks | Drawn | First paint ms | Scroll frame p50 / p95 ms | Fling frame p50 / p95 ms (late) | Drag frame p50 / p95 ms | Zoom to Week ms | Heap MB | Elements | Stopped |',
    '| ----: | ----: | -------------: | ------------------------: | ------------------------------- | ----------------------: | --------------: | ------: | -------: | ------- |',
    ...stock.map(
      (s) =>
        `| ${n(s.tasks)} | ${n(s.drawn)} | ${fmt(s.paintMs)} | ${pair(s.scroll)} | ${flingCell(s.fling)} | ${pair(s.drag)} | ${fmt(s.zoomMs)} | ${fmt(s.heapMb)} | ${Number.isNaN(s.elements) ? '—' : n(s.elements)} | ${s.stopped || '—'} |`,
    ),
    '',
    '### Targets (app path)',
    '',
    '| Tasks | first paint ≤ 1,000 ms | scroll frame p95 ≤ 16.7 ms: the fling, frames on screen | (the same, each scroll step to its frame) | drag frame p95 ≤ 16.7 ms | zoom ≤ 100 ms (slowest step, settled) |',
    '| ----: | ---------------------- | ------------------------------------------------------- | ----------------------------------------- | ------------------------ | ------------------------------------- |',
    ...rows.map((r) => {
      const paint = median(r.paintMs)
      const scroll = frames(r.scroll, 95)
      const fling = percentile(r.fling.map(onScreen), 95)
      const drag = frames(r.drag, 95)
      const zoom = settled(r.zoom, 100)
      return `| ${n(r.loaded)} | ${fmt(paint)} ms ${yes(paint <= TARGETS.paintMs)} | ${fmt(fling)} ms, ${late(r.fling)} of ${r.fling.length} frames late ${yes(fling <= TARGETS.frameP95Ms + 0.05)} | ${fmt(scroll)} ms ${yes(scroll <= TARGETS.frameP95Ms)} | ${fmt(drag)} ms ${yes(drag <= TARGETS.frameP95Ms)} | ${fmt(zoom)} ms ${yes(zoom <= TARGETS.zoomMs)} |`
    }),
    '',
    "What the window hands over: the rendered rows' bars, the links with an end among them and the bars at those links' far ends (anchors, not drawn). Links with neither end in the rendered rows are counted, not handed over, and the count is shown once at the view's top-left corner (before this, at 50,000 tasks mid-board the window handed over tens of thousands of such links and the bars at both their ends). The window's links come from a row index of the dependencies built once per row layout, so a window change costs what the window holds; a zoom step or the hourly clock reuses the last row layout. What still grows with N: a Refresh (or a new sort, a collapse, a filter) lays out every task again (`layoutRows` in `buildModel`); an edit under the frozen row order is laid out from the last layout, its edited rows and the summaries above them (`layoutAfterEdit`), but the store's copy of the tasks by id and the planning selectors (schedule index, problem count, milestones, the what-if cascade's index) run over the whole board (the problems' fixes, two cascades each, only while the Problems panel is open); first paint is the store taking the board plus those passes plus React's first render.",
    '',
  ]
  return `${lines.join('\n')}\n`
}

export function writeAppSection(section: string): Promise<string> {
  return writeDocSection(APP_HEADING, section)
}
