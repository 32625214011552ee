// Board sync benchmark (issue 7): for seeded boards of 1,000, 3,000, 10,000 and 50,000 tasks served by
// the local board service on a real socket in every list order it can play (`--list-order`),
// how many list requests a sync takes against ceil(N/100), how much of the board it loads, how
// long it takes and how much heap it holds. Prints a markdown section; --write puts it into
// docs/benchmarks.md. Not a test: it exits 0 whatever the figures.
//
//   node --expose-gc --import tsx bench/sync/run.ts [--write] [--runs 3] [--concurrency 4]
//        [--sizes 1000,3000,10000,50000] [--orders due,created,...]
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import demoBoard from '../../src-server/demo/demo-board.json'
import { createApiKey, importBoard, LIST_ORDERS, openDatabase } from '../../src-server'
import type { ListOrder } from '../../src-server'
import { listen } from '../../src-server/cli/serve'
import { seedBoard } from '../../src-server/seed/seed-board'
import { syncBoard } from '../../src-main/sync'
import type { KnownValues } from '../../src-main/sync'
import { fetchReader } from '../../test/main/sync/fetch-reader'
import { renderSection, writeSection } from './report'
import type { Row } from './report'

const { values: options } = parseArgs({
  options: {
    write: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '4' },
    sizes: { type: 'string', default: '1000,3000,10000,50000' },
    orders: { type: 'string', default: LIST_ORDERS.join(',') },
  },
})
const runs = Number(options.runs)
const concurrency = Number(options.concurrency)
const sizes = options.sizes.split(',').map(Number)
const orders = options.orders.split(',') as ListOrder[]
if (!(runs >= 1 && concurrency >= 1)) throw new Error('--runs and --concurrency must be at least 1')
if (sizes.some((n) => !(n >= 1))) throw new Error('--sizes takes task counts, e.g. 1000,10000')
if (orders.some((o) => !LIST_ORDERS.includes(o)))
  throw new Error(`--orders takes some of ${LIST_ORDERS.join(', ')}`)

const OWNER = 'olivia.owner@example.com'
const LISTS: KnownValues = {
  projectKeys: demoBoard.projects.map((p) => p.key),
  statuses: demoBoard.statuses.map((s) => s.name),
  complete: true,
}
/** Boards this big are synced once per order and only without lists: each sync takes a while. */
const LARGE = 20_000
const log = (line: string) => process.stderr.write(`${line}\n`)
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}
const MB = 1024 * 1024

/** Peak heap of this process while `work` runs, sampled every 20 ms, after a GC if exposed. */
async function withPeakHeap<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  globalThis.gc?.()
  let peak = process.memoryUsage().heapUsed
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed)
  }, 20)
  try {
    const result = await work()
    peak = Math.max(peak, process.memoryUsage().heapUsed)
    return { result, peakMb: peak / MB }
  } finally {
    clearInterval(timer)
  }
}

async function measure(tasks: number): Promise<Row[]> {
  const db = openDatabase(':memory:')
  const { id: boardId } = importBoard(db, demoBoard)
  const { key } = createApiKey(db, boardId, OWNER)
  const seeded = performance.now()
  seedBoard(db, boardId, OWNER, { tasks, seed: 1 })
  log(`seeded ${tasks} tasks in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
  const rows: Row[] = []
  try {
    for (const order of orders) {
      const service = await listen(db, '127.0.0.1', 0, { listOrder: order })
      try {
        for (const lists of tasks >= LARGE ? [false] : [false, true]) {
          const samples: Omit<Row, 'wallAll'>[] = []
          for (let run = 0; run < (tasks >= LARGE ? 1 : runs); run += 1) {
            const reader = fetchReader(service.url, key)
            const started = performance.now()
            const { result, peakMb } = await withPeakHeap(() =>
              syncBoard(reader, { concurrency, ...(lists ? { known: LISTS } : {}) }),
            )
            const wallMs = performance.now() - started
            const dated = reader.queries.filter((q) => q.includes('dueDate=')).length
            samples.push({
              tasks,
              order,
              lists,
              requests: result.coverage.requests,
              datedRequests: dated,
              pages: Math.ceil(tasks / 100),
              loaded: result.tasks.length,
              complete: result.coverage.complete,
              reported: result.coverage.truncated.length,
              wallMs,
              peakHeapMb: peakMb,
            })
            log(
              `${tasks} tasks, ${order}, lists ${lists ? 'given' : 'not given'}, run ${run + 1}: ${result.coverage.requests} requests, ${((100 * result.tasks.length) / tasks).toFixed(2)} % loaded, ${wallMs.toFixed(0)} ms, heap ${peakMb.toFixed(0)} MB`,
            )
          }
          const middle =
            samples.find((s) => s.requests === median(samples.map((x) => x.requests))) ??
            samples[0]!
          rows.push({
            ...middle,
            wallMs: median(samples.map((s) => s.wallMs)),
            peakHeapMb: median(samples.map((s) => s.peakHeapMb)),
            wallAll: samples.map((s) => s.wallMs),
          })
        }
      } finally {
        await service.close()
      }
    }
  } finally {
    db.close()
  }
  return rows
}

const before = loadavg()[0] ?? 0
const rows: Row[] = []
for (const size of sizes) rows.push(...(await measure(size)))
const after = loadavg()[0] ?? 0
const cpu = cpus()
const section = renderSection(rows, {
  command: `node --expose-gc --import tsx bench/sync/run.ts${options.write ? ' --write' : ''}`,
  date: new Date().toISOString().slice(0, 10),
  machine: `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}; load average ${before.toFixed(2)} before the run and ${after.toFixed(2)} after it`,
  runs,
  concurrency,
})
process.stdout.write(section)
if (options.write) log(`wrote ${await writeSection(section)}`)
