// The board service as the planner embeds it: its database in a folder of the planner's, seeded
// with the demo board on first use, served on 127.0.0.1 with a random port, and a key that works
// on it. One call, so the planner needs nothing of this service but its public surface (index.ts).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { authenticate, createApiKey } from './auth/api-keys'
import { findBoardByName, loadBoardConfig } from './boards/board-config'
import { importBoard } from './boards/import-board'
import { listen } from './cli/serve'
import { openDatabase } from './db/database'
import { useServiceBusyTimeout } from './db/write-lock'
import type { Db } from './db/database'
import demoBoard from './demo/demo-board.json'
import { seedBoard } from './seed/seed-board'
import type { ListOrder } from './store/list-order'

/** Plain data only: the planner clones them into the board's worker thread. */
export interface EmbeddedBoardOptions {
  /** The board's folder; its database is `local-board.db` in it. Created if missing. */
  dataDir: string
  /** A key from an earlier start, if any: kept while it still authenticates. */
  storedKey?: string | null
  /** Tasks seeded into a new demo board (default 300). */
  seedTasks?: number
  /** "Today", for the seeded dates (default: now). */
  now?: Date
  /**
   * The list endpoint's order and choice of 100, which the spec leaves open; `due` when not
   * given. Other orders let the planner be tried against services that choose differently.
   */
  listOrder?: ListOrder
}

export interface EmbeddedBoard {
  url: string
  /** A key that works on this board: the stored one if still valid, else a new one. */
  apiKey: string
  /** The board's whole project and status lists (a remote board cannot tell us these). */
  definitions: { projectKeys: string[]; statuses: string[] }
  /** Stops serving, then closes the database. */
  close(): Promise<void>
}

export async function startEmbeddedBoard(options: EmbeddedBoardOptions): Promise<EmbeddedBoard> {
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
    useServiceBusyTimeout(db)
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

function mondayOf(date: Date): string {
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7))
  return monday.toISOString().slice(0, 10)
}

function owner(db: Db, boardId: number): string {
  const found = [...loadBoardConfig(db, boardId).members].find(
    ([, member]) => member.role === 'owner',
  )
  if (!found) throw new Error('The demo board has no owner.')
  return found[0]
}
