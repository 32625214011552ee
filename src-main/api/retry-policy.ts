// When and how long to wait before sending a request again, and how long one call may take in
// all. Pure functions, so the rules can be tested without a network and without waiting.

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
 * How long one call may take: each attempt, and all of it together (every attempt, every wait
 * between them). The transport cuts the attempt that reaches the deadline short, and does not
 * retry when the wait and a useful attempt (`minAttemptMs`) no longer fit before it.
 */
export interface CallTiming {
  /** Per attempt, until the whole body has arrived. */
  timeoutMs: number
  /** Per call: all attempts, the waits between them and their timeouts together. */
  deadlineMs: number
}

/**
 * Per attempt: 8 s. A healthy board answers a list of 100 tasks or a batch update in well under a
 * second, even on a slow line; 8 s leaves room for a slow board and a large batch, and lets a
 * hanging board be tried twice, and a third time for what is left, within the deadline. (It was
 * 15 s, and a hanging board then took 4 x 15 s plus the waits, about 62 s, before any answer.)
 */
export const DEFAULT_TIMEOUT_MS = 8_000

/**
 * Per call, in all: 20 s. A person waits for a read or an update (a drag, a sync, a connection
 * test): after 20 s without an answer the planner says so, and an update stays queued in the
 * edit journal, which tries again later. It bounds any call, hanging board, repeated 5xx or long
 * Retry-After alike: without it the worst case would be 4 x 8 s plus 3 waits of up to 30 s
 * (Retry-After), 122 s. Batches sent in chunks get a deadline per chunk (one request each), and a
 * failed chunk stops the rest, so a hanging board answers any call within one deadline.
 */
export const DEFAULT_DEADLINE_MS = 20_000

export const DEFAULT_CALL_TIMING: CallTiming = {
  timeoutMs: DEFAULT_TIMEOUT_MS,
  deadlineMs: DEFAULT_DEADLINE_MS,
}

/**
 * The least time worth a retry: a quarter of the per-attempt timeout (2 s by default). A retry
 * that would have less than that before the deadline would most likely time out, and its
 * TIMEOUT would hide the more telling error of the attempt before (an HTTP 503, a reset...).
 */
export function minAttemptMs(timing: CallTiming): number {
  return Math.ceil(Math.min(timing.timeoutMs, timing.deadlineMs) / 4)
}

/**
 * How long the next attempt may run, `elapsedMs` into the call: the per-attempt timeout, or what
 * is left of the deadline when that is less (never below 0).
 */
export function attemptTimeoutMs(timing: CallTiming, elapsedMs: number): number {
  return Math.max(0, Math.min(timing.timeoutMs, timing.deadlineMs - elapsedMs))
}

/** What is left of a call's time, for decideRetry. */
export interface TimeLeft {
  /** Until the call's deadline. */
  remainingMs: number
  /** A retry must leave at least this much after its wait (see minAttemptMs). */
  minAttemptMs: number
}

export function timeLeft(timing: CallTiming, elapsedMs: number): TimeLeft {
  return { remainingMs: timing.deadlineMs - elapsedMs, minAttemptMs: minAttemptMs(timing) }
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
 * it will be ready, and waiting less would only spend an attempt. With `time`, a retry is made
 * only when its wait and a useful attempt still fit before the call's deadline; otherwise the
 * call ends now (with the board's Retry-After, if any, for a caller that can come back later).
 */
export function decideRetry(
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfterMs?: number,
  time?: TimeLeft,
): RetryDecision {
  const stop: RetryDecision =
    retryAfterMs === undefined ? { retry: false } : { retry: false, retryAfterMs }
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) return stop
  if (attempt >= policy.maxAttempts) return stop
  const backoff = backoffDelayMs(attempt - 1, policy, random)
  const delayMs = Math.max(backoff, retryAfterMs ?? 0)
  if (time && delayMs + time.minAttemptMs > time.remainingMs) return stop
  return { retry: true, delayMs }
}

/**
 * The longest one call can take under these rules, from the same functions the transport runs:
 * every attempt runs until it is cut off (no answer), and every wait is the longest the rules
 * still allow, the backoff ceiling or a Retry-After up to what fits. The deadline is what bounds
 * it: a policy or a rule that let a call run past it shows here.
 */
export function worstCaseCallMs(policy: RetryPolicy, timing: CallTiming): number {
  const longest = () => 1
  let elapsed = 0
  for (let attempt = 1; ; attempt++) {
    elapsed += attemptTimeoutMs(timing, elapsed)
    const time = timeLeft(timing, elapsed)
    // The longest waits on offer: the backoff alone, the longest Retry-After taken, and a
    // Retry-After that uses up exactly what the rules leave.
    const offers = [undefined, policy.maxRetryAfterMs, time.remainingMs - time.minAttemptMs]
    const waits = offers.flatMap((retryAfterMs) => {
      if (retryAfterMs !== undefined && retryAfterMs < 0) return []
      const decision = decideRetry(attempt, policy, longest, retryAfterMs, time)
      return decision.retry ? [decision.delayMs] : []
    })
    if (waits.length === 0) return elapsed
    elapsed += Math.max(...waits)
  }
}
