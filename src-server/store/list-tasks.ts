// GET /api/v1/tasks: every filter of the spec, combined with AND (comma lists OR within one
// filter). At most 100 results, in the service's list order (list-order.ts). The default, by due
// date (tasks without one first), then creation, is the order the board's indexes already hold,
// so a page is read without sorting its matches.
//
// Filters whose matches are not in list order (tag, custom property, start date) are planned by
// how many tasks they match, counted on their own index first (list-filter-sql.ts). In the default
// order, with nothing else narrowing the list, they walk an index that holds their matches in due
// order and stop after a page (list-walks.ts); a filter of exact values always can. Otherwise a
// filter matching few tasks is read whole from its index and those few are sorted, and filters
// matching many are checked task by task while walking the list order's index
// (docs/board-service.md, "Listing").
import { endOfCalendarDay, SERVICE_LIMITS } from '../../src-shared/api'
import type { DayRange, ListTasksFilters } from '../../src-shared/api'
import type { BoardConfig } from '../boards/board-config'
import type { Db } from '../db/database'
import { prepared } from '../db/statements'
import { fewestColumnIndex, servedInDueOrder } from './column-index'
import type { ColumnConditions } from './column-index'
import { distinct, inValues, propertyFilter, tagFilter } from './list-filter-sql'
import type { Condition, Param, SecondaryFilter, WalkArm } from './list-filter-sql'
import { DEFAULT_LIST_ORDER, orderPlan } from './list-order'
import type { ListOrder } from './list-order'
import { MOST_ARMS, startDateArms, walkPage } from './list-walks'
import { joinTaskRows, pageRowsQuery } from './task-json'
import type { PageRow } from './task-json'

interface SqlQuery {
  /** Selects the page's rows (see pageRowsQuery); parameter ?1 is the task URL prefix. */
  sql: string
  params: Param[]
  /** How joinTaskRows puts the rows back in list order. */
  direction: 1 | -1 | 0
}

/** Above this many matches a filter is not read whole and sorted (see the top). */
export const PROBE_ABOVE = 2_000

/**
 * Above this many matches a date range is walked in due order rather than read whole: reading
 * a match costs a row of tasks (~2.5 µs on the 100k board), walking costs index entries (~0.1
 * µs each, about 100 × rows / matches of them); the two meet near 450 matches of 43,000 rows.
 */
export const SCAN_ABOVE = 500

/** Counts rows with a query; undefined when no database is at hand (then every filter seeks). */
export type Counter = ((sql: string, params: Param[]) => number) | undefined

/**
 * How tag, property and start-date filters are read: `auto` chooses by counting their matches;
 * tests force each of the others (`walk` wherever a walk is possible), which must give the same
 * page.
 */
export type FilterPlan = 'auto' | 'seek' | 'probe' | 'walk'

