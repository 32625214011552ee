// The API client's kind of IpcFailure (the one error type that reaches the renderer): its code
// is an IPC error code, its message is written for the person using the planner, and it carries
// what the board said. Whether a failed call is worth repeating is isRetryable(code), in
// src-shared/ipc, the one list of such codes.
import type { FieldIssue, UpdateTaskItem } from '../../src-shared/api'
import type { IpcError, IpcErrorCode } from '../../src-shared/ipc/contract'
import { IpcFailure } from '../../src-shared/ipc/ipc-failure'

export type ApiErrorCode = Extract<
  IpcErrorCode,
  | 'KEY_REJECTED'
  | 'PLAN_OR_PERMISSION'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'NETWORK'
  | 'TIMEOUT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INVALID_REQUEST'
  | 'INVALID_RESPONSE'
  | 'OUTCOME_UNKNOWN'
>

/** Where a chunked batch stopped: items [0, completed) were applied, the rest were not sent. */
export interface BatchProgress {
  /** Items (by index in the caller's array) that the board confirmed. */
  completed: number
  /** The chunk that failed: items [failedFrom, failedTo). */
  failedFrom: number
  failedTo: number
  total: number
}

export interface ApiErrorDetails {
  /** HTTP status of the last answer, when there was one. */
  status?: number | undefined
  /** The board's own code (dependency create: `CYCLE_DETECTED`, `DUPLICATE`, ...). */
  serverCode?: string | undefined
  /** The board's own message, unchanged. */
  serverMessage?: string | undefined
  /** Fields the board (or the client's own check) found at fault. */
  issues?: FieldIssue[] | undefined
  /** Requests sent for this call, retries included (0: refused before sending). */
  attempts?: number | undefined
  /** The wait the board asked for (Retry-After) when it was too long to wait here. */
  retryAfterMs?: number | undefined
  batch?: BatchProgress | undefined
  /**
   * An update the board answered as a success without naming these of the items sent: whether
   * it applied them is not known from the answer (read them back to tell).
   */
  unconfirmed?: readonly UpdateTaskItem[] | undefined
  /** An update refused part-way: the ids of the tasks the board took before (see batch). */
  appliedIds?: readonly string[] | undefined
  cause?: unknown
}

export class ApiError extends IpcFailure {
  readonly status: number | undefined
  readonly serverCode: string | undefined
  readonly serverMessage: string | undefined
  readonly issues: FieldIssue[]
  readonly attempts: number
  readonly retryAfterMs: number | undefined
  readonly batch: BatchProgress | undefined
  readonly unconfirmed: readonly UpdateTaskItem[] | undefined

  constructor(
    override readonly code: ApiErrorCode,
    message: string,
    readonly details: ApiErrorDetails = {},
  ) {
    super(code, message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = 'ApiError'
    this.status = details.status
    this.serverCode = details.serverCode
    this.serverMessage = details.serverMessage
    this.issues = details.issues ?? []
    this.attempts = details.attempts ?? 0
    this.retryAfterMs = details.retryAfterMs
    this.batch = details.batch
    this.unconfirmed = details.unconfirmed
  }

  /**
   * The IPC value, with the board's own code when it gave one and the tasks a batch refused
   * part-way changed (never its other details).
   */
  override toIpcError(): IpcError {
    const error = super.toIpcError()
    const applied = this.details.appliedIds ?? []
    return {
      ...error,
      ...(this.serverCode === undefined ? {} : { serverCode: this.serverCode }),
      ...(applied.length === 0 ? {} : { applied: [...applied] }),
    }
  }

  /** A copy with more details (and optionally a longer message). */
  with(details: ApiErrorDetails, message: string = this.message): ApiError {
    return new ApiError(this.code, message, { ...this.details, ...details })
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}
