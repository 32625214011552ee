// How the sync runs: progress, concurrency, cancelling, failures, and the guards that keep the
// coverage report honest when the service or the caller's lists are not what they claim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { syncBoard } from '../../../src-main/sync'
import type { BoardReader, SyncStep } from '../../../src-main/sync'
import { SyncProgress } from '../../../src-shared/ipc/board-snapshot'
import { DEMO_LISTS, startSocketBoard, task, times } from './socket-board'
import type { SocketBoard } from './socket-board'

let board: SocketBoard
beforeAll(async () => {
  board = await startSocketBoard()
  board.seed(1500, 7)
})
afterAll(async () => {
  await board.close()
})

describe('syncBoard, running', () => {
  it('reports progress through tasks, then dependencies, then done', async () => {
    const steps: SyncStep[] = []
    const result = await syncBoard(board.reader(), { onProgress: (step) => steps.push(step) })
    for (const step of steps) SyncProgress.parse({ profileId: 'local', ...step })
    const phases = steps.map((s) => s.phase)
    expect(phases[0]).toBe('tasks')
    expect(phases.slice(-2)).toEqual(['dependencies', 'done'])
    expect(new Set(phases.slice(0, -2))).toEqual(new Set(['tasks']))
    const requests = steps.map((s) => s.requests)
    expect(requests).toEqual([...requests].sort((a, b) => a - b))
    expect(steps.at(-1)).toEqual({
      phase: 'done',
      requests: result.coverage.requests,
      tasksLoaded: 1500,
      pendingSlices: 0,
    })
  })

  it.each([1, 3, 8])('keeps at most %i requests in flight', async (concurrency) => {
    const reader = board.reader()
    const result = await syncBoard(reader, { concurrency, known: DEMO_LISTS })
    expect(result.tasks).toHaveLength(1500)
    expect(reader.peak).toBeLessThanOrEqual(concurrency)
    if (concurrency > 1) expect(reader.peak).toBeGreaterThan(1)
  })

  it('stops when cancelled and says it failed', async () => {
    const controller = new AbortController()
    const steps: SyncStep[] = []
    const run = syncBoard(board.reader(), {
      signal: controller.signal,
      onProgress: (step) => {
        steps.push(step)
        if (step.requests >= 3) controller.abort()
      },
    })
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    expect(steps.at(-1)?.phase).toBe('failed')
    await expect(syncBoard(board.reader(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
  })

  it("fails with the reader's error, and reports it", async () => {
    const real = board.reader()
    let calls = 0
    const flaky: BoardReader = {
      listTasks: (filters) =>
        ++calls === 4 ? Promise.reject(new Error('connection reset')) : real.listTasks(filters),
      listDependencies: () => real.listDependencies(),
    }
    const steps: SyncStep[] = []
    await expect(syncBoard(flaky, { onProgress: (s) => steps.push(s) })).rejects.toThrow(
      'connection reset',
    )
    expect(steps.at(-1)).toMatchObject({ phase: 'failed', message: 'connection reset' })
  })

  it('holds no deduction on the order: a service that reverses every page changes nothing', async () => {
    const real = board.reader()
    const reversed: BoardReader = {
      listTasks: async (filters) => (await real.listTasks(filters)).reverse(),
      listDependencies: () => real.listDependencies(),
    }
    const result = await syncBoard(reversed, { known: DEMO_LISTS })
    const ids = new Set(result.tasks.map((t) => t.id))
    if (!result.coverage.complete) expect(result.coverage.truncated.length).toBeGreaterThan(0)
    else expect(ids.size).toBe(1500)
  })
})

describe('syncBoard, with lists that are not complete after all', () => {
  it('names the slices split by them', async () => {
    const other = await startSocketBoard()
    try {
      await other.create([
        ...times(30, () => task({ projectKey: 'APP' })),
        ...times(120, () => task()),
      ])
      const result = await syncBoard(other.reader(), {
        known: { projectKeys: ['WEB'], statuses: DEMO_LISTS.statuses, complete: true },
      })
      expect(result.coverage.complete).toBe(false)
      expect(result.coverage.wants).toContain('projectKeys')
      expect(result.coverage.truncated).toContainEqual(
        expect.objectContaining({
          query: '',
          description: expect.stringContaining('not in the list given (APP)'),
          returned: 100,
        }),
      )
    } finally {
      await other.close()
    }
  })
})
