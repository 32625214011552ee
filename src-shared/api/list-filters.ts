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
  /** One value: the spec makes only the four LIST_PARAMS (and some prop_ types) comma-separated. */
  priority?: Priority
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

/** The parameters the spec writes as comma-separated lists; every other one takes one value. */
const LIST_PARAMS = ['projectKey', 'status', 'assignedUserEmail', 'tag'] as const

export type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>

export type ParseResult = { ok: true; filters: ListTasksFilters } | { ok: false; message: string }

/**
 * Serialises filters to the list endpoint's query string, in a fixed parameter order, exactly as
 * the spec writes each parameter: comma lists only for LIST_PARAMS, one value for the others,
 * dates only as `YYYY-MM-DD` or `<date>,<date>`. Anything else throws rather than being sent.
 */
export function toListQuery(filters: ListTasksFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of LIST_PARAMS) {
    const values: unknown = filters[name]
    if (values === undefined) continue
    if (!Array.isArray(values) || values.length === 0 || !values.every(isListItem)) {
      throw new TypeError(
        `List filter ${name} needs non-empty values without commas or unpaired surrogates`,
      )
    }
    params.set(name, values.join(','))
  }
  single(params, 'priority', filters.priority, PRIORITIES)
  if (filters.pinToTop !== undefined) {
    if (typeof filters.pinToTop !== 'boolean') {
      throw new TypeError('List filter pinToTop must be true or false')
    }
    params.set('pinToTop', String(filters.pinToTop))
  }
  if (filters.startDate) params.set('startDate', formatDayRange(filters.startDate))
  if (filters.dueDate) params.set('dueDate', formatDayRange(filters.dueDate))
  single(params, 'type', filters.type, TASK_TYPES)
  if (filters.milestoneId !== undefined) {
    if (!isListItem(filters.milestoneId)) {
      throw new TypeError('List filter milestoneId needs one non-empty id without commas')
    }
    params.set('milestoneId', filters.milestoneId)
  }
  single(params, 'descriptionType', filters.descriptionType, DESCRIPTION_TYPES)
  for (const [name, value] of Object.entries(filters.properties ?? {}).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )) {
    // The value's form depends on the property's type (some take comma lists), which only the
    // board knows; it must at least be there.
    if (name === '' || typeof value !== 'string' || value === '') {
      throw new TypeError(`List filter ${PROPERTY_PARAM_PREFIX}${name} needs a name and a value`)
    }
    params.set(PROPERTY_PARAM_PREFIX + name, value)
  }
  return params
}

/**
 * The query string to send: each value's commas as literal commas (the spec's separator, in
 * lists, date ranges and `prop_` values alike) and every item percent-encoded on its own, a
 * space as `%20`. URLSearchParams' own form encoding wrote `status=To+Do%2CIn+Progress`, which a
 * board reading the query the RFC 3986 way (a percent-encoded comma is data, `+` is a plus) takes
 * as one status. Parameters that take one value hold no comma (toListQuery refuses one).
 */
export function formatQuery(params: URLSearchParams): string {
  const pairs: string[] = []
  for (const [name, value] of params) {
    pairs.push(`${encodeURIComponent(name)}=${value.split(',').map(encodeURIComponent).join(',')}`)
  }
  return pairs.join('&')
}

/** A UTF-16 surrogate without its pair: JSON can carry one, a URL cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

// A lone surrogate would be sent as U+FFFD (URLSearchParams makes every value well-formed): the
// query would ask for another value than the board's, and find none of its tasks.
const isListItem = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && !value.includes(',') && !LONE_SURROGATE.test(value)

/**
 * Whether a value can be named in a comma-separated list filter. A board may use a status, tag or
 * project key with a comma (the spec forbids none), or send text with a lone surrogate; a query
 * for such a task leaves that filter out rather than fail or ask for another value.
 */
export const canBeListed = (value: string): boolean => isListItem(value)

/** Sets a parameter that takes one of `allowed`, or throws. */
function single(
  params: URLSearchParams,
  name: string,
  value: unknown,
  allowed: readonly string[],
): void {
  if (value === undefined) return
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw new TypeError(`List filter ${name} must be one of ${allowed.join(', ')}`)
  }
  params.set(name, value)
}

export function formatDayRange(range: DayRange): string {
  const { from, to } = (range ?? {}) as Partial<DayRange>
  if (
    typeof from !== 'string' ||
    typeof to !== 'string' ||
    !isCalendarDate(from) ||
    !isCalendarDate(to) ||
    from > to
  ) {
    throw new TypeError(`Not a day range: ${JSON.stringify(range)}`)
  }
  return from === to ? from : `${from},${to}`
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
    ;(filters as Record<string, unknown>)[name] = values
    return undefined
  }
  switch (name) {
    case 'priority':
      if (!(PRIORITIES as readonly string[]).includes(raw)) {
        return raw.includes(',')
          ? 'takes one value (low, medium or high), not a comma-separated list'
          : `has "${raw}"; it must be low, medium or high`
      }
      filters.priority = raw as Priority
      return undefined
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
      if (raw.includes(',')) return 'takes one milestone ID, not a comma-separated list'
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