/** Builds the SQL of a list query; throws a 400 for a filter that cannot be read. */
export function buildListQuery(
  board: BoardConfig,
  filters: ListTasksFilters,
  order: ListOrder = DEFAULT_LIST_ORDER,
  limit: number = SERVICE_LIMITS.listPage,
  counter: Counter = undefined,
  plan: FilterPlan = 'auto',
): SqlQuery {
  // Conditions on the task's own columns (the board's first), then per-task checks that no
  // index of tasks serves.
  const columns: Condition[] = [{ sql: 't.board_id = ?2', params: [] }]
  const byColumn: ColumnConditions = {}
  const checks: Condition[] = []
  const add = (filter: keyof ColumnConditions, condition: Condition) => {
    columns.push(condition)
    byColumn[filter] = condition
  }
  // A value repeated in a comma list matches nothing more: it is named once, as for tags and
  // properties; a long list is one JSON parameter (list-filter-sql.ts, MOST_LISTED_VALUES).
  const inList = (filter: keyof ColumnConditions, column: string, values: readonly Param[]) =>
    add(filter, inValues(column, distinct(values)))
  // Timestamps are stored canonical (UTC, milliseconds, 'Z'), so string order is time order.
  const dayRange = (column: string, range: DayRange): Condition => ({
    sql: `${column} >= ? AND ${column} <= ?`,
    params: [range.from, endOfCalendarDay(range.to)],
  })
  if (filters.projectKey) inList('projectKey', 't.project_key', filters.projectKey)
  if (filters.status) inList('status', 't.status', filters.status)
  if (filters.assignedUserEmail)
    inList(
      'assignedUserEmail',
      't.assignee',
      filters.assignedUserEmail.map((e) => e.toLowerCase()),
    )
  if (filters.priority !== undefined) columns.push(equals('t.priority', filters.priority))
  if (filters.pinToTop !== undefined) inList('pinToTop', 't.pin_to_top', [filters.pinToTop ? 1 : 0])
  if (filters.dueDate) add('dueDate', dayRange('t.due_date', filters.dueDate))
  if (filters.type) inList('type', 't.type', [filters.type])
  if (filters.milestoneId !== undefined)
    inList('milestoneId', 't.milestone_id', [filters.milestoneId])
  const startDate = filters.startDate && dayRange('t.start_date', filters.startDate)
  if (startDate) byColumn.startDate = startDate
  const secondary: SecondaryFilter[] = []
  if (filters.tag) secondary.push(tagFilter(filters.tag))
  for (const [name, raw] of Object.entries(filters.properties ?? {})) {
    const filter = propertyFilter(board, name, raw)
    if (typeof filter === 'string') checks.push({ sql: filter, params: [name] })
    else secondary.push(filter)
  }

  const orderBy = orderPlan(order)
  const onlyBoard = columns.length === 1 && !startDate
  const only = secondary.length === 1 ? secondary[0] : undefined
  let page: Condition | undefined
  if (
    plan === 'auto' &&
    counter &&
    order === 'due' &&
    onlyBoard &&
    only?.walk &&
    !only.walk.scan &&
    only.walk.arms.length <= MOST_ARMS
  ) {
    // One filter of exact values and nothing else that narrows: its walk reads about a page
    // whatever it matches, so there is nothing to count.
    page = walkPage(only.walk.arms, [...columns, ...checks], limit)
  }
  const count = page ? never : counting(order, counter, plan)
  const counts = new Map(secondary.map((f) => [f, count(f.count, f.params)]))
  const probes = (filters: SecondaryFilter[]) =>
    filters.map((f) => ({ sql: f.probe, params: f.params }))
  const walking = !page && order === 'due' && plan !== 'seek' && plan !== 'probe' && count !== never
  const driver = walking ? walkingFilter(secondary, counts, plan) : undefined
  // Column filters matching few tasks are read from their index (below); otherwise the list
  // order's walk would check every task, where the walkable filter's own index holds fewer.
  const fewestColumns =
    !page &&
    orderBy.indexed &&
    counter &&
    (plan === 'auto' || plan === 'seek') &&
    !(order === 'due' && secondary.length === 0 && servedInDueOrder(byColumn))
      ? fewestColumnIndex(board.id, byColumn, counter, PROBE_ABOVE)
      : undefined
  const columnsMany = fewestColumns !== undefined && fewestColumns.matches > PROBE_ABOVE
  if (driver && (plan === 'walk' || onlyBoard || columnsMany)) {
    // The filter's own index is walked; every other condition is checked on each task it reaches.
    const rest = secondary.filter((f) => f !== driver)
    const conditions = [...columns, ...(startDate ? [startDate] : []), ...checks, ...probes(rest)]
    page = walkPage(driver.walk?.arms ?? [], conditions, limit)
  } else if (walking && startDate && (plan === 'walk' || columns.length === 1)) {
    const starts = count(
      'SELECT 1 FROM tasks t WHERE t.board_id = ? AND t.start_date >= ? AND t.start_date <= ?',
      [board.id, ...startDate.params],
    )
    const fewest = Math.min(...counts.values())
    if (starts > PROBE_ABOVE && !(fewest <= PROBE_ABOVE)) {
      // Many tasks start in the range, and no other filter matches few: walk the due order.
      const arms: WalkArm[] = startDateArms(filters.startDate as DayRange)
      page = walkPage(arms, [...columns, ...checks, ...probes(secondary)], limit)
    }
  }
  if (!page) {
    // Filters matching few tasks are read whole and sorted: the one matching fewest, or, with no
    // counts, every one. The others are checked task by task.
    const fewest = [...counts.entries()].sort((a, b) => a[1] - b[1])[0]
    const seeking = (f: SecondaryFilter) =>
      plan !== 'probe' &&
      (count === never || (fewest !== undefined && f === fewest[0] && fewest[1] <= PROBE_ABOVE))
    const conditions = [
      ...columns,
      ...(startDate ? [startDate] : []),
      ...checks,
      ...secondary.map((f) =>
        seeking(f) ? { sql: f.seek, params: f.params } : { sql: f.probe, params: f.params },
      ),
    ]
    // In an order an index holds, matches fewer than a page are read from the index of the
    // filter matching fewest (column-index.ts) and sorted; a filter read whole (seek) is sorted.
    const fewestSeek = secondary.some(seeking) && fewest && count !== never ? fewest[1] : Infinity
    const byIndex =
      fewestColumns && fewestColumns.matches <= Math.min(PROBE_ABOVE, fewestSeek)
        ? fewestColumns.index
        : undefined
    const sorted = byIndex !== undefined || (orderBy.indexed && secondary.some(seeking))
    const pick = sorted ? unindexed(orderBy.pick) : orderBy.pick
    const from = byIndex ? `tasks t INDEXED BY ${byIndex}` : 'tasks t'
    page = {
      sql: `SELECT t.seq FROM ${from} WHERE ${conditions.map((c) => c.sql).join(' AND ')} ORDER BY ${pick} LIMIT ${limit}`,
      params: conditions.flatMap((c) => c.params),
    }
  }
  return {
    sql: pageRowsQuery(page.sql, filters.descriptionType ?? 'text', orderBy.key),
    params: [board.id, ...page.params],
    direction: orderBy.direction,
  }
}

