// Every failure leaves as JSON in the spec's shape: `{error: true, message}`, or for
// dependency create `{error: '<CODE>', message}`. Bad input is never a 5xx.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { DependencyErrorCode } from '../../src-shared/api'
import { isLockError, WriteLockBusy } from '../db/write-lock'
import { ServiceError } from '../store/service-error'

export const DEPENDENCIES_PATH = '/api/v1/dependencies'
export const TASKS_PATH = '/api/v1/tasks'

/**
 * Dependency create speaks in string codes; everything else in `error: true`. Decided by the
 * route the router matched, not the raw path: the router decodes it, so `/api/v1/%64ependencies`
 * is dependency create too.
 */
function usesCodes(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.routeOptions.url === DEPENDENCIES_PATH
}

/**
 * Whether a request target as sent (path and query) is dependency create's path as the router
 * reads it, percent-escapes decoded: for answers written before a route is matched.
 */
export function isDependenciesTarget(target: string): boolean {
  const path = target.split('?')[0] ?? ''
  if (path === DEPENDENCIES_PATH) return true
  try {
    return decodeURIComponent(path) === DEPENDENCIES_PATH
  } catch {
    return false
  }
}

/**
 * The longest text an error answer repeats, and the most field issues it lists. Messages quote
 * what was sent (a status, unknown field names): a 1 MB status came back twice over, 2 MB, and
 * 200,000 unknown fields as 3.4 MB. The message still counts the problems it does not list.
 */
const TEXT_SHOWN = 2_000
const ISSUES_SHOWN = 100

function clipped(text: string): string {
  if (text.length <= TEXT_SHOWN) return text
  // Not through the middle of a surrogate pair.
  const end = /[\ud800-\udbff]/.test(text[TEXT_SHOWN - 1] ?? '') ? TEXT_SHOWN - 1 : TEXT_SHOWN
  return `${text.slice(0, end)}… (${text.length - end} more characters)`
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ServiceError,
): FastifyReply {
  const body: Record<string, unknown> = {
    error: usesCodes(request) ? error.code : true,
    message: clipped(error.message),
  }
  if (error.issues.length > 0)
    body['issues'] = error.issues
      .slice(0, ISSUES_SHOWN)
      .map((issue) => ({ path: clipped(issue.path), message: clipped(issue.message) }))
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds)
  return reply.code(error.status).type('application/json; charset=utf-8').send(body)
}

const STATUS_CODES: Record<number, DependencyErrorCode> = {
  401: 'UNAUTHORIZED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
}

/** Turns Fastify's own errors (body parsing, limits) and anything unexpected into ServiceError. */
export function toServiceError(error: FastifyError | Error, bodyLimit: number): ServiceError {
  if (error instanceof ServiceError) return error
  // The database was locked by another process past the busy timeout: a read, or a write not
  // queued for the lock. Nothing was changed; it may be repeated.
  if (isLockError(error)) return new WriteLockBusy()
  const code = (error as FastifyError).code
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError(
        413,
        `The request body is larger than ${bodyLimit} bytes; split the batch.`,
        'PAYLOAD_TOO_LARGE',
      )
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ServiceError(
        415,
        'The body must be JSON, sent with "Content-Type: application/json".',
        'UNSUPPORTED_MEDIA_TYPE',
      )
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ServiceError(400, 'The body is empty; send a JSON object.')
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      // Fastify also refuses valid JSON holding __proto__ or constructor.prototype keys.
      return new ServiceError(
        400,
        'The body is not valid JSON, or it holds a forbidden __proto__ or constructor.prototype key; nothing was changed.',
      )
  }
  const status = (error as FastifyError).statusCode
  if (error instanceof SyntaxError || (status === 400 && code === undefined)) {
    return new ServiceError(400, `The body is not valid JSON: ${error.message}`)
  }
  if (status !== undefined && status >= 400 && status < 500) {
    const known =
      status === 401 || status === 404 || status === 405 || status === 413 || status === 415
        ? status
        : 400
    return new ServiceError(known, error.message, STATUS_CODES[known] ?? 'INVALID_REQUEST')
  }
  return new ServiceError(
    500,
    'The board service failed unexpectedly; nothing was changed. Try again, and report it if it persists.',
    'INTERNAL_ERROR',
  )
}
