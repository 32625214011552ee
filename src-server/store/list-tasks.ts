// GET /api/v1/tasks: every filter of the spec, combined with AND (comma lists OR within one
// filter). At most 100 results, in the service's list order (list-order.ts). The default, by due
// date (tasks without one first), then creation, is the order the board's indexes already hold,
// so a page is read without sorting its matches.
//
// Filters whose matches are not in list order (tag, custom property) are planned by
// how many tasks they match, counted on their own index first: a filter matching few tasks is
// read whole from its index and those few are sorted; filters matching many are checked task by
// task while walking the list order's index, which reaches a page after a few hundred or
// thousand tasks instead of sorting tens of thousands (docs/board-service.md, "List queries").
import { endOfCalendarDay, SERVICE_LIMITS } from '../../src-shared/api'
import type { DayRange, ListTasksFilters } from '../../src-shared/api'
import type { BoardConfig } from '../boards/board-config'
import type { Db } from '../db/database'
import { DEFAULT_LIST_ORDER, orderPlan } from './list-order'
import type { ListOrder } from './list-order'
import { matchesUnchecked, parsePropertyFilter } from './property-values'
import { ServiceError } from './service-error'
import { joinTaskRows, pageRowsQuery } from './task-json'
import type { PageRow } from './task-json'
import { prepared } from '../db/statements'

type Param = string | number

