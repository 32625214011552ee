// Turns what happened to a request into an ApiError whose message says what to do about it.
// The board's own message and code are kept on the error (serverMessage, serverCode).
import { ApiError } from './api-error'
import type { ApiErrorCode } from './api-error'
import type { NetworkFailure } from './network-failure'
import { describeBody, readServerError } from './response-body'
import type { ResponseBody } from './response-body'

/** Which request failed, in words: `what` reads "list tasks", "create 3 tasks", ... */
export interface RequestLabel {
  method: string
  origin: string
  what: string
}

export interface Answer {
  status: number
  body: ResponseBody
  location?: string | null
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`
const tries = (attempts: number) => (attempts > 1 ? ` after ${attempts} attempts` : '')
const said = (message: string | undefined) => (message ? ` The board said: ${message}` : '')

/** Codes of dependency create (and this service's additions), for a failure sent with a 2xx. */
const SERVER_CODES: Readonly<Record<string, ApiErrorCode>> = {
  UNAUTHORIZED: 'KEY_REJECTED',
  TASKS_NOT_FOUND: 'NOT_FOUND',
  DUPLICATE: 'CONFLICT',
  CYCLE_DETECTED: 'CONFLICT',
  INTERNAL_ERROR: 'SERVER_ERROR',
}

/** The error code a board's own code stands for; a code this list lacks is a refusal. */
function codeOfServerCode(serverCode: string | undefined): ApiErrorCode {
  // Own keys only: a board's code is any string, "toString" and "__proto__" included.
  return serverCode !== undefined && Object.hasOwn(SERVER_CODES, serverCode)
    ? SERVER_CODES[serverCode]!
    : 'INVALID_REQUEST'
}

/** The spec's four refusals of dependency create: each says the link was not made. */
const DEPENDENCY_REFUSALS = new Set([
  'SELF_REFERENCE',
  'TASKS_NOT_FOUND',
  'DUPLICATE',
  'CYCLE_DETECTED',
])

/**
 * A dependency-create refusal in the body of an answer whose status would leave the outcome
 * open (a 5xx: the spec does not say which statuses errors carry). The code is a definite "not
 * done" whatever the status, so it is read as the refusal it is; undefined for any other answer.
 */
export function refusalOfAnyStatus(
  answer: Answer,
  label: RequestLabel,
  attempts: number,
): ApiError | undefined {
  const server = readServerError(answer.body)
  if (!server?.code || !DEPENDENCY_REFUSALS.has(server.code)) return undefined
  return new ApiError(codeOfServerCode(server.code), messageOf(server, label), {
    status: answer.status,
    serverCode: server.code,
    serverMessage: server.message,
    issues: server.issues,
    attempts,
  })
}

/** The board's message; its own words where it gave some (the spec does not say it must). */
function messageOf(server: { code: string | undefined; message: string }, label: RequestLabel) {
  if (server.message.trim() !== '') return server.message
  const code = server.code ? ` (${server.code})` : ''
  return `The board refused the request to ${label.what}${code} and gave no reason.`
}

/** An answer with an error status (3xx-5xx). */
export function errorFromStatus(
  answer: Answer,
  label: RequestLabel,
  attempts: number,
  retryAfterMs?: number,
): ApiError {
  const { status, body } = answer
  const server = readServerError(body)
  const details = {
    status,
    serverCode: server?.code,
    serverMessage: server?.message,
    issues: server?.issues,
    attempts,
    retryAfterMs,
  }
  // A proxy or gateway answered instead of the board: say so, whatever the status.
  const notJson =
    body.kind === 'json' ? '' : ` It answered with ${describeBody(body)} instead of JSON.`
  const create = (code: ApiErrorCode, message: string) => new ApiError(code, message, details)
  if (status === 401) {
    return create(
      'KEY_REJECTED',
      `The board rejected the API key; check it in the board settings (a board owner can generate a new one there).${said(server?.message)}${notJson}`,
    )
  }
  if (status === 402 || status === 403) {
    return create(
      'PLAN_OR_PERMISSION',
      `The board refused the request (HTTP ${status}): its API is for board owners on a paid plan. Check that the key belongs to an owner and that the board's plan includes the API.${said(server?.message)}${notJson}`,
    )
  }
  if (status === 429) {
    const wait = retryAfterMs === undefined ? '' : ` It asks to wait ${seconds(retryAfterMs)}.`
    return create(
      'RATE_LIMITED',
      `The board is limiting how often the planner may call it (HTTP 429)${tries(attempts)}.${wait} Wait a little, then try again.`,
    )
  }
  if (status === 408) {
    return create(
      'TIMEOUT',
      `The board gave up waiting for the request to ${label.what} (HTTP 408)${tries(attempts)}. Check the network connection and try again.`,
    )
  }
  if (status >= 500) {
    if (body.kind === 'html') {
      return create(
        'SERVER_ERROR',
        `The board answered with an HTML page (HTTP ${status}) instead of JSON${tries(attempts)}: a proxy or gateway in front of it failed. Try again later; if it persists, ask whoever runs the board.`,
      )
    }
    return create(
      'SERVER_ERROR',
      `The board failed to ${label.what} (HTTP ${status})${tries(attempts)}. Try again later.${said(server?.message)}`,
    )
  }
  if (status >= 300 && status < 400) {
    const where = answer.location ? ` to ${answer.location}` : ''
    // Redirects are not followed: that would send the key elsewhere and turn a POST into a GET.
    return create(
      'INVALID_RESPONSE',
      `The board's address redirects (HTTP ${status})${where}. Use the final address as the board's base URL.`,
    )
  }
  if (status === 404) {
    // Only the board's own error says that the thing asked for is not there: the planner takes
    // that as "deleted already". A 404 without it (a web server's or a proxy's page) says the
    // address is wrong, and must not read as "gone".
    if (server) return create('NOT_FOUND', messageOf(server, label))
    return create(
      'INVALID_RESPONSE',
      `Nothing at ${label.origin} answers ${label.method} requests of the task-board interface (HTTP 404).${notJson} Check the base URL in the board settings.`,
    )
  }
  if (status === 409) {
    return create(
      'CONFLICT',
      server?.message || `The board refused to ${label.what}: it conflicts with the board's state.`,
    )
  }
  if (status >= 400) {
    return create(
      'INVALID_REQUEST',
      server?.message ||
        `The board refused the request to ${label.what} as invalid (HTTP ${status}).${notJson}`,
    )
  }
  return create('INVALID_RESPONSE', `The board answered with an unexpected HTTP ${status}.`)
}

