// The filters a truncated slice is split along, in the order they are tried. Each says which
// values a task has for it (none when the field is empty), how a slice's filters pin it, and how
// to describe it to a person.
import type { DayRange, ListTasksFilters, Task, TaskType } from '../../src-shared/api'
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

interface Common {
  name: DimensionName
  /** The task's values for this filter; empty when the field is empty (no filter reaches it). */
  of(task: Task): string[]
  /** Words for "none of the values split off" (empty or never seen). */
  rest: string
}

export interface ValueDimension extends Common {
  kind: 'values'
  /** Whether the filter takes a comma list (type and pinToTop take one value). */
  list: boolean
  get(filters: ListTasksFilters): string[] | undefined
  set(filters: ListTasksFilters, values: string[]): ListTasksFilters
  label(values: string[]): string
}

export interface RangeDimension extends Common {
  kind: 'range'
  get(filters: ListTasksFilters): DayRange | undefined
  set(filters: ListTasksFilters, range: DayRange): ListTasksFilters
  label(range: DayRange): string
}

export type Dimension = ValueDimension | RangeDimension

const words = (one: string, many: string, values: string[], join = ', ') =>
  `${values.length === 1 ? one : many} ${values.join(join)}`

function listDimension(
  name: 'projectKey' | 'status' | 'assignedUserEmail' | 'priority' | 'tag',
  of: (task: Task) => string[],
  one: string,
  many: string,
  rest: string,
): ValueDimension {
  return {
    kind: 'values',
    name,
    list: true,
    of,
    rest,
    get: (filters) => filters[name],
    set: (filters, values) => ({ ...filters, [name]: values }),
    label: (values) => words(one, many, values, name === 'tag' ? ' or ' : ', '),
  }
}

const nonEmpty = (value: string) => (value === '' ? [] : [value])

export const DIMENSIONS: readonly Dimension[] = [
  {
    kind: 'values',
    name: 'type',
    list: false,
    of: (task) => [task.type],
    rest: '',
    get: (filters) => (filters.type === undefined ? undefined : [filters.type]),
    set: (filters, values) => ({ ...filters, type: values[0] as TaskType }),
    label: (values) => (values[0] === 'milestone' ? 'milestones' : 'tasks (not milestones)'),
  },
  {
    kind: 'values',
    name: 'pinToTop',
    list: false,
    of: (task) => [String(task.pinToTop)],
    rest: '',
    get: (filters) => (filters.pinToTop === undefined ? undefined : [String(filters.pinToTop)]),
    set: (filters, values) => ({ ...filters, pinToTop: values[0] === 'true' }),
    label: (values) => (values[0] === 'true' ? 'pinned' : 'not pinned'),
  },
  listDimension(
    'projectKey',
    (task) => [task.projectKey],
    'project',
    'projects',
    'a project not seen',
  ),
  listDimension('status', (task) => [task.status], 'status', 'statuses', 'a status not seen'),
  listDimension(
    'assignedUserEmail',
    (task) => nonEmpty(task.assignedUserEmail.toLowerCase()),
    'assignee',
    'assignees',
    'no assignee (or one not seen)',
  ),
  listDimension(
    'priority',
    (task) => nonEmpty(task.priority),
    'priority',
    'priorities',
    'no priority',
  ),
  listDimension('tag', (task) => task.tags, 'tag', 'tags', 'no tag (or only tags not seen)'),
  {
    kind: 'range',
    name: 'startDate',
    of: (task) => nonEmpty(dayOf(task.startDate)),
    rest: 'no start date',
    get: (filters) => filters.startDate,
    set: (filters, range) => ({ ...filters, startDate: range }),
    label: (range) => `start ${formatRange(range)}`,
  },
]

/**
 * Filters before this index are set on every task (type, pin, project, status): splits along
 * them leave no "rest". From here on a field can be empty, so a split keeps a rest branch.
 */
export const OPTIONAL_FROM = DIMENSIONS.findIndex((d) => d.name === 'assignedUserEmail')

/** Values every board has, whatever its definitions. */
export const FIXED_VALUES: Partial<Record<DimensionName, readonly string[]>> = {
  type: ['task', 'milestone'],
  pinToTop: ['false', 'true'],
  priority: ['low', 'medium', 'high'],
}
