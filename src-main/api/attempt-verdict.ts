// What one attempt's result means: a validated value, a final error, or an error worth another
// attempt. Pure, so the transport's loop only sends, waits and counts.
import type { z } from 'zod'
import { formatPath } from '../../src-shared/api'
import type { ApiError } from './api-error'
import {
  errorFromFailure,
  errorFromStatus,
  errorFromSuccessBody,
  outcomeUnknown,
  refusalOfAnyStatus,
} from './http-errors'
import type { Answer, RequestLabel } from './http-errors'
import type { NetworkFailure } from './network-failure'
import { readServerError } from './response-body'
import { isRetryableStatus, parseRetryAfter } from './retry-policy'

export type AttemptResult =
  { answer: Answer; retryAfter: string | null } | { failure: NetworkFailure }

export type Verdict<T> =
  | { done: true; value: T }
  | { done: false; error: ApiError; retryable: false }
  | { done: false; error: ApiError; retryable: true; reason: string; retryAfterMs?: number }

export interface AttemptContext<T> {
  schema: z.ZodType<T>
  label: RequestLabel
  /** 1-based number of the attempt judged. */
  attempt: number
  /** POST is not: it is never sent again once it may have reached the board. */
  idempotent: boolean
  timeoutMs: number
  /** Set when the call's deadline, not the per-attempt timeout, cut this attempt short. */
  deadlineMs?: number
  now: number
}

const final = <T>(error: ApiError): Verdict<T> => ({ done: false, error, retryable: false })

/**
 * Redirects that may come after a request was handled (the board did it, then points at the
 * result); 307 and 308 ask for the same request elsewhere, so it was not handled here.
 */
const AFTER_POST_REDIRECTS = new Set([301, 302, 303])

export function judgeAttempt<T>(result: AttemptResult, context: AttemptContext<T>): Verdict<T> {
  const { label, attempt, idempotent } = context
  if ('failure' in result) {
    const { failure } = result
    if (!idempotent && failure.mayHaveBeenSent) {
      const happened = failure.kind === 'timeout' ? 'no answer came in time' : failure.reason
      return final(outcomeUnknown(label, happened, { attempts: attempt, cause: failure }))
    }
    const limit =
      context.deadlineMs === undefined
        ? { timeoutMs: context.timeoutMs }
        : { timeoutMs: context.timeoutMs, deadlineMs: context.deadlineMs }
    const error = errorFromFailure(failure, label, attempt, limit)
    if (!failure.transient) return final(error)
    const reason = failure.kind === 'timeout' ? 'timeout' : (failure.code ?? failure.reason)
    return { done: false, error, retryable: true, reason }
  }
  const { answer } = result
  if (answer.status >= 200 && answer.status < 300) return readSuccess(answer, context)
  const retryAfterMs = parseRetryAfter(result.retryAfter, context.now)
  const error = errorFromStatus(answer, label, attempt, retryAfterMs)
  if (!idempotent && AFTER_POST_REDIRECTS.has(answer.status)) {
    // Redirect-after-POST: a board may well have applied the create and then sent the client
    // to see the result (303 above all). Read as a wrong address, the user created it again.
    const where = answer.location ? ` to ${answer.location}` : ''
    const happened = `it answered with a redirect (HTTP ${answer.status})${where}, which is not followed; if the board has moved, use its new address as the base URL`
    return final(outcomeUnknown(label, happened, { status: answer.status, attempts: attempt }))
  }
  if (!isRetryableStatus(answer.status)) return final(error)
  if (!idempotent) {
    // A 503 with a body in the spec's error shape (`{error, message}`) is the board's own "not
    // now": the request was not handled. Any other 5xx, and a 503 without that body (a gateway's
    // page, or its `{"message": "Service Unavailable"}`, after its upstream reset), leave a
    // POST's fate open, unless the body is one of the spec's refusals, which says it was not done.
    const refusal = refusalOfAnyStatus(answer, label, attempt)
    if (refusal) return final(refusal)
    if (answer.status >= 500 && (answer.status !== 503 || !readServerError(answer.body))) {
      const happened = `the board failed (HTTP ${answer.status})`
      return final(outcomeUnknown(label, happened, { status: answer.status, attempts: attempt }))
    }
    return final(error)
  }
  const reason = `HTTP ${answer.status}`
  return retryAfterMs === undefined
    ? { done: false, error, retryable: true, reason }
    : { done: false, error, retryable: true, reason, retryAfterMs }
}

/** Validates a 2xx. Never retried: the same request would get the same answer. */
function readSuccess<T>(answer: Answer, context: AttemptContext<T>): Verdict<T> {
  const { label, attempt } = context
  let problem: string | undefined
  if (answer.body.kind === 'empty') {
    // "No content": the spec's answers that say no more than success (a create, a delete) may
    // come as a bare 204 from a board that uses statuses, or as a 200 (or any 2xx) with an empty
    // body, which says the same; an update's answer then names no task (each is read back), and
    // a list, which must name its tasks, stays unreadable.
    const bare = context.schema.safeParse({ success: true })
    if (bare.success) return { done: true, value: bare.data }
  }
  if (answer.body.kind === 'json') {
    const parsed = context.schema.safeParse(answer.body.value)
    if (parsed.success) return { done: true, value: parsed.data }
    const issue = parsed.error.issues[0]
    problem = issue ? `${formatPath(issue.path) || 'body'}: ${issue.message}` : undefined
  }
  const error = errorFromSuccessBody(answer, label, attempt, problem)
  if (context.idempotent || error.code !== 'INVALID_RESPONSE') return final(error)
  // The board said "done" in a way that cannot be read: the POST probably applied, not surely.
  const happened = `its answer (HTTP ${answer.status}) could not be read`
  return final(
    outcomeUnknown(label, happened, { status: answer.status, attempts: attempt, cause: error }),
  )
}
