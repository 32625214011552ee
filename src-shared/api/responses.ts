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

const KNOWN_PRIORITIES: readonly unknown[] = ['low', 'medium', 'high', '']
const NUMERIC_KEY = /^\d+$/

/**
 * Fields of a listed task that the board sent as `null`, and that the planner reads as a value
 * all the same (pinToTop as false, type as 'task'): the spec gives both a value for every task,
 * so the rest of the planner needs one. Whether the board's filter on such a field returns the
 * task is another matter (a board that stores "never pinned" as NULL and filters
 * `pin_to_top = false` returns it for neither value), which the sync must know (unsetFieldsOf).
 * A field left out is no such field: it reads as false or 'task', as before (Go's omitempty
 * leaves out every false pin, and such a board's `pinToTop=false` returns those tasks).
 */
export type UnsetField = 'pinToTop' | 'type'

const unsetFields = new WeakMap<object, readonly UnsetField[]>()
const NONE_UNSET: readonly UnsetField[] = []

/**
 * The fields of a task, as a list page read it (ListTasksResponse), that the board left without
 * a value (see UnsetField); none for a task read any other way.
 */
export function unsetFieldsOf(task: object): readonly UnsetField[] {
  return unsetFields.get(task) ?? NONE_UNSET
}

/**
 * The page with `null` or a missing field read as the spec's "no value" ('' / [] / false / {});
 * the same page when none. Done here, not by schema defaults: a sync reads every task two or
 * three times over, and defaults on every field cost a fifth more of the page's validation.
 * Two more readings keep one odd task from failing the whole page (and with it every sync): a
 * key written as a numeric string ("12", as update answers may write it too) is read as the
 * number, and a priority other than the spec's (`urgent`, a number) as no priority: the planner
 * shows and filters none, and writes a priority back only when the user sets one (an update
 * sends the fields edited). `unset`, when given, gets per task the fields read as UnsetField.
 */
export function nullsAsNoValue(
  value: unknown,
  unset?: (readonly UnsetField[] | undefined)[],
): unknown {
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
    const key = task['key']
    if (typeof key === 'string' && NUMERIC_KEY.test(key))
      (fixed ??= { ...task })['key'] = Number(key)
    if (!KNOWN_PRIORITIES.includes(task['priority'] ?? '')) (fixed ??= { ...task })['priority'] = ''
    // An empty list for no properties too: PHP's json_encode writes an empty map as `[]`.
    if (isNone(task['properties']) || isEmptyList(task['properties']))
      (fixed ??= { ...task })['properties'] = {}
    // Left out is false and 'task' (Go's omitempty drops a false pin; older servers sent no
    // type), as the board's filters read them too; only `null` is a field left unset.
    const pinUnset = task['pinToTop'] === null
    if (isNone(task['pinToTop'])) (fixed ??= { ...task })['pinToTop'] = false
    const typeUnset = task['type'] === null
    if (isNone(task['type'])) (fixed ??= { ...task })['type'] = 'task'
    if (unset && (pinUnset || typeUnset)) {
      unset[i] = pinUnset && typeUnset ? ['pinToTop', 'type'] : pinUnset ? ['pinToTop'] : ['type']
    }
    if (fixed) (tasks ??= [...page])[i] = fixed
  })
  return tasks ? { ...value, tasks } : value
}

const ListTasksPage = z.looseObject({ success: z.literal(true), tasks: z.array(Task) })
type ListTasksPage = z.infer<typeof ListTasksPage>

/**
 * A list page, read through nullsAsNoValue; each task read with a field the board left unset is
 * known as such (unsetFieldsOf). A page that cannot be read fails with the issues of its fields.
 */
export const ListTasksResponse = z.unknown().transform((value, context): ListTasksPage => {
  const unset: (readonly UnsetField[] | undefined)[] = []
  const read = ListTasksPage.safeParse(nullsAsNoValue(value, unset))
  if (!read.success) {
    for (const issue of read.error.issues) context.addIssue({ ...issue })
    return z.NEVER
  }
  unset.forEach((fields, i) => {
    const task = read.data.tasks[i]
    if (fields && task) unsetFields.set(task, fields)
  })
  return read.data
})
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
    isRecord(entry) && typeof entry['key'] === 'string' && NUMERIC_KEY.test(entry['key'])
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
