// A second writer on the board's database file: the CLI creating keys while batches stream into
// a running server, two servers on one file, and a write lock held elsewhere for longer than the
// service waits. No 5xx but a 503 with Retry-After when the lock cannot be had, every
// acknowledged batch stored, every read current, and the WAL checkpointed (nobody left holding an
// old snapshot).
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-server'
import type { Db } from '../../src-server'
import {
  cli,
  createKey,
  DEMO_BOARD,
  DEMO_BOARD_NAME,
  killServers,
  serve,
} from '../support/cli-server'
import type { CliServer } from '../support/cli-server'

const DAY = 86_400_000
const BATCH_SIZE = 20
/** How long the service waits for the write lock before answering 503 (docs/board-service.md). */
const LOCK_WAIT_MS = 5_000
/**
 * Largest WAL file seen while writers stream. SQLite checkpoints at 1,000 pages (4 MB); a WAL
 * that can be checkpointed stays near that (4.2 MB measured). Blocked checkpoints let it grow past
 * 20 MB within a minute.
 */
const WAL_BOUND = 8 * 1024 * 1024

let dir: string
let dbPath: string
let key: string
/** Two disjoint sets of 20 tasks, one per stream. */
let taskSets: [string[], string[]]

/** The due date batch `n` of a stream sets; streams use days far apart. */
const dueDateOf = (stream: number, n: number) =>
  new Date(Date.UTC(2099 + stream * 100, 0, 1) + n * DAY).toISOString().slice(0, 10)

interface Answer {
  status: number
  headers: Headers
  body: unknown
  ms: number
}

async function call(
  server: CliServer,
  method: string,
  path: string,
  body?: unknown,
  apiKey = key,
): Promise<Answer> {
  const started = performance.now()
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
    ms: performance.now() - started,
  }
}

interface Listed {
  success: boolean
  tasks: { id: string; title: string }[]
}

interface StreamResult {
  acknowledged: number[]
  problems: string[]
}

/**
 * Sends update batches to `writeTo` one after another until `stop()`; after each acknowledged
 * batch, lists its tasks through `readFrom` (maybe another server) and expects to see the batch
 * at once. Every answer that is not 200, and every stale read, is a problem.
 */
async function streamBatches(
  writeTo: CliServer,
  readFrom: CliServer,
  stream: 0 | 1,
  stop: () => boolean,
): Promise<StreamResult> {
  const ids = taskSets[stream]
  const acknowledged: number[] = []
  const problems: string[] = []
  for (let n = 1; !stop(); n++) {
    const title = `stream${stream}-batch-${n}`
    const update = await call(writeTo, 'PATCH', '/api/v1/tasks', {
      tasks: ids.map((id) => ({ id, title, dueDate: dueDateOf(stream, n) })),
    })
    if (update.status !== 200) {
      problems.push(`PATCH ${title}: ${update.status} ${JSON.stringify(update.body)}`)
      continue
    }
    acknowledged.push(n)
    const read = await call(readFrom, 'GET', `/api/v1/tasks?dueDate=${dueDateOf(stream, n)}`)
    if (read.status !== 200) {
      problems.push(`GET after ${title}: ${read.status} ${JSON.stringify(read.body)}`)
      continue
    }
    const tasks = (read.body as Listed).tasks
    const seen = new Set(tasks.map((t) => t.title))
    if (tasks.length !== ids.length || seen.size !== 1 || !seen.has(title)) {
      problems.push(`GET after ${title}: stale read (${tasks.length} tasks, ${[...seen]})`)
    }
  }
  return { acknowledged, problems }
}

/** Creates keys with the CLI until `stop()`; each new key must work at once on `server`. */
async function createKeys(server: CliServer, stop: () => boolean): Promise<string[]> {
  const problems: string[] = []
  let created = 0
  while (!stop() || created === 0) {
    const newKey = await createKey(dbPath)
    created++
    const read = await call(server, 'GET', '/api/v1/tasks?projectKey=OPS', undefined, newKey)
    if (read.status !== 200) problems.push(`new key ${created}: ${read.status}`)
  }
  return problems
}

/** Largest size of the WAL file while `during` runs, polled every 20 ms. */
async function walHighWater<T>(during: Promise<T>): Promise<[T, number]> {
  let largest = 0
  const poll = () => {
    try {
      largest = Math.max(largest, statSync(`${dbPath}-wal`).size)
    } catch {
      // No WAL file at this instant.
    }
  }
  const timer = setInterval(poll, 20)
  try {
    const result = await during
    poll()
    return [result, largest]
  } finally {
    clearInterval(timer)
  }
}

