// The API client's public surface, for the IPC handlers, the sync engine and the edit journal.
export { ApiClient } from './api-client'
export type { ApiClientOptions, ConnectionTestResult } from './api-client'
export { ApiError, isApiError } from './api-error'
export type { ApiErrorCode, ApiErrorDetails, BatchProgress } from './api-error'
export { HttpTransport, normaliseBaseUrl } from './http-transport'
export type { FetchLike, HttpMethod, RetryEvent, TransportOptions } from './http-transport'
export {
  DEFAULT_CALL_TIMING,
  DEFAULT_DEADLINE_MS,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  attemptTimeoutMs,
  backoffDelayMs,
  decideRetry,
  isRetryableStatus,
  minAttemptMs,
  parseRetryAfter,
  timeLeft,
  worstCaseCallMs,
} from './retry-policy'
export type { CallTiming, RetryDecision, RetryPolicy, TimeLeft } from './retry-policy'
