// A slice of the board: one list query, and the part of its matches the sync is responsible for.
// A query cannot ask for "none of these values", so after a split the tasks outside every bucket
// (an empty field, a value never seen) stay with a slice that keeps the parent's query and lists
// what its tasks lack (`without`). Everything here is read the way the list endpoint reads its
// filters, so the sync can tell which loaded tasks a slice's query returns.
import { toListQuery, unsetFieldsOf } from '../../src-shared/api'
import type { DayRange, ListTasksFilters, Task } from '../../src-shared/api'
import { dayOfTaskDate } from '../../src-shared/schedule/days'
import { dayOf } from './days'
import { DIMENSIONS } from './dimensions'
import type { DimensionName } from './dimensions'

export interface Exclusion {
  name: DimensionName
  /** The slice's tasks have none of these values; 'all': the field is empty. */
  values: readonly string[] | 'all'
}

export interface Slice {
  filters: ListTasksFilters
  /** What the slice's tasks lack besides matching `filters` (empty: every match counts). */
  without: readonly Exclusion[]
  /** Matches of `filters` the parent's plan expected, if it had an estimate. */
  expected?: number
}

export const ROOT_SLICE: Slice = { filters: {}, without: [] }

// A slice's query is asked for when it is queued, answered and reported; its filters never
// change, so it is written once (writing checks every date, which showed in profiles).
const queries = new WeakMap<Slice, string>()

export function queryOf(slice: Slice): string {
  let query = queries.get(slice)
  if (query === undefined) {
    query = toListQuery(slice.filters).toString()
    queries.set(slice, query)
  }
  return query
}

const inRange = (timestamp: string, range: DayRange | undefined) =>
  !range || (timestamp !== '' && dayOf(timestamp) >= range.from && dayOf(timestamp) <= range.to)

const oneOf = (allowed: readonly string[] | undefined, value: string) =>
  !allowed || allowed.includes(value)

/**
 * Whether the list endpoint returns `task` for `filters` (those the sync uses). A task whose pin
 * or type the board left unset is returned by no query on that filter (dimensions.ts).
 */
export function matchesFilters(task: Task, filters: ListTasksFilters): boolean {
  const { tag, assignedUserEmail } = filters
  return (
    oneOf(filters.projectKey, task.projectKey) &&
    oneOf(filters.status, task.status) &&
    (!assignedUserEmail ||
      (task.assignedUserEmail !== '' && assignedUserEmail.includes(task.assignedUserEmail))) &&
    (filters.priority === undefined || filters.priority === task.priority) &&
    (!tag || task.tags.some((t) => tag.includes(t))) &&
    (filters.pinToTop === undefined ||
      (filters.pinToTop === task.pinToTop && !unsetFieldsOf(task).includes('pinToTop'))) &&
    (filters.type === undefined ||
      (filters.type === task.type && !unsetFieldsOf(task).includes('type'))) &&
    inRange(task.startDate, filters.startDate) &&
    inRange(task.dueDate, filters.dueDate)
  )
}

export function lacks(task: Task, exclusion: Exclusion): boolean {
  const own = DIMENSIONS[exclusion.name].of(task)
  const { values } = exclusion
  return values === 'all' ? own.length === 0 : !own.some((v) => values.includes(v))
}

/** Whether `task` is one the slice is responsible for. */
export const owns = (slice: Slice, task: Task): boolean =>
  matchesFilters(task, slice.filters) && slice.without.every((ex) => lacks(task, ex))

/**
 * Tasks of the ancestors' pages (the full pages whose splits made `slice`, root first: tasks the
 * board said match each ancestor) that the slice owns and that `page`, its own whole answer
 * (fewer than 100 tasks), does not hold: its query should have returned them. Every ancestor,
 * not only the parent: a task the root's page listed and a full pin=false page did not (one of
 * 100 of its matches) is owned by a grandchild, whose short reply must hold it. Only tasks
 * surely returned: a task whose date the board may file under its UTC day, another than the day
 * written (the spec does not say which a filter reads), is left out where that day falls outside
 * the query's range. Each short reply is checked against those pages (100 tasks a level), not
 * against every task loaded: at 50,000 tasks that took the engine from about 650 ms to
 * 800-1,050 ms.
 */
export function leftOut(
  slice: Slice,
  page: readonly Task[],
  ancestorPages: readonly (readonly Task[])[],
): Task[] {
  const listed = new Set(page.map((task) => task.id))
  const left = new Map<string, Task>()
  for (const ancestorPage of ancestorPages) {
    for (const task of ancestorPage) {
      if (listed.has(task.id) || left.has(task.id)) continue
      if (owns(slice, task) && surelyFiled(task, slice.filters)) left.set(task.id, task)
    }
  }
  return [...left.values()]
}

/** Whether each date filter's range holds the task's date by its UTC day as well as as written. */
function surelyFiled(task: Task, filters: ListTasksFilters): boolean {
  for (const name of ['dueDate', 'startDate'] as const) {
    const range = filters[name]
    if (!range) continue
    const day = dayOfTaskDate(task[name])
    if (day < range.from || day > range.to) return false
  }
  return true
}

export const isExcluded = (slice: Slice, name: DimensionName): boolean =>
  slice.without.some((ex) => ex.name === name)

/**
 * Whether a split along `name` could narrow the slice: its filter is unset or holds more than
 * one value or day, and the slice's tasks are not already known to lack the field.
 */
export function isOpen(slice: Slice, name: DimensionName): boolean {
  if (isExcluded(slice, name)) return false
  const dimension = DIMENSIONS[name]
  if (dimension.kind === 'range') {
    const range = dimension.get(slice.filters)
    return !range || range.from !== range.to
  }
  const values = dimension.get(slice.filters)
  return !values || values.length > 1
}

/** The slice in words, e.g. "tasks with no due date in project WEB, in status To Do". */
export function describeSlice(slice: Slice): string {
  const { filters } = slice
  const parts: string[] = []
  const lacking = slice.without.map((ex) => DIMENSIONS[ex.name].lacking(ex.values))
  const kind = filters.type === 'milestone' ? 'milestones' : 'tasks'
  if (filters.pinToTop !== undefined) parts.push(filters.pinToTop ? 'pinned' : 'not pinned')
  for (const name of ['projectKey', 'status', 'assignedUserEmail', 'priority', 'tag'] as const) {
    const dimension = DIMENSIONS[name]
    const values = dimension.kind === 'values' ? dimension.get(filters) : undefined
    if (values && dimension.kind === 'values') parts.push(dimension.label(values))
  }
  for (const name of ['startDate', 'dueDate'] as const) {
    const dimension = DIMENSIONS[name]
    const range = dimension.kind === 'range' ? dimension.get(filters) : undefined
    if (range && dimension.kind === 'range') parts.push(dimension.label(range))
  }
  const head = filters.type === 'task' ? 'tasks (not milestones)' : kind
  // "tasks with no due date, with no assignee, in project WEB, not pinned"
  const words = lacking.map((w) => (w.startsWith('with ') || w.startsWith('in ') ? w : `with ${w}`))
  const all = [...words, ...parts]
  if (all.length === 0) return 'any task of the board'
  return `${head} ${all.join(', ')}`
}
