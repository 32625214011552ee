// One request to the board: fetch with a per-attempt timeout and a deadline for the whole call,
// retries by the retry policy, and every outcome turned into a validated value or an ApiError.
// Plain Node (global fetch), so it runs in Electron main and in browser mode alike.
import type { z } from 'zod'
import { formatQuery } from '../../src-shared/api'
import { ApiError } from './api-error'
import { judgeAttempt } from './attempt-verdict'
import type { AttemptResult } from './attempt-verdict'
import type { RequestLabel } from './http-errors'
import { classifyFetchFailure } from './network-failure'
import { classifyBody } from './response-body'
import {
  DEFAULT_DEADLINE_MS,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  attemptTimeoutMs,
  decideRetry,
  timeLeft,
} from './retry-policy'
import type { CallTiming, RetryPolicy } from './retry-policy'

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RetryEvent {
  method: HttpMethod
  path: string
  /** The attempt that failed (1-based). */
  attempt: number
  delayMs: number
  /** "HTTP 503", "timeout", "UND_ERR_SOCKET" */
  reason: string
}

export interface TransportOptions {
  /** The board's address; the interface lives under `<baseUrl>/api/v1`. */
  baseUrl: string
  apiKey: string
  /** Defaults to the global fetch. */
  fetch?: FetchLike
  /**
   * Per attempt: for the answer's headers, then for each silence while its body arrives
   * (DEFAULT_TIMEOUT_MS: 8 s). A large body that keeps arriving is not cut off.
   */
  timeoutMs?: number
  /** The largest answer read (DEFAULT_MAX_ANSWER_BYTES: 64 MiB); a larger one is an error. */
  maxAnswerBytes?: number
  /**
   * Per call: all attempts, the waits between them and their timeouts together
   * (DEFAULT_DEADLINE_MS: 20 s). Measured on the monotonic clock, not with `now`.
   */
  deadlineMs?: number
  retry?: Partial<RetryPolicy>
  sleep?: (ms: number) => Promise<void>
  /** In [0, 1); drives the backoff jitter. */
  random?: () => number
  /** Milliseconds since the epoch; reads Retry-After dates. */
  now?: () => number
  onRetry?: (event: RetryEvent) => void
}

export interface RequestSpec<T> {
  method: HttpMethod
  path: string
  query?: URLSearchParams
  body?: unknown
  schema: z.ZodType<T>
  /** Words for messages: "list tasks", "create 3 tasks". */
  what: string
  /** Overrides the policy's attempts (a connection test asks once). */
  maxAttempts?: number
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Shorter than this, a key is not taken out of the board's words (it is no secret-like text). */
const MIN_SECRET_LENGTH = 8

export class HttpTransport {
  /** `https://board.example.com`, for messages. */
  readonly origin: string
  private readonly base: string
  private readonly policy: RetryPolicy
  private readonly timing: CallTiming

  constructor(private readonly options: TransportOptions) {
    this.base = normaliseBaseUrl(options.baseUrl)
    this.origin = new URL(this.base).origin
    // fetch would refuse such a header value only at send time, where it would look like a
    // network failure; say what is wrong up front instead.
    if (!/^[\x21-\x7e]+$/.test(options.apiKey)) {
      throw new ApiError(
        'KEY_REJECTED',
        'The API key is empty or holds spaces or characters that cannot be sent; paste it again from the board settings.',
      )
    }
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
    this.timing = {
      timeoutMs: positive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      deadlineMs: positive('deadlineMs', options.deadlineMs ?? DEFAULT_DEADLINE_MS),
    }
  }

  /**
   * Sends until the answer is final. Only idempotent methods are retried (GET, DELETE, and PUT
   * and PATCH, whose updates carry absolute values), and only on network failures, timeouts,
   * 408, 429 and 5xx. A POST is sent again only when its connection was never made (refused,
   * DNS, TLS): then no byte of it can have reached the board. Any later failure of a POST
   * (reset, timeout, a gateway's 5xx or a 503 without the spec's error body, a 301, 302 or 303
   * redirect, an unreadable 2xx) is OUTCOME_UNKNOWN and final.
   *
   * The whole call ends by the deadline: the attempt running then is cut off (TIMEOUT, or
   * OUTCOME_UNKNOWN for a POST), and no retry is made whose wait and a useful attempt do not fit
   * before it (the call then fails with the last attempt's error).
   */
  async send<T>(spec: RequestSpec<T>): Promise<T> {
    const label: RequestLabel = { method: spec.method, origin: this.origin, what: spec.what }
    const policy = { ...this.policy, maxAttempts: spec.maxAttempts ?? this.policy.maxAttempts }
    const started = performance.now()
    const elapsed = () => performance.now() - started
    for (let attempt = 1; ; attempt++) {
      const limitMs = attemptTimeoutMs(this.timing, elapsed())
      const verdict = judgeAttempt(await this.attempt(spec, limitMs), {
        schema: spec.schema,
        label,
        attempt,
        idempotent: spec.method !== 'POST',
        timeoutMs: this.timing.timeoutMs,
        ...(limitMs < this.timing.timeoutMs ? { deadlineMs: this.timing.deadlineMs } : {}),
        now: (this.options.now ?? Date.now)(),
      })
      if (verdict.done) return verdict.value
      if (!verdict.retryable) throw this.withoutKey(verdict.error)
      const random = this.options.random ?? Math.random
      const time = timeLeft(this.timing, elapsed())
      const decision = decideRetry(attempt, policy, random, verdict.retryAfterMs, time)
      if (!decision.retry) throw this.withoutKey(verdict.error)
      const { method, path } = spec
      const { delayMs } = decision
      this.options.onRetry?.({ method, path, attempt, delayMs, reason: verdict.reason })
      await (this.options.sleep ?? realSleep)(delayMs)
    }
  }

