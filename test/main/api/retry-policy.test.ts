// The retry rules as pure functions: full-jitter bounds, Retry-After reading, which statuses
// are worth another attempt; and the deadline of a call, as a pure worst case and against a
// real board that never answers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ApiClient,
  DEFAULT_CALL_TIMING,
  DEFAULT_RETRY_POLICY,
  attemptTimeoutMs,
  backoffDelayMs,
  decideRetry,
  isRetryableStatus,
  parseRetryAfter,
  worstCaseCallMs,
} from '../../../src-main/api'
import type { ApiClientOptions, ApiErrorCode } from '../../../src-main/api'
import { STUB_KEY, expectApiError, newTask } from './fixtures'
import { hang, json, startStub } from './stub-server'
import type { StubServer } from './stub-server'

const policy = { maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 }

describe('full jitter', () => {
  it('stays within [0, min(max, base * 2^retry)] for any random()', () => {
    const randoms = [0, 1e-9, 0.25, 0.5, 0.999999]
    for (let retry = 0; retry < 12; retry++) {
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry)
      for (const r of randoms) {
        const delay = backoffDelayMs(retry, policy, () => r)
        expect(delay).toBeGreaterThanOrEqual(0)
        expect(delay).toBeLessThanOrEqual(ceiling)
        expect(delay).toBe(Math.floor(r * ceiling))
      }
    }
  })

  it('doubles the ceiling per retry up to the cap', () => {
    const top = (retry: number) => backoffDelayMs(retry, policy, () => 0.9999999)
    expect([0, 1, 2, 3, 4, 5].map(top)).toEqual([99, 199, 399, 799, 999, 999])
  })

  it('clamps a random() outside [0, 1)', () => {
    expect(backoffDelayMs(0, policy, () => -3)).toBe(0)
    expect(backoffDelayMs(0, policy, () => 7)).toBe(100)
  })
})

describe('Retry-After', () => {
  const now = Date.parse('2026-03-01T12:00:00Z')

  it('reads delta seconds and HTTP dates', () => {
    expect(parseRetryAfter('1', now)).toBe(1000)
    expect(parseRetryAfter(' 30 ', now)).toBe(30_000)
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:05 GMT', now)).toBe(5000)
  })

  it('treats a past date as now, and nonsense or absence as not given', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('1.5', now)).toBeUndefined()
    expect(parseRetryAfter('-1', now)).toBeUndefined()
  })

  it('waits the longer of the backoff and Retry-After, and gives up past the cap', () => {
    expect(decideRetry(1, policy, () => 0.5, 2_000)).toEqual({ retry: true, delayMs: 2_000 })
    expect(decideRetry(4, policy, () => 0.9999, 10)).toEqual({ retry: true, delayMs: 799 })
    expect(decideRetry(1, policy, () => 0.5, 6_000)).toEqual({ retry: false, retryAfterMs: 6_000 })
  })
})

describe('decideRetry', () => {
  it('retries until maxAttempts requests were made', () => {
    expect(decideRetry(5, policy, () => 0).retry).toBe(true)
    expect(decideRetry(6, policy, () => 0)).toEqual({ retry: false })
    expect(decideRetry(1, { ...policy, maxAttempts: 1 }, () => 0)).toEqual({ retry: false })
  })

  it('does not retry when the wait and a useful attempt no longer fit before the deadline', () => {
    const time = { remainingMs: 1_000, minAttemptMs: 250 }
    // Backoff 50 (ceiling 100, random 0.5): fits.
    expect(decideRetry(1, policy, () => 0.5, undefined, time)).toEqual({ retry: true, delayMs: 50 })
    // Retry-After 750 + 250 for the attempt: just fits; 800 does not, and the wait is kept.
    expect(decideRetry(1, policy, () => 0.5, 750, time)).toEqual({ retry: true, delayMs: 750 })
    expect(decideRetry(1, policy, () => 0.5, 800, time)).toEqual({
      retry: false,
      retryAfterMs: 800,
    })
    expect(decideRetry(1, policy, () => 0.5, undefined, { ...time, remainingMs: 299 })).toEqual({
      retry: false,
    })
  })
})

/** What the interactive planner promises (docs/planner-main.md, "The API client"). */
const DOCUMENTED_BOUND_MS = 20_000

describe('the worst case of a call', () => {
  it('is within the documented bound with the default policy and timing', () => {
    // Every attempt hangs to its timeout, every wait is the longest the rules allow.
    expect(worstCaseCallMs(DEFAULT_RETRY_POLICY, DEFAULT_CALL_TIMING)).toBeLessThanOrEqual(
      DOCUMENTED_BOUND_MS,
    )
    // The per-attempt timeout is shorter: a hanging board is tried more than once.
    expect(DEFAULT_CALL_TIMING.timeoutMs * 2).toBeLessThan(DEFAULT_CALL_TIMING.deadlineMs)
  })

  it('is what the deadline saves: without it, 4 timeouts and 3 of the longest Retry-After waits', () => {
    const unbounded = { ...DEFAULT_CALL_TIMING, deadlineMs: Number.POSITIVE_INFINITY }
    const { maxAttempts, maxRetryAfterMs } = DEFAULT_RETRY_POLICY
    expect(worstCaseCallMs(DEFAULT_RETRY_POLICY, unbounded)).toBe(
      maxAttempts * DEFAULT_CALL_TIMING.timeoutMs + (maxAttempts - 1) * maxRetryAfterMs,
    )
  })

  it('cuts the last attempt at the deadline', () => {
    const timing = { timeoutMs: 8_000, deadlineMs: 20_000 }
    expect(attemptTimeoutMs(timing, 0)).toBe(8_000)
    expect(attemptTimeoutMs(timing, 16_750)).toBe(3_250)
    expect(attemptTimeoutMs(timing, 21_000)).toBe(0)
  })
})

