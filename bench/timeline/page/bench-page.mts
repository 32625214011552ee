// The browser side of the timeline benchmark (bundled by esbuild, loaded by run.ts). One page
// measures one chart: stock frappe-gantt (its UMD build, loaded as a plain script: only the
// adapter imports the package) drawing the whole board, or the TimelineAdapter drawing the rows
// of a 1600 x 1000 viewport, redrawn from the data as an app would (every task laid out, the
// window's bars and the links that touch them handed over).
// Type-checked with the DOM by ../tsconfig.page.json.
// eslint-disable-next-line no-restricted-imports -- the benchmark drives the adapter itself
import { TimelineAdapter } from '../../../src-renderer/timeline/adapter/index.ts'
// eslint-disable-next-line no-restricted-imports -- as above
import type {
  AdapterBar,
  AdapterLink,
  RenderInput,
} from '../../../src-renderer/timeline/adapter/index.ts'
import { DAY_MS, YEAR_START_MS, isoDay, makeTasks } from '../data.ts'
import type { BenchTask } from '../data.ts'
import type { BenchPage, Chart, FrameSample, Paint, Point } from '../page-api.ts'

/** The parts of stock frappe-gantt the benchmark touches (UMD global `Gantt`). */
interface StockBar {
  $bar: SVGRectElement
}
interface StockGantt {
  refresh(tasks: StockTask[]): void
  get_bar(id: string): StockBar | undefined
  dependency_map: Record<string, string[] | undefined>
  $container: HTMLElement
}
interface StockTask {
  id: string
  name: string
  start: string
  end: string
  progress: number
  dependencies: string
}
type StockConstructor = new (wrapper: HTMLElement, tasks: StockTask[]) => StockGantt

const VIEW_WIDTH = 1600
const VIEW_HEIGHT = 1000
const ROW_HEIGHT = 48 // stock: bar_height 30 + padding 18
const BAR_HEIGHT = 30
const PX_PER_DAY = 45 // stock Day view column width
const OVERSCAN_ROWS = 10
const SCALE = {
  startMs: Date.UTC(2025, 11, 1),
  endMs: Date.UTC(2027, 1, 1),
  pxPerDay: PX_PER_DAY,
}
/** The task moved by refresh(): near the top, so it is in the adapter's window too. */
const EDITED = 5

const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let tasks: BenchTask[] = []
let chart: Chart = 'stock'
let dragged: { rect: SVGRectElement; x: number } | undefined

// --- stock -----------------------------------------------------------------------------------

let stock: StockGantt | undefined
let stockTasks: StockTask[] = []

function toStock(task: BenchTask): StockTask {
  return {
    id: `t${task.index}`,
    name: `Task ${task.index}`,
    start: isoDay(task.startDay),
    end: isoDay(task.startDay + task.days - 1),
    progress: (task.index * 37) % 100,
    dependencies: task.dependsOn < 0 ? '' : `t${task.dependsOn}`,
  }
}

// --- adapter, inside a small app shell -----------------------------------------------------------

let adapter: TimelineAdapter | undefined
let scroller: HTMLDivElement | undefined

/** What the app's layout gives every task (all N, each time: the window is cut from it). */
function layoutAll(): { bars: AdapterBar[]; links: AdapterLink[] } {
  const bars = tasks.map((t): AdapterBar => ({
    id: `t${t.index}`,
    label: `Task ${t.index}`,
    startMs: YEAR_START_MS + t.startDay * DAY_MS,
    endMs: YEAR_START_MS + (t.startDay + t.days) * DAY_MS,
    kind: 'bar',
    row: t.index,
  }))
  const links = tasks
    .filter((t) => t.dependsOn >= 0)
    .map((t): AdapterLink => ({
      id: `l${t.index}`,
      fromId: `t${t.dependsOn}`,
      toId: `t${t.index}`,
      lagDays: t.lagDays,
    }))
  return { bars, links }
}

/** The rows in view plus overscan, their links, and the bars at the links' other ends. */
function windowInput(): RenderInput {
  const { bars, links } = layoutAll()
  const top = scroller?.scrollTop ?? 0
  const firstRow = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN_ROWS)
  const rowCount = Math.min(
    bars.length - firstRow,
    Math.ceil(VIEW_HEIGHT / ROW_HEIGHT) + 2 * OVERSCAN_ROWS,
  )
  const inWindow = (row: number) => row >= firstRow && row < firstRow + rowCount
  const rowOf = (id: string) => Number(id.slice(1))
  const touching = links.filter((l) => inWindow(rowOf(l.fromId)) || inWindow(rowOf(l.toId)))
  const drawn = bars.slice(firstRow, firstRow + rowCount)
  const anchors = new Set<number>()
  for (const l of touching) {
    for (const row of [rowOf(l.fromId), rowOf(l.toId)]) if (!inWindow(row)) anchors.add(row)
  }
  return {
    bars: [...drawn, ...[...anchors].map((row) => bars[row] as AdapterBar)],
    links: touching,
    firstRow,
    rowCount,
  }
}

