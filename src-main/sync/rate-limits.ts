// A board may limit how fast it is read (the spec: "Rate limits: not shown"). The API client
// retries a rate-limited request a few times within its own deadline and then gives up; a sync of
// hundreds of requests, four at a time, met that limit on every large board, and one request that
// gave up failed the whole sync. Here the sync's reader waits instead, all its requests together:
// the first that is told to slow down pauses every request of the sync for the wait the board
// asked for (or a growing backoff), then the same request is asked again. A board that keeps
// refusing, or asks for more than the sync will wait, still fails the sync, with the board's
// own words.
import { abortable } from './abortable'
import type { BoardReader } from './sync-board'

export const PATIENCE = {
  /** Longest single wait: a board asking for more is given up on at once. */
  maxWaitMs: 60_000,
  /**
   * All the waits of one sync together (each wait at least the backoff, which doubles: a board
   * that never stops refusing is given up on after about six waits, plus the client's own
   * retries of each refused request).
   */
  totalWaitMs: 180_000,
  /** Backoff when the board gives no Retry-After: 2 s, doubling. */
  firstBackoffMs: 2_000,
}

/**
 * A refusal to wait out: the board asks to slow down (429), or says it is down for a while and
 * when to come back (a 503 with Retry-After, read as SERVER_ERROR with the wait). A server error
 * with no wait named was already retried by the client, and fails the sync.
 */
const isRateLimited = (error: unknown): error is { retryAfterMs?: number } => {
  if (typeof error !== 'object' || error === null) return false
  const { code, retryAfterMs } = error as { code?: unknown; retryAfterMs?: unknown }
  return code === 'RATE_LIMITED' || (code === 'SERVER_ERROR' && typeof retryAfterMs === 'number')
}

export type Sleep = (ms: number) => Promise<void>
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** `reader` with every request of the sync waiting out the board's rate limit together. */
export function patientReader(
  reader: BoardReader,
  options: { signal?: AbortSignal | undefined; sleep?: Sleep | undefined } = {},
): BoardReader {
  const sleep = options.sleep ?? realSleep
  /** The wait every request of the sync is in, while there is one. */
  let pause: Promise<void> | undefined
  let waited = 0
  let backoff = PATIENCE.firstBackoffMs

  async function patiently<T>(ask: () => Promise<T>): Promise<T> {
    for (;;) {
      if (pause) await abortable(pause, options.signal)
      try {
        const answer = await ask()
        backoff = PATIENCE.firstBackoffMs
        return answer
      } catch (error) {
        if (!isRateLimited(error)) throw error
        // Requests that were in flight when the pause began and are refused too join it
        // rather than each adding a wait of its own.
        if (pause) continue
        // Never less than the backoff: a board that says `Retry-After: 0` (or a date already
        // past) would otherwise be asked again at once, for ever, with no wait to add up.
        const wait = Math.max(error.retryAfterMs ?? 0, backoff)
        if (wait > PATIENCE.maxWaitMs || waited + wait > PATIENCE.totalWaitMs) throw error
        waited += wait
        backoff = Math.min(backoff * 2, PATIENCE.maxWaitMs)
        const thisPause: Promise<void> = sleep(wait).finally(() => {
          if (pause === thisPause) pause = undefined
        })
        pause = thisPause
      }
    }
  }

  return {
    listTasks: (filters) => patiently(() => reader.listTasks(filters)),
    listDependencies: () => patiently(() => reader.listDependencies()),
  }
}
