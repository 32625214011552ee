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

/**
 * Task fields the spec gives as "" for no value, and its two collections. A board written in a
 * language whose JSON writes a missing value or an empty list as `null` (Go's nil slices, say)
 * sends `null` there, and one that omits empty fields (`omitempty`) leaves them out; one such
 * field failed the whole page, and with it the sync. What identifies a task, places it and tells
 * its versions apart (id, projectKey, key, title, status, createdAt, updatedAt) stays required.
 */
const NO_VALUE_TEXTS = [
  'parentId',
  'description',
  'coverImageUrl',
  'assignedUserEmail',
  'startDate',
  'dueDate',
  'priority',
  'milestoneId',
  'createdBy',
  'updatedBy',
  'startedAt',
  'startedBy',
  'endedAt',
  'endedBy',
] as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0
const isNone = (value: unknown) => value === null || value === undefined

/**
 * The page with `null` or a missing field read as the spec's "no value" ('' / [] / false / {});
 * the same page when none. Done here, not by schema defaults: a sync reads every task two or
 * three times over, and defaults on every field cost a fifth more of the page's validation.
 */
export function nullsAsNoValue(value: unknown): unknown {
  // No tasks as `null` (Go's nil slice) is an empty page.
  if (isRecord(value) && value['tasks'] === null) return { ...value, tasks: [] }
  if (!isRecord(value) || !Array.isArray(value['tasks'])) return value
  const page = value['tasks'] as unknown[]
  let tasks: unknown[] | undefined
  page.forEach((task, i) => {
    if (!isRecord(task)) return
    let fixed: Record<string, unknown> | undefined
    for (const field of NO_VALUE_TEXTS) if (isNone(task[field])) (fixed ??= { ...task })[field] = ''
    if (isNone(task['tags'])) (fixed ??= { ...task })['tags'] = []
    if (isNone(task['pinToTop'])) (fixed ??= { ...task })['pinToTop'] = false
    // An empty list for no properties too: PHP's json_encode writes an empty map as `[]`.
    if (isNone(task['properties']) || isEmptyList(task['properties']))
      (fixed ??= { ...task })['properties'] = {}
    // Older servers did not send the type (the schema's default, 'task'); null is the same.
    if (task['type'] === null) (fixed ??= { ...task })['type'] = 'task'
    if (fixed) (tasks ??= [...page])[i] = fixed
  })
  return tasks ? { ...value, tasks } : value
}

export const ListTasksResponse = z.preprocess(
  nullsAsNoValue,
  z.looseObject({ success: z.literal(true), tasks: z.array(Task) }),
)
export type ListTasksResponse = z.infer<typeof ListTasksResponse>

export const SuccessResponse = z.looseObject({ success: z.literal(true) })
export type SuccessResponse = z.infer<typeof SuccessResponse>

/** `key` missing or null read as an empty list (an answer that names no task). */
const listOrNone = (key: string) => (value: unknown) =>
  isRecord(value) && isNone(value[key]) ? { ...value, [key]: [] } : value

/**
 * One entry of an update's answer, read as far as it can be: a key written as a numeric string
 * (a board whose keys are strings in its JSON) is read as the number. An entry that still
 * cannot be read is left out: the task it named counts as not confirmed, and is read back from
 * the board (failing the whole answer as unreadable, the journal sent the batch again for ever).
 */
function readableUpdatedInfo(entry: unknown): UpdatedTaskInfo[] {
  const keyed =
    isRecord(entry) && typeof entry['key'] === 'string' && /^\d+$/.test(entry['key'])
      ? { ...entry, key: Number(entry['key']) }
      : entry
  const read = UpdatedTaskInfo.safeParse(keyed)
  return read.success ? [read.data] : []
}

/**
 * An update answered without `tasks` (or null, or a bare 204) names no updated task: each one
 * is then read back from the board (api-client.ts, unconfirmedUpdates), as for an answer that
 * leaves some out. Refused as unreadable, the same batch was sent again and again.
 */
export const UpdateTasksResponse = z.preprocess(
  listOrNone('tasks'),
  z.looseObject({
    success: z.literal(true),
    tasks: z.array(z.unknown()).transform((entries) => entries.flatMap(readableUpdatedInfo)),
  }),
)
export type UpdateTasksResponse = z.infer<typeof UpdateTasksResponse>

/**
 * A dependency with no lag (absent or null, as a board that keeps 0 as "no value" may send it)
 * has lag 0, the spec's default on create; the same value when it has one.
 */
export function missingLagAsZero(dependency: unknown): unknown {
  if (
    !isRecord(dependency) ||
    (dependency['lagDays'] !== undefined && dependency['lagDays'] !== null)
  )
    return dependency
  return { ...dependency, lagDays: 0 }
}

const ReadDependency = z.preprocess(missingLagAsZero, Dependency)

export const ListDependenciesResponse = z.preprocess(
  (value: unknown) =>
    isRecord(value) && value['dependencies'] === null ? { ...value, dependencies: [] } : value,
  z.looseObject({
    success: z.literal(true),
    dependencies: z.array(ReadDependency),
  }),
)
export type ListDependenciesResponse = z.infer<typeof ListDependenciesResponse>

export const CreateDependencyResponse = z.looseObject({
  success: z.literal(true),
  dependency: ReadDependency,
})
export type CreateDependencyResponse = z.infer<typeof CreateDependencyResponse>