function mountAdapter(): void {
  const box = document.createElement('div')
  box.style.cssText = `position:relative;width:${VIEW_WIDTH}px;height:${VIEW_HEIGHT}px;overflow:auto`
  const body = document.createElement('div')
  const width = ((SCALE.endMs - SCALE.startMs) / DAY_MS) * PX_PER_DAY
  body.style.cssText = `position:relative;width:${width}px;height:${tasks.length * ROW_HEIGHT}px`
  box.appendChild(body)
  document.body.appendChild(box)
  scroller = box
  const timeline = new TimelineAdapter(body, {
    scale: SCALE,
    rowHeight: ROW_HEIGHT,
    barHeight: BAR_HEIGHT,
    onDragEnd: () => undefined,
    onBarClick: () => undefined,
  })
  adapter = timeline
  let queued = false
  box.addEventListener('scroll', () => {
    if (queued) return
    queued = true
    requestAnimationFrame(() => {
      queued = false
      timeline.render(windowInput())
    })
  })
  timeline.render(windowInput())
}

// --- drag frame probe --------------------------------------------------------------------------

let probing = false
let samples: FrameSample[] = []
let waiter: { count: number; resolve: () => void } | undefined

function onMove(): void {
  if (!probing) return
  const t0 = performance.now()
  requestAnimationFrame(() => {
    const raf = performance.now()
    setTimeout(() => {
      samples.push({ rafMs: raf - t0, frameMs: performance.now() - t0 })
      if (waiter && samples.length >= waiter.count) {
        waiter.resolve()
        waiter = undefined
      }
    }, 0)
  })
}
window.addEventListener('mousemove', onMove, true)

// --- the page's API ------------------------------------------------------------------------------

async function timed(work: () => void): Promise<Omit<Paint, 'elements'>> {
  const t0 = performance.now()
  work()
  // A forced layout, as the notes' method: the synchronous cost includes it.
  void document.body.offsetHeight
  const syncMs = performance.now() - t0
  await nextFrame()
  return { syncMs, frameMs: performance.now() - t0 }
}

const api: BenchPage = {
  async firstPaint(which, count) {
    chart = which
    tasks = makeTasks(count)
    let elements = 0
    if (which === 'stock') {
      stockTasks = tasks.map(toStock)
      const Gantt = (globalThis as unknown as { Gantt: StockConstructor }).Gantt
      const host = document.createElement('div')
      document.body.appendChild(host)
      const result = await timed(() => {
        stock = new Gantt(host, stockTasks)
      })
      elements = host.querySelectorAll('*').length
      return { ...result, elements }
    }
    const result = await timed(mountAdapter)
    elements = scroller?.querySelectorAll('*').length ?? 0
    return { ...result, elements }
  },

  async refresh() {
    const task = tasks[EDITED] as BenchTask
    tasks[EDITED] = { ...task, startDay: task.startDay + 1 }
    if (chart === 'stock') {
      stockTasks[EDITED] = toStock(tasks[EDITED] as BenchTask)
      return timed(() => stock?.refresh(stockTasks))
    }
    return timed(() => adapter?.render(windowInput()))
  },

  async newWindow() {
    if (chart === 'stock' || !scroller) return { syncMs: Number.NaN, frameMs: Number.NaN }
    const box = scroller
    box.scrollTop += 10 * ROW_HEIGHT
    return timed(() => adapter?.render(windowInput()))
  },

  async dragTarget(): Promise<Point> {
    // The last task: nobody depends on it, so only it moves in either chart (stock frappe also
    // drags a bar's dependents). Its one arrow follows it.
    const index = tasks.length - 1
    const id = `t${index}`
    let rect: SVGRectElement
    if (chart === 'stock' && stock) {
      rect = stock.get_bar(id)?.$bar as SVGRectElement
      stock.$container.scrollLeft = Number(rect.getAttribute('x')) - 300
      window.scrollTo(0, 0)
      window.scrollTo(0, rect.getBoundingClientRect().top - VIEW_HEIGHT / 2)
      // Stock runs its scroll handler (getBBox on every bar) on each scroll event.
      await sleep(1000)
    } else {
      const task = tasks[index] as BenchTask
      const x = ((YEAR_START_MS - SCALE.startMs) / DAY_MS + task.startDay) * PX_PER_DAY
      if (scroller) {
        scroller.scrollLeft = x - 300
        scroller.scrollTop = index * ROW_HEIGHT - VIEW_HEIGHT / 2
      }
      await sleep(100)
      await nextFrame()
      rect = document.querySelector(`[data-task-id="${id}"] rect.bar`) as SVGRectElement
    }
    await nextFrame()
    dragged = { rect, x: Number(rect.getAttribute('x')) }
    const box = rect.getBoundingClientRect()
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  },

  draggedPx() {
    return dragged ? Number(dragged.rect.getAttribute('x')) - dragged.x : Number.NaN
  },

  probeStart() {
    samples = []
    probing = true
  },

  waitFrames(count) {
    if (samples.length >= count) return Promise.resolve()
    return new Promise((resolve) => {
      waiter = { count, resolve }
    })
  },

  probeStop() {
    probing = false
    return samples
  },
}

;(globalThis as unknown as { benchPage: BenchPage }).benchPage = api