  /**
   * An answer's text with this board's key taken out, where the answer can only become an error
   * message: a board (or a proxy) that echoes the Authorization header must not have the key
   * go further, not even in a snippet cut short. A successful JSON answer is data (a task's
   * description may hold any text) and is left as it is; so is a key too short to be a secret
   * (the spec gives keys no form), which would otherwise be cut out of ordinary words.
   */
  private withoutKeyText(text: string, status: number, contentType: string | null): string {
    const key = this.options.apiKey
    const data = status >= 200 && status < 300 && /json/i.test(contentType ?? '')
    if (data || key.length < MIN_SECRET_LENGTH) return text
    return text.split(key).join('[the API key]')
  }

  /**
   * The error with this board's key taken out of every text the board gave: a debug proxy or a
   * careless gateway may echo the request's Authorization header, and the message goes to the
   * window, to the edit journal on disk and to the log.
   */
  private withoutKey(error: ApiError): ApiError {
    const key = this.options.apiKey
    if (key.length < MIN_SECRET_LENGTH) return error
    const clean = (text: string) => text.split(key).join('[the API key]')
    // Every text of the board's that goes on: the code too (it reaches the window), and the
    // issues' paths. These are parsed, so a key the answer wrote with JSON escapes is found.
    const said = [
      error.message,
      error.serverMessage ?? '',
      error.serverCode ?? '',
      ...error.issues.flatMap((i) => [i.message, i.path]),
    ]
    if (!said.some((text) => text.includes(key))) return error
    return new ApiError(error.code, clean(error.message), {
      ...error.details,
      ...(error.serverMessage === undefined ? {} : { serverMessage: clean(error.serverMessage) }),
      ...(error.serverCode === undefined ? {} : { serverCode: clean(error.serverCode) }),
      issues: error.issues.map((issue) => ({
        path: clean(issue.path),
        message: clean(issue.message),
      })),
    })
  }

  private async attempt<T>(spec: RequestSpec<T>, limitMs: number): Promise<AttemptResult> {
    const controller = new AbortController()
    let timedOut = false
    // The timer covers the body as well: a board that sends headers and then stalls is as stuck
    // as one that never answers. While the body arrives it limits each silence, not the whole:
    // a page of long descriptions over a slow line would otherwise never arrive in time.
    let timer: NodeJS.Timeout | undefined
    let onSettled = () => {}
    const arm = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, limitMs)
    }
    arm()
    const query = spec.query && formatQuery(spec.query)
    const url = `${this.base}${spec.path}${query ? `?${query}` : ''}`
    try {
      const response = await (this.options.fetch ?? fetch)(url, {
        method: spec.method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
        signal: controller.signal,
        // Never follow: that would carry the key (and a POST's body) to another address.
        redirect: 'manual',
      })
      const { status, headers } = response
      arm()
      // And the whole body within BODY_TIME_FACTOR silences: a body that trickles on for ever
      // (a byte in time, again and again) is given up on all the same.
      const bodyTimer = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, limitMs * BODY_TIME_FACTOR)
      onSettled = () => clearTimeout(bodyTimer)
      const limitBytes = this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES
      const read = await readAnswer(response, limitBytes, arm)
      const body =
        read === undefined
          ? ({ kind: 'too-large', limitBytes } as const)
          : classifyBody(
              this.withoutKeyText(read, status, headers.get('content-type')),
              headers.get('content-type'),
            )
      if (read === undefined) controller.abort()
      return {
        answer: { status, body, location: headers.get('location') },
        retryAfter: headers.get('retry-after'),
      }
    } catch (error) {
      return { failure: classifyFetchFailure(error, timedOut) }
    } finally {
      clearTimeout(timer)
      onSettled()
    }
  }
}

/**
 * The longest a body may take, in per-attempt timeouts (8 s: 80 s): room for a page of long
 * descriptions over a slow line, and an end to one that never stops arriving.
 */
export const BODY_TIME_FACTOR = 10

/** The largest answer read: a full page of 100 tasks with long descriptions is a few MiB. */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024

/**
 * The answer's text, read part by part (`onPart` after each), or undefined once it passes
 * `limitBytes` (the rest is not read).
 */
async function readAnswer(
  response: Response,
  limitBytes: number,
  onPart: () => void,
): Promise<string | undefined> {
  if (!response.body) return response.text()
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limitBytes) {
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    parts.push(value)
    onPart()
  }
  // As response.text() reads it: UTF-8, a byte order mark dropped.
  return new TextDecoder().decode(Buffer.concat(parts))
}

function positive(name: string, ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) {
    throw new RangeError(`${name} must be a positive number of milliseconds, not ${ms}`)
  }
  return ms
}

/** `https://host/prefix/` -> `https://host/prefix`; refuses anything but http(s) URLs. */
export function normaliseBaseUrl(baseUrl: string): string {
  let url: URL | undefined
  try {
    url = new URL(baseUrl.trim())
  } catch {
    url = undefined
  }
  // Credentials in a URL would travel beside the key and show up in messages: refuse them (and
  // do not echo the address back).
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new ApiError(
      'INVALID_REQUEST',
      'The board address must be an http(s) URL without a user name or password, such as https://board.example.com.',
    )
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}
