// GET /api/v1/tasks: every filter of the spec, combined with AND (comma lists OR within one
// filter). At most 100 results, in the service's list order (list-order.ts). The default, by due
// date (tasks without one first), then creation, is the order the board's indexes already hold,
// so a page is read without sorting its matches.
import { endOfCalendarDay, SERVICE_LIMITS } from '../../src-shared/api'
import type { DayRange, ListTasksFilters } from '../../src-shared/api'
import type { BoardConfig } from '../boards/board-config'
import type { Db } from '../db/database'
import { DEFAULT_LIST_ORDER, orderPlan } from './list-order'
import type { ListOrder } from './list-order'
import { parsePropertyFilter } from './property-values'
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

/** Builds the SQL of a list query; throws a 400 for a filter that cannot be read. */
export function buildListQuery(
  board: BoardConfig,
  filters: ListTasksFilters,
  order: ListOrder = DEFAULT_LIST_ORDER,
  limit: number = SERVICE_LIMITS.listPage,
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
  if (filters.startDate) dayRange('t.start_date', filters.startDate, where, params)
  if (filters.dueDate) dayRange('t.due_date', filters.dueDate, where, params)
  if (filters.type) inList('t.type', [filters.type], where, params)
  if (filters.milestoneId !== undefined)
    inList('t.milestone_id', [filters.milestoneId], where, params)
  if (filters.tag) {
    where.push(
      `t.seq IN (SELECT task_seq FROM task_tags WHERE tag IN (${placeholders(filters.tag.length)}))`,
    )
    params.push(...filters.tag)
  }
  for (const [name, raw] of Object.entries(filters.properties ?? {})) {
    propertyCondition(board, name, raw, where, params)
  }
  const descriptionType = filters.descriptionType ?? 'text'
  const plan = orderPlan(order)
  const page = `SELECT t.seq FROM tasks t WHERE ${where.join(' AND ')} ORDER BY ${plan.pick} LIMIT ${limit}`
  return {
    sql: pageRowsQuery(page, descriptionType, plan.key),
    params,
    direction: plan.direction,
  }
}

function propertyCondition(
  board: BoardConfig,
  name: string,
  raw: string,
  where: string[],
  params: Param[],
): void {
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
  const sub = 'SELECT task_seq FROM task_property_values WHERE name = ? AND'
  if (match.kind === 'numbers') {
    where.push(`t.seq IN (${sub} number IN (${placeholders(match.numbers.length)}))`)
    params.push(name, ...match.numbers)
  } else if (match.kind === 'range') {
    where.push(`t.seq IN (${sub} value >= ? AND value <= ?)`)
    params.push(name, match.range.from, endOfCalendarDay(match.range.to))
  } else if (
    (definition.type === 'Checkbox' || definition.type === 'Toggle') &&
    match.values[0] === 'false'
  ) {
    // An unset checkbox reads as unchecked.
    where.push(`t.seq NOT IN (${sub} value = 'true')`)
    params.push(name)
  } else {
    where.push(`t.seq IN (${sub} value IN (${placeholders(match.values.length)}))`)
    params.push(name, ...match.values)
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
  const { sql, params, direction } = buildListQuery(board, filters, order)
  const statement = prepared(db, sql)
  return joinTaskRows(statement.raw(true).all(urlPrefix, ...params) as PageRow[], direction)
}
