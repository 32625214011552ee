// When and how long to wait before sending a request again. Pure functions, so the rules can be
// tested without a network and without waiting.

export interface RetryPolicy {
  /** Requests per call, the first one included (1: never retry). */
  maxAttempts: number
  /** Backoff ceiling before the first retry; doubles for each further retry. */
  baseDelayMs: number
  /** Cap of the backoff ceiling. */
  maxDelayMs: number
  /**
   * Longest Retry-After the client waits for. A board asking for more is not retried here: the
   * error carries the wait (`retryAfterMs`) so that a caller such as the edit journal can come
   * back later instead of holding a person's action for minutes.
   */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
}

/**
 * Full jitter (AWS architecture blog, "Exponential Backoff and Jitter"): a uniform wait between 0
 * and the capped exponential ceiling. Clients that failed together then spread out instead of
 * hitting a recovering board in waves. `retry` counts from 0 for the first retry.
 */
export function backoffDelayMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry)
  // Clamp: an injected random() outside [0, 1) must not produce a negative or oversized wait.
  const r = Math.min(Math.max(random(), 0), 1)
  return Math.floor(r * ceiling)
}

/**
 * Retry-After as milliseconds from now: delta seconds (`120`) or an HTTP date. Undefined when
 * absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // Only an HTTP date (it names a weekday or month); Date.parse would also take "1.5" or "2026".
  if (!/[a-z]{3}/i.test(text)) return undefined
  const at = Date.parse(text)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

/**
 * Statuses that say "try again": timeout, rate limit and server failures. 501 (not implemented),
 * 505 (HTTP version) and 511 (network login) will answer the same however often they are asked.
 */
export function isRetryableStatus(status: number): boolean {
  if (status === 408 || status === 429) return true
  return status >= 500 && status <= 599 && status !== 501 && status !== 505 && status !== 511
}

export type RetryDecision =
  { retry: true; delayMs: number } | { retry: false; retryAfterMs?: number }

/**
 * Whether to send again after `attempt` (1-based) failed, and after how long. The wait is the
 * jittered backoff, or the board's Retry-After when that is longer: the board knows best when
 * it will be ready, and waiting less would only spend an attempt.
 */
export function decideRetry(
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfterMs?: number,
): RetryDecision {
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) {
    return { retry: false, retryAfterMs }
  }
  if (attempt >= policy.maxAttempts) {
    return retryAfterMs === undefined ? { retry: false } : { retry: false, retryAfterMs }
  }
  const backoff = backoffDelayMs(attempt - 1, policy, random)
  return { retry: true, delayMs: Math.max(backoff, retryAfterMs ?? 0) }
}
