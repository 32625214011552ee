// How a truncated slice is cut: into buckets (comma lists of values, or day ranges) sized from
// the page it returned, so that each child is likely to return fewer than 100. The list has no
// counts, so the slice's size is estimated from task keys: keys count up per project in creation
// order, and a full page holds a slice's first 100 tasks in creation order, so how far its keys
// reach into each project's keys tells how much of the slice it holds.
import type { DayRange, Task } from '../../src-shared/api'
import { middleDay, nextDay, previousDay } from './days'

/** Tasks a child should hold, well under the page of 100 since the estimate is rough. */
const TARGET = 80

/** Estimated number of matches of a slice whose first `sample.length` matches are `sample`. */
export function estimateMatches(
  sample: readonly Task[],
  maxKey: ReadonlyMap<string, number>,
): number {
  const reached = new Map<string, number>()
  for (const task of sample) {
    reached.set(task.projectKey, Math.max(reached.get(task.projectKey) ?? 0, task.key))
  }
  let seen = 0
  let total = 0
  for (const [project, key] of reached) {
    seen += key
    // Nothing seen past the sample: assume it reaches halfway rather than all the way.
    const highest = maxKey.get(project) ?? key
    total += highest > key ? highest : 2 * key
  }
  const share = total > 0 ? seen / total : 1
  return sample.length / Math.max(share, 0.01)
}

/** How many of the sample's tasks one bucket may hold. */
export function bucketCapacity(sampleSize: number, estimate: number): number {
  return Math.max(1, (TARGET * sampleSize) / Math.max(estimate, sampleSize, 1))
}

/**
 * Groups `values` into comma lists of at most `capacity` sample tasks each (largest first, each
 * into the lightest bucket it fits). Values absent from the sample join the lightest bucket. At
 * least two buckets when there are two values, so a split always makes progress.
 */
export function valueBuckets(
  values: readonly string[],
  counts: ReadonlyMap<string, number>,
  capacity: number,
): string[][] {
  const count = (v: string) => counts.get(v) ?? 0
  const sorted = [...values].sort((a, b) => count(b) - count(a) || (a < b ? -1 : a > b ? 1 : 0))
  type Bucket = { values: string[]; load: number }
  const fill = (limit: number, empty: number): Bucket[] => {
    const buckets: Bucket[] = Array.from({ length: empty }, () => ({ values: [], load: 0 }))
    for (const value of sorted) {
      const c = count(value)
      const light = buckets.reduce<Bucket | undefined>(
        (a, b) =>
          !a || b.load < a.load || (b.load === a.load && b.values.length < a.values.length) ? b : a,
        undefined,
      )
      if (light && (c === 0 || light.load + c <= limit)) {
        light.values.push(value)
        light.load += c
      } else {
        buckets.push({ values: [value], load: c })
      }
    }
    return buckets
  }
  const buckets = fill(capacity, 0)
  // Everything fitted one bucket: halve it by load instead.
  return (buckets.length === 1 && sorted.length > 1 ? fill(Infinity, 2) : buckets).map(
    (b) => b.values,
  )
}

/**
 * Cuts `range` at quantiles of the sample's days (sorted, all inside the range) into ranges of
 * about `capacity` sample tasks. `atLeastTwo` when the range itself came back full.
 */
export function rangeBuckets(
  range: DayRange,
  days: readonly string[],
  capacity: number,
  atLeastTwo: boolean,
): DayRange[] {
  if (range.from === range.to) return [range]
  let parts = Math.max(1, Math.ceil(days.length / capacity))
  if (atLeastTwo) parts = Math.max(2, parts)
  if (parts === 1) return [range]
  const starts = new Set<string>()
  for (let i = 1; i < parts; i += 1) {
    const day = days[Math.floor((i * days.length) / parts)]
    if (day !== undefined && day > range.from) starts.add(day)
  }
  if (starts.size === 0) {
    // Every sample day is the range's first day: that day alone, then the rest. With no sample
    // day at all, halves, so that a range is never walked day by day.
    starts.add(days.length > 0 ? nextDay(range.from) : middleDay(range))
  }
  const bounds = [range.from, ...[...starts].sort()]
  return bounds.map((from, i) => ({
    from,
    to: i + 1 < bounds.length ? previousDay(bounds[i + 1] as string) : range.to,
  }))
}
