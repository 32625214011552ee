// A slice of the board: one list query, and what the engine still owes it.
import { toListQuery } from '../../src-shared/api'
import type { ListTasksFilters, Task } from '../../src-shared/api'
import type { TruncatedSlice } from '../../src-shared/ipc/board-snapshot'
import { formatRange } from './days'
import { DIMENSIONS } from './dimensions'
import type { DimensionName } from './dimensions'

export interface Slice {
  filters: ListTasksFilters
  /**
   * 'all': every match counts. 'undated': only matches without a due date count; the dated ones
   * are loaded by a slice with the same filters and a due-date range.
   */
  scope: 'all' | 'undated'
  /** Index in DIMENSIONS of the first one this slice has not settled yet. */
  next: number
  /**
   * Dimensions where this slice stands for the tasks in none of the buckets split off (an empty
   * field, or a value not seen): the query cannot say "none of", so it keeps the parent's filter.
   */
  rest: { name: DimensionName; values: string[] }[]
  /** The page this very query already returned (a parent's), so it is not asked again. */
  page?: Task[]
  /**
   * The slice was not asked: `page` is only its first matches, read off a parent's page, and it
   * is taken to be full because those already promise well over a page. It may only be split
   * along filters that every task has (see plan.ts), and a report about it is checked at the end.
   */
  guessed?: boolean
}

export const ROOT_SLICE: Slice = { filters: {}, scope: 'all', next: 0, rest: [] }

export function queryOf(slice: Slice): string {
  return toListQuery(slice.filters).toString()
}

/** The slice in words, e.g. "project WEB, status Done, due 2026-03-01". */
export function describeFilters(slice: Slice): string {
  const parts: string[] = []
  const { filters } = slice
  if (slice.scope === 'undated') parts.push('no due date')
  if (filters.dueDate) parts.push(`due ${formatRange(filters.dueDate)}`)
  for (const dimension of DIMENSIONS) {
    const rest = slice.rest.find((r) => r.name === dimension.name)
    if (rest) {
      parts.push(dimension.rest)
    } else if (dimension.kind === 'values') {
      const values = dimension.get(filters)
      if (values) parts.push(dimension.label(values))
    } else {
      const range = dimension.get(filters)
      if (range) parts.push(dimension.label(range))
    }
  }
  return parts.length > 0 ? parts.join(', ') : 'the whole board'
}

export function truncatedSlice(slice: Slice, returned: number, reason: string): TruncatedSlice {
  return { query: queryOf(slice), description: `${describeFilters(slice)}: ${reason}`, returned }
}
