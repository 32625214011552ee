// Stock frappe-gantt 1.2.2 (its own UMD build and CSS, default options: Day view) on the app-path
// benchmark's board, for comparison: every dated task and its dependencies, first paint, a page
// scroll mid-board, a drag of a task with dependents (stock moves them along), a change to Week
// view, JS heap. One run (it is the slow side); a step that runs past STOCK_LIMIT_MS is stopped
// and reported as such.
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/chromium'
import type { AppBoard } from './app-board'
import type { StockRow } from './app-report'
import type { Sample } from './app-page-api'

const STOCK_DIR = join(import.meta.dirname, '../../node_modules/frappe-gantt/dist')
export const STOCK_LIMIT_MS = 120_000
const STEPS = 20

interface StockTask {
  id: string
  name: string
  start: string
  end: string
  progress: number
  dependencies: string
}

function stockTasks(board: AppBoard): StockTask[] {
  const dated = board.tasks.filter((t) => t.startDate || t.dueDate)
  const ids = new Set(dated.map((t) => t.id))
  const preds = new Map<string, string[]>()
  for (const d of board.dependencies) {
    if (!ids.has(d.predecessorId) || !ids.has(d.successorId)) continue
    preds.set(d.successorId, [...(preds.get(d.successorId) ?? []), d.predecessorId])
  }
  return dated.map((t) => ({
    id: t.id,
    name: t.title,
    start: (t.startDate || t.dueDate).slice(0, 10),
    end: (t.dueDate || t.startDate).slice(0, 10),
    progress: 0,
    dependencies: (preds.get(t.id) ?? []).join(','),
  }))
}

function limited<T>(work: Promise<T>): Promise<T | undefined> {
  return Promise.race([
    work,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), STOCK_LIMIT_MS)),
  ])
}

/** The page's JS heap after a forced GC, MB. */
export async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  await cdp.detach()
  return usedSize / 1_048_576
}

/** Page-side helpers, installed once: the frame probe and the chart. */
function install(): void {
  const w = window as unknown as Record<string, unknown>
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
  const task = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
  const sampleFrom = async (t0: number) => {
    await frame()
    await task()
    const frameMs = performance.now() - t0
    await frame()
    await task()
    return { frameMs, settledMs: performance.now() - t0 }
  }
  w.sampleFrom = sampleFrom
  w.moves = []
  window.addEventListener(
    'mousemove',
    () => {
      if (w.recording)
        void sampleFrom(performance.now()).then((s) => (w.moves as unknown[]).push(s))
    },
    true,
  )
}