/** An ORDER BY that no index can serve (SQLite uses no index for a `+column` term). */
function unindexed(pick: string): string {
  return pick
    .split(', ')
    .map((term) => `+${term}`)
    .join(', ')
}

const equals = (column: string, value: Param): Condition => ({
  sql: `${column} = ?`,
  params: [value],
})

type Count = (sql: string, params: Param[]) => number
/** No counting: every filter is read whole (`seek`). */
const never: Count = () => 0
const many: Count = () => Number.MAX_SAFE_INTEGER

/**
 * How a query's matches are counted: on its own index, up to just past the threshold (only
 * whether a filter matches few tasks matters). `never` where every filter is read whole: no
 * counter, a forced seek, or a random order, which reads every match anyway.
 */
function counting(order: ListOrder, counter: Counter, plan: FilterPlan): Count {
  if (plan === 'probe' || plan === 'walk') return many
  if (!counter || order === 'random' || plan === 'seek') return never
  return (sql, params) => counter(`SELECT count(*) FROM (${sql} LIMIT ${PROBE_ABOVE + 1})`, params)
}

/**
 * The filter whose own index is walked in due order, if any: the walkable filter matching
 * fewest tasks, unless another filter matches fewer and few (then reading that one whole and
 * sorting it is cheaper). A walk that checks the condition on each entry (a date range) pays
 * only when the filter matches many.
 */
function walkingFilter(
  filters: SecondaryFilter[],
  counts: Map<SecondaryFilter, number>,
  plan: FilterPlan,
): SecondaryFilter | undefined {
  const byCount = [...filters].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0))
  const walkable = byCount.find(
    (f) =>
      f.walk &&
      f.walk.arms.length <= MOST_ARMS &&
      (!f.walk.scan || plan === 'walk' || (counts.get(f) ?? 0) > SCAN_ABOVE),
  )
  const fewest = byCount[0]
  if (!walkable || !fewest) return undefined
  const few = walkable.walk?.scan ? SCAN_ABOVE : PROBE_ABOVE
  if (fewest !== walkable && (counts.get(fewest) ?? 0) <= few) return undefined
  return walkable
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
