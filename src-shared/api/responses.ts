// Response envelopes and the two error shapes of the spec.
import { z } from 'zod'
import { Dependency, Task, UpdatedTaskInfo } from './resources'

/** Task endpoints and dependency list/delete: `{error: true, message}`. */
export const FlagErrorBody = z.looseObject({ error: z.literal(true), message: z.string() })
export type FlagErrorBody = z.infer<typeof FlagErrorBody>

/** Codes of dependency create, plus the ones this service adds for bad requests. */
export const DEPENDENCY_ERROR_CODES = [
  'SELF_REFERENCE',
  'TASKS_NOT_FOUND',
  'DUPLICATE',
  'CYCLE_DETECTED',
  'INVALID_REQUEST',
  'UNAUTHORIZED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL_ERROR',
  /** 408: the request's headers or body did not arrive in time (docs/board-service.md). */
  'REQUEST_TIMEOUT',
  /** 431: request line and headers over 16 KiB. */
  'HEADERS_TOO_LARGE',
  /** 503: the database's write lock was not had in time (another writer); Retry-After says when. */
  'SERVICE_UNAVAILABLE',
] as const
export type DependencyErrorCode = (typeof DEPENDENCY_ERROR_CODES)[number]

/** Dependency create: `{error: '<CODE>', message}`. Any string is accepted from a server. */
export const CodeErrorBody = z.looseObject({ error: z.string(), message: z.string() })
export type CodeErrorBody = z.infer<typeof CodeErrorBody>

export const ListTasksResponse = z.looseObject({ success: z.literal(true), tasks: z.array(Task) })
export type ListTasksResponse = z.infer<typeof ListTasksResponse>

export const SuccessResponse = z.looseObject({ success: z.literal(true) })
export type SuccessResponse = z.infer<typeof SuccessResponse>

export const UpdateTasksResponse = z.looseObject({
  success: z.literal(true),
  tasks: z.array(UpdatedTaskInfo),
})
export type UpdateTasksResponse = z.infer<typeof UpdateTasksResponse>

export const ListDependenciesResponse = z.looseObject({
  success: z.literal(true),
  dependencies: z.array(Dependency),
})
export type ListDependenciesResponse = z.infer<typeof ListDependenciesResponse>

export const CreateDependencyResponse = z.looseObject({
  success: z.literal(true),
  dependency: Dependency,
})
export type CreateDependencyResponse = z.infer<typeof CreateDependencyResponse>
