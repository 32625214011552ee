// The list endpoint's filters applied to tasks in memory, with the local board service's
// semantics (src-server/store/list-tasks.ts builds SQL from the same rules; a property test runs
// random filters through both and compares). All filters apply together; a comma list matches
// any of its values. The planner filters the loaded board with this on every keystroke, so the
// filters are compiled once (sets, parsed property values) and each task costs a few lookups.
import { entryOf, idTable } from '../api/id-table'
import { writableTimestamp } from '../schedule/days'
import { endOfCalendarDay, toCanonicalTimestamp } from '../api/dates'
import type { PropertyType } from '../api/enums'
import type { DayRange, ListTasksFilters } from '../api/list-filters'
import type { Task } from '../api/resources'
import { matchesUnchecked, parsePropertyFilter } from './property-filter'
import type { PropertyMatch } from './property-filter'

/** A property's type by name; a property not in it is read as Text. */
export type PropertyTypes = ReadonlyMap<string, PropertyType>

/** The fields of Task the filters read: the matcher works on anything that has them. */
export type FilterableTask = Pick<
  Task,
  | 'projectKey'
  | 'status'
  | 'assignedUserEmail'
  | 'priority'
  | 'pinToTop'
  | 'tags'
  | 'startDate'
  | 'dueDate'
  | 'type'
  | 'milestoneId'
  | 'properties'
>

export interface CompiledFilter {
  test(task: FilterableTask): boolean
  /** `prop_<Name>` values that cannot be read by their property's type; those are not applied. */
  problems: Record<string, string>
  /** How many filters apply (0: every task matches). */
  count: number
}

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** The service stores timestamps canonical (string order is time order); edits not yet
 *  confirmed, and other boards, may carry another ISO form (an offset, no zone: read as UTC
 *  as everywhere), so anything else is converted first. */
function canonical(value: string): string {
  if (value === '' || CANONICAL.test(value)) return value
  return toCanonicalTimestamp(writableTimestamp(value)) ?? ''
}

function inRange(value: string, range: DayRange): boolean {
  const time = canonical(value)
  return time !== '' && time >= range.from && time <= endOfCalendarDay(range.to)
}

/** The texts the service indexes a property value under (indexRows in property-values.ts). */
function indexTexts(value: unknown, type: PropertyType): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)]
  if (typeof value !== 'string' || value === '') return []
  if (type === 'Date') return [canonical(value)]
  // The service stores Person values in lower case; an edit not yet confirmed may not be.
  if (type === 'Person') return [value.toLowerCase()]
  return [value]
}

function propertyTest(
  name: string,
  type: PropertyType,
  match: PropertyMatch,
): (task: FilterableTask) => boolean {
  if (matchesUnchecked(type, match)) return (task) => entryOf(task.properties, name) !== true
  if (match.kind === 'numbers') {
    const numbers = new Set(match.numbers)
    return (task) => {
      const value = entryOf(task.properties, name)
      return typeof value === 'number' && numbers.has(value)
    }
  }
  if (match.kind === 'range') {
    const { range } = match
    return (task) => indexTexts(entryOf(task.properties, name), type).some((t) => inRange(t, range))
  }
  const values = new Set(match.values)
  return (task) => indexTexts(entryOf(task.properties, name), type).some((t) => values.has(t))
}

/** Compiles `filters` once; `test` then says whether a task matches all of them. */
export function compileFilters(
  filters: ListTasksFilters,
  propertyTypes: PropertyTypes = new Map(),
): CompiledFilter {
  const tests: ((task: FilterableTask) => boolean)[] = []
  const problems = idTable<string>()
  const oneOf = (values: readonly string[] | undefined, read: (t: FilterableTask) => string) => {
    if (!values) return
    const set = new Set(values)
    tests.push((task) => set.has(read(task)))
  }
  oneOf(filters.projectKey, (t) => t.projectKey)
  oneOf(filters.status, (t) => t.status)
  // The service keeps assignees in lower case and lowers the filter's e-mails too.
  oneOf(
    filters.assignedUserEmail?.map((e) => e.toLowerCase()),
    (t) => t.assignedUserEmail.toLowerCase(),
  )
  const { priority, pinToTop, startDate, dueDate, type, milestoneId, tag } = filters
  if (priority !== undefined) tests.push((t) => t.priority === priority)
  if (pinToTop !== undefined) tests.push((t) => t.pinToTop === pinToTop)
  if (startDate) tests.push((t) => inRange(t.startDate, startDate))
  if (dueDate) tests.push((t) => inRange(t.dueDate, dueDate))
  if (type !== undefined) tests.push((t) => t.type === type)
  if (milestoneId !== undefined) tests.push((t) => t.milestoneId === milestoneId)
  if (tag) {
    const tags = new Set(tag)
    tests.push((t) => t.tags.some((name) => tags.has(name)))
  }
  for (const [name, raw] of Object.entries(filters.properties ?? {})) {
    const propertyType = propertyTypes.get(name) ?? 'Text'
    const match = parsePropertyFilter({ type: propertyType }, raw)
    if (typeof match === 'string') problems[name] = match
    else tests.push(propertyTest(name, propertyType, match))
  }
  return {
    test: (task) => {
      for (const test of tests) if (!test(task)) return false
      return true
    },
    problems,
    count: tests.length,
  }
}

/** Whether one task matches; compile once with compileFilters to test many. */
export function taskMatches(
  task: FilterableTask,
  filters: ListTasksFilters,
  propertyTypes: PropertyTypes = new Map(),
): boolean {
  return compileFilters(filters, propertyTypes).test(task)
}
