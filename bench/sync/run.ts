// Board sync benchmark (issue 7): for seeded boards of 1,000, 3,000, 10,000 and 50,000 tasks served by
// the local board service on a real socket in every list order it can play (`--list-order`),
// how many list requests a sync takes against ceil(N/100), how much of the board it loads, how
// long it takes and how much heap it holds. Prints a markdown section; --write puts it into
// docs/benchmarks.md. Not a test: it exits 0 whatever the figures.
//
//   node --expose-gc --import tsx bench/sync/run.ts [--write] [--runs 3] [--concurrency 4]
//        [--sizes 1000,3000,10000,50000] [--orders due,created,...] [--service same|worker]
//
// --service: where the board service runs, on the sync's own thread (same, the default) or on a
// worker thread of its own (worker: ./service-worker.ts), as the planner's embedded board does.
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
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
    service: { type: 'string', default: 'same' },
  },
})
if (!['same', 'worker'].includes(options.service)) throw new Error('--service takes same or worker')
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
/**
 * Boards this big are synced once per order, and only with the board lists given, as the planner
 * gives them for its embedded board (issue 7, item 7): each sync takes a while.
 */
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

/** The seeded board served in each order: on this thread, or on a worker thread. */
async function serveBoard(tasks: number): Promise<{
  key: string
  open(order: ListOrder): Promise<{ url: string; close(): Promise<void> }>
  close(): Promise<void>
}> {
  const seeded = performance.now()
  if (options.service === 'worker') {
    // tsx's loader is per thread: the worker registers it before loading the service.
    const entry = new URL('./service-worker.ts', import.meta.url).href
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`,
      { eval: true, workerData: { tasks, orders, owner: OWNER } },
    )
    const { key, urls } = await new Promise<{ key: string; urls: Record<string, string> }>(
      (resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
      },
    )
    log(
      `seeded ${tasks} tasks in a worker in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    )
    return {
      key,
      open: (order) => Promise.resolve({ url: urls[order]!, close: () => Promise.resolve() }),
      close: async () => {
        const exited = new Promise((resolve) => worker.once('exit', resolve))
        worker.postMessage('close')
        await exited
      },
    }
  }
  const db = openDatabase(':memory:')
  const { id: boardId } = importBoard(db, demoBoard)
  const { key } = createApiKey(db, boardId, OWNER)
  seedBoard(db, boardId, OWNER, { tasks, seed: 1 })
  log(`seeded ${tasks} tasks in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
  return {
    key,
    open: (order) => listen(db, '127.0.0.1', 0, { listOrder: order }),
    close: () => {
      db.close()
      return Promise.resolve()
    },
  }
}

async function measure(tasks: number): Promise<Row[]> {
  const board = await serveBoard(tasks)
  const { key } = board
  const rows: Row[] = []
  try {
    for (const order of orders) {
      const service = await board.open(order)
      try {
        for (const lists of tasks >= LARGE ? [true] : [false, true]) {
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
    await board.close()
  }
  return rows
}

const before = loadavg()[0] ?? 0
const rows: Row[] = []
for (const size of sizes) rows.push(...(await measure(size)))
const after = loadavg()[0] ?? 0
const cpu = cpus()
const section = renderSection(rows, {
  command: `node --expose-gc --import tsx bench/sync/run.ts${options.write ? ' --write' : ''}${options.service === 'worker' ? ' --service worker' : ''}`,
  date: new Date().toISOString().slice(0, 10),
  machine: `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}; load average ${before.toFixed(2)} before the run and ${after.toFixed(2)} after it`,
  runs,
  concurrency,
})
process.stdout.write(section)
if (options.write) log(`wrote ${await writeSection(section)}`)
