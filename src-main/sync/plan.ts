// What to ask next after a slice returned its page. Pure: the driver does the asking.
//
// The list returns the first 100 matches by due date (undated first), then creation. So a full
// page whose last task is due on day D holds every match due before D, and the same filters
// from D on return the next page: continuing along dueDate covers the dated tasks with no gaps
// and almost no overlap. What that cannot reach is split along the other filters:
// - a page whose last task has no due date: more than 100 undated tasks. Exhaustive filters
//   (type, pinToTop, and project and status when the caller gave the board's lists) cut the
//   slice into slices that each continue by due date; after those, the dated part continues
//   as one slice and the undated part is split on its own;
// - a page of 100 tasks due the same day: that day is split on its own.
// A split by a filter whose field can be empty (assignee, priority, tag, start date) also keeps
// a "rest" branch for tasks in none of its buckets; the query cannot say "none of", so the rest
// keeps the parent's filters and is split along the next filters instead. Without the board's
// lists, projects and statuses are split by the values seen, and the tasks with one never seen
// are reported rather than chased: no query could show that there are none.
import { SERVICE_LIMITS } from '../../src-shared/api'
import type { Task } from '../../src-shared/api'
import type { TruncatedSlice } from '../../src-shared/ipc/board-snapshot'
import { bucketCapacity, estimateMatches, rangeBuckets, valueBuckets } from './buckets'
import { ALL_DAYS, dayOf, nextDay } from './days'
import { DIMENSIONS } from './dimensions'
import type { Dimension, DimensionName } from './dimensions'
import { truncatedSlice } from './slice'
import type { Slice } from './slice'

export const PAGE = SERVICE_LIMITS.listPage

export interface PlanContext {
  /** Values known now: fixed ones, the caller's lists and every value seen so far. */
  values(name: DimensionName): string[]
  /** Whether every task of the board has one of `values(name)`. */
  exhaustive(name: DimensionName): boolean
  /** Highest task key seen per project (for estimating a slice's size). */
  maxKey: ReadonlyMap<string, number>
}

export interface Plan {
  slices: Slice[]
  truncated: TruncatedSlice[]
  /** Full slices split by the caller's lists of projects or statuses, taken as complete. */
  assumed: { name: DimensionName; slice: Slice; returned: number }[]
}

const plan = (slices: Slice[], more: Partial<Plan> = {}): Plan => ({
  slices,
  truncated: more.truncated ?? [],
  assumed: more.assumed ?? [],
})

export function planAfter(slice: Slice, page: readonly Task[], ctx: PlanContext): Plan {
  if (page.length < PAGE) return plan([])
  const last = page[page.length - 1] as Task
  if (slice.scope === 'undated') {
    // Undated tasks come first: a dated one on the page means none is missing.
    return last.dueDate === '' ? split(slice, page, ctx) : plan([])
  }
  if (last.dueDate === '') return splitUndated(slice, page, ctx)
  const range = slice.filters.dueDate
  if (range && range.from === range.to) return split(slice, page, ctx)
  return continueByDueDate(slice, page)
}

function continueByDueDate(slice: Slice, page: readonly Task[]): Plan {
  const range = slice.filters.dueDate ?? ALL_DAYS
  // Clamped, so that every step narrows even if a service sent days outside the range.
  const lastDay = dayOf((page[page.length - 1] as Task).dueDate)
  const day = lastDay < range.from ? range.from : lastDay > range.to ? range.to : lastDay
  const first = (page[0] as Task).dueDate
  const due = (from: string, to: string, page?: readonly Task[]): Slice => ({
    ...slice,
    filters: { ...slice.filters, dueDate: { from, to } },
    page: page ? [...page] : undefined,
  })
  const narrows = slice.filters.dueDate ? day > range.from : true
  if (narrows && (first === '' || dayOf(first) < day)) return plan([due(day, range.to)])
  // The whole page is due on one day: split that day on its own, continue after it.
  const slices = [due(day, day, page)]
  if (day < range.to) slices.push(due(nextDay(day), range.to))
  return plan(slices)
}

