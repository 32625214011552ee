// Filtering benchmark (issue 11): the real planner in browser mode on a 5,000-task local board,
// in headless Chromium, typing into the Filters panel's Tag field as a user does. Each keystroke
// is timed from its keydown (first listener, capture phase) to the end of the frame after the
// last change it made to the page (requestAnimationFrame, then a zero timeout): the filter, the
// layout of every shown task, the React render of the tree, the chart's redraw and the browser's
// paint are all inside. The text typed
// ("ui,backend,infra", then erased) makes every keystroke re-filter the whole board, with
// results from all 5,000 tasks down to a fifth of them. Target: ≤ 50 ms per keystroke.
//
//   node --import tsx bench/timeline/filter-bench.ts [--write] [--runs 3] [--tasks 5000] [--verbose]
//
// bench/timeline/run.ts runs it too, after the timeline figures.
import { writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Page } from 'playwright-core'
import { median, percentile } from './report'
import { writeDocSection } from '../doc-section'
import { startPlanner } from '../../test/e2e/harness'

export const FILTER_HEADING = '## Filtering (issue 11)'
const TYPED = 'ui,backend,infra'
const TARGET_MS = 50
/** A keystroke's changes are over when the page has not changed for this long, ms. */
const QUIET_MS = 300

export interface FilterBenchOptions {
  write?: boolean
  runs?: number
  tasks?: number
  /** Logs every keystroke's time and what it left shown. */
  verbose?: boolean
  /** Writes a Chromium trace of each run's keystrokes to the temp folder. */
  trace?: boolean
  /** Writes a CPU profile of each run's keystrokes to the temp folder (an unminified build). */
  profile?: boolean
  log?: (line: string) => void
}

/** `readable`: unminified, so that a CPU profile names the planner's own functions. */
async function buildRenderer(readable = false): Promise<void> {
  const { default: config } = await import('../../vite.renderer.config')
  const { build } = await import('vite')
  await build({
    ...config,
    logLevel: 'warn',
    ...(readable ? { build: { ...config.build, minify: false } } : {}),
  })
}

/**
 * Presses `key` and waits until its own sample is closed: the page has been quiet for QUIET_MS
 * after the last change it made. The next key is pressed only then, so one keystroke's frames
 * are never counted in the next one's sample.
 */
async function press(page: Page, key: string): Promise<void> {
  const before = await page.evaluate(
    () => (window as unknown as { keySamples: number[] }).keySamples.length,
  )
  await page.keyboard.press(key)
  await page.waitForFunction(
    (n) => (window as unknown as { keySamples: number[] }).keySamples.length > n,
    before,
    { timeout: 30_000 },
  )
}

