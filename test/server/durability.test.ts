// Crash safety of the real CLI server: a stream of update batches, SIGKILL mid-stream, then the
// database must be intact, hold every acknowledged batch, and hold each batch whole or not at all.
// A restarted server must serve exactly what the file holds.
import { execFile, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-server'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CLI = join(ROOT, 'bin', 'taskboard.js')
const DEMO_BOARD = join(ROOT, 'src-server', 'demo', 'demo-board.json')
const BOARD = 'Demo board'
const BATCH_SIZE = 20
const CYCLES = 3
const DAY = 86_400_000

const run = promisify(execFile)
const children = new Set<ChildProcess>()

async function cli(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { cwd: ROOT, timeout: 30_000 })
  return stdout
}

interface Server {
  child: ChildProcess
  url: string
}

/** Starts `taskboard serve` on a free loopback port; resolves once it prints its address. */
function serve(db: string): Promise<Server> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--db', db, '--host', '127.0.0.1', '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  children.add(child)
  child.once('exit', () => children.delete(child))
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    const early = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited early (${code ?? signal})`)
    const fail = (why: string) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`taskboard serve ${why}\nstdout: ${stdout}\nstderr: ${stderr}`))
    }
    const timer = setTimeout(() => fail('did not start within 20 s'), 20_000)
    child.once('exit', early)
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)
      if (match) {
        clearTimeout(timer)
        child.off('exit', early)
        resolve({ child, url: match[1] as string })
      }
    })
  })
}

async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGKILL')
  await exited
}

/** The due date batch `n` sets: distinct per batch, far after any seeded start date. */
const dueDateOf = (n: number) => new Date(Date.UTC(2099, 0, 1) + n * DAY).toISOString().slice(0, 10)

interface StreamResult {
  /** Batch numbers answered 200, in order. */
  acknowledged: number[]
  /** The last batch number sent (answered or not). */
  lastSent: number
  /** Whether a batch was on the wire when the server was killed. */
  inFlightAtKill: boolean
}

/**
 * Sends batches `first`, `first + 1`, ... back to back, each setting the same 20 tasks' title to
 * `batch-<n>` and due date to dueDateOf(n). Some 300-800 ms after the first acknowledgement,
 * SIGKILLs the server while a batch is in flight.
 */
async function streamUntilKilled(
  server: Server,
  key: string,
  ids: readonly string[],
  first: number,
): Promise<StreamResult> {
  const acknowledged: number[] = []
  let killed = false
  let inFlight = false
  let inFlightAtKill = false
  let killTimer: NodeJS.Timeout | undefined
  const killWhenInFlight = () => {
    if (!inFlight) {
      killTimer = setTimeout(killWhenInFlight, 1)
      return
    }
    killed = true
    inFlightAtKill = true
    server.child.kill('SIGKILL')
  }

  let n = first
  try {
    for (; ; n++) {
      inFlight = true
      let response: Response
      let text: string
      try {
        response = await fetch(`${server.url}/api/v1/tasks`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            tasks: ids.map((id) => ({ id, title: `batch-${n}`, dueDate: dueDateOf(n) })),
          }),
          signal: AbortSignal.timeout(10_000),
        })
        text = await response.text()
      } catch (error) {
        if (killed) break
        throw error
      } finally {
        inFlight = false
      }
      if (response.status !== 200) throw new Error(`batch ${n}: ${response.status} ${text}`)
      acknowledged.push(n)
      if (acknowledged.length === 1) {
        killTimer = setTimeout(killWhenInFlight, 300 + Math.floor(Math.random() * 500))
      }
    }
  } finally {
    clearTimeout(killTimer)
  }
  await killHard(server.child)
  return { acknowledged, lastSent: n, inFlightAtKill }
}

type TaskRow = [string, string, number, string, string, string, string, string]

interface DbState {
  integrity: unknown[]
  /** The batch number all 20 tasks carry (NaN if they disagree). */
  batch: number
  /** Titles and due dates of the 20 tasks. */
  streamed: [string, string][]
  taskCount: number
  batchTitleCount: number
  /** The first 100 tasks in list order (due date, then creation), as the list returns them. */
  firstPage: TaskRow[]
}

const ROW_SQL = `SELECT id, project_key, key, title, status, start_date, due_date, updated_at
  FROM tasks`

function readDb(path: string, ids: readonly string[]): DbState {
  const db = openDatabase(path)
  try {
    const marks = ids.map(() => '?').join(', ')
    const streamed = db
      .prepare(`SELECT title, due_date FROM tasks WHERE id IN (${marks}) ORDER BY seq`)
      .raw(true)
      .all(...ids) as [string, string][]
    const titles = new Set(streamed.map(([title]) => title))
    const batch =
      titles.size === 1 ? Number(/^batch-(\d+)$/.exec([...titles][0] as string)?.[1]) : NaN
    return {
      integrity: db.prepare('PRAGMA integrity_check').raw(true).all(),
      batch,
      streamed,
      taskCount: (db.prepare('SELECT count(*) FROM tasks').raw(true).get() as [number])[0],
      batchTitleCount: (
        db.prepare("SELECT count(*) FROM tasks WHERE title LIKE 'batch-%'").raw(true).get() as [
          number,
        ]
      )[0],
      firstPage: db
        .prepare(`${ROW_SQL} ORDER BY due_date, seq LIMIT 100`)
        .raw(true)
        .all() as TaskRow[],
    }
  } finally {
    db.close()
  }
}

interface ListedTask {
  id: string
  projectKey: string
  key: number
  title: string
  status: string
  startDate: string
  dueDate: string
  updatedAt: string
}

async function list(server: Server, key: string, query = ''): Promise<ListedTask[]> {
  const response = await fetch(`${server.url}/api/v1/tasks${query}`, {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(10_000),
  })
  expect(response.status).toBe(200)
  const body = (await response.json()) as { success: boolean; tasks: ListedTask[] }
  expect(body.success).toBe(true)
  return body.tasks
}

const asRow = (t: ListedTask): TaskRow => [
  t.id,
  t.projectKey,
  t.key,
  t.title,
  t.status,
  t.startDate,
  t.dueDate,
  t.updatedAt,
]

/** A restarted server serves exactly what the database file holds. */
async function expectServed(server: Server, key: string, ids: readonly string[], state: DbState) {
  expect((await list(server, key)).map(asRow)).toEqual(state.firstPage)
  const streamed = await list(server, key, `?dueDate=${dueDateOf(state.batch)}`)
  expect(new Set(streamed.map((t) => t.id))).toEqual(new Set(ids))
  expect(new Set(streamed.map((t) => t.title))).toEqual(new Set([`batch-${state.batch}`]))
}

describe('durability of the CLI server under SIGKILL', () => {
  let dir: string
  let dbPath: string
  let key: string
  let ids: string[]
  let seededCount: number

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'taskboard-durability-'))
    dbPath = join(dir, 'board.db')
    await cli('board', 'import', '--db', dbPath, DEMO_BOARD)
    const keyOutput = await cli('key', 'create', '--db', dbPath, '--board', BOARD)
    const keyLine = keyOutput.split('\n').find((line) => /^tb_\S+$/.test(line))
    expect(keyLine, keyOutput).toBeDefined()
    key = keyLine as string
    await cli('seed', '--db', dbPath, '--board', BOARD, '--tasks', '200', '--seed', '3')
    const db = openDatabase(dbPath)
    try {
      ids = (
        db
          .prepare("SELECT id FROM tasks WHERE type = 'task' ORDER BY seq LIMIT ? OFFSET 10")
          .raw(true)
          .all(BATCH_SIZE) as [string][]
      ).map(([id]) => id)
      seededCount = (db.prepare('SELECT count(*) FROM tasks').raw(true).get() as [number])[0]
    } finally {
      db.close()
    }
    expect(ids).toHaveLength(BATCH_SIZE)
    expect(seededCount).toBeGreaterThanOrEqual(200)
  }, 60_000)

  afterEach(async () => {
    await Promise.all([...children].map(killHard))
  })

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('keeps every acknowledged batch, never half a batch, and serves the same data after restart', async () => {
    let next = 1
    let previous: DbState | undefined
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const server = await serve(dbPath)
      if (previous) await expectServed(server, key, ids, previous)

      const result = await streamUntilKilled(server, key, ids, next)
      const { acknowledged, lastSent } = result
      expect(acknowledged.length, `cycle ${cycle}`).toBeGreaterThan(0)
      expect(result.inFlightAtKill).toBe(true)
      // Sequential sends: acknowledgements are contiguous, and only the last send may be lost.
      const lastAcked = acknowledged.at(-1) as number
      expect(acknowledged).toEqual(Array.from({ length: acknowledged.length }, (_, i) => next + i))
      expect(lastSent - lastAcked).toBeLessThanOrEqual(1)

      const state = readDb(dbPath, ids)
      expect(state.integrity).toEqual([['ok']])
      // All 20 tasks carry one and the same batch: no batch was half applied.
      expect(state.batch, JSON.stringify(state.streamed)).not.toBeNaN()
      expect(state.streamed).toEqual(
        ids.map(() => [`batch-${state.batch}`, `${dueDateOf(state.batch)}T00:00:00.000Z`]),
      )
      // Every acknowledged batch is there; nothing beyond what was sent.
      expect(state.batch).toBeGreaterThanOrEqual(lastAcked)
      expect(state.batch).toBeLessThanOrEqual(lastSent)
      // No other task was touched, none created or lost.
      expect(state.batchTitleCount).toBe(BATCH_SIZE)
      expect(state.taskCount).toBe(seededCount)

      previous = state
      next = lastSent + 1
    }

    const server = await serve(dbPath)
    await expectServed(server, key, ids, previous as DbState)
    await killHard(server.child)
  }, 60_000)
})
