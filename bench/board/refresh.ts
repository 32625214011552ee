// Board refresh benchmark (issue 7): a browser-mode refresh of a big local board, timed from
// outside the planner as the browser sees it, with the planner process's heap and event loop.
// Prints a markdown section; --write puts it into docs/benchmarks.md. Not a test: it exits 0
// whatever the figures.
//
//   node --import tsx bench/board/refresh.ts [--tasks 10000,50000] [--runs 5] [--write] [--fresh]
//                                            [--planner <label>=<checkout>]... [--profile]
//                                            [--from-last]
//
// Each --planner measures the planner of a checkout (its own src-main; this tree's benchmark and
// node_modules) in the same run, e.g. `--planner before=../old --planner after=.`, for a
// before/after on the same machine. Default: `--planner this=.`
import { fork, execFileSync } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import type { ToParent, ToPlanner } from './planner-messages'
import { median, renderSection, writeSection } from './report'
import type { Context, Measured, Refresh } from './report'
import type { ProfileSummary } from './profile-summary'

const ROOT = resolve(import.meta.dirname, '../..')
const { values: options } = parseArgs({
  options: {
    /** Board sizes, comma-separated. */
    tasks: { type: 'string', default: '10000,50000' },
    runs: { type: 'string', default: '5' },
    write: { type: 'boolean', default: false },
    planner: { type: 'string', multiple: true, default: ['this=.'] },
    fresh: { type: 'boolean', default: false },
    /** One more refresh, CPU-profiled: where the planner's main thread spends it. */
    profile: { type: 'boolean', default: false },
    /** Measure nothing: render the section again from the last run's saved figures. */
    'from-last': { type: 'boolean', default: false },
  },
})
const sizes = options.tasks.split(',').map(Number)
const runs = Number(options.runs)
if (!(sizes.every((n) => Number.isInteger(n) && n > 0) && runs >= 1))
  throw new Error('bad --tasks or --runs')
const planners = options.planner.map((given) => {
  const [label, dir] = given.split('=')
  if (!label || !dir) throw new Error(`--planner takes <label>=<checkout>, not ${given}`)
  return { label, root: resolve(dir) }
})
const log = (line: string) => process.stderr.write(`${line}\n`)

/** The checkout's commit, marked when the planner's code there differs from it. */
function commitOf(dir: string): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' })
  const commit = git('rev-parse', '--short', 'HEAD').trim()
  const changed = git('status', '--porcelain', '--', 'src-main', 'src-server', 'src-shared')
  return changed.trim() === '' ? commit : `${commit} + uncommitted changes`
}

