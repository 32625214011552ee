// The sync engine's own CPU, without sockets or SQLite in the measurement: the seeded board is
// served in process (the service's own list query, called directly), every page is kept, and
// the sync is run again against the kept pages. Pages come back in the order they were asked
// for, so a run is deterministic: the digest of its queries and results tells whether a change
// to the engine kept the same requests and the same results. Not a test; prints one line per run.
//
//   node --import tsx bench/sync/engine.ts [--tasks 50000] [--order due] [--lists] [--runs 2]
//                                          [--prior] [--prior-drop 20] [--profile]
//                                          [--engine <path to a sync index.ts>]
//
// The first run (the service answering) is printed as `warm-up`. --prior: every run after it is
// a refresh, given the tasks the warm-up loaded as the last snapshot (as the planner gives its
// cached snapshot); --prior-drop N leaves every Nth of them out, as if the board had gained that
// share of tasks since. --profile: the last run is
// CPU-profiled and its hottest functions printed (self time).
import { createHash } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { Session } from 'node:inspector/promises'
import { parseArgs } from 'node:util'
import demoBoard from '../../src-server/demo/demo-board.json'
import { importBoard, LIST_ORDERS, loadBoardConfig, openDatabase } from '../../src-server'
import type { ListOrder } from '../../src-server'
import { seedBoard } from '../../src-server/seed/seed-board'
import { listTasksJson } from '../../src-server/store/list-tasks'
import { toListQuery } from '../../src-shared/api'
import type { ListTasksFilters, Task } from '../../src-shared/api'
import { plainStrategy, smartStrategy, syncBoard as thisSync } from '../../src-main/sync'
import type { BoardReader } from '../../src-main/sync'
import { boardRows } from '../../test/main/sync/reference'
import { summariseProfile } from '../board/profile-summary'
import type { CpuProfile } from '../board/profile-summary'

const { values: options } = parseArgs({
  options: {
    tasks: { type: 'string', default: '50000' },
    order: { type: 'string', default: 'due' },
    lists: { type: 'boolean', default: false },
    prior: { type: 'boolean', default: false },
    'prior-drop': { type: 'string' },
    runs: { type: 'string', default: '2' },
    profile: { type: 'boolean', default: false },
    strategy: { type: 'string', default: 'smart' },
    /** Print each reported part with how many tasks the sync did not load lie under it. */
    missing: { type: 'boolean', default: false },
    /** Print each list query of the last run with the size of its page and its new tasks. */
    dump: { type: 'boolean', default: false },
    /** Another copy of src-main/sync/index.ts to run instead (for a before/after digest). */
    engine: { type: 'string' },
  },
})
const tasks = Number(options.tasks)
const order = options.order as ListOrder
if (!LIST_ORDERS.includes(order)) throw new Error(`--order takes one of ${LIST_ORDERS.join(', ')}`)

const db = openDatabase(':memory:')
const { id: boardId } = importBoard(db, demoBoard)
seedBoard(db, boardId, 'olivia.owner@example.com', { tasks, seed: 1 })
const board = loadBoardConfig(db, boardId)

const pages = new Map<string, Task[]>()
const byId = new Map<string, Task>()
const reader: BoardReader & { queries: string[] } = {
  queries: [],
  listTasks(filters: ListTasksFilters) {
    const query = toListQuery(filters).toString()
    reader.queries.push(query)
    let page = pages.get(query)
    if (!page) {
      const json = listTasksJson(db, board, filters, 'http://bench/tasks/', order)
      // One object per task, as a long-lived client would hold them.
      page = (JSON.parse(json) as Task[]).map((t) => byId.get(t.id) ?? (byId.set(t.id, t), t))
      pages.set(query, page)
    }
    return Promise.resolve(page)
  },
  listDependencies: () => Promise.resolve([]),
}

const known = options.lists
  ? {
      projectKeys: demoBoard.projects.map((p) => p.key),
      statuses: demoBoard.statuses.map((s) => s.name),
      complete: true,
    }
  : undefined

const syncBoard: typeof thisSync = options.engine
  ? ((await import(options.engine)) as { syncBoard: typeof thisSync }).syncBoard
  : thisSync
const runs = Number(options.runs)
let prior: Task[] | undefined
const session = new Session()
session.connect()
for (let run = 0; run <= runs; run += 1) {
  reader.queries.length = 0
  const profiled = options.profile && run === runs
  if (profiled) {
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
  }
  const started = performance.now()
  const strategy = options.strategy === 'plain' ? plainStrategy : smartStrategy
  const result = await syncBoard(reader, {
    strategy,
    ...(known ? { known } : {}),
    ...(prior ? { prior } : {}),
  })
  if (options.prior && run === 0) {
    const drop = Number(options['prior-drop'] ?? 0)
    prior = drop > 0 ? result.tasks.filter((_, i) => i % drop !== 0) : result.tasks
  }
  const ms = performance.now() - started
  if (profiled) {
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile }
    for (const [name, self] of summariseProfile(profile, 15).hottest)
      process.stdout.write(`  ${self.toFixed(0).padStart(7)} ms  ${name}\n`)
  }
  const digest = createHash('sha256')
    .update(reader.queries.join('\n'))
    .update(result.tasks.map((t) => t.id).join(','))
    .update(JSON.stringify(result.coverage))
    .digest('hex')
    .slice(0, 12)
  if (options.dump && run === runs) {
    // The page's size, then how many of its tasks no earlier query of the run had returned.
    const seen = new Set<string>()
    for (const query of reader.queries) {
      const page = pages.get(query) ?? []
      const fresh = page.filter((t) => !seen.has(t.id) && seen.add(t.id)).length
      process.stdout.write(
        `  ${String(page.length).padStart(3)} ${String(fresh).padStart(3)}  ${query}\n`,
      )
    }
  }
  if (options.missing && run === runs) {
    const loaded = new Set(result.tasks.map((t) => t.id))
    const missing = boardRows(db, boardId).filter((r) => !loaded.has(r.id))
    const groups = new Map<string, number>()
    for (const r of missing) {
      const empty = [
        r.due ? '' : 'due',
        r.assignee ? '' : 'assignee',
        r.priority ? '' : 'priority',
        r.tags.length ? '' : 'tag',
        r.start ? '' : 'start',
      ]
        .filter(Boolean)
        .join('+')
      const key = `${r.project} ${r.status} ${r.type}${r.pin ? ' pinned' : ''}: no ${empty}`
      groups.set(key, (groups.get(key) ?? 0) + 1)
    }
    for (const [key, n] of [...groups].sort((a, b) => b[1] - a[1]))
      process.stdout.write(`  ${String(n).padStart(4)} missing: ${key}\n`)
  }
  const label = run === 0 ? 'warm-up' : `run ${run}`
  process.stdout.write(
    `${label}: ${tasks} tasks, ${order}${known ? ', lists given' : ''}${prior && run > 0 ? ', refresh' : ''}: ${result.coverage.requests} requests, ${result.tasks.length} loaded, ${result.coverage.truncated.length} parts reported, ${ms.toFixed(0)} ms, digest ${digest}\n`,
  )
}
db.close()
