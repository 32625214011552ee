// How many tasks a narrower query of a full slice would return, before asking it. Loaded tasks
// are counted exactly; only the slice's tasks not loaded yet are estimated. Those are all in
// the slice's "rest" class (in none of the buckets already asked, which loaded all of theirs),
// and the slice's own page, its first matches in creation order, is a sample of that class: its
// share of the page gives the class's size, and its tasks' values how the unknown ones spread.
import type { Task } from '../../src-shared/api'
import { estimateMatches } from './buckets'
import { DIMENSIONS } from './dimensions'
import { inScope } from './match'
import type { PlanContext } from './plan'
import type { Slice } from './slice'

export interface Estimate {
  /** Loaded tasks the query returns. */
  known: number
  /** Estimated tasks it returns that are not loaded yet... */
  unknown: number
  /** ...and one standard error of that estimate. */
  error: number
}

/** The most tasks a bucket is planned to hold: one error below it, it comes back below a page. */
const LIMIT = 97

/**
 * Whether a query of this estimate should come back with fewer than a page. Asking two buckets
 * together saves a query and, if they come back full after all, costs one (both are asked
 * again): one standard error of room makes that a good bet.
 */
export const fits = (e: Estimate, careful = true): boolean =>
  e.known + e.unknown + (careful ? e.error : 0) <= LIMIT

export const addEstimates = (a: Estimate, b: Estimate): Estimate => ({
  known: a.known + b.known,
  unknown: a.unknown + b.unknown,
  error: Math.hypot(a.error, b.error),
})

/** Whether a task is in the slice's rest class: none of the values split off before. */
export function inRest(slice: Slice, task: Task): boolean {
  return slice.rest.every(({ name, values }) => {
    const dimension = DIMENSIONS.find((d) => d.name === name)
    const own = dimension?.of(task) ?? []
    return dimension?.kind === 'range' ? own.length === 0 : !own.some((v) => values.includes(v))
  })
}

export interface Estimator {
  /** Estimate of the slice's query narrowed to the tasks for which `has` holds. */
  (has: (task: Task) => boolean): Estimate
  /** The loaded tasks the slice's query returns. */
  known: Task[]
}

export function estimator(slice: Slice, page: readonly Task[], ctx: PlanContext): Estimator {
  const known = ctx.matching(slice.filters, slice.scope)
  const sample = page.filter((task) => inScope(task, slice.scope))
  const rest = sample.filter((task) => inRest(slice, task))
  const n = Math.max(sample.length, 1)
  // The rest class's share of the page. Few of its tasks may be on the page by chance, and
  // missing it costs more than overrating it (a bucket that comes back full is asked again),
  // so it is taken no smaller than if the fields split off were empty independently.
  const alone = slice.rest.map((marker) => {
    const one = { ...slice, rest: [marker] }
    return sample.filter((task) => inRest(one, task)).length / n
  })
  const r = Math.max(
    rest.length / n,
    alone.reduce((a, b) => a * b, 1),
  )
  // The slice's size, two ways: how far its first matches reach into the project's keys (the
  // 100th of N, about 1/sqrt(100) off), and, once buckets have loaded every task outside the
  // rest class, those tasks over their share of the page (good when that share is large).
  let size = estimateMatches(sample, ctx.maxKey)
  let relative = 1 / Math.sqrt(n)
  const outside = known.filter((task) => !inRest(slice, task)).length
  if (slice.rest.length > 0 && r < 1) {
    // Weighed by the inverse of their variances.
    const byShare = outside / (1 - r)
    const a = Math.max(r / (n * (1 - r)), 1e-6) ** -1
    const b = relative ** -2
    size = (a * byShare + b * size) / (a + b)
    relative = 1 / Math.sqrt(a + b)
  }
  // Shares read off few tasks are smoothed, so that none seen is not taken for none there.
  const smooth = (k: number, of: number) => (k + 0.5) / (of + 1)
  const spread = (p: number, of: number) => Math.sqrt((p * (1 - p)) / (of + 1))
  const unknown = Math.max(0, size * r - (known.length - outside))
  const unknownError = Math.hypot(size * r * relative, size * spread(smooth(rest.length, n), n))
  const estimate = (has: (task: Task) => boolean): Estimate => {
    const share = smooth(rest.filter(has).length, rest.length)
    const u = unknown * share
    return {
      known: known.filter(has).length,
      unknown: u,
      error: Math.hypot(share * unknownError, unknown * spread(share, rest.length), Math.sqrt(u)),
    }
  }
  return Object.assign(estimate, { known })
}