/** From a connection of the test's own: a TRUNCATE checkpoint must get through every reader. */
function expectCheckpointCompletes(): void {
  const db = openDatabase(dbPath)
  try {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as {
      busy: number
      log: number
      checkpointed: number
    }[]
    expect(result, 'a connection still holds an old snapshot').toEqual({
      busy: 0,
      log: 0,
      checkpointed: 0,
    })
    expect(statSync(`${dbPath}-wal`).size).toBe(0)
  } finally {
    db.close()
  }
}

function storedTitles(ids: readonly string[]): Set<string> {
  const db = openDatabase(dbPath)
  try {
    const rows = db
      .prepare(`SELECT title FROM tasks WHERE id IN (${ids.map(() => '?').join(', ')})`)
      .raw(true)
      .all(...ids) as [string][]
    return new Set(rows.map(([title]) => title))
  } finally {
    db.close()
  }
}

function countTitled(title: string): number {
  const db = openDatabase(dbPath)
  try {
    return (
      db.prepare('SELECT count(*) FROM tasks WHERE title = ?').raw(true).get(title) as [number]
    )[0]
  } finally {
    db.close()
  }
}

/** The last batch acknowledged is what the database holds for the stream's tasks. */
function expectLastBatchStored(stream: 0 | 1, result: StreamResult): void {
  const last = result.acknowledged.at(-1)
  expect(last, `stream ${stream} got no batch through`).toBeDefined()
  expect(storedTitles(taskSets[stream])).toEqual(new Set([`stream${stream}-batch-${last}`]))
}

/** Errors the server logged, less the 503s of a lock held too long (logged as they leave). */
function unexpectedErrors(server: CliServer): string[] {
  return server
    .stderr()
    .split('\n')
    .filter((line) => line.includes('"level":50') && !line.includes('"type":"WriteLockBusy"'))
}

const seconds = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taskboard-second-writer-'))
  dbPath = join(dir, 'board.db')
  await cli('board', 'import', '--db', dbPath, DEMO_BOARD)
  key = await createKey(dbPath)
  await cli('seed', '--db', dbPath, '--board', DEMO_BOARD_NAME, '--tasks', '200', '--seed', '5')
  const db = openDatabase(dbPath)
  try {
    const ids = (
      db
        .prepare("SELECT id FROM tasks WHERE type = 'task' ORDER BY seq LIMIT ?")
        .raw(true)
        .all(2 * BATCH_SIZE) as [string][]
    ).map(([id]) => id)
    taskSets = [ids.slice(0, BATCH_SIZE), ids.slice(BATCH_SIZE)]
  } finally {
    db.close()
  }
  expect(taskSets[1]).toHaveLength(BATCH_SIZE)
}, 90_000)