/** Starts the planner child and waits until its bridge answers (the first start seeds). */
async function startPlanner(
  root: string,
  userData: string,
  tasks: number,
): Promise<{ child: ChildProcess; url: string; token: string; startMs: number }> {
  const child = fork(
    join(import.meta.dirname, 'planner-process.ts'),
    [root, userData, `${tasks}`],
    {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  const ready = await next(child, 'ready')
  return { child, url: ready.url, token: ready.token, startMs: ready.startMs }
}

function next<T extends ToParent['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<ToParent, { type: T }>> {
  return new Promise((resolveMessage, reject) => {
    const onMessage = (message: ToParent) => {
      if (message.type !== type) return
      child.off('exit', onExit)
      child.off('message', onMessage)
      resolveMessage(message as Extract<ToParent, { type: T }>)
    }
    const onExit = (code: number | null) => reject(new Error(`the planner exited (${code})`))
    child.on('message', onMessage)
    child.once('exit', onExit)
  })
}

/** One refresh as the renderer asks for it: `board:sync` over the bridge, no cached snapshot. */
async function refresh(
  child: ChildProcess,
  url: string,
  token: string,
  profile = false,
): Promise<Refresh> {
  const tell = (message: ToPlanner) => child.send(message)
  tell({ type: 'reset', profile })
  await next(child, 'reset')
  const started = performance.now()
  const response = await fetch(`${url}ipc/board:sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-planner-token': token },
    body: JSON.stringify({ payload: { cachedFirst: false } }),
  })
  const body = await response.text()
  const receivedMs = performance.now() - started
  const result = JSON.parse(body) as {
    ok: boolean
    value?: { tasks: unknown[]; coverage: { requests: number } }
  }
  const parsedMs = performance.now() - started
  if (!result.ok || !result.value) throw new Error(`board:sync failed: ${body.slice(0, 300)}`)
  tell({ type: 'sample', profile })
  const { sample } = await next(child, 'sample')
  const { tasks, coverage } = result.value
  return {
    receivedMs,
    parsedMs,
    bytes: body.length,
    tasks: tasks.length,
    requests: coverage.requests,
    sample,
  }
}

async function measure(label: string, root: string, tasks: number): Promise<Measured> {
  const userData = join(ROOT, '.bench-tmp', 'board-refresh', `${label}-${tasks}`)
  if (options.fresh) rmSync(userData, { recursive: true, force: true })
  const wasSeeded = existsSync(join(userData, 'local-board', 'local-board.db'))
  const planner = await startPlanner(root, userData, tasks)
  log(`${tasks} tasks, ${label}: planner ready in ${(planner.startMs / 1000).toFixed(1)} s`)
  const refreshes: Refresh[] = []
  let profile: ProfileSummary | undefined
  try {
    // The first refresh after a start warms the JIT and fills the snapshot cache: not counted.
    await refresh(planner.child, planner.url, planner.token)
    for (let run = 0; run < runs; run += 1) {
      const one = await refresh(planner.child, planner.url, planner.token)
      log(
        `${tasks} tasks, ${label}, run ${run + 1}: ${one.parsedMs.toFixed(0)} ms, ${one.tasks} tasks`,
      )
      refreshes.push(one)
    }
    if (options.profile)
      profile = (await refresh(planner.child, planner.url, planner.token, true)).sample.profile
  } finally {
    planner.child.send({ type: 'stop' } satisfies ToPlanner)
    await new Promise((done) => planner.child.once('exit', done))
  }
  return {
    label,
    commit: commitOf(root),
    tasks,
    startMs: planner.startMs,
    seeded: !wasSeeded,
    refreshes,
    ...(profile ? { profile } : {}),
  }
}

/** Every run's figures, so that the section can be rendered again (--from-last). */
const LAST = join(ROOT, '.bench-tmp', 'board-refresh', 'last.json')

async function run(): Promise<{ measured: Measured[]; context: Context }> {
  const loadBefore = loadavg()[0] ?? 0
  const measured: Measured[] = []
  for (const tasks of sizes) {
    for (const { label, root } of planners) measured.push(await measure(label, root, tasks))
  }
  const loadAfter = loadavg()[0] ?? 0
  const cpu = cpus()
  const context: Context = {
    command: `node --import tsx bench/board/refresh.ts --tasks ${sizes.join(',')} --runs ${runs}${options.profile ? ' --profile' : ''}${planners.map((p) => ` --planner ${p.label}=<checkout>`).join('')}${options.write ? ' --write' : ''}`,
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}; load average ${loadBefore.toFixed(2)} before the run and ${loadAfter.toFixed(2)} after it`,
    runs,
  }
  writeFileSync(LAST, JSON.stringify({ measured, context }))
  return { measured, context }
}

const { measured, context } = options['from-last']
  ? (JSON.parse(readFileSync(LAST, 'utf8')) as { measured: Measured[]; context: Context })
  : await run()
const section = renderSection(measured, context)
process.stdout.write(section)
if (options.write) log(`wrote ${await writeSection(section)}`)
log(
  `median refresh: ${measured.map((m) => `${m.tasks} ${m.label} ${median(m.refreshes.map((r) => r.parsedMs)).toFixed(0)} ms`).join(', ')}`,
)
