// The demo board on a fresh in-memory database, served over a real socket, for sync tests.
import demoBoard from '../../../src-server/demo/demo-board.json'
import { createApiKey, importBoard, openDatabase } from '../../../src-server'
import type { Db, ListOrder } from '../../../src-server'
import { listen } from '../../../src-server/cli/serve'
import { seedBoard } from '../../../src-server/seed/seed-board'
import type { CreateTaskItem } from '../../../src-shared/api'
import type { KnownValues } from '../../../src-main/sync'
import { fetchReader } from './fetch-reader'
import type { CountingReader } from './fetch-reader'

export const OWNER = 'olivia.owner@example.com'

/** The demo board's whole lists, as the embedded local board can give them. */
export const DEMO_LISTS: KnownValues = {
  projectKeys: demoBoard.projects.map((p) => p.key),
  statuses: demoBoard.statuses.map((s) => s.name),
  complete: true,
}

export interface SocketBoard {
  db: Db
  boardId: number
  url: string
  reader(): CountingReader
  create(items: CreateTaskItem[]): Promise<void>
  seed(tasks: number, seed?: number): void
  count(sql: string): number
  close(): Promise<void>
}

export async function startSocketBoard(listOrder: ListOrder = 'due'): Promise<SocketBoard> {
  const db = openDatabase(':memory:')
  const { id: boardId } = importBoard(db, demoBoard)
  const { key } = createApiKey(db, boardId, OWNER)
  const service = await listen(db, '127.0.0.1', 0, { listOrder })
  return {
    db,
    boardId,
    url: service.url,
    reader: () => fetchReader(service.url, key),
    async create(items) {
      for (let i = 0; i < items.length; i += 1000) {
        const response = await fetch(`${service.url}/api/v1/tasks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tasks: items.slice(i, i + 1000) }),
        })
        if (!response.ok) throw new Error(`create failed: ${await response.text()}`)
      }
    },
    seed(tasks, seed = 1) {
      seedBoard(db, boardId, OWNER, { tasks, seed })
    },
    count(sql) {
      return (db.prepare(sql).raw(true).get(boardId) as [number])[0]
    },
    async close() {
      await service.close()
      db.close()
    },
  }
}

export const task = (fields: Partial<CreateTaskItem> = {}): CreateTaskItem => ({
  title: 'A task',
  projectKey: 'WEB',
  descriptionType: 'text',
  descriptionContent: '',
  ...fields,
})

export const times = <T>(n: number, make: (i: number) => T): T[] =>
  Array.from({ length: n }, (_, i) => make(i))
