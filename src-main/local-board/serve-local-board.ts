// The planner's own board, served in the calling thread: the local board service (src-server) on
// 127.0.0.1, its database in the user-data folder, seeded with the demo board on first use, so
// the planner works with no account. The planner calls this only inside the board's worker
// (local-board-worker.ts); startLocalBoard (local-board.ts) is how main starts it.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { authenticate } from '../../src-server/auth/api-keys'
import { listen } from '../../src-server/cli/serve'
import demoBoard from '../../src-server/demo/demo-board.json'
import {
  createApiKey,
  findBoardByName,
  importBoard,
  loadBoardConfig,
  openDatabase,
} from '../../src-server'
import type { ListOrder } from '../../src-server'
import { seedBoard } from '../../src-server/seed/seed-board'

export interface ServedBoard {
  url: string
  /** A key that works on this board: the one kept in the keychain if still valid, else new. */
  apiKey: string
  /** The board's whole project and status lists (a remote board cannot tell us these). */
  definitions: { projectKeys: string[]; statuses: string[] }
  close(): Promise<void>
}

/** Plain data only: they are cloned into the board's worker. */
export interface ServeOptions {
  dataDir: string
  /** The key stored from an earlier launch, if any. */
  storedKey?: string | null
  seedTasks?: number
  now?: Date
  /**
   * The list endpoint's order and choice of 100, which the spec leaves open; `due` when not
   * given. Other orders let the planner be tried against services that choose differently.
   */
  listOrder?: ListOrder
}

function mondayOf(date: Date): string {
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7))
  return monday.toISOString().slice(0, 10)
}

export async function serveLocalBoard(options: ServeOptions): Promise<ServedBoard> {
  mkdirSync(options.dataDir, { recursive: true })
  const db = openDatabase(join(options.dataDir, 'local-board.db'))
  try {
    let board = findBoardByName(db, demoBoard.name)
    if (!board) {
      board = importBoard(db, demoBoard)
      const anchor = mondayOf(options.now ?? new Date())
      seedBoard(db, board.id, owner(db, board.id), {
        tasks: options.seedTasks ?? 300,
        seed: 7,
        anchor,
      })
    }
    const stored = options.storedKey ?? null
    const reusable = stored !== null && typeof authenticate(db, `Bearer ${stored}`) !== 'string'
    const apiKey = reusable ? stored : createApiKey(db, board.id, owner(db, board.id)).key
    const service = await listen(db, '127.0.0.1', 0, { listOrder: options.listOrder })
    const config = loadBoardConfig(db, board.id)
    return {
      url: service.url,
      apiKey,
      definitions: {
        projectKeys: [...config.projects.keys()],
        statuses: [...config.statuses.keys()],
      },
      async close() {
        await service.close()
        db.close()
      },
    }
  } catch (error) {
    db.close()
    throw error
  }
}

function owner(db: Parameters<typeof loadBoardConfig>[0], boardId: number): string {
  const found = [...loadBoardConfig(db, boardId).members].find(
    ([, member]) => member.role === 'owner',
  )
  if (!found) throw new Error('The demo board has no owner.')
  return found[0]
}
