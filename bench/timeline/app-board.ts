// The app-path benchmark's board: the local board service's own seeded board (seedBoard, as
// `--local-tasks` seeds it), read straight out of its database as the sync would deliver it
// (the spec's Task and Dependency objects). Every task gets a predecessor where the seeder can
// give one (dependencyRate 1: about as many dependencies as tasks). Cached per size and day
// under .bench-tmp/, since seeding 50,000 tasks takes a while.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import demoBoard from '../../src-server/demo/demo-board.json'
import { importBoard, loadBoardConfig, openDatabase } from '../../src-server'
import { listDependencies } from '../../src-server/store/dependencies'
import { seedBoard } from '../../src-server/seed/seed-board'
import type { Dependency, Task } from '../../src-shared/api'

export const CACHE_DIR = join(import.meta.dirname, '../../.bench-tmp/timeline-app')
const OWNER = 'owner@example.com'

export interface AppBoard {
  tasks: Task[]
  dependencies: Dependency[]
}

/** Monday of this week (UTC): the local board seeds its dates around it. */
export function seedAnchor(now = new Date()): string {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7))
  return monday.toISOString().slice(0, 10)
}

/** The board of `count` tasks as a JSON file (cached); returns its path. */
export function boardFile(count: number): string {
  const anchor = seedAnchor()
  const file = join(CACHE_DIR, `board-${count}-${anchor}.json`)
  if (existsSync(file)) return file
  mkdirSync(CACHE_DIR, { recursive: true })
  writeFileSync(file, JSON.stringify(makeBoard(count, anchor)))
  return file
}

export function readBoard(file: string): AppBoard {
  return JSON.parse(readFileSync(file, 'utf8')) as AppBoard
}

function makeBoard(count: number, anchor: string): AppBoard {
  const db = openDatabase(':memory:')
  try {
    const { id: boardId } = importBoard(db, demoBoard)
    const board = loadBoardConfig(db, boardId)
    const actor = [...board.members].find(([, m]) => m.role === 'owner')?.[0] ?? OWNER
    seedBoard(db, boardId, actor, { tasks: count, seed: 7, anchor, dependencyRate: 1 })
    const url = (id: string) => `http://127.0.0.1/tasks/${id}`
    const rows = db
      .prepare(
        'SELECT doc, description_markdown, id FROM tasks WHERE board_id = ? ORDER BY due_date, seq',
      )
      .raw(true)
      .all(boardId) as [string, string, string][]
    const tasks = rows.map(
      ([doc, description, id]) =>
        ({ ...(JSON.parse(doc) as object), description, url: url(id) }) as unknown as Task,
    )
    const ctx = { db, board, actor, now: '', newId: () => '' }
    const dependencies = listDependencies(ctx, {}, url)
    return { tasks, dependencies }
  } finally {
    db.close()
  }
}
