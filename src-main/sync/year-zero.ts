// The sync's first date cuts start at 0000-01-01 (ALL_DAYS), the first day a date filter can
// name, so that no dated task falls outside every cut. A service that reads dates with a library
// that has no year 0 (Python's datetime.date, PostgreSQL's date) refuses such a query, and every
// sync of a board over 100 tasks failed there. Such a service cannot hold a task dated in year 0
// either, so the same query from 0001-01-01 returns the same tasks: the sync asks that instead,
// and from then on sends year 1 at once. A service that refuses that too fails the sync as
// before, with its own words.
import type { DayRange, ListTasksFilters, Task } from '../../src-shared/api'
import type { BoardReader } from './sync-board'

const YEAR_ZERO = '0000-'
const YEAR_ONE_START = '0001-01-01'

/** The range from year 1 on; null when it lies in year 0 alone (nothing there to find). */
const fromYearOne = (range: DayRange | undefined): DayRange | undefined | null =>
  range && range.from.startsWith(YEAR_ZERO)
    ? range.to < YEAR_ONE_START
      ? null
      : { from: YEAR_ONE_START, to: range.to }
    : range

/** The query from year 1 on; undefined when it names no year 0, null when only year 0. */
function withoutYearZero(filters: ListTasksFilters): ListTasksFilters | undefined | null {
  const dueDate = fromYearOne(filters.dueDate)
  const startDate = fromYearOne(filters.startDate)
  if (dueDate === null || startDate === null) return null
  if (dueDate === filters.dueDate && startDate === filters.startDate) return undefined
  return {
    ...filters,
    ...(dueDate ? { dueDate } : {}),
    ...(startDate ? { startDate } : {}),
  }
}

const ask = (reader: BoardReader, query: ListTasksFilters | null): Promise<Task[]> =>
  query === null ? Promise.resolve([]) : reader.listTasks(query)

/**
 * A refusal of the query itself: invalid, or a server error (a parser that throws). A server
 * that says when to come back (Retry-After) is down for a while, and is waited for instead.
 */
const refusesQuery = (error: unknown): boolean => {
  const { code, retryAfterMs } = (error ?? {}) as { code?: unknown; retryAfterMs?: unknown }
  return code === 'INVALID_REQUEST' || (code === 'SERVER_ERROR' && retryAfterMs === undefined)
}

/** `reader` that asks a query naming year 0 again from year 1 when the service refuses it. */
export function yearOneReader(reader: BoardReader): BoardReader {
  let noYearZero = false
  return {
    async listTasks(filters) {
      const fromOne = withoutYearZero(filters)
      if (fromOne === undefined) return reader.listTasks(filters)
      if (noYearZero) return ask(reader, fromOne)
      try {
        return await reader.listTasks(filters)
      } catch (error) {
        if (!refusesQuery(error)) throw error
        const answer = await ask(reader, fromOne)
        noYearZero = true
        return answer
      }
    },
    listDependencies: () => reader.listDependencies(),
  }
}
