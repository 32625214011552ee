// The retry rules as pure functions: full-jitter bounds, Retry-After reading, which statuses
// are worth another attempt.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RETRY_POLICY,
  backoffDelayMs,
  decideRetry,
  isRetryableStatus,
  parseRetryAfter,
} from '../../../src-main/api'

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

  it('has defaults that bound a call to seconds, not minutes', () => {
    const worst = [1, 2, 3].reduce(
      (sum, attempt) => sum + backoffDelayMs(attempt - 1, DEFAULT_RETRY_POLICY, () => 0.9999),
      0,
    )
    expect(DEFAULT_RETRY_POLICY.maxAttempts).toBe(4)
    expect(worst).toBeLessThan(2_000)
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
