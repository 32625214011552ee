// The benchmark's board: 100,000 seeded tasks in .bench-tmp/, built with the CLI and reused while
// it still matches (same task count, same schema and seed code), plus what the requests need.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'libsql'
import { MIGRATIONS } from '../../src-server/db/migrations'
import { ROOT, runCli } from './children'

export const BOARD_NAME = 'Demo board'
export const TASKS = 100_000
export const SEED = 1
const DB_PATH = join(ROOT, '.bench-tmp', `board-${TASKS / 1000}k.db`)
/** When and how fast the database was seeded, for runs that reuse it. */
const STAMP_PATH = DB_PATH.replace(/\.db$/, '.seeded.json')

export interface Board {
  dbPath: string
  /** Seconds the seed command took (undefined if unknown), and whether this run did it. */
  seededSeconds: number | undefined
  seededOn: string | undefined
  reused: boolean
}

interface Stamp {
  seconds: number
  date: string
  /** Fingerprint of the schema and the seed code the database was built with. */
  build: string
}

/**
 * Migrations can change in place while the schema is young (same user_version, new columns), and
 * the seed generator can change: either way the old database no longer says what is measured.
 */
function buildFingerprint(): string {
  const hash = createHash('sha256').update(JSON.stringify(MIGRATIONS))
  for (const file of ['src-server/seed/seed-board.ts', 'src-server/seed/random.ts']) {
    hash.update(existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file)) : file)
  }
  hash.update(`${TASKS}/${SEED}`)
  return hash.digest('hex').slice(0, 16)
}

function readStamp(): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(STAMP_PATH, 'utf8')) as Stamp
  } catch {
    return undefined
  }
}

export interface BatchTask {
  id: string
  startDate: string
  dueDate: string
}

/** Tasks on the board, or undefined when the file is missing, unreadable or from another schema. */
function countTasks(path: string): number | undefined {
  if (!existsSync(path)) return undefined
  let db: InstanceType<typeof Database> | undefined
  try {
    db = new Database(path)
    const version = (db.prepare('PRAGMA user_version').raw(true).get() as [number])[0]
    if (version !== MIGRATIONS.at(-1)?.version) return undefined
    const row = db
      .prepare('SELECT count(*) FROM tasks t JOIN boards b ON b.id = t.board_id WHERE b.name = ?')
      .raw(true)
      .get(BOARD_NAME) as [number]
    return row[0]
  } catch {
    return undefined
  } finally {
    db?.close()
  }
}

export async function prepareBoard(fresh: boolean, log: (line: string) => void): Promise<Board> {
  const build = buildFingerprint()
  const stamp = readStamp()
  if (!fresh && stamp?.build === build && countTasks(DB_PATH) === TASKS) {
    const seeded = `seeding took ${stamp.seconds.toFixed(1)} s on ${stamp.date}`
    log(`Reusing ${DB_PATH} (${TASKS.toLocaleString('en')} tasks; ${seeded}; --fresh rebuilds it).`)
    return { dbPath: DB_PATH, seededSeconds: stamp.seconds, seededOn: stamp.date, reused: true }
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(DB_PATH + suffix, { force: true })
  rmSync(STAMP_PATH, { force: true })
  log(
    `Building ${DB_PATH} (${stamp && stamp.build !== build ? 'schema or seed code changed' : fresh ? '--fresh' : 'none usable'}) ...`,
  )
  await runCli(['board', 'import', '--db', DB_PATH, 'src-server/demo/demo-board.json'])
  const seed = await runCli([
    'seed',
    '--db',
    DB_PATH,
    '--board',
    BOARD_NAME,
    '--tasks',
    String(TASKS),
    '--seed',
    String(SEED),
  ])
  const seconds = seed.ms / 1000
  log(`${seed.stdout} Seeding took ${seconds.toFixed(1)} s.`)
  const date = new Date().toISOString().slice(0, 10)
  writeFileSync(STAMP_PATH, JSON.stringify({ seconds, date, build } satisfies Stamp))
  return { dbPath: DB_PATH, seededSeconds: seconds, seededOn: date, reused: false }
}

export async function createKey(dbPath: string): Promise<string> {
  const { stdout } = await runCli(['key', 'create', '--db', dbPath, '--board', BOARD_NAME])
  const key = stdout.split('\n').at(-1)?.trim()
  if (!key) throw new Error('key create printed no key')
  return key
}

export type BatchPick = 'window' | 'spread'

/**
 * `count` scheduled tasks (not milestones) with their stored dates. `window`: the next bars of
 * one project on the timeline (due from the seed's anchor day on), as a drag of a selection of
 * bars moves them; `spread`: tasks evenly spread over the whole board, the worst case for page
 * locality (each task on its own table and index pages).
 */
export function pickBatchTasks(dbPath: string, count: number, pick: BatchPick): BatchTask[] {
  const db = new Database(dbPath)
  try {
    const scheduled = `SELECT t.id, t.start_date, t.due_date FROM tasks t JOIN boards b ON b.id = t.board_id
      WHERE b.name = ? AND t.type = 'task' AND t.start_date <> '' AND t.due_date <> ''`
    const rows = (
      pick === 'window'
        ? db
            .prepare(
              `${scheduled} AND t.project_key = 'WEB' AND t.due_date >= '2026-01-05' ORDER BY t.due_date, t.seq LIMIT ${count}`,
            )
            .raw(true)
            .all(BOARD_NAME)
        : db.prepare(`${scheduled} ORDER BY t.seq`).raw(true).all(BOARD_NAME)
    ) as [string, string, string][]
    if (rows.length < count) throw new Error(`only ${rows.length} scheduled tasks to pick from`)
    const step = rows.length / count
    return Array.from({ length: count }, (_, i) => {
      const [id, startDate, dueDate] = rows[Math.floor(i * step)] as [string, string, string]
      return { id, startDate, dueDate }
    })
  } finally {
    db.close()
  }
}

/**
 * `count` milestones of the board that have tasks linked to them, spread evenly over the board
 * (by creation), for the milestoneId filter.
 */
export function pickMilestoneIds(dbPath: string, count: number): string[] {
  const db = new Database(dbPath)
  try {
    const rows = db
      .prepare(
        `SELECT m.id FROM tasks m JOIN boards b ON b.id = m.board_id
         WHERE b.name = ? AND m.type = 'milestone'
           AND EXISTS (SELECT 1 FROM tasks t WHERE t.milestone_id = m.id)
         ORDER BY m.seq`,
      )
      .raw(true)
      .all(BOARD_NAME) as [string][]
    if (rows.length < count) throw new Error(`only ${rows.length} milestones with tasks`)
    const step = rows.length / count
    return Array.from({ length: count }, (_, i) => (rows[Math.floor(i * step)] as [string])[0])
  } finally {
    db.close()
  }
}

export interface DbSize {
  /** Bytes of the database file, its write-ahead log and its shared-memory index (0 if absent). */
  main: number
  wal: number
  shm: number
}

export function dbSize(dbPath: string): DbSize {
  const size = (path: string) => (existsSync(path) ? statSync(path).size : 0)
  return { main: size(dbPath), wal: size(`${dbPath}-wal`), shm: size(`${dbPath}-shm`) }
}
