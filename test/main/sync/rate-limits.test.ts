// A board that limits how fast it is read (the spec leaves rate limits "not shown"): the sync
// waits for it, all its requests together, and goes on, instead of failing the whole sync on the
// first request the API client gave up on. A board that keeps refusing, or asks for a longer
// wait than a sync will sit through, still fails it with the board's own words.
import { describe, expect, it } from 'vitest'
import { syncBoard } from '../../../src-main/sync'
import type { BoardReader } from '../../../src-main/sync'
import { PATIENCE } from '../../../src-main/sync/rate-limits'
import { ApiError } from '../../../src-main/api'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { buildTask } from '../../support/task-builder'

const tasks: Task[] = Array.from({ length: 250 }, (_, i) =>
  buildTask(`t${i}`, {
    key: i + 1,
    dueDate: `2026-03-${String((i % 25) + 1).padStart(2, '0')}T00:00:00.000Z`,
  }),
)

const day = (t: string) => t.slice(0, 10)
const matches = (t: Task, f: ListTasksFilters) =>
  !f.dueDate ||
  (t.dueDate !== '' && day(t.dueDate) >= f.dueDate.from && day(t.dueDate) <= f.dueDate.to)

/** Answers from memory; `limited(n)` says whether the n-th request (from 1) is refused. */
function limitedBoard(
  limited: (n: number) => number | undefined | false,
  refusal: (retryAfterMs: number | undefined) => ApiError = (retryAfter) =>
    new ApiError('RATE_LIMITED', 'The board asks to slow down (HTTP 429).', {
      status: 429,
      ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
    }),
) {
  const board = {
    requests: 0,
    inFlight: 0,
    /** Requests in flight (this one included) at each refusal. */
    inFlightAtRefusal: [] as number[],
    async listTasks(filters: ListTasksFilters) {
      board.requests += 1
      const n = board.requests
      board.inFlight += 1
      try {
        await new Promise((resolve) => setTimeout(resolve, 1))
        const retryAfter = limited(n)
        if (retryAfter !== false) {
          board.inFlightAtRefusal.push(board.inFlight)
          throw refusal(retryAfter)
        }
        return tasks.filter((t) => matches(t, filters)).slice(0, 100)
      } finally {
        board.inFlight -= 1
      }
    },
    async listDependencies() {
      return []
    },
  } satisfies BoardReader & Record<string, unknown>
  return board
}

describe('a board that limits its rate', () => {
  it('is waited for, as long as it asks, and the sync loads every task', async () => {
    // Requests 3 to 6 refused: the first with a Retry-After of 5 s, the others without one.
    const board = limitedBoard((n) => (n === 3 ? 5_000 : n > 3 && n <= 6 ? undefined : false))
    const waits: number[] = []
    const result = await syncBoard(board, {
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    expect(result.tasks).toHaveLength(250)
    expect(board.inFlightAtRefusal.length).toBe(4)
    // The board's own wait first.
    expect(waits[0]).toBe(5_000)
  })

  it('pauses every request of the sync once: requests refused during the pause join it', async () => {
    // The first wave after the root (4 requests in flight) is refused; the pause lasts 20 ms.
    const board = limitedBoard((n) => (n >= 2 && n <= 5 ? undefined : false))
    const waits: number[] = []
    const result = await syncBoard(board, {
      sleep: (ms) => {
        waits.push(ms)
        return new Promise((resolve) => setTimeout(resolve, 20))
      },
    })
    expect(result.tasks).toHaveLength(250)
    expect(Math.max(...board.inFlightAtRefusal)).toBeGreaterThan(1)
    expect(waits).toEqual([PATIENCE.firstBackoffMs])
  })

  it('that says "Retry-After: 0" for ever is still given up on: each wait is at least the backoff', async () => {
    const board = limitedBoard(() => 0)
    const waits: number[] = []
    await expect(
      syncBoard(board, { sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    expect(waits[0]).toBe(PATIENCE.firstBackoffMs)
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(PATIENCE.totalWaitMs)
  })

  it('that asks for a longer wait than a sync sits through fails the sync with its words', async () => {
    const board = limitedBoard((n) => (n === 2 ? PATIENCE.maxWaitMs + 1 : false))
    await expect(syncBoard(board, { sleep: async () => {} })).rejects.toThrow(/slow down/)
  })

  it('that never stops refusing fails the sync once the waits add up', async () => {
    const board = limitedBoard(() => undefined)
    const waits: number[] = []
    await expect(
      syncBoard(board, { sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(PATIENCE.totalWaitMs)
    expect(waits.length).toBeGreaterThan(2)
  })

  it('that is down for a while and says when to come back (503, Retry-After) is waited for too', async () => {
    // A 503 whose Retry-After was longer than the client waits within one call failed the
    // whole sync, where the same wait on a 429 was waited out.
    const unavailable = (retryAfterMs: number | undefined) =>
      new ApiError('SERVER_ERROR', 'The board is unavailable (HTTP 503).', {
        status: 503,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      })
    const board = limitedBoard((n) => (n === 2 ? 40_000 : false), unavailable)
    const waits: number[] = []
    const result = await syncBoard(board, { sleep: async (ms) => void waits.push(ms) })
    expect(result.tasks).toHaveLength(250)
    expect(waits).toEqual([40_000])
    // Without a Retry-After, a server error is the client's to retry, not the sync's to wait.
    const broken = limitedBoard((n) => (n >= 2 ? undefined : false), unavailable)
    await expect(syncBoard(broken, { sleep: async () => {} })).rejects.toThrow(/unavailable/)
  })
})