export async function measureStock(
  board: AppBoard,
  log: (line: string) => void,
): Promise<StockRow> {
  const tasks = stockTasks(board)
  const row: StockRow = {
    tasks: board.tasks.length,
    drawn: tasks.length,
    paintMs: Number.NaN,
    scroll: [],
    fling: [],
    drag: [],
    zoomMs: Number.NaN,
    heapMb: Number.NaN,
    elements: Number.NaN,
    stopped: '',
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body>')
    await page.addStyleTag({ path: join(STOCK_DIR, 'frappe-gantt.css') })
    await page.addScriptTag({ path: join(STOCK_DIR, 'frappe-gantt.umd.js') })
    // tsx names the functions it compiles through a helper the page does not have.
    await page.evaluate('globalThis.__name = (f) => f')
    await page.evaluate(install)
    const paint = await limited(
      page.evaluate(async (list) => {
        const w = window as unknown as Record<string, unknown>
        const Gantt = w.Gantt as new (host: HTMLElement, tasks: unknown[]) => unknown
        const host = document.createElement('div')
        document.body.appendChild(host)
        const t0 = performance.now()
        w.chart = new Gantt(host, list)
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
        return {
          ms: performance.now() - t0,
          elements: host.querySelectorAll('*').length,
        }
      }, tasks),
    )
    if (!paint) {
      row.stopped = `first paint stopped after ${STOCK_LIMIT_MS / 1000} s`
      log(`stock ${row.tasks}: ${row.stopped}`)
      return row
    }
    row.paintMs = paint.ms
    row.elements = paint.elements
    row.heapMb = await heapMb(page)
    log(`stock ${row.tasks}: paint ${paint.ms.toFixed(0)} ms`)
    // Mid-board: a bar with dependents near the middle of the page.
    const target = await page.evaluate(() => {
      const w = window as unknown as {
        chart: {
          bars: { task: { id: string }; $bar: SVGRectElement }[]
          dependency_map: Record<string, string[] | undefined>
          $container: HTMLElement
        }
      }
      const { bars, dependency_map: deps, $container } = w.chart
      const middle = bars.slice(Math.floor(bars.length / 2))
      const bar = middle.find((b) => (deps[b.task.id]?.length ?? 0) > 0) ?? middle[0]!
      window.scrollTo(0, 0)
      $container.scrollLeft = Number(bar.$bar.getAttribute('x')) - 400
      window.scrollTo(0, bar.$bar.getBoundingClientRect().top - 450)
      return bar.task.id
    })
    await page.waitForTimeout(1500)
    const scrolled = await limited(
      page.evaluate(async (steps) => {
        const w = window as unknown as { sampleFrom(t0: number): Promise<Sample> }
        const out: Sample[] = []
        for (let i = 0; i < steps; i += 1) {
          const t0 = performance.now()
          window.scrollBy(0, i < steps / 2 ? 96 : -96)
          await new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }))
          out.push(await w.sampleFrom(t0))
        }
        return out
      }, STEPS),
    )
    if (!scrolled) {
      row.stopped = `scrolling stopped after ${STOCK_LIMIT_MS / 1000} s`
      return row
    }
    row.scroll = scrolled
    // The fling, as the app path's: the page scrolled by 96 px in each of 60 frames, down then up.
    const fling = await limited(
      page.evaluate(async () => {
        const out: number[] = []
        for (const dy of [96, -96]) {
          let last = Number.NaN
          await new Promise<void>((done) => {
            let left = 60
            const step = () => {
              const now = performance.now()
              if (!Number.isNaN(last)) out.push(now - last)
              last = now
              if (left-- === 0) return done()
              window.scrollBy(0, dy)
              requestAnimationFrame(step)
            }
            requestAnimationFrame(step)
          })
        }
        return out
      }),
    )
    if (!fling) {
      row.stopped = `the fling stopped after ${STOCK_LIMIT_MS / 1000} s`
      return row
    }
    row.fling = fling
    await page.waitForTimeout(1000)
    const point = await page.evaluate((id) => {
      const r = document
        .querySelector(`.bar-wrapper[data-id="${CSS.escape(id)}"] .bar`)!
        .getBoundingClientRect()
      return { x: r.left + Math.min(30, r.width / 2), y: r.top + r.height / 2 }
    }, target)
    await page.mouse.move(point.x, point.y)
    await page.mouse.down()
    let x = point.x
    for (let i = 0; i < 2; i += 1) await page.mouse.move((x += 12), point.y)
    await page.evaluate(() => ((window as unknown as { recording: boolean }).recording = true))
    const dragged = await limited(
      (async () => {
        for (let i = 1; i <= STEPS; i += 1) {
          await page.mouse.move((x += 12), point.y)
          await page.waitForFunction(
            (n) => (window as unknown as { moves: unknown[] }).moves.length >= n,
            i,
            { timeout: STOCK_LIMIT_MS },
          )
        }
        return true
      })(),
    )
    await page.mouse.up()
    row.drag = await page.evaluate(() => (window as unknown as { moves: Sample[] }).moves)
    if (!dragged) row.stopped = `drag stopped after ${STOCK_LIMIT_MS / 1000} s`
    const zoom = await limited(
      page.evaluate(async () => {
        const w = window as unknown as { chart: { change_view_mode(mode: string): void } }
        const t0 = performance.now()
        w.chart.change_view_mode('Week')
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
        return performance.now() - t0
      }),
    )
    if (zoom === undefined) row.stopped ||= `zoom stopped after ${STOCK_LIMIT_MS / 1000} s`
    else row.zoomMs = zoom
    return row
  } finally {
    await browser.close()
  }
}
