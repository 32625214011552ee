// The one error type that crosses from main's services to the renderer: a code the renderer can
// act on and a message written for the person using the planner. The API client's ApiError and
// the profile service's ProfileError are kinds of it. An error that is not an IpcFailure is a bug
// in the planner, and the IPC router answers it as INTERNAL, never as anything the user caused.
import type { IpcError, IpcErrorCode } from './contract'

export class IpcFailure extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'IpcFailure'
  }

  /** The value form that crosses IPC: code and message only, never the cause. */
  toIpcError(): IpcError {
    return { code: this.code, message: this.message }
  }
}

/** The IPC code of an error the planner raised on purpose; undefined for anything else (a bug). */
export function codeOf(error: unknown): IpcErrorCode | undefined {
  return error instanceof IpcFailure ? error.code : undefined
}

/**
 * Codes after which the same request may succeed later: the board could not be reached or
 * could not answer (connection refused, DNS, timeout, 5xx after retries, 429, a reply that is
 * not the interface's), or the outcome is unknown. For a request that is safe to repeat (an
 * update carries absolute values) all of these mean "send it again later"; a create whose outcome
 * is unknown must instead be looked for, never re-sent.
 */
const RETRYABLE: ReadonlySet<IpcErrorCode> = new Set<IpcErrorCode>([
  'NETWORK',
  'TIMEOUT',
  'SERVER_ERROR',
  'RATE_LIMITED',
  'INVALID_RESPONSE',
  'OUTCOME_UNKNOWN',
])

export function isRetryable(code: IpcErrorCode): boolean {
  return RETRYABLE.has(code)
}
