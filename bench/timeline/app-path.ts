// Timeline benchmark through the app's own path (issue 13, item 10): the built renderer (the
// planner's App: buildModel, row layout, the rendered window, windowInput, the adapter) in
// Debian's headless Chromium, on the local board service's seeded board of 5,000 and 50,000
// tasks (about as many dependencies), handed over by a PlannerApi standing in for main
// (page/app-mock.mts). Scenarios: first paint, scrolling mid-board, dragging a task with
// dependents, the edit of its drop, a Refresh after that edit (rows re-sort), zoom steps; the
// renderer's JS heap. Stock frappe-gantt is measured on the same board (stock-board.ts).
//
//   node --import tsx bench/timeline/app-path.ts [--write] [--runs 3] [--sizes 5000,50000]
//
// Each run is a fresh browser. Chromium work is sequential (two shared cores).
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import type { Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/chromium'
import { boardFile, readBoard } from './app-board'
import type { AppProbe, Sample, ScrollAxis } from './app-page-api'
import { renderAppSection, writeAppSection } from './app-report'
import { buildRenderer, bundleMock, serve } from './app-serve'
import type { AppRow, StockRow } from './app-report'
import { median } from './report'
import { heapMb, measureStock } from './stock-board'
import { profiled as profiledWith, traced as tracedWith } from './app-instruments'

const VIEW = { width: 1400, height: 900 }
const SCROLL_STEPS = 40
const SCROLL_PX = 96
const DRAG_MOVES = 30
const DRAG_STEP_PX = 12
const ZOOM_STEPS = 3
const FLING_FRAMES = 60
const FLING_PX = 96

const { values: options } = parseArgs({
  options: {
    write: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    sizes: { type: 'string', default: '5000,50000' },
    'no-stock': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    /** Writes CPU profiles of first paint, the scroll, the drop, the Refresh and the zoom steps, and prints the heaviest functions. */
    profile: { type: 'boolean', default: false },
    /** Writes a Chromium trace (style, layout, paint, raster, script) of the scroll and zoom scenarios to the temp folder. */
    trace: { type: 'boolean', default: false },
  },
})
const log = (line: string) => process.stderr.write(`${line}\n`)

function probe<T>(page: Page, body: (p: AppProbe, arg: never) => T, arg?: unknown): Promise<T> {
  return page.evaluate(
    ([source, value]) => {
      const p = (window as unknown as { appProbe: AppProbe }).appProbe
      return (new Function('p', 'arg', `return (${source})(p, arg)`) as typeof body)(
        p,
        value as never,
      )
    },
    [body.toString(), arg] as const,
  ) as Promise<T>
}

const profiled = <T>(page: Page, name: string, work: () => Promise<T>) =>
  profiledWith(options.profile, page, name, work, log)
const traced = <T>(page: Page, name: string, work: () => Promise<T>) =>
  tracedWith(options.trace, page, name, work, log)

const settle = async (page: Page, ms = 300) => {
  await page.waitForTimeout(ms)
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  )
}

