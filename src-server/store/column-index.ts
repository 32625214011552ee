// Which index finds a list query's matches on the task's own columns, when they are few.
//
// In an order an index holds (due date, creation), SQLite prefers to walk that index and check
// every task against the filters, since it can stop after a page. Where the filters match fewer
// tasks than a page, the walk reads the whole board: `projectKey=WEB&status=Cancelled,In Review
// &assignedUserEmail=...` took 55 ms on a 50,000-task board, and the board sync asks thousands
// of such queries. Without statistics SQLite cannot tell, and it also misjudges ranges (it chose
// an open-ended start-date range over project and status). So each filter's own index counts
// its matches, up to just past PROBE_ABOVE; where the fewest are few, the page is read from that
// index (INDEXED BY) and sorted, which took 1-2 ms for the same queries.
import type { Condition, Param } from './list-filter-sql'

/** Counts rows with a query (a bounded count(*)). */
export type RowCounter = (sql: string, params: Param[]) => number

/** The conditions on the task's own columns, by filter (as list-tasks.ts builds them). */
export interface ColumnConditions {
  projectKey?: Condition
  status?: Condition
  assignedUserEmail?: Condition
  pinToTop?: Condition
  dueDate?: Condition
  type?: Condition
  milestoneId?: Condition
  startDate?: Condition
}

export interface ColumnIndex {
  /** Index name, for INDEXED BY. */
  index: string
  /** Matches of its own conditions, counted up to `limit + 1`. */
  matches: number
}

/** The filters each index of tasks finds (after board_id), most specific first. */
function candidates(c: ColumnConditions): { index: string; conditions: Condition[] }[] {
  const list: { index: string; conditions: Condition[] }[] = []
  const add = (index: string, ...conditions: (Condition | undefined)[]) => {
    const given = conditions.filter((x): x is Condition => x !== undefined)
    if (given.length === conditions.length) list.push({ index, conditions: given })
  }
  // A status's matches include its matches in a project: with both given, the status alone
  // never matches fewer and is not counted (a sync's queries mostly name both).
  if (c.projectKey && c.status) add('tasks_by_project_status', c.projectKey, c.status)
  else {
    add('tasks_by_project_status', c.projectKey)
    add('tasks_by_status', c.status)
  }
  add('tasks_by_assignee', c.assignedUserEmail)
  add('tasks_by_due', c.dueDate)
  add('tasks_by_start', c.startDate)
  add('tasks_by_type', c.type)
  add('tasks_by_pin', c.pinToTop)
  add('tasks_by_milestone', c.milestoneId)
  return list
}

/**
 * The column filters are one index's equalities, with at most a due-date range after them: that
 * index holds their matches in due order, and walking it reads about a page whatever they match,
 * so there is nothing to count (a status, a project's status, a type, a day). A project alone is
 * not: its index holds it by status first.
 */
export function servedInDueOrder(c: ColumnConditions): boolean {
  const given = (Object.keys(c) as (keyof ColumnConditions)[]).filter(
    (name) => c[name] !== undefined && name !== 'dueDate',
  )
  // One value: `= ?` (a long list is one parameter too, a JSON array, but not one value).
  const single = (name: keyof ColumnConditions) => c[name]?.sql.endsWith(' = ?') === true
  if (!given.every(single)) return false
  const key = given.sort().join(',')
  return ['', 'projectKey,status', 'status', 'type', 'pinToTop'].includes(key)
}

/**
 * The index whose own filters match fewest tasks (counted on it, each up to `limit + 1` and no
 * further than the fewest counted before it);
 * undefined when no filter on the task's columns was given.
 */
export function fewestColumnIndex(
  boardId: number,
  conditions: ColumnConditions,
  count: RowCounter,
  limit: number,
): ColumnIndex | undefined {
  let best: ColumnIndex | undefined
  for (const { index, conditions: own } of candidates(conditions)) {
    const where = ['t.board_id = ?', ...own.map((c) => c.sql)].join(' AND ')
    // Counted no further than the fewest so far: past it, this index is not the one.
    const most = Math.min(limit, best?.matches ?? limit)
    const matches = count(
      `SELECT count(*) FROM (SELECT 1 FROM tasks t INDEXED BY ${index} WHERE ${where} LIMIT ${most + 1})`,
      [boardId, ...own.flatMap((c) => c.params)],
    )
    if (!best || matches < best.matches) best = { index, matches }
    if (matches === 0) break
  }
  return best
}