// The defaults scaled down 25 times (8 s -> 320 ms per attempt, 20 s -> 800 ms per call), so a
// board that never answers shows the real worst case in well under a second. Without the
// deadline the same call would take 4 x 320 ms plus the waits, over 1.3 s.
const SCALE = 25
const scaled = (ms: number) => Math.round(ms / SCALE)
const TIMING = {
  timeoutMs: scaled(DEFAULT_CALL_TIMING.timeoutMs),
  deadlineMs: scaled(DEFAULT_CALL_TIMING.deadlineMs),
}
/**
 * Timers on a loaded two-core machine fire late. Still well short of the 188 ms more that the
 * last attempt would take if it were not cut at the deadline.
 */
const SLACK_MS = 150

describe('a call against a board that accepts and never answers', () => {
  let stub: StubServer
  beforeEach(async () => {
    stub = await startStub()
    stub.otherwise(hang())
  })
  afterEach(async () => {
    await stub.close()
  })

  /** Real timers and real waits: nothing is recorded instead of waited. */
  const client = (options: Partial<ApiClientOptions> = {}) =>
    new ApiClient({
      baseUrl: stub.url,
      apiKey: STUB_KEY,
      ...TIMING,
      retry: {
        maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
        baseDelayMs: scaled(DEFAULT_RETRY_POLICY.baseDelayMs),
        maxDelayMs: scaled(DEFAULT_RETRY_POLICY.maxDelayMs),
        maxRetryAfterMs: scaled(DEFAULT_RETRY_POLICY.maxRetryAfterMs),
      },
      random: () => 0.9999,
      ...options,
    })

  /** The call's error, and how long it took from before it started to its end. */
  async function timed(start: () => Promise<unknown>, code: ApiErrorCode) {
    const started = performance.now()
    const error = await expectApiError(start(), code)
    return { error, ms: performance.now() - started }
  }

  it('a read fails TIMEOUT by the deadline, not after every attempt timed out', async () => {
    const { error, ms } = await timed(() => client().listTasks(), 'TIMEOUT')
    // 320 ms, 9 ms wait, 320 ms, 19 ms wait, then what is left of 800 ms. On a loaded machine
    // timers fire late, and what is left may be too little for a third attempt (less than a
    // quarter of one): the call then ends a little before the deadline, after two.
    expect(ms).toBeGreaterThanOrEqual(2 * TIMING.timeoutMs)
    expect(ms).toBeLessThanOrEqual(TIMING.deadlineMs + SLACK_MS)
    expect([2, 3]).toContain(error.attempts)
    expect(stub.count('GET')).toBe(error.attempts)
    if (error.attempts === 3)
      expect(error.message).toContain(
        'did not answer the request to list tasks within 0.8 s in all',
      )
  })

  it('an update fails TIMEOUT by the deadline', async () => {
    const update = () => client().updateTasks([{ id: 'T1', dueDate: '2026-03-05' }])
    const { error, ms } = await timed(update, 'TIMEOUT')
    expect(ms).toBeGreaterThanOrEqual(2 * TIMING.timeoutMs)
    expect(ms).toBeLessThanOrEqual(TIMING.deadlineMs + SLACK_MS)
    expect(stub.count('PUT')).toBe(error.attempts)
    if (error.attempts === 3) expect(error.message).toContain('within 0.8 s in all')
  })

  it('a create cut off by the deadline is OUTCOME_UNKNOWN, sent once', async () => {
    const deadlineMs = Math.round(TIMING.timeoutMs / 2)
    const create = () => client({ deadlineMs }).createTasks([newTask('Slow')])
    const { ms } = await timed(create, 'OUTCOME_UNKNOWN')
    expect(ms).toBeGreaterThanOrEqual(deadlineMs - 5)
    expect(ms).toBeLessThanOrEqual(deadlineMs + SLACK_MS)
    expect(stub.count('POST')).toBe(1)
  })

  it('a Retry-After past the deadline is not waited for: the error carries it', async () => {
    stub.script(json(503, { error: true, message: 'busy' }, { 'retry-after': '1' }))
    const { error, ms } = await timed(() => client({ deadlineMs: 900 }).listTasks(), 'SERVER_ERROR')
    expect(error.retryAfterMs).toBe(1_000)
    expect(stub.count('GET')).toBe(1)
    expect(ms).toBeLessThan(500)
  })
})

describe('isRetryableStatus', () => {
  it('is true for 408, 429 and transient 5xx only', () => {
    const retryable = [408, 429, 500, 502, 503, 504, 507, 599]
    const final = [200, 301, 400, 401, 402, 403, 404, 409, 413, 415, 501, 505, 511]
    expect(retryable.every(isRetryableStatus)).toBe(true)
    expect(final.some(isRetryableStatus)).toBe(false)
  })
})
