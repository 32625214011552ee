// The API client's public surface, for the IPC handlers, the sync engine and the edit journal.
export { ApiClient } from './api-client'
export type { ApiClientOptions, ConnectionTestResult } from './api-client'
export { ApiError, isApiError } from './api-error'
export type { ApiErrorCode, ApiErrorDetails, BatchProgress } from './api-error'
export { DEFAULT_TIMEOUT_MS, HttpTransport, normaliseBaseUrl } from './http-transport'
export type { FetchLike, HttpMethod, RetryEvent, TransportOptions } from './http-transport'
export {
  DEFAULT_RETRY_POLICY,
  backoffDelayMs,
  decideRetry,
  isRetryableStatus,
  parseRetryAfter,
} from './retry-policy'
export type { RetryDecision, RetryPolicy } from './retry-policy'
