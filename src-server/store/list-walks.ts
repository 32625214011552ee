// Pages in the default list order (due date, then creation) read by walking indexes that hold
// their entries in that order, stopping after a page, instead of reading every match and sorting
// it. A walk has one or more arms (one per value of a tag or property filter, say); each arm
// reads at most a page in due order, and the page is the best of their union.
import { endOfCalendarDay } from '../../src-shared/api'
import type { DayRange } from '../../src-shared/api'
import type { Condition, Param, WalkArm } from './list-filter-sql'

/** More arms than this are not walked (one compound SELECT arm each; SQLite allows 500). */
export const MOST_ARMS = 50

/**
 * A walk binds every condition's parameters once per arm: `status=` with 700 values and 50 tags
 * was 35,000 parameters, past SQLite's limit of 32,766 (a 500). A walk that would bind more
 * than this is not made; the query is read the other ways, which bind each parameter once.
 *
 * The worst case, for the limit: a request line and headers are at most 16 KiB
 * (MAX_HEADER_BYTES), and every parameter a filter binds takes at least two bytes of the URL (a
 * one-character value and its `,`, or `&prop_X=`, or half a date range), so a query binds at
 * most about 8,200 parameters once each, 8,192 plus the URL prefix and the board. Only a walk
 * repeats them, and it binds at most MOST_WALK_PARAMS: no statement of a list comes near the
 * limit.
 */
export const MOST_WALK_PARAMS = 10_000

/**
 * The page's seqs: each arm checked against `conditions` task by task (CROSS JOIN keeps the
 * arm's index as the outer loop), at most `limit` per arm; UNION drops a task that two arms
 * reach (a task with two of the tags asked for). Undefined where it would bind more than
 * MOST_WALK_PARAMS parameters.
 */
export function walkPage(
  arms: readonly WalkArm[],
  conditions: readonly Condition[],
  limit: number,
): Condition | undefined {
  const perArm = conditions.reduce((sum, c) => sum + c.params.length, 0)
  const total = arms.reduce((sum, arm) => sum + perArm + arm.params.length, 0)
  if (total > MOST_WALK_PARAMS) return undefined
  const params: Param[] = []
  const selects = arms.map((arm) => {
    // Text order is parameter order: the board's ?2 (first condition) before any plain `?`.
    for (const c of conditions) params.push(...c.params)
    params.push(...arm.params)
    const where = [...conditions.map((c) => c.sql), arm.sql].join(' AND ')
    return `SELECT * FROM (SELECT ${arm.due} AS due_date, ${arm.seq} AS seq FROM ${arm.from}
      WHERE ${where} ORDER BY ${arm.due}, ${arm.seq} LIMIT ${limit})`
  })
  return {
    sql: `SELECT seq FROM (${selects.join(' UNION ')}) ORDER BY due_date, seq LIMIT ${limit}`,
    params,
  }
}

const taskArm = (index: string, sql: string, params: Param[]): WalkArm => ({
  from: `tasks t INDEXED BY ${index}`,
  due: 't.due_date',
  seq: 't.seq',
  sql,
  params,
})

/**
 * A start-date range in due order. A task starts no later than it is due (the write paths check
 * it), so one that starts in the range is due on or after its first day: the due-date index is
 * walked from there, and its first tasks mostly start in the range. Two small partial indexes
 * (migration 3) hold the tasks that walk cannot reach: those without a due date, and any that
 * start after they are due (none, unless written by an older program).
 */
export function startDateArms(range: DayRange): WalkArm[] {
  const starts = 't.start_date >= ? AND t.start_date <= ?'
  const bounds = [range.from, endOfCalendarDay(range.to)]
  return [
    taskArm('tasks_undated_by_start', `t.due_date = '' AND ${starts}`, bounds),
    taskArm('tasks_by_due', `t.due_date >= ? AND ${starts}`, [range.from, ...bounds]),
    taskArm(
      'tasks_starting_after_due',
      `t.due_date <> '' AND t.start_date > t.due_date AND ${starts}`,
      bounds,
    ),
  ]
}