interface SqlQuery {
  /** Selects the page's rows (see pageRowsQuery); parameter ?1 is the task URL prefix. */
  sql: string
  params: Param[]
  /** How joinTaskRows puts the rows back in list order. */
  direction: 1 | -1 | 0
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ')

function inList(column: string, values: readonly Param[], where: string[], params: Param[]): void {
  where.push(
    values.length === 1 ? `${column} = ?` : `${column} IN (${placeholders(values.length)})`,
  )
  params.push(...values)
}

function dayRange(column: string, range: DayRange, where: string[], params: Param[]): void {
  // Timestamps are stored canonical (UTC, milliseconds, 'Z'), so string order is time order.
  where.push(`${column} >= ? AND ${column} <= ?`)
  params.push(range.from, endOfCalendarDay(range.to))
}

/**
 * A filter checked either by reading its own index (`seek`: the matching tasks' seqs, then
 * sorted into list order) or task by task while walking the list order (`probe`).
 */
interface SecondaryFilter {
  seek: string
  probe: string
  params: Param[]
  /** SQL selecting a row per match (an upper bound) on its own index, for counting; same params. */
  count: string
}

/** Above this many matches a filter is probed while walking the list order (see the top). */
export const PROBE_ABOVE = 2_000

/** Counts rows with a query; undefined when no database is at hand (then every filter seeks). */
export type Counter = ((sql: string, params: Param[]) => number) | undefined

/** Builds the SQL of a list query; throws a 400 for a filter that cannot be read. */
export function buildListQuery(
  board: BoardConfig,
  filters: ListTasksFilters,
  order: ListOrder = DEFAULT_LIST_ORDER,
  limit: number = SERVICE_LIMITS.listPage,
  counter: Counter = undefined,
): SqlQuery {
  const where = ['t.board_id = ?2']
  const params: Param[] = [board.id]
  if (filters.projectKey) inList('t.project_key', filters.projectKey, where, params)
  if (filters.status) inList('t.status', filters.status, where, params)
  if (filters.assignedUserEmail)
    inList(
      't.assignee',
      filters.assignedUserEmail.map((e) => e.toLowerCase()),
      where,
      params,
    )
  if (filters.priority !== undefined) inList('t.priority', [filters.priority], where, params)
  if (filters.pinToTop !== undefined)
    inList('t.pin_to_top', [filters.pinToTop ? 1 : 0], where, params)
  if (filters.dueDate) dayRange('t.due_date', filters.dueDate, where, params)
  // Start dates follow due dates, so walking the list order would pass most of the board before
  // the first match: always read from the start-date index, which carries the due date to sort by.
  if (filters.startDate) dayRange('t.start_date', filters.startDate, where, params)
  if (filters.type) inList('t.type', [filters.type], where, params)
  if (filters.milestoneId !== undefined)
    inList('t.milestone_id', [filters.milestoneId], where, params)
  const secondary: SecondaryFilter[] = []
  if (filters.tag) secondary.push(tagFilter(filters.tag))
  for (const [name, raw] of Object.entries(filters.properties ?? {})) {
    const filter = propertyFilter(board, name, raw)
    if (typeof filter === 'string') {
      where.push(filter)
      params.push(name)
    } else secondary.push(filter)
  }
  planSecondary(secondary, order, counter, where, params)
  const descriptionType = filters.descriptionType ?? 'text'
  const plan = orderPlan(order)
  const page = `SELECT t.seq FROM tasks t WHERE ${where.join(' AND ')} ORDER BY ${plan.pick} LIMIT ${limit}`
  return {
    sql: pageRowsQuery(page, descriptionType, plan.key),
    params,
    direction: plan.direction,
  }
}

/**
 * The filter matching fewest tasks seeks when it matches few (at most PROBE_ABOVE); every other
 * one probes. A random order reads every match anyway: all seek.
 */
function planSecondary(
  filters: SecondaryFilter[],
  order: ListOrder,
  counter: Counter,
  where: string[],
  params: Param[],
): void {
  if (filters.length === 0) return
  let seeking: SecondaryFilter | undefined
  if (!counter || order === 'random') {
    for (const f of filters) {
      where.push(f.seek)
      params.push(...f.params)
    }
    return
  }
  let fewest = Infinity
  for (const f of filters) {
    // Counting stops past the threshold: only whether a filter matches few tasks matters.
    const count = counter(`SELECT count(*) FROM (${f.count} LIMIT ${PROBE_ABOVE + 1})`, f.params)
    if (count < fewest) {
      fewest = count
      seeking = f
    }
  }
  if (fewest > PROBE_ABOVE) seeking = undefined
  for (const f of filters) {
    where.push(f === seeking ? f.seek : f.probe)
    params.push(...f.params)
  }
}

function tagFilter(tags: readonly string[]): SecondaryFilter {
  const list = `tag IN (${placeholders(tags.length)})`
  return {
    seek: `t.seq IN (SELECT task_seq FROM task_tags WHERE ${list})`,
    probe: `EXISTS (SELECT 1 FROM task_tags g WHERE g.task_seq = t.seq AND g.${list})`,
    params: [...tags],
    count: `SELECT 1 FROM task_tags WHERE ${list}`,
  }
}

/**
 * A custom-property filter, or (an unchecked checkbox, which matches tasks with no value) a
 * condition that takes the property's name as its one parameter.
 */
function propertyFilter(board: BoardConfig, name: string, raw: string): SecondaryFilter | string {
  const definition = board.properties.get(name)
  if (!definition) {
    const known = [...board.properties.keys()].join(', ') || 'none'
    throw new ServiceError(
      400,
      `Query parameter "prop_${name}": this board has no custom property "${name}" (it has: ${known}).`,
    )
  }
  const match = parsePropertyFilter(definition, raw)
  if (typeof match === 'string')
    throw new ServiceError(400, `Query parameter "prop_${name}" ${match}.`)
  if (matchesUnchecked(definition.type, match)) {
    // An unset checkbox reads as unchecked.
    // Checked task by task while walking the list order: about every other task matches, so a
    // page is reached at once (reading every checked task first cost 5 ms on a 100k board).
    return `NOT EXISTS (SELECT 1 FROM task_property_values p WHERE p.task_seq = t.seq AND p.name = ? AND p.value = 'true')`
  }
  let condition: string
  let values: Param[]
  if (match.kind === 'numbers') {
    condition = `number IN (${placeholders(match.numbers.length)})`
    values = match.numbers
  } else if (match.kind === 'range') {
    condition = 'value >= ? AND value <= ?'
    values = [match.range.from, endOfCalendarDay(match.range.to)]
  } else {
    condition = `value IN (${placeholders(match.values.length)})`
    values = match.values
  }
  return {
    seek: `t.seq IN (SELECT task_seq FROM task_property_values WHERE name = ? AND ${condition})`,
    probe: `EXISTS (SELECT 1 FROM task_property_values p WHERE p.task_seq = t.seq AND p.name = ? AND p.${condition.replace(/ AND value/, ' AND p.value')})`,
    params: [name, ...values],
    count: `SELECT 1 FROM task_property_values WHERE name = ? AND ${condition}`,
  }
}

/** The matching tasks as a JSON array text, ready to send. */
export function listTasksJson(
  db: Db,
  board: BoardConfig,
  filters: ListTasksFilters,
  urlPrefix: string,
  order: ListOrder = DEFAULT_LIST_ORDER,
): string {
  const counter: Counter = (sql, params) =>
    Number(
      (
        prepared(db, sql)
          .raw(true)
          .get(...params) as [number]
      )[0],
    )
  const { sql, params, direction } = buildListQuery(board, filters, order, undefined, counter)
  const statement = prepared(db, sql)
  return joinTaskRows(statement.raw(true).all(urlPrefix, ...params) as PageRow[], direction)
}
