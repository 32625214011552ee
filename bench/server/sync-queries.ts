// What the service spends on a board sync's own queries (issues 7 and 10): a seeded board is
// synced once over HTTP, as the planner syncs (syncBoard, 4 requests in flight; the service in due
// order unless --order names another of its list orders), and
// every list query it asked is then asked again one at a time, each timed from request to the
// last byte. The time is the service's (SQL, page JSON, HTTP on loopback); the sync's own
// planning is not in it. The slowest queries are listed with their filters.
//
//   node --import tsx bench/server/sync-queries.ts [--tasks 50000] [--top 10] [--order due]
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { cpus, loadavg } from 'node:os'
import demoBoard from '../../src-server/demo/demo-board.json'
import { createApiKey, importBoard, LIST_ORDERS, openDatabase } from '../../src-server'
import type { ListOrder } from '../../src-server'
import { listen } from '../../src-server/cli/serve'
import { seedBoard } from '../../src-server/seed/seed-board'
import { syncBoard } from '../../src-main/sync'
import { fetchReader } from '../../test/main/sync/fetch-reader'

const OWNER = 'olivia.owner@example.com'
const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '50000' },
    top: { type: 'string', default: '10' },
    order: { type: 'string', default: 'due' },
  },
})
const tasks = Number(values.tasks)
const order = values.order as ListOrder
if (!LIST_ORDERS.includes(order)) throw new Error(`--order takes one of ${LIST_ORDERS.join(', ')}`)
const loadBefore = loadavg()[0]!

const db = openDatabase(':memory:')
const { id: boardId } = importBoard(db, demoBoard)
const { key } = createApiKey(db, boardId, OWNER)
seedBoard(db, boardId, OWNER, { tasks, seed: 1 })
const service = await listen(db, '127.0.0.1', 0, { listOrder: order })
try {
  const reader = fetchReader(service.url, key)
  let started = performance.now()
  const result = await syncBoard(reader, { concurrency: 4 })
  const syncMs = performance.now() - started
  const timed: { ms: number; query: string }[] = []
  for (const query of reader.queries) {
    started = performance.now()
    const response = await fetch(`${service.url}/api/v1/tasks?${query}`, {
      headers: { authorization: `Bearer ${key}` },
    })
    await response.text()
    timed.push({ ms: performance.now() - started, query })
  }
  const sorted = timed.map((t) => t.ms).sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
  const total = sorted.reduce((sum, ms) => sum + ms, 0)
  const bounds = [2, 5, 10, 20, 50, Infinity]
  const spread = bounds.map((bound, i) => {
    const low = bounds[i - 1] ?? 0
    const n = sorted.filter((ms) => ms >= low && ms < bound).length
    return `${bound === Infinity ? `≥ ${low}` : `< ${bound}`} ms: ${n}`
  })
  const cpu = cpus()
  const lines = [
    `${tasks.toLocaleString('en-US')} tasks, ${order} order; ${cpu[0]?.model ?? 'CPU'}, ${cpu.length} cores, Node ${process.version}; load ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`,
    `sync: ${result.coverage.requests} requests, ${result.tasks.length} tasks loaded, ${(syncMs / 1000).toFixed(1)} s`,
    `the same queries one at a time: ${(total / 1000).toFixed(1)} s in all; median ${at(0.5).toFixed(2)} ms, p90 ${at(0.9).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
    spread.join('; '),
    'slowest:',
    ...timed
      .sort((a, b) => b.ms - a.ms)
      .slice(0, Number(values.top))
      .map((t) => `  ${t.ms.toFixed(1)} ms  ${decodeURIComponent(t.query)}`),
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
} finally {
  await service.close()
  db.close()
}