/** More than 100 undated matches: cut by exhaustive filters, else part dated from undated. */
function splitUndated(slice: Slice, page: readonly Task[], ctx: PlanContext): Plan {
  for (let i = slice.next; i < DIMENSIONS.length; i += 1) {
    const dimension = DIMENSIONS[i] as Dimension
    if (dimension.kind !== 'values') break
    const current = dimension.get(slice.filters)
    if (current && current.length === 1) continue
    if (!current && !ctx.exhaustive(dimension.name)) break
    return splitValues(slice, page, ctx, i, dimension, current)
  }
  return plan([
    { ...slice, filters: { ...slice.filters, dueDate: ALL_DAYS }, page: undefined },
    { ...slice, scope: 'undated', page: [...page] },
  ])
}

/** Splits along the first dimension this slice has not settled; a leaf when none is left. */
function split(slice: Slice, page: readonly Task[], ctx: PlanContext): Plan {
  for (let i = slice.next; i < DIMENSIONS.length; i += 1) {
    const dimension = DIMENSIONS[i] as Dimension
    if (slice.rest.some((r) => r.name === dimension.name)) continue
    if (dimension.kind === 'values') {
      const current = dimension.get(slice.filters)
      if (current && current.length === 1) continue
      return splitValues(slice, page, ctx, i, dimension, current)
    }
    const current = dimension.get(slice.filters)
    if (current && current.from === current.to) continue
    const days = page.flatMap((task) => dimension.of(task)).sort()
    const capacity = bucketCapacity(page.length, estimateMatches(page, ctx.maxKey))
    const ranges = rangeBuckets(current ?? ALL_DAYS, days, capacity, current !== undefined)
    const children = ranges.map((range) => child(slice, i, dimension.set(slice.filters, range)))
    if (current) return plan(children)
    return plan([...children, restOf(slice, page, i, [])])
  }
  return plan([], {
    truncated: [
      truncatedSlice(
        slice,
        page.length,
        'the page is full and no filter splits it further; more tasks may share all these values',
      ),
    ],
  })
}

function splitValues(
  slice: Slice,
  page: readonly Task[],
  ctx: PlanContext,
  index: number,
  dimension: Extract<Dimension, { kind: 'values' }>,
  current: string[] | undefined,
): Plan {
  const sample = slice.scope === 'undated' ? page.filter((t) => t.dueDate === '') : page
  const counts = new Map<string, number>()
  for (const task of sample) {
    for (const value of dimension.of(task)) counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  const values = current ?? ctx.values(dimension.name)
  const buckets = !dimension.list
    ? values.map((v) => [v])
    : valueBuckets(
        values,
        counts,
        bucketCapacity(sample.length, estimateMatches(sample, ctx.maxKey)),
      )
  const children = buckets.map((bucket) =>
    child(slice, index, dimension.set(slice.filters, bucket)),
  )
  if (current) return plan(children)
  const { name } = dimension
  if (ctx.exhaustive(name)) {
    const assumed =
      name === 'projectKey' || name === 'status' ? [{ name, slice, returned: page.length }] : []
    return plan(children, { assumed })
  }
  if (name === 'projectKey' || name === 'status') {
    // Every task has a project and a status, so the rest is only tasks with one never seen.
    // Splitting it further would never prove it empty: report it instead.
    const what = name === 'projectKey' ? 'project' : 'status'
    const reason = `tasks with a ${what} other than ${values.join(', ') || 'none'} may be hidden (the board's ${what} list was not given)`
    return plan(children, { truncated: [truncatedSlice(slice, page.length, reason)] })
  }
  return plan([...children, restOf(slice, page, index, values)])
}

const child = (slice: Slice, index: number, filters: Slice['filters']): Slice => ({
  ...slice,
  filters,
  next: index,
  page: undefined,
})

function restOf(slice: Slice, page: readonly Task[], index: number, values: string[]): Slice {
  const name = (DIMENSIONS[index] as Dimension).name
  return { ...slice, next: index + 1, rest: [...slice.rest, { name, values }], page: [...page] }
}
