// The planner's own board, served from its worker thread: it serves the list order it is given
// (the spec leaves order open, so the planner can be tried against services that choose
// differently), keeps main's event loop free while it works, starts or fails clearly, and ends
// its worker on close.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { spawnLocalBoard, startLocalBoard } from '../../../src-main/local-board/local-board'
import type { LocalBoard, LocalBoardOptions } from '../../../src-main/local-board/local-board'
import { ListTasksResponse } from '../../../src-shared/api'
import type { Task } from '../../../src-shared/api'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tb-local-'))
  dirs.push(dir)
  return dir
}

const listWeb = async (board: LocalBoard): Promise<Task[]> => {
  const response = await fetch(`${board.url}/api/v1/tasks?projectKey=WEB`, {
    headers: { authorization: `Bearer ${board.apiKey}` },
  })
  return ListTasksResponse.parse(await response.json()).tasks
}

async function listWebTasks(options: Partial<LocalBoardOptions>): Promise<Task[]> {
  const board = await startLocalBoard({ dataDir: dataDir(), seedTasks: 120, ...options })
  try {
    return await listWeb(board)
  } finally {
    await board.close()
  }
}

describe('startLocalBoard', () => {
  it('lists in the order it is given; by due date when given none', async () => {
    // A project's task keys are numbered in creation order.
    const newest = (await listWebTasks({ listOrder: 'created-desc' })).map((t) => t.key)
    expect(newest.length).toBeGreaterThan(10)
    expect(newest).toEqual([...newest].sort((a, b) => b - a))
    const byDue = (await listWebTasks({})).map((t) => t.dueDate)
    expect(byDue).toEqual([...byDue].sort())
    expect(byDue).toHaveLength(newest.length)
  })

  it('serves over HTTP until closed; close ends the worker and closes the database', async () => {
    const dir = dataDir()
    const board = await startLocalBoard({ dataDir: dir, seedTasks: 40 })
    expect(board.definitions.projectKeys).toEqual(['APP', 'OPS', 'WEB'])
    expect((await listWeb(board)).length).toBeGreaterThan(0)
    await board.close()
    await expect(listWeb(board)).rejects.toThrow()
    // SQLite removes the write-ahead log when its last connection closes cleanly.
    expect(existsSync(join(dir, 'local-board.db-wal'))).toBe(false)
    await board.close() // a second close is harmless
    // The next start opens the same board and keeps a key that still works.
    const again = await startLocalBoard({ dataDir: dir, storedKey: board.apiKey })
    try {
      expect(again.apiKey).toBe(board.apiKey)
      expect((await listWeb(again)).length).toBeGreaterThan(0)
    } finally {
      await again.close()
    }
  })

  it("keeps main's event loop turning while it seeds a big board", async () => {
    const gaps: number[] = []
    let last = performance.now()
    const ticker = setInterval(() => {
      const now = performance.now()
      gaps.push(now - last)
      last = now
    }, 10)
    const started = performance.now()
    const board = await startLocalBoard({ dataDir: dataDir(), seedTasks: 5_000 })
    const startMs = performance.now() - started
    clearInterval(ticker)
    await board.close()
    // In main's thread the seed would be one synchronous block: one gap as long as most of the
    // start. From the worker, main only waits, and its timer keeps firing throughout.
    expect(gaps.length).toBeGreaterThan(10)
    expect(Math.max(...gaps)).toBeLessThan(startMs / 2)
  }, 60_000)

  it('rejects with a clear error when the database cannot be opened', async () => {
    const dir = dataDir()
    writeFileSync(join(dir, 'local-board.db'), 'this is not a database, only text '.repeat(200))
    await expect(startLocalBoard({ dataDir: dir })).rejects.toThrow(
      /^The local board could not start: .*not a database/,
    )
  })

  it('rejects when its worker fails before the board is ready', async () => {
    const failing = new URL('./fixtures/failing-worker.ts', import.meta.url)
    const options = { dataDir: dataDir(), when: 'start' } as LocalBoardOptions
    await expect(spawnLocalBoard(failing, options)).rejects.toThrow(
      'The local board could not start: boom while starting',
    )
  })

  it('reports a worker that fails while running, and close then returns at once', async () => {
    const failing = new URL('./fixtures/failing-worker.ts', import.meta.url)
    const logged: string[] = []
    const stopped = new Promise<void>((resolve) => {
      const log = (message: string) => {
        logged.push(message)
        if (message.includes('stopped unexpectedly')) resolve()
      }
      void spawnLocalBoard(failing, {
        dataDir: dataDir(),
        when: 'running',
        log,
      } as LocalBoardOptions).then((board) => stopped.then(() => board.close()))
    })
    await stopped
    expect(logged).toEqual([
      'The local board failed: boom while running',
      expect.stringMatching(/^The local board stopped unexpectedly \(exit code 1\)/),
    ])
  })
})
