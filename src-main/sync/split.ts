// Splits along the filters every task has (type, pin, project, status). A split's children
// together return everything the parent does, so the parent's own page is never needed for
// what they load, only to size them: the parent's page is its first matches in list order, so
// the tasks on it that a child matches are that child's first matches. Hence:
// - a child that every task on a full page matches has that very page (asked once, not twice);
// - a child whose share of a page of undated tasks promises well over a page is not asked: it
//   is split at once (it is "guessed"), along these filters only, since a rest branch would
//   need its real page. A child that may be either waits until the board is idle, when the
//   other pages have shown how far each project's keys reach (see estimateMatches);
// - the rest are asked.
import type { Task } from '../../src-shared/api'
import { bucketCapacity, estimateMatches, valueBuckets } from './buckets'
import { ALL_DAYS } from './days'
import { DIMENSIONS, OPTIONAL_FROM } from './dimensions'
import type { Dimension, ValueDimension } from './dimensions'
import { inScope, matchesFilters } from './match'
import { PAGE, plan } from './plan-types'
import type { Plan, PlanContext } from './plan-types'
import { truncatedSlice } from './slice'
import type { Slice } from './slice'

/** Estimated undated matches from which a child is split without being asked. */
const GUESS = 130
/** Below this a child is asked at once; in between it waits for a better estimate. */
const SMALL = 40

export interface Open {
  index: number
  dimension: Dimension
}

/** The first filter, in DIMENSIONS order from `slice.next`, that the slice leaves open. */
export function firstOpen(slice: Slice): Open | undefined {
  for (let index = slice.next; index < DIMENSIONS.length; index += 1) {
    const dimension = DIMENSIONS[index] as Dimension
    if (slice.rest.some((r) => r.name === dimension.name)) continue
    if (dimension.kind === 'values') {
      const current = dimension.get(slice.filters)
      if (!current || current.length > 1) return { index, dimension }
    } else {
      const current = dimension.get(slice.filters)
      if (!current || current.from !== current.to) return { index, dimension }
    }
  }
  return undefined
}

/** A guessed slice can only be split along filters that leave no rest. */
export const guessable = (slice: Slice): boolean => (firstOpen(slice)?.index ?? 99) < OPTIONAL_FROM

/** Whether a guessed slice still looks full now that more of the board is known. */
export function stillFull(slice: Slice, ctx: PlanContext): boolean {
  const sample = (slice.page ?? []).filter((task) => inScope(task, slice.scope))
  return guessable(slice) && estimateMatches(sample, ctx.maxKey) >= GUESS
}

/** More than 100 undated matches: cut by exhaustive filters, else part dated from undated. */
export function splitUndated(slice: Slice, page: readonly Task[], ctx: PlanContext): Plan {
  for (let i = slice.next; i < OPTIONAL_FROM; i += 1) {
    const dimension = DIMENSIONS[i] as ValueDimension
    const current = dimension.get(slice.filters)
    if (current && current.length === 1) continue
    if (!current && !ctx.exhaustive(dimension.name)) break
    return splitValues(slice, page, ctx, i, dimension)
  }
  return plan([
    { ...slice, filters: { ...slice.filters, dueDate: ALL_DAYS }, page: undefined, guessed: false },
    { ...slice, scope: 'undated', page: [...page] },
  ])
}

/** Splits along a filter every task has, by the values it knows (see KnownValues). */
export function splitValues(
  slice: Slice,
  page: readonly Task[],
  ctx: PlanContext,
  index: number,
  dimension: ValueDimension,
): Plan {
  const current = dimension.get(slice.filters)
  const sample = page.filter((task) => inScope(task, slice.scope))
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
  const out = plan([])
  for (const bucket of buckets) {
    const next = child(slice, index, dimension.set(slice.filters, bucket))
    const placed = placeChild(slice, page, next, ctx)
    if (placed.deferred) out.deferred.push(placed.slice)
    else out.slices.push(placed.slice)
  }
  if (current) return out
  const { name } = dimension
  const returned = slice.guessed ? undefined : page.length
  if (ctx.exhaustive(name)) return { ...out, assumed: [{ name, slice, returned }] }
  // Every task has a project and a status, so the rest is only tasks with one never seen.
  // Splitting it further would never prove it empty: report it instead.
  const what = name === 'projectKey' ? 'project' : 'status'
  const reason = `tasks with a ${what} other than ${values.join(', ') || 'none'} may be hidden (the board's ${what} list was not given)`
  if (returned === undefined) return { ...out, unsure: [{ slice, reason }] }
  return { ...out, truncated: [truncatedSlice(slice, returned, reason)] }
}

/** Asked, given its parent's page, guessed, or left for later; see the module comment. */
function placeChild(
  parent: Slice,
  page: readonly Task[],
  slice: Slice,
  ctx: PlanContext,
): { slice: Slice; deferred?: boolean } {
  const sample = page.filter((task) => inScope(task, parent.scope))
  const mine = sample.filter((task) => matchesFilters(task, slice.filters))
  const full = parent.guessed || sample.length >= PAGE
  if (full && mine.length === sample.length && mine.length > 0) {
    return { slice: { ...slice, page: [...page], guessed: parent.guessed } }
  }
  const undated = sample.length > 0 && sample.every((task) => task.dueDate === '')
  if (!full || !undated || mine.length === 0 || !guessable(slice)) return { slice }
  const estimate = estimateMatches(mine, ctx.maxKey)
  if (estimate < SMALL) return { slice }
  const guessed: Slice = { ...slice, page: mine, guessed: true }
  return estimate >= GUESS ? { slice: guessed } : { slice: guessed, deferred: true }
}

export const child = (slice: Slice, index: number, filters: Slice['filters']): Slice => ({
  ...slice,
  filters,
  next: index,
  page: undefined,
  guessed: undefined,
})
