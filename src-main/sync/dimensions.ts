// The filters a full slice can be split along. Each says which values a task has for it (none
// when the field is empty: no query can ask for an empty field), how a query pins it, and how to
// say it in words. Value filters take a bucket of values (a comma list where the spec allows
// one, else a single value); date filters take a range of days.
import { unsetFieldsOf } from '../../src-shared/api'
import type { DayRange, ListTasksFilters, Priority, Task, TaskType } from '../../src-shared/api'
import { dayOf, formatRange } from './days'

export type DimensionName =
  | 'type'
  | 'pinToTop'
  | 'projectKey'
  | 'status'
  | 'assignedUserEmail'
  | 'priority'
  | 'tag'
  | 'startDate'
  | 'dueDate'

interface Common {
  name: DimensionName
  /** The task's values for this filter; empty when the field is empty (no query reaches it). */
  of(task: Task): string[]
  /** Words for tasks that have none of `values` (all of them when `values` is 'all'). */
  lacking(values: readonly string[] | 'all'): string
}

export interface ValueDimension extends Common {
  kind: 'values'
  /** Whether the spec lets the filter take a comma list. */
  list: boolean
  get(filters: ListTasksFilters): string[] | undefined
  set(filters: ListTasksFilters, values: string[]): ListTasksFilters
  label(values: readonly string[]): string
}

export interface RangeDimension extends Common {
  kind: 'range'
  get(filters: ListTasksFilters): DayRange | undefined
  set(filters: ListTasksFilters, range: DayRange): ListTasksFilters
  label(range: DayRange): string
}

export type Dimension = ValueDimension | RangeDimension

const nonEmpty = (value: string) => (value === '' ? [] : [value])

/**
 * A field the board sent as `null` (responses.ts, unsetFieldsOf) has no value here, whatever the
 * planner reads it as: a board that stores "never pinned" as NULL returns such a task for
 * neither `pinToTop=true` nor `false`, so no query by that field can be said to reach it. (One
 * left out is false or 'task', as the board's filters read it: Go's omitempty, older servers.)
 */
const unlessUnset = (task: Task, name: 'pinToTop' | 'type', value: string) =>
  unsetFieldsOf(task).includes(name) ? [] : [value]

const joined = (values: readonly string[], word = 'or') =>
  values.length <= 1
    ? (values[0] ?? '')
    : `${values.slice(0, -1).join(', ')} ${word} ${values[values.length - 1] as string}`

function listDimension(
  name: 'projectKey' | 'status' | 'assignedUserEmail' | 'tag',
  of: (task: Task) => string[],
  label: (values: readonly string[]) => string,
  lacking: (values: readonly string[] | 'all') => string,
): ValueDimension {
  return {
    kind: 'values',
    name,
    list: true,
    of,
    lacking,
    label,
    get: (filters) => filters[name],
    set: (filters, values) => ({ ...filters, [name]: values }),
  }
}

function rangeDimension(name: 'startDate' | 'dueDate', word: string): RangeDimension {
  return {
    kind: 'range',
    name,
    of: (task) => nonEmpty(dayOf(task[name])),
    lacking: () => `no ${word} date`,
    get: (filters) => filters[name],
    set: (filters, range) => ({ ...filters, [name]: range }),
    label: (range) => `${word} ${formatRange(range)}`,
  }
}

export const DIMENSIONS: Readonly<Record<DimensionName, Dimension>> = {
  type: {
    kind: 'values',
    name: 'type',
    list: false,
    of: (task) => unlessUnset(task, 'type', task.type),
    lacking: () => 'with no type',
    get: (filters) => (filters.type === undefined ? undefined : [filters.type]),
    set: (filters, values) => ({ ...filters, type: values[0] as TaskType }),
    label: (values) => (values[0] === 'milestone' ? 'milestones' : 'tasks (not milestones)'),
  },
  pinToTop: {
    kind: 'values',
    name: 'pinToTop',
    list: false,
    of: (task) => unlessUnset(task, 'pinToTop', String(task.pinToTop)),
    lacking: () => 'with no pin value (neither pinned nor not)',
    get: (filters) => (filters.pinToTop === undefined ? undefined : [String(filters.pinToTop)]),
    set: (filters, values) => ({ ...filters, pinToTop: values[0] === 'true' }),
    label: (values) => (values[0] === 'true' ? 'pinned' : 'not pinned'),
  },
  projectKey: listDimension(
    'projectKey',
    (task) => [task.projectKey],
    (values) => `in project ${joined(values)}`,
    (values) => `in a project other than ${values === 'all' ? 'any' : joined(values, 'and')}`,
  ),
  status: listDimension(
    'status',
    (task) => [task.status],
    (values) => `in status ${joined(values)}`,
    (values) => `in a status other than ${values === 'all' ? 'any' : joined(values, 'and')}`,
  ),
  // Each assignee as the board spelled it. The spec does not say whether a service matches
  // e-mails with or without case: asked as spelled, a bucket returns its tasks under either
  // (test/main/sync/assignee-spelling.test.ts). Lower-cased, an exact service returned none of
  // `Alice@Example.com`'s tasks for `alice@example.com`, and the bucket counted as proven.
  assignedUserEmail: listDimension(
    'assignedUserEmail',
    (task) => nonEmpty(task.assignedUserEmail),
    (values) => `assigned to ${joined(values)}`,
    () => 'with no assignee (or one not seen)',
  ),
  priority: {
    kind: 'values',
    name: 'priority',
    list: false,
    of: (task) => nonEmpty(task.priority),
    lacking: () => 'with no priority',
    get: (filters) => (filters.priority === undefined ? undefined : [filters.priority]),
    set: (filters, values) => ({ ...filters, priority: values[0] as Priority }),
    label: (values) => `priority ${values[0] ?? ''}`,
  },
  tag: listDimension(
    'tag',
    (task) => task.tags,
    (values) => `tagged ${joined(values)}`,
    () => 'with no tag (or only tags not seen)',
  ),
  startDate: rangeDimension('startDate', 'start'),
  dueDate: rangeDimension('dueDate', 'due'),
}

/** Values every board has, whatever its definitions. */
export const FIXED_VALUES: Partial<Record<DimensionName, readonly string[]>> = {
  type: ['task', 'milestone'],
  pinToTop: ['false', 'true'],
  priority: ['low', 'medium', 'high'],
}

/**
 * Filters every task has a value of: a split by all their values leaves nothing out (type and pin
 * only until a board sends a task without one: BoardKnowledge.exhaustive).
 */
export const ALWAYS_SET: readonly DimensionName[] = ['type', 'pinToTop', 'projectKey', 'status']