afterEach(async () => {
  await killServers()
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('a second writer on the database file', () => {
  it('the CLI creates keys while batches stream in: no 5xx, nothing lost, reads current', async () => {
    const server = await serve(dbPath)
    let done = false
    const [[streamed, keyProblems], wal] = await walHighWater(
      Promise.all([
        streamBatches(server, server, 0, () => done),
        createKeys(server, () => done),
        seconds(8_000).then(() => (done = true)),
      ]),
    )
    expect([...streamed.problems, ...keyProblems]).toEqual([])
    expect(streamed.acknowledged.length).toBeGreaterThan(20)
    expectLastBatchStored(0, streamed)
    expect(unexpectedErrors(server)).toEqual([])
    expect(wal).toBeLessThan(WAL_BOUND)
    expectCheckpointCompletes()
  }, 60_000)

  it('two servers on one file: every batch acknowledged by one is read at once through the other', async () => {
    const [a, b] = await Promise.all([serve(dbPath), serve(dbPath)])
    let done = false
    const [[throughA, throughB, keyProblems], wal] = await walHighWater(
      Promise.all([
        streamBatches(a, b, 0, () => done),
        streamBatches(b, a, 1, () => done),
        createKeys(a, () => done),
        seconds(8_000).then(() => (done = true)),
      ]),
    )
    expect([...throughA.problems, ...throughB.problems, ...keyProblems]).toEqual([])
    expect(throughA.acknowledged.length).toBeGreaterThan(10)
    expect(throughB.acknowledged.length).toBeGreaterThan(10)
    expectLastBatchStored(0, throughA)
    expectLastBatchStored(1, throughB)
    expect([...unexpectedErrors(a), ...unexpectedErrors(b)]).toEqual([])
    expect(wal).toBeLessThan(WAL_BOUND)
    // Both servers still write and read current data after all that.
    const final = {
      tasks: [{ id: taskSets[0][0] as string, title: 'after the storm', dueDate: '2300-01-01' }],
    }
    expect((await call(b, 'PATCH', '/api/v1/tasks', final)).status).toBe(200)
    const seen = await call(a, 'GET', '/api/v1/tasks?dueDate=2300-01-01')
    expect((seen.body as Listed).tasks.map((t) => t.title)).toEqual(['after the storm'])
    expectCheckpointCompletes()
  }, 60_000)

  describe('a write lock held elsewhere', () => {
    let holder: Db | undefined
    let release: NodeJS.Timeout | undefined

    afterEach(() => {
      clearTimeout(release)
      if (holder?.inTransaction) holder.exec('ROLLBACK')
      holder?.close()
      holder = undefined
    })

    function holdWriteLock(): Db {
      holder = openDatabase(dbPath)
      holder.exec('BEGIN IMMEDIATE')
      return holder
    }

    it('a write waits for a short lock, then lands', async () => {
      const server = await serve(dbPath)
      const lock = holdWriteLock()
      release = setTimeout(() => lock.exec('COMMIT'), 1_000)
      const title = 'after a short wait'
      const update = await call(server, 'PATCH', '/api/v1/tasks', {
        tasks: [{ id: taskSets[1][0] as string, title }],
      })
      expect(update.status).toBe(200)
      expect(update.ms).toBeGreaterThan(900)
      expect(storedTitles([taskSets[1][0] as string])).toEqual(new Set([title]))
    })

    it('a lock held past the wait: 503 with Retry-After in the documented shapes; reads go on; writes resume after', async () => {
      const server = await serve(dbPath)
      const before = await call(server, 'GET', `/api/v1/tasks?projectKey=WEB`)
      expect(before.status).toBe(200)
      const lock = holdWriteLock()
      // An update, a dependency create (string codes) and a delete, all waiting for the lock.
      const [first, second] = taskSets[1] as [string, string]
      const writes = Promise.all([
        call(server, 'PATCH', '/api/v1/tasks', { tasks: [{ id: first, title: 'never stored' }] }),
        call(server, 'POST', '/api/v1/dependencies', { predecessorId: first, successorId: second }),
        call(server, 'POST', '/api/v1/tasks', {
          tasks: [
            { title: 'never', projectKey: 'WEB', descriptionType: 'text', descriptionContent: '' },
          ],
        }),
      ])
      // Meanwhile the server answers reads at once, with the data as it is.
      await seconds(500)
      for (let i = 0; i < 5; i++) {
        const read = await call(server, 'GET', `/api/v1/tasks?projectKey=WEB`)
        expect(read.status).toBe(200)
        expect(read.ms).toBeLessThan(1_000)
        expect(read.body).toEqual(before.body)
        await seconds(200)
      }
      const [update, dependency, create] = await writes
      for (const answer of [update, dependency, create]) {
        expect(answer.status).toBe(503)
        expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
        expect(answer.ms).toBeGreaterThan(LOCK_WAIT_MS - 500)
        expect(answer.ms).toBeLessThan(LOCK_WAIT_MS + 3_000)
      }
      expect(update.body).toEqual({ error: true, message: expect.stringMatching(/busy/i) })
      expect(create.body).toEqual({ error: true, message: expect.stringMatching(/busy/i) })
      expect(dependency.body).toEqual({
        error: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/busy/i),
      })
      lock.exec('COMMIT')
      // The connection is fine after the refusals: the next write lands and reads are current.
      const title = 'after the lock'
      const retried = await call(server, 'PATCH', '/api/v1/tasks', {
        tasks: [{ id: first, title, dueDate: '2301-01-01' }],
      })
      expect(retried.status).toBe(200)
      const read = await call(server, 'GET', '/api/v1/tasks?dueDate=2301-01-01')
      expect((read.body as Listed).tasks.map((t) => t.title)).toEqual([title])
      expect(storedTitles([first])).toEqual(new Set([title]))
      expect(countTitled('never')).toBe(0)
      expect(unexpectedErrors(server)).toEqual([])
    }, 30_000)
  })
})
