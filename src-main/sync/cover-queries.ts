// The queries of one split along a filter whose field can be empty (see cover.ts): buckets of
// values, or day ranges, sized from loaded tasks and estimates (estimate.ts), and which of the
// sibling slices ask each bucket together.
import type { DayRange, Task } from '../../src-shared/api'
import { rangeBuckets } from './buckets'
import { ALL_DAYS } from './days'
import { DIMENSIONS } from './dimensions'
import type { Dimension } from './dimensions'
import { addEstimates, estimator, fits } from './estimate'
import type { Estimate, Estimator } from './estimate'
import type { PlanContext } from './plan-types'
import type { Slice } from './slice'

export type Bucket = string[] | DayRange
export type Merge = 'projectKey' | 'status'
export interface Member {
  slice: Slice
  page: Task[]
  estimate: Estimator
  /** The estimate of a bucket of one filter, remembered: packing asks for it many times. */
  size(dimension: Dimension, bucket: Bucket): Estimate
}

/** Tasks a part of a cut date range is planned to hold, with room for the estimate's error. */
const RANGE_TARGET = 85

export function member(slice: Slice, ctx: PlanContext): Member {
  const page = slice.page ?? []
  const estimate = estimator(slice, page, ctx)
  const sizes = new Map<string, Estimate>()
  const size = (dimension: Dimension, bucket: Bucket) => {
    const key = `${dimension.name} ${JSON.stringify(bucket)}`
    const known = sizes.get(key) ?? estimate(holds(dimension, bucket))
    sizes.set(key, known)
    return known
  }
  return { slice, page, estimate, size }
}

export const holds = (dimension: Dimension, bucket: Bucket) => (task: Task) =>
  dimension
    .of(task)
    .some((v) => (Array.isArray(bucket) ? bucket.includes(v) : v >= bucket.from && v <= bucket.to))

const total = (e: Estimate) => e.known + e.unknown

export interface Query {
  bucket: Bucket
  askers: Member[]
}

/**
 * The queries of a split: buckets that each fit every member (the same for all, so siblings
 * can share them), each asked by groups of members that fit one page together. Of a few ways
 * to pack the values, the one with the fewest queries: setting the lightest values apart in a
 * bucket of their own often lets the siblings share it.
 */
export function queries(
  members: Member[],
  index: number,
  careful: boolean,
  merge: Merge | undefined,
  ctx: PlanContext,
): Query[] {
  const dimension = DIMENSIONS[index] as Dimension
  const size = (bucket: Bucket) => members.map((m) => m.size(dimension, bucket))
  const fitsAll = (bucket: Bucket) => size(bucket).every((e) => fits(e, careful))
  const ask = (buckets: Bucket[]) =>
    buckets.flatMap((bucket) =>
      shares(members, dimension, bucket, merge).map((askers) => ({ bucket, askers })),
    )
  const first = members[0] as Member
  if (dimension.kind === 'range') {
    const current = dimension.get(first.slice.filters)
    const range = current ?? ALL_DAYS
    if (!current && fitsAll(range)) return ask([range])
    const days = members
      .flatMap((m) => m.estimate.known.flatMap((task) => dimension.of(task)))
      .filter((day) => day >= range.from && day <= range.to)
      .sort()
    const parts = Math.max(...size(range).map((e) => Math.ceil(total(e) / RANGE_TARGET)), 1)
    return ask(rangeBuckets(range, days, Math.max(1, days.length / parts), current !== undefined))
  }
  const current = dimension.get(first.slice.filters)
  const weight = (value: string) => size([value]).reduce((sum, e) => sum + total(e), 0)
  const weights = new Map((current ?? ctx.values(dimension.name)).map((v) => [v, weight(v)]))
  const ordered = [...weights.keys()].sort(
    (a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0) || (a < b ? -1 : 1),
  )
  const load = (bucket: string[]) => bucket.reduce((sum, v) => sum + (weights.get(v) ?? 0), 0)
  const pack = (values: string[], apart: string[]) => {
    const packed: string[][] = apart.length > 0 ? [apart] : []
    for (const value of values) {
      // A value nothing shows yet joins the lightest bucket; the others go where they fit.
      const home =
        weights.get(value) === 0
          ? [...packed].sort((a, b) => load(a) - load(b))[0]
          : packed.find((bucket) => fitsAll([...bucket, value]))
      if (home) home.push(value)
      else packed.push([value])
    }
    if (current && packed.length === 1) {
      // The bucket came back full: it must at least be halved, or the split makes no progress.
      return ask([ordered.filter((_, i) => i % 2 === 0), ordered.filter((_, i) => i % 2 === 1)])
    }
    return ask(packed)
  }
  const seen = ordered.filter((v) => weights.get(v) !== 0)
  const unseen = ordered.filter((v) => weights.get(v) === 0)
  let best = pack(ordered, [])
  for (let k = 1; k <= Math.min(3, seen.length - 1); k += 1) {
    const apart = seen.slice(-k)
    if (!fitsAll(apart)) break
    const packing = pack([...seen.slice(0, -k), ...unseen], apart)
    if (packing.length < best.length) best = packing
  }
  return best
}

/** The members that ask one bucket together: as many as fit one page, largest first. */
function shares(
  members: Member[],
  dimension: Dimension,
  bucket: Bucket,
  merge: Merge | undefined,
): Member[][] {
  if (!merge) return members.map((m) => [m])
  const sized = members
    .map((m) => ({ m, e: m.size(dimension, bucket) }))
    .sort((a, b) => total(b.e) - total(a.e))
  const groups: { members: Member[]; e: Estimate }[] = []
  for (const { m, e } of sized) {
    const group = groups.find((g) => fits(addEstimates(g.e, e)))
    if (group) {
      group.members.push(m)
      group.e = addEstimates(group.e, e)
    } else groups.push({ members: [m], e })
  }
  return groups.map((g) => g.members)
}
