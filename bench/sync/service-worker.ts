// The board service on a thread of its own, for bench/sync/run.ts --service worker: the seeded
// board in memory, served in each list order on its own port. As the planner runs its embedded
// board (a worker thread) and `taskboard serve` runs as a process of its own, the service's SQL
// and HTTP then run beside the sync's client work, not between its steps on one thread.
import { parentPort, workerData } from 'node:worker_threads'
import demoBoard from '../../src-server/demo/demo-board.json'
import { createApiKey, importBoard, openDatabase } from '../../src-server'
import type { ListOrder } from '../../src-server'
import { listen } from '../../src-server/cli/serve'
import { seedBoard } from '../../src-server/seed/seed-board'

const { tasks, orders, owner } = workerData as { tasks: number; orders: ListOrder[]; owner: string }
const db = openDatabase(':memory:')
const { id: boardId } = importBoard(db, demoBoard)
const { key } = createApiKey(db, boardId, owner)
seedBoard(db, boardId, owner, { tasks, seed: 1 })
const services = await Promise.all(
  orders.map((order) => listen(db, '127.0.0.1', 0, { listOrder: order })),
)
parentPort!.postMessage({
  key,
  urls: Object.fromEntries(orders.map((o, i) => [o, services[i]!.url])),
})
parentPort!.on('message', () => {
  void Promise.all(services.map((s) => s.close())).then(() => {
    db.close()
    parentPort!.close()
  })
})
