// Timeline benchmark (issue C): stock frappe-gantt and the TimelineAdapter, same version, same
// board, same run, in Debian's headless Chromium: first paint, refresh after one edit, and drag
// frame times at 100, 1,000 and 5,000 tasks. Prints a markdown section; --write puts it into
// docs/benchmarks.md under "Timeline (issue C)". Then app-path.ts (its own section).
//
//   node --import tsx bench/timeline/run.ts [--write] [--runs 3] [--quick]
//
// Each chart and size gets a fresh browser; each run a fresh page. Chromium work is sequential
// (the machine has two cores).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import type { Page } from 'playwright-core'
import type { BenchPage, Chart, FrameSample } from './page-api'
import { measurePanelOpen } from './panel-open'
import { median, percentile, renderSection, writeSection } from './report'
import type { Row } from './report'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/chromium'
import { runFilterBench } from './filter-bench'

const HERE = import.meta.dirname
const STOCK_DIR = join(HERE, '../../node_modules/frappe-gantt/dist')
const DRAG_WARMUP = 2
const DRAG_MOVES = 40
const DRAG_STEP_PX = 12

const { values: options } = parseArgs({
  options: {
    write: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
  },
})
const runs = options.quick ? 1 : Math.max(1, Number(options.runs))
const sizes = options.quick ? [100] : [100, 1_000, 5_000]
const refreshesPerRun = options.quick ? 1 : 3

const log = (line: string) => process.stderr.write(`${line}\n`)

async function bundle(): Promise<{ js: string; css: string }> {
  const result = await build({
    entryPoints: [join(HERE, 'page', 'bench-page.mts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    write: false,
    outdir: join(HERE, '.bundle'),
    logLevel: 'silent',
  })
  const text = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? ''
  return { js: text('.js'), css: text('.css') }
}

function call<K extends keyof BenchPage>(
  page: Page,
  name: K,
  ...args: Parameters<BenchPage[K]>
): Promise<Awaited<ReturnType<BenchPage[K]>>> {
  return page.evaluate(
    ([method, params]) => {
      const api = (globalThis as unknown as { benchPage: Record<string, unknown> }).benchPage
      return (api[method] as (...a: unknown[]) => unknown)(...params)
    },
    [name, args] as [string, unknown[]],
  ) as Promise<never>
}

async function drag(page: Page): Promise<FrameSample[]> {
  const start = await call(page, 'dragTarget')
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  let x = start.x
  for (let i = 0; i < DRAG_WARMUP; i += 1) {
    x += DRAG_STEP_PX
    await page.mouse.move(x, start.y)
  }
  await call(page, 'probeStart')
  for (let i = 1; i <= DRAG_MOVES; i += 1) {
    x += DRAG_STEP_PX
    await page.mouse.move(x, start.y)
    await call(page, 'waitFrames', i)
  }
  const samples = await call(page, 'probeStop')
  const moved = await call(page, 'draggedPx')
  await page.mouse.up()
  if (!(moved > 0)) throw new Error(`the drag did not move the bar (moved ${moved} px)`)
  return samples
}

async function measure(
  chart: Chart,
  tasks: number,
  assets: { js: string; css: string },
): Promise<Row> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  const paints: { syncMs: number; frameMs: number }[] = []
  const refreshes: { syncMs: number; frameMs: number }[] = []
  const windows: { syncMs: number; frameMs: number }[] = []
  const frames: FrameSample[] = []
  let elements = 0
  try {
    for (let run = 0; run < runs; run += 1) {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      const css =
        chart === 'stock' ? readFileSync(join(STOCK_DIR, 'frappe-gantt.css'), 'utf8') : assets.css
      await page.setContent(
        `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}</style>` +
          `<style>${css}</style></head><body></body></html>`,
      )
      if (chart === 'stock')
        await page.addScriptTag({ path: join(STOCK_DIR, 'frappe-gantt.umd.js') })
      await page.addScriptTag({ content: assets.js })
      const paint = await call(page, 'firstPaint', chart, tasks)
      paints.push(paint)
      elements = paint.elements
      for (let i = 0; i < refreshesPerRun; i += 1) refreshes.push(await call(page, 'refresh'))
      for (let i = 0; i < refreshesPerRun; i += 1) windows.push(await call(page, 'newWindow'))
      frames.push(...(await drag(page)))
      await page.close()
      if (errors.length) throw new Error(`${chart} ${tasks}: page errors: ${errors.join('; ')}`)
      log(
        `${chart} ${tasks} run ${run + 1}: paint ${paint.frameMs.toFixed(0)} ms, refresh ` +
          `${refreshes.at(-1)?.frameMs.toFixed(1)} ms, drag frame p95 ` +
          `${percentile(
            frames.map((f) => f.frameMs),
            95,
          ).toFixed(1)} ms`,
      )
    }
  } finally {
    await browser.close()
  }
  const rafs = frames.map((f) => f.rafMs)
  const frameTimes = frames.map((f) => f.frameMs)
  return {
    chart,
    tasks,
    paintSync: median(paints.map((p) => p.syncMs)),
    paintFrame: median(paints.map((p) => p.frameMs)),
    paintRuns: paints.map((p) => p.frameMs),
    refreshSync: median(refreshes.map((r) => r.syncMs)),
    refreshFrame: median(refreshes.map((r) => r.frameMs)),
    windowFrame: median(windows.map((w) => w.frameMs)),
    rafP50: percentile(rafs, 50),
    rafP95: percentile(rafs, 95),
    frameP50: percentile(frameTimes, 50),
    frameP95: percentile(frameTimes, 95),
    dragSamples: frames.length,
    refreshSamples: refreshes.length,
    elements,
  }
}

const loadBefore = loadavg()[0]!
const assets = await bundle()
const browserVersion = await (async () => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  })
  const version = browser.version()
  await browser.close()
  return version
})()
const rows: Row[] = []
for (const tasks of sizes) {
  for (const chart of ['stock', 'adapter'] as const) rows.push(await measure(chart, tasks, assets))
}
const cpu = cpus()
const section = renderSection(rows, {
  command: `node --import tsx bench/timeline/run.ts${options.write ? ' --write' : ''}${
    options.runs !== '3' ? ` --runs ${options.runs}` : ''
  }${options.quick ? ' --quick' : ''}`,
  date: new Date().toISOString().slice(0, 10),
  machine: `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}, Chromium ${browserVersion} (headless, --disable-gpu); load average ${loadBefore.toFixed(2)} before the run and ${loadavg()[0]!.toFixed(2)} after it`,
  runs,
  refreshesPerRun,
  dragMoves: DRAG_MOVES,
  dragStepPx: DRAG_STEP_PX,
})
process.stdout.write(section)
if (options.write) log(`wrote ${await writeSection(section)}`)
process.stdout.write(await measurePanelOpen({ write: options.write, quick: options.quick, log }))
// Filtering 5,000 tasks per keystroke in the real planner (issue 11), its own section.
if (!options.quick) process.stdout.write(await runFilterBench({ write: options.write, runs }))
// The timeline through the app's own path at 5,000 and 50,000 tasks (issue 13, item 10), its own
// section: a process of its own (it builds the renderer and runs on import). --quick: 5,000 only.
const appPath = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    join(HERE, 'app-path.ts'),
    ...(options.write ? ['--write'] : []),
    '--runs',
    String(runs),
    ...(options.quick ? ['--sizes', '5000', '--no-stock'] : []),
  ],
  { stdio: 'inherit' },
)
if (appPath.status !== 0) process.exitCode = appPath.status ?? 1
