// One error type for every refusal of the service. The HTTP layer turns it into the spec's
// error body; `code` is used where the spec asks for a string code (dependency create).
import type { DependencyErrorCode, FieldIssue } from '../../src-shared/api'

export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 409 | 413 | 415 | 500 | 503,
    message: string,
    readonly code: DependencyErrorCode = 'INVALID_REQUEST',
    readonly issues: FieldIssue[] = [],
    /** Sent as Retry-After (seconds) with the answer: the request may be repeated then. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'ServiceError'
  }
}

/** A bad value at `path` of the request ("tasks[2].status"). */
export function badField(path: string, message: string): ServiceError {
  return new ServiceError(400, `Invalid request: ${path}: ${message}.`, 'INVALID_REQUEST', [
    { path, message },
  ])
}

export function unknownTask(path: string, message: string): ServiceError {
  return new ServiceError(404, `${path}: ${message}.`, 'TASKS_NOT_FOUND', [{ path, message }])
}
