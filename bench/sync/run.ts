// Board sync benchmark (issue B): how many list requests a complete sync needs against
// ceil(N/100), and how long it takes, for seeded boards of 1,000 and 10,000 tasks served by the
// local board service on a real socket. Prints a markdown section; --write puts it into
// docs/benchmarks.md. Not a test: it exits 0 whatever the figures.
//
//   node --import tsx bench/sync/run.ts [--write] [--runs 3] [--concurrency 4]
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import demoBoard from '../../src-server/demo/demo-board.json'
import { createApiKey, importBoard, openDatabase } from '../../src-server'
import { listen } from '../../src-server/cli/serve'
import { seedBoard } from '../../src-server/seed/seed-board'
import { toListQuery } from '../../src-shared/api'
import type { ListTasksFilters } from '../../src-shared/api'
import { syncBoard } from '../../src-main/sync'
import type { KnownValues } from '../../src-main/sync'
import { fetchReader } from '../../test/main/sync/fetch-reader'
import { boardRows } from '../../test/main/sync/reference'
import { lowerBound } from './lower-bound'
import { renderSection, writeSection } from './report'
import type { Row } from './report'

const { values: options } = parseArgs({
  options: {
    write: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '4' },
  },
})
const runs = Number(options.runs)
const concurrency = Number(options.concurrency)
if (!(runs >= 1 && concurrency >= 1)) throw new Error('--runs and --concurrency must be at least 1')

const OWNER = 'olivia.owner@example.com'
const LISTS: KnownValues = {
  projectKeys: demoBoard.projects.map((p) => p.key),
  statuses: demoBoard.statuses.map((s) => s.name),
  complete: true,
}
/** Query parameters of the filters whose field can be empty. */
const OPTIONAL = /(^|&)(assignedUserEmail|priority|tag|startDate)=/
const optional = (filters: ListTasksFilters) =>
  OPTIONAL.test(toListQuery({ ...filters, dueDate: undefined }).toString())
const log = (line: string) => process.stderr.write(`${line}\n`)
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

async function measure(tasks: number): Promise<Row[]> {
  const db = openDatabase(':memory:')
  const { id: boardId } = importBoard(db, demoBoard)
  const { key } = createApiKey(db, boardId, OWNER)
  const seeded = performance.now()
  seedBoard(db, boardId, OWNER, { tasks, seed: 1 })
  log(`seeded ${tasks} tasks in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
  const count = (where: string) =>
    (
      db
        .prepare(`SELECT count(*) FROM tasks WHERE board_id = ? AND ${where}`)
        .raw(true)
        .get(boardId) as [number]
    )[0]
  const undatedTasks = count("due_date = ''")
  const bound = lowerBound(boardRows(db, boardId))
  const service = await listen(db, '127.0.0.1', 0)
  const rows: Row[] = []
  try {
    for (const lists of [true, false]) {
      const samples: (Omit<Row, 'tasks' | 'lists' | 'bound' | 'wallMs' | 'wallAll'> & {
        ms: number
      })[] = []
      for (let run = 0; run < runs; run += 1) {
        const reader = fetchReader(service.url, key)
        // Which pages repeat tasks read before, by kind of query.
        const seen = new Set<string>()
        const repeats = { dated: 0, optional: 0, other: 0 }
        const empty = { dated: 0, optional: 0, other: 0 }
        const shortDated = { pages: 0 }
        const listTasks = reader.listTasks.bind(reader)
        reader.listTasks = async (filters) => {
          const page = await listTasks(filters)
          const kind = filters.dueDate ? 'dated' : optional(filters) ? 'optional' : 'other'
          for (const task of page) if (seen.has(task.id)) repeats[kind] += 1
          for (const task of page) seen.add(task.id)
          if (kind === 'dated' && page.length < 100) shortDated.pages += 1
          empty[kind] += 100 - page.length
          return page
        }
        const started = performance.now()
        const result = await syncBoard(reader, { concurrency, ...(lists ? { known: LISTS } : {}) })
        const ms = performance.now() - started
        samples.push({
          ms,
          requests: result.coverage.requests,
          datedRequests: reader.queries.filter((q) => q.includes('dueDate=')).length,
          optionalRequests: reader.queries.filter(
            (q) => !q.includes('dueDate=') && OPTIONAL.test(q),
          ).length,
          shortDatedPages: shortDated.pages,
          repeats,
          empty,
          datedTasks: tasks - undatedTasks,
          undatedTasks,
          pages: Math.ceil(tasks / 100),
          loaded: result.tasks.length,
          complete: result.coverage.complete,
          truncated: result.coverage.truncated.length,
        })
        log(
          `${tasks} tasks, lists ${lists ? 'given' : 'not given'}, run ${run + 1}: ${result.coverage.requests} requests, ${ms.toFixed(0)} ms`,
        )
      }
      const middle =
        samples.find((s) => s.requests === median(samples.map((x) => x.requests))) ?? samples[0]!
      const { ms: _ms, ...figures } = middle
      rows.push({
        ...figures,
        tasks,
        lists,
        bound,
        wallMs: median(samples.map((s) => s.ms)),
        wallAll: samples.map((s) => s.ms),
      })
    }
  } finally {
    await service.close()
    db.close()
  }
  return rows
}

const before = loadavg()[0] ?? 0
const rows = [...(await measure(1_000)), ...(await measure(10_000))]
const after = loadavg()[0] ?? 0
const cpu = cpus()
const section = renderSection(rows, {
  command: `node --import tsx bench/sync/run.ts${options.write ? ' --write' : ''}`,
  date: new Date().toISOString().slice(0, 10),
  machine: `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}; load average ${before.toFixed(2)} before the run and ${after.toFixed(2)} after it`,
  runs,
  concurrency,
})
process.stdout.write(section)
if (options.write) log(`wrote ${await writeSection(section)}`)
