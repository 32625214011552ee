// The list endpoint's filters as a typed object, and their query-string form. Serialising then
// parsing gives back the same filters (a property test checks it), so the sync engine can split
// queries as objects and the service reads exactly what was meant.
import { isCalendarDate } from './dates'
import { DESCRIPTION_TYPES, PRIORITIES, TASK_TYPES } from './enums'
import type { DescriptionType, Priority, TaskType } from './enums'

/** Inclusive range of calendar days (`YYYY-MM-DD`); a single day has from === to. */
export interface DayRange {
  from: string
  to: string
}

export interface ListTasksFilters {
  projectKey?: string[]
  status?: string[]
  assignedUserEmail?: string[]
  priority?: Priority[]
  tag?: string[]
  pinToTop?: boolean
  startDate?: DayRange
  dueDate?: DayRange
  type?: TaskType
  milestoneId?: string
  descriptionType?: DescriptionType
  /** Raw `prop_<Name>` values; the service reads each by its property's type. */
  properties?: Record<string, string>
}

export const PROPERTY_PARAM_PREFIX = 'prop_'

const LIST_PARAMS = ['projectKey', 'status', 'assignedUserEmail', 'priority', 'tag'] as const

export type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>

export type ParseResult = { ok: true; filters: ListTasksFilters } | { ok: false; message: string }

/** Serialises filters to the list endpoint's query string, in a fixed parameter order. */
export function toListQuery(filters: ListTasksFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of LIST_PARAMS) {
    const values = filters[name]
    if (values !== undefined) params.set(name, values.join(','))
  }
  if (filters.pinToTop !== undefined) params.set('pinToTop', String(filters.pinToTop))
  if (filters.startDate) params.set('startDate', formatDayRange(filters.startDate))
  if (filters.dueDate) params.set('dueDate', formatDayRange(filters.dueDate))
  if (filters.type !== undefined) params.set('type', filters.type)
  if (filters.milestoneId !== undefined) params.set('milestoneId', filters.milestoneId)
  if (filters.descriptionType !== undefined) params.set('descriptionType', filters.descriptionType)
  for (const [name, value] of Object.entries(filters.properties ?? {}).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )) {
    params.set(PROPERTY_PARAM_PREFIX + name, value)
  }
  return params
}

export function formatDayRange(range: DayRange): string {
  return range.from === range.to ? range.from : `${range.from},${range.to}`
}

/** Reads `YYYY-MM-DD` or `YYYY-MM-DD,YYYY-MM-DD` (inclusive, from <= to). */
export function parseDayRange(raw: string): DayRange | string {
  const parts = raw.split(',')
  if (parts.length > 2 || !parts.every(isCalendarDate)) {
    return 'must be a date YYYY-MM-DD or a range YYYY-MM-DD,YYYY-MM-DD'
  }
  const from = parts[0] as string
  const to = parts[1] ?? from
  if (from > to) return `has a range that starts (${from}) after it ends (${to})`
  return { from, to }
}

/** Parses the list endpoint's query strictly: unknown or repeated parameters are errors. */
export function parseListQuery(input: QueryInput): ParseResult {
  const entries = queryEntries(input)
  const filters: ListTasksFilters = {}
  const seen = new Set<string>()
  for (const [name, raw] of entries) {
    if (seen.has(name)) return fail(name, 'is given more than once; use one comma-separated list')
    seen.add(name)
    if (raw === '') return fail(name, 'is empty')
    const problem = readParam(filters, name, raw)
    if (problem) return fail(name, problem)
  }
  return { ok: true, filters }
}

function readParam(filters: ListTasksFilters, name: string, raw: string): string | undefined {
  if ((LIST_PARAMS as readonly string[]).includes(name)) {
    const values = raw.split(',')
    if (values.some((v) => v === '')) return 'has an empty item in its comma-separated list'
    if (name === 'priority') {
      const bad = values.find((v) => !(PRIORITIES as readonly string[]).includes(v))
      if (bad !== undefined) return `has "${bad}"; it must be low, medium or high`
    }
    ;(filters as Record<string, unknown>)[name] = values
    return undefined
  }
  switch (name) {
    case 'pinToTop':
      if (raw !== 'true' && raw !== 'false') return 'must be true or false'
      filters.pinToTop = raw === 'true'
      return undefined
    case 'startDate':
    case 'dueDate': {
      const range = parseDayRange(raw)
      if (typeof range === 'string') return range
      filters[name] = range
      return undefined
    }
    case 'type':
      if (!(TASK_TYPES as readonly string[]).includes(raw)) return 'must be task or milestone'
      filters.type = raw as TaskType
      return undefined
    case 'milestoneId':
      filters.milestoneId = raw
      return undefined
    case 'descriptionType':
      if (!(DESCRIPTION_TYPES as readonly string[]).includes(raw))
        return 'must be text, markdown or html'
      filters.descriptionType = raw as DescriptionType
      return undefined
  }
  if (name.startsWith(PROPERTY_PARAM_PREFIX) && name.length > PROPERTY_PARAM_PREFIX.length) {
    filters.properties = { ...filters.properties, [name.slice(PROPERTY_PARAM_PREFIX.length)]: raw }
    return undefined
  }
  return 'is not a filter of this endpoint'
}

function queryEntries(input: QueryInput): [string, string][] {
  if (input instanceof URLSearchParams) return [...input.entries()]
  const entries: [string, string][] = []
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) entries.push([name, v])
  }
  return entries
}

function fail(name: string, problem: string): ParseResult {
  return { ok: false, message: `Query parameter "${name}" ${problem}.` }
}