/** A 2xx whose body is not the promised shape. */
export function errorFromSuccessBody(
  answer: Answer,
  label: RequestLabel,
  attempts: number,
  shapeProblem: string | undefined,
): ApiError {
  const { status, body } = answer
  const server = readServerError(body)
  if (server) {
    // A failure reported with a success status: trust the body, it says what went wrong.
    return new ApiError(codeOfServerCode(server.code), messageOf(server, label), {
      status,
      serverCode: server.code,
      serverMessage: server.message,
      issues: server.issues,
      attempts,
    })
  }
  const message =
    body.kind === 'too-large'
      ? `The board's answer to the request to ${label.what} (HTTP ${status}) was ${describeBody(body)}: it cannot be one of the interface's answers.`
      : body.kind === 'html'
        ? `The board answered with an HTML page (HTTP ${status}) instead of JSON: the base URL probably points at a web site or a proxy's page, not at the board's API. Check it in the board settings.`
        : body.kind === 'json'
          ? `The board's answer to the request to ${label.what} does not have the shape the interface specifies (${shapeProblem ?? 'unknown problem'}). The board may run an incompatible version.`
          : `The board answered the request to ${label.what} with ${describeBody(body)} (HTTP ${status}) where JSON was expected. Check the base URL in the board settings.`
  return new ApiError('INVALID_RESPONSE', message, { status, attempts })
}

/**
 * No answer at all: the connection failed or the time ran out. `deadlineMs` is set when the
 * call's deadline (all attempts together), not the per-attempt timeout, ran out.
 */
export function errorFromFailure(
  failure: NetworkFailure,
  label: RequestLabel,
  attempts: number,
  limit: { timeoutMs: number; deadlineMs?: number },
): ApiError {
  const details = { attempts, cause: failure }
  if (failure.kind === 'timeout') {
    const within =
      limit.deadlineMs === undefined
        ? `within ${seconds(limit.timeoutMs)}${tries(attempts)}`
        : `within ${seconds(limit.deadlineMs)} in all (${attempts} attempt${attempts === 1 ? '' : 's'})`
    return new ApiError(
      'TIMEOUT',
      `The board did not answer the request to ${label.what} ${within}. It may be overloaded or unreachable; try again later.`,
      details,
    )
  }
  return new ApiError(
    'NETWORK',
    `Could not reach the board at ${label.origin}${tries(attempts)}: ${failure.reason}. Check the base URL, that the board is running, and the network connection.`,
    details,
  )
}

/**
 * A POST whose body may have reached the board, and then no usable answer came back. It is not
 * sent again: the caller finds out what happened (the planner lists the board) before any retry.
 */
export function outcomeUnknown(
  label: RequestLabel,
  happened: string,
  details: { status?: number; attempts: number; cause?: unknown },
): ApiError {
  return new ApiError(
    'OUTCOME_UNKNOWN',
    `The request to ${label.what} reached the board or may have, and then ${happened}, so it is unknown whether it was applied. It was not sent again; check the board before trying again.`,
    details,
  )
}