/** Mid-board, a drawn task with a successor, scrolled into view: its id. */
async function midBoardTarget(page: Page): Promise<string> {
  await probe(page, (p) => {
    const box = p.timeline()!
    box.scrollTop = (box.scrollHeight - box.clientHeight) / 2
  })
  await settle(page, 500)
  const found = await probe(page, (p) => {
    const box = p.timeline()!
    const view = box.getBoundingClientRect()
    const from = new Set(
      Array.from(document.querySelectorAll('g[data-from]')).map((g) => g.getAttribute('data-from')),
    )
    const bars = Array.from(document.querySelectorAll<SVGGElement>('.bar-wrapper[data-task-id]'))
    const mid = view.top + view.height / 2
    const candidates = bars
      .filter((g) => from.has(g.getAttribute('data-task-id')) && !g.closest('.summary'))
      .map((g) => ({ g, r: g.querySelector('rect.bar')!.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 20 && r.top > view.top + 80 && r.bottom < view.bottom - 40)
      .sort((a, b) => Math.abs(a.r.top - mid) - Math.abs(b.r.top - mid))
    return candidates[0]?.g.getAttribute('data-task-id') ?? undefined
  })
  if (!found) throw new Error('no task with a successor in view mid-board')
  return found
}

/**
 * Scrolls the task's bar to 600 px into the view and returns a point on it (its left part, off
 * the resize handle). Checked with elementFromPoint: a point off the bar would drag a span of
 * days (the New task dialog) instead: until this check (2026-11-24), the point was taken before
 * the scroll scenario moved the view, and every figure of drag and drop was of that.
 */
async function pointOnBar(page: Page, id: string): Promise<{ id: string; x: number; y: number }> {
  await page.evaluate((taskId) => {
    const box = document.querySelector<HTMLElement>('[data-testid="timeline"]')!
    const view = box.getBoundingClientRect()
    const r = document
      .querySelector(`.bar-wrapper[data-task-id="${CSS.escape(taskId)}"] rect.bar`)!
      .getBoundingClientRect()
    box.scrollLeft += r.left - (view.left + 600)
    box.scrollTop += r.top - (view.top + view.height / 2)
  }, id)
  await settle(page, 500)
  const point = await page.evaluate((taskId) => {
    const r = document
      .querySelector(`.bar-wrapper[data-task-id="${CSS.escape(taskId)}"] rect.bar`)!
      .getBoundingClientRect()
    const x = r.left + Math.min(30, r.width / 2)
    const y = r.top + r.height / 2
    const hit = document.elementFromPoint(x, y)?.closest('.bar-wrapper')
    return { x, y, onBar: hit?.getAttribute('data-task-id') === taskId }
  }, id)
  if (!point.onBar) throw new Error(`the point taken to drag ${id} is not on its bar`)
  return { id, x: point.x, y: point.y }
}

/** The bar's left edge on screen, px. */
const barLeft = (page: Page, id: string) =>
  page.evaluate(
    (taskId) =>
      document
        .querySelector(`.bar-wrapper[data-task-id="${CSS.escape(taskId)}"] rect.bar`)
        ?.getBoundingClientRect().left,
    id,
  )

const samples = (page: Page, which: 'moves' | 'keys' | 'ups') =>
  probe(page, (p, w: 'moves' | 'keys' | 'ups') => p[w].length, which)

async function waitSamples(page: Page, which: 'moves' | 'keys' | 'ups', count: number) {
  await page.waitForFunction(
    ([w, n]) =>
      (window as unknown as { appProbe: AppProbe }).appProbe[w as 'moves'].length >= (n as number),
    [which, count] as const,
  )
}

async function scroll(page: Page, axis: ScrollAxis, steps: number, px: number): Promise<Sample[]> {
  const out: Sample[] = []
  for (let i = 0; i < steps; i += 1) {
    out.push(
      await probe(page, (p, a: [ScrollAxis, number]) => p.scrollStep(a[0], a[1]), [axis, px]),
    )
  }
  return out
}

/** One run's figures: a row of the table before the runs are put together. */
type RunResult = Omit<AppRow, 'tasks' | 'loaded' | 'dependencies' | 'paintMs'> & { paintMs: number }

async function oneRun(url: string, mock: string, tasks: number): Promise<RunResult> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await browser.newPage({ viewport: VIEW })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.addInitScript({ content: mock })
    // Profiled from before the page loads: the board's hand-over, the store and the first frame.
    await profiled(page, 'first paint', async () => {
      await page.goto(url)
      await page.waitForFunction(
        () => !Number.isNaN((window as unknown as { appProbe: AppProbe }).appProbe.firstFrameAt),
        undefined,
        { timeout: 180_000 },
      )
    })
    const first = await probe(page, (p) => ({
      paint: p.firstFrameAt - p.snapshotAt,
      load: p.firstFrameAt,
    }))
    await settle(page, 1000)
    const heap = await heapMb(page)

    const targetId = await midBoardTarget(page)
    await pointOnBar(page, targetId)
    const counts = await page.evaluate(() => ({
      bars: document.querySelectorAll('.bar-wrapper[data-task-id]').length,
      arrows: document.querySelectorAll('g[data-link-id]').length,
      elements: document.querySelectorAll('[data-testid="timeline"] *').length,
    }))
    const scrolled = await traced(page, 'scroll', () =>
      profiled(page, 'scroll', async () => [
        ...(await scroll(page, 'y', SCROLL_STEPS, SCROLL_PX)),
        ...(await scroll(page, 'y', SCROLL_STEPS, -SCROLL_PX)),
        ...(await scroll(page, 'x', SCROLL_STEPS / 2, SCROLL_PX)),
      ]),
    )
    await settle(page)
    // A fling: the view scrolled on every frame, down then up (frames between two animation
    // frames; a frame that misses its vsync shows as a long one).
    const fling: number[] = []
    for (const px of [FLING_PX, -FLING_PX]) {
      fling.push(
        ...(await probe(page, (p, a: [number, number]) => p.scrollRun('y', a[0], a[1]), [
          px,
          FLING_FRAMES,
        ])),
      )
      await settle(page)
    }

    // Drag the task with dependents; the what-if cascade shows its successors as ghosts. The
    // scroll above moved the view: the bar is brought back first.
    const target = await pointOnBar(page, targetId)
    const before = await barLeft(page, target.id)
    await probe(page, (p) => {
      p.moves.length = 0
      p.ups.length = 0
      p.keys.length = 0
    })
    await page.mouse.move(target.x, target.y)
    await page.mouse.down()
    let x = target.x
    for (let i = 0; i < 2; i += 1) await page.mouse.move((x += DRAG_STEP_PX), target.y)
    await probe(page, (p) => (p.recording = true))
    for (let i = 1; i <= DRAG_MOVES; i += 1) {
      await page.mouse.move((x += DRAG_STEP_PX), target.y)
      await waitSamples(page, 'moves', i)
    }
    // Shift at the drop: apply the whole cascade without asking (one edit).
    await page.keyboard.down('Shift')
    await profiled(page, 'drop', async () => {
      await page.mouse.up()
      await waitSamples(page, 'ups', 1)
    })
    await page.keyboard.up('Shift')
    await probe(page, (p) => (p.recording = false))
    const moved = await samples(page, 'moves')
    if (moved < DRAG_MOVES) throw new Error(`drag: ${moved} samples`)
    const drag = await probe(page, (p) => p.moves.slice())
    const drop = await probe(page, (p) => p.ups.slice())
    await settle(page, 500)
    // The drop must have moved the bar (and opened nothing): otherwise the figures above are
    // not a bar's drag and drop.
    const after = await barLeft(page, target.id)
    if (before === undefined || after === undefined || after - before < DRAG_STEP_PX)
      throw new Error(`the dragged bar ${target.id} did not move (${before} -> ${after})`)
    const dialogs = await page.locator('[role="dialog"]').count()
    if (dialogs > 0) throw new Error(`the drop opened ${dialogs} dialog(s)`)

    // Refresh after the edit: the board is reloaded and rows take their new order.
    const refresh = [await profiled(page, 'refresh', () => probe(page, (p) => p.refresh()))]
    await settle(page, 500)

    // Zoom: '-' and '+' about the centre of the view.
    await page.mouse.click(5, VIEW.height - 5).catch(() => undefined)
    await probe(page, (p) => {
      p.keys.length = 0
      p.recording = true
    })
    await traced(page, 'zoom', () =>
      profiled(page, 'zoom', async () => {
        for (let i = 0; i < ZOOM_STEPS; i += 1) {
          for (const key of ['-', '+']) {
            const n = await samples(page, 'keys')
            await page.keyboard.press(key)
            await waitSamples(page, 'keys', n + 1)
            await settle(page, 300)
          }
        }
      }),
    )
    await probe(page, (p) => (p.recording = false))
    const zoom = await probe(page, (p) => p.keys.slice())
    const heapAfter = await heapMb(page)
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`)
    log(
      `app ${tasks}: paint ${first.paint.toFixed(0)} ms, scroll p95 ${p95(scrolled).toFixed(1)} ms, drag p95 ${p95(drag).toFixed(1)} ms, drop ${drop[0]?.settledMs.toFixed(0)} ms, refresh ${refresh[0]?.settledMs.toFixed(0)} ms, zoom median ${median(zoom.map((s) => s.settledMs)).toFixed(0)} ms, heap ${heap.toFixed(0)} MB`,
    )
    return {
      paintMs: first.paint,
      loadMs: first.load,
      heapMb: heap,
      heapAfterMb: heapAfter,
      scroll: scrolled,
      fling,
      drag,
      drop,
      refresh,
      zoom,
      ...counts,
    }
  } finally {
    await browser.close()
  }
}

function p95(list: readonly Sample[]): number {
  const sorted = list.map((s) => s.frameMs).sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? Number.NaN
}

async function measureApp(tasks: number, runs: number, mock: string): Promise<AppRow> {
  const file = boardFile(tasks)
  const { url, server } = await serve(file)
  try {
    const results: RunResult[] = []
    for (let run = 0; run < runs; run += 1) results.push(await oneRun(url, mock, tasks))
    const all = (pick: (r: RunResult) => Sample[]) => results.flatMap(pick)
    const board = readBoard(file)
    return {
      tasks,
      loaded: board.tasks.length,
      dependencies: board.dependencies.length,
      paintMs: results.map((r) => r.paintMs),
      loadMs: median(results.map((r) => r.loadMs)),
      heapMb: median(results.map((r) => r.heapMb)),
      heapAfterMb: median(results.map((r) => r.heapAfterMb)),
      scroll: all((r) => r.scroll),
      fling: results.flatMap((r) => r.fling),
      drag: all((r) => r.drag),
      drop: all((r) => r.drop),
      refresh: all((r) => r.refresh),
      zoom: all((r) => r.zoom),
      bars: median(results.map((r) => r.bars)),
      arrows: median(results.map((r) => r.arrows)),
      elements: median(results.map((r) => r.elements)),
    }
  } finally {
    server.close()
  }
}

/** The whole benchmark (the command line's), printing its section. */
async function main(): Promise<void> {
  const runs = Math.max(1, Number(options.runs))
  const sizes = options.sizes.split(',').map(Number)
  const loadBefore = loadavg()[0]!
  if (!options['no-build']) {
    log('app-path bench: building the renderer')
    await buildRenderer(options.profile)
  }
  const mock = await bundleMock()
  const appRows: AppRow[] = []
  const stockRows: StockRow[] = []
  let version = ''
  for (const tasks of sizes) {
    appRows.push(await measureApp(tasks, runs, mock))
    if (!options['no-stock']) stockRows.push(await measureStock(readBoard(boardFile(tasks)), log))
  }
  {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    version = browser.version()
    await browser.close()
  }
  const cpu = cpus()
  const section = renderAppSection(appRows, stockRows, {
    command: `node --import tsx bench/timeline/app-path.ts${options.write ? ' --write' : ''}${options.runs !== '3' ? ` --runs ${runs}` : ''}`,
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}, Chromium ${version} (headless, --disable-gpu); load average ${loadBefore.toFixed(2)} before the run and ${loadavg()[0]!.toFixed(2)} after it`,
    runs,
    view: VIEW,
    scroll: { steps: SCROLL_STEPS, px: SCROLL_PX },
    fling: { frames: FLING_FRAMES, px: FLING_PX },
    drag: { moves: DRAG_MOVES, px: DRAG_STEP_PX },
    zoomSteps: ZOOM_STEPS,
  })
  process.stdout.write(section)
  if (options.write) log(`wrote ${await writeAppSection(section)}`)
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`)
    process.exitCode = 1
  })
}
