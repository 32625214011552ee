// Shared pieces of the API client tests: a client wired to record its waits instead of waiting,
// and valid resources for a stub to answer with.
import { expect } from 'vitest'
import { ApiClient, ApiError } from '../../../src-main/api'
import type { ApiClientOptions, ApiErrorCode, RetryEvent } from '../../../src-main/api'
import type { Dependency, Task } from '../../../src-shared/api'
import { buildTask } from '../../support/task-builder'

export const STUB_KEY = 'tb_stubstubstub_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG'

export interface RecordingClient {
  client: ApiClient
  /** Every wait the client asked for, in order (nothing is actually waited). */
  delays: number[]
  retries: RetryEvent[]
}

/** Three attempts, base 100 ms, cap 1 s, random() = 0.5: waits of 50, 100, ... ms. */
export function recordingClient(
  baseUrl: string,
  options: Partial<ApiClientOptions> = {},
): RecordingClient {
  const delays: number[] = []
  const retries: RetryEvent[] = []
  const client = new ApiClient({
    baseUrl,
    apiKey: STUB_KEY,
    timeoutMs: 2_000,
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 30_000 },
    random: () => 0.5,
    sleep: async (ms) => void delays.push(ms),
    onRetry: (event) => void retries.push(event),
    ...options,
  })
  return { client, delays, retries }
}

/** Awaits a rejection and checks it is an ApiError with this code; returns it for more checks. */
export async function expectApiError(promise: Promise<unknown>, code: ApiErrorCode) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  const apiError = error as ApiError
  expect({ code: apiError.code, message: apiError.message }).toMatchObject({ code })
  return apiError
}

export function sampleTask(fields: Partial<Task> = {}): Task {
  return buildTask('T1', { title: 'Stub task', dueDate: '2026-03-01T00:00:00.000Z', ...fields })
}

export function sampleDependency(fields: Partial<Dependency> = {}): Dependency {
  return {
    id: 'D1',
    predecessorId: 'T1',
    predecessorKey: 1,
    predecessorProjectKey: 'WEB',
    predecessorTitle: 'First',
    predecessorUrl: 'http://board.test/tasks/T1',
    successorId: 'T2',
    successorKey: 2,
    successorProjectKey: 'WEB',
    successorTitle: 'Second',
    successorUrl: 'http://board.test/tasks/T2',
    lagDays: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  }
}

export const newTask = (title: string, projectKey = 'WEB') => ({
  title,
  projectKey,
  descriptionType: 'text' as const,
  descriptionContent: '',
})