async function oneRun(
  page: Page,
): Promise<{ samples: number[]; redrew: boolean[]; counts: string[] }> {
  // tsx compiles this file keeping function names (esbuild's __name helper), which the page
  // has not got; the in-page code below names its helpers.
  await page.evaluate('globalThis.__name = (fn) => fn')
  // Clearing the field presses Delete; it is done before the keystrokes are watched, so that
  // its sample is not counted (it was, until 2026-11-24: every sample was the key before's,
  // and each was cut short by the next keydown, see docs/benchmarks.md).
  const tag = page.getByRole('region', { name: 'Filter tasks' }).getByLabel('Tag', { exact: true })
  await tag.fill('')
  await tag.focus()
  await page.evaluate((quietMs) => {
    const w = window as unknown as { keySamples: number[]; keyRedrew: boolean[] }
    w.keySamples = []
    w.keyRedrew = []
    // A keystroke's sample runs from its keydown to the end of the frame after the LAST change
    // it made to the page: the tree and the count change in the input's own task, the chart
    // in React's passive effects after it, and a sample that stopped at the first frame would
    // leave the chart's redraw out. Changes are seen with a MutationObserver; the sample is
    // closed once the page has stayed unchanged for quietMs.
    let start: number | undefined
    let frameAfterLast = 0
    /** The tree's rows or the chart changed during this sample. */
    let redrew = false
    let quiet: ReturnType<typeof setTimeout> | undefined
    const close = () => {
      if (start === undefined) return
      w.keySamples.push(frameAfterLast - start)
      w.keyRedrew.push(redrew)
      start = undefined
    }
    const changed = (mutations: MutationRecord[]) => {
      if (start === undefined) return
      redrew ||= mutations.some((m) => {
        const target = m.target instanceof Element ? m.target : m.target.parentElement
        return target?.closest('.task-tree, .chart-host') != null
      })
      requestAnimationFrame(() =>
        setTimeout(() => {
          frameAfterLast = performance.now()
          clearTimeout(quiet)
          quiet = setTimeout(close, quietMs)
        }, 0),
      )
    }
    new MutationObserver(changed).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
    document.addEventListener(
      'keydown',
      () => {
        close()
        start = performance.now()
        frameAfterLast = start
        redrew = false
        changed([])
      },
      { capture: true },
    )
  }, QUIET_MS)
  const counts: string[] = []
  const count = async () =>
    counts.push((await page.getByTestId('filter-count').textContent()) ?? '')
  for (const key of TYPED) {
    await press(page, key)
    await count()
  }
  for (let i = 0; i < TYPED.length; i += 1) {
    await press(page, 'Backspace')
    await count()
  }
  const { samples, redrew } = await page.evaluate(() => {
    const w = window as unknown as { keySamples: number[]; keyRedrew: boolean[] }
    return { samples: w.keySamples, redrew: w.keyRedrew }
  })
  return { samples, redrew, counts }
}

export async function runFilterBench(options: FilterBenchOptions = {}): Promise<string> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const runs = Math.max(1, options.runs ?? 3)
  const tasks = options.tasks ?? 5_000
  const loadBefore = loadavg()[0]!
  log('filter bench: building the renderer')
  await buildRenderer(options.profile)
  const samples: number[] = []
  /** Keystrokes after which a different set of tasks was shown. */
  const changing: number[] = []
  const runMedians: number[] = []
  let counts: string[] = []
  let version = ''
  let loaded = 0
  for (let run = 0; run < runs; run += 1) {
    const planner = await startPlanner({ localTasks: tasks })
    try {
      const { page } = planner
      version = planner.browser.version()
      await page.goto(planner.url)
      await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 120_000 })
      // The sync has finished when the status bar says how complete the board is; a large
      // board may load a little less than all of it (see bench:sync), which is what is filtered.
      await page.waitForFunction(
        () =>
          /tasks(, complete| ·)/.test(
            document.querySelector('[data-testid="coverage"]')?.textContent ?? '',
          ),
        undefined,
        { timeout: 300_000 },
      )
      const shownText = (await page.getByTestId('filter-count').textContent()) ?? ''
      loaded = Number(/of (\d+) tasks shown/.exec(shownText)?.[1])
      await page.getByRole('button', { name: 'Filters', exact: true }).click()
      const traceFile = join(tmpdir(), `filter-bench-run${run + 1}.trace.json`)
      if (options.trace)
        await planner.browser.startTracing(page, {
          path: traceFile,
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc'],
        })
      const cdp = options.profile ? await page.context().newCDPSession(page) : undefined
      if (cdp) {
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
        await cdp.send('Profiler.start')
      }
      const result = await oneRun(page)
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop')
        const file = join(tmpdir(), `filter-bench-run${run + 1}.cpuprofile`)
        writeFileSync(file, JSON.stringify(profile))
        log(`filter bench run ${run + 1}: CPU profile written to ${file}`)
      }
      if (options.trace) {
        await planner.browser.stopTracing()
        log(`filter bench run ${run + 1}: trace written to ${traceFile}`)
      }
      samples.push(...result.samples)
      result.samples.forEach((ms, i) => {
        if (result.redrew[i]) changing.push(ms)
      })
      runMedians.push(median(result.samples))
      if (options.verbose)
        result.samples.forEach((ms, i) =>
          log(
            `  key ${i + 1}: ${ms.toFixed(1)} ms${result.redrew[i] ? ' (redrew)' : ''}, ${result.counts[i]}`,
          ),
        )
      counts = result.counts
      log(
        `filter bench run ${run + 1}: median ${median(result.samples).toFixed(1)} ms per keystroke`,
      )
    } finally {
      await planner.close()
    }
  }
  const shown = [...new Set(counts)]
  if (!shown.some((c) => c.startsWith(`${loaded} of`)) || shown.length < 3)
    throw new Error(`the filter did not change what was shown: ${shown.join(' | ')}`)
  const cpu = cpus()
  const p50 = median(samples)
  const p95 = percentile(samples, 95)
  const fmt = (n: number) => n.toFixed(1)
  const section = [
    FILTER_HEADING,
    '',
    `Command: \`node --import tsx bench/timeline/filter-bench.ts${options.write ? ' --write' : ''}${runs !== 3 ? ` --runs ${runs}` : ''}\` (${new Date().toISOString().slice(0, 10)}). Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}, Chromium ${version} (headless); load average ${loadBefore.toFixed(2)} before the run and ${loadavg()[0]!.toFixed(2)} after it.`,
    '',
    `The planner in browser mode (the built renderer, \`src-main/web/main.ts\`) on a local board of ${tasks.toLocaleString('en-US')} seeded tasks, synced (${loaded.toLocaleString('en-US')} loaded), in a 1400×900 page. The Filters panel's Tag field gets "${TYPED}" typed one key at a time, then erased with Backspace: ${TYPED.length * 2} keystrokes per run, each re-filtering the whole board (shown: ${shown.join('; ')}). Each keystroke is timed from its keydown to the end of the frame after the last change it made to the page (seen by a MutationObserver; requestAnimationFrame, then a zero timeout; the page unchanged for ${QUIET_MS} ms ends it): matching, layout of the shown tasks, the tree, the chart's redraw (for a new set of shown tasks in React's layout effects, in the keystroke's own task; before 2026-11-24 in its passive effects, after a paint), paint. Earlier runs of this bench stopped at the first frame after the keydown, before the chart's redraw. ${runs} run(s), each in a fresh planner and browser.`,
    '',
    '| Tasks | Keystrokes | Median ms per keystroke | p95 ms | Run medians ms | Keystrokes that redrew tree or chart: n, median / p95 ms | Target ≤ 50 ms every keystroke (p95): all / those that redrew |',
    '| ----: | ---------: | ----------------------: | -----: | -------------- | --------------------------------------------------------- | ------------------------------------------------------------------------- |',
    `| ${tasks.toLocaleString('en-US')} | ${samples.length} | ${fmt(p50)} | ${fmt(p95)} | ${runMedians.map(fmt).join(', ')} | ${changing.length}, ${fmt(median(changing))} / ${fmt(percentile(changing, 95))} | ${p95 <= TARGET_MS ? '**yes**' : '**no**'} / ${percentile(changing, 95) <= TARGET_MS ? '**yes**' : '**no**'} |`,
    '',
    'A keystroke that leaves the shown tasks as they were (a comma, a half-typed tag) reuses the last layout; one that changes them lays out the shown tasks again (`buildModel`, O(N)) and redraws tree and timeline, the larger cost, reported on its own ("redrew": the tree\'s rows or the chart changed during the sample, seen by the MutationObserver).',
    '',
  ].join('\n')
  if (options.write) log(`wrote ${await writeDocSection(FILTER_HEADING, section)}`)
  return section
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values } = parseArgs({
    options: {
      write: { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      tasks: { type: 'string', default: '5000' },
      verbose: { type: 'boolean', default: false },
      /** A Chromium trace of each run's keystrokes, written to the temp folder. */
      trace: { type: 'boolean', default: false },
      /** A CPU profile of each run's keystrokes (an unminified build), written to the temp folder. */
      profile: { type: 'boolean', default: false },
    },
  })
  process.stdout.write(
    await runFilterBench({
      write: values.write,
      runs: Number(values.runs),
      tasks: Number(values.tasks),
      verbose: values.verbose,
      trace: values.trace,
      profile: values.profile,
    }),
  )
}
