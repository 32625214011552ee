// Splits full slices along the filters whose field can be empty: assignee, priority, tags and
// start date. No query asks for an empty field, so each split keeps a "rest" branch with the
// parent's filters, split along the next of them. A task with only one of these fields set is
// reachable only through that filter, so each must be covered to the end of the slice, in any
// order; what can be saved is queries within each (docs/benchmarks.md, "Board sync"):
// - buckets are sized from loaded tasks, counted exactly, plus an estimate of the unknown ones
//   (estimate.ts); these slices wait until the board is idle, so the buckets of the filters
//   split before have loaded all theirs and the estimates shrink to what is still unknown;
// - the filter split first is the one whose buckets depend least on that estimate (bucket
//   counts equal for a bold and a careful estimate), so the uncertain ones are sized later;
// - sibling slices (same filters but the project, or but the status) get the same buckets,
//   and a bucket that fits one page for several of them is asked once for all of them.
import { toListQuery } from '../../src-shared/api'
import type { DayRange } from '../../src-shared/api'
import { member, queries } from './cover-queries'
import type { Bucket, Member, Merge } from './cover-queries'
import { DIMENSIONS, OPTIONAL_FROM } from './dimensions'
import type { Dimension } from './dimensions'
import { inScope, matchesFilters } from './match'
import { joinPlans, PAGE, plan } from './plan-types'
import type { Plan, PlanContext } from './plan-types'
import type { Slice } from './slice'

export function planCover(slices: readonly Slice[], ctx: PlanContext): Plan {
  const plans: Plan[] = []
  const free: Slice[] = []
  for (const slice of slices) {
    const forced = openFilters(slice).find((i) => isSet(slice, i))
    if (forced === undefined) free.push(slice)
    else plans.push(cover([member(slice, ctx)], forced, undefined, ctx))
  }
  for (const { slices: group, merge } of siblings(free)) {
    const members = group.map((slice) => member(slice, ctx))
    plans.push(cover(members, choose(members, merge, ctx), merge, ctx))
  }
  return joinPlans(plans)
}

/**
 * The slices to split now, and those to leave for the next round: buckets that came back full
 * are split first, and rest branches wait while `busy` (anything else is being split).
 */
export function coverNow(slices: readonly Slice[], busy: boolean): [Slice[], Slice[]] {
  const forced = slices.filter((slice) => openFilters(slice).some((i) => isSet(slice, i)))
  if (!busy && forced.length === 0) return [[...slices], []]
  return [forced, slices.filter((slice) => !forced.includes(slice))]
}

/** The optional filters the slice leaves open, in DIMENSIONS order. */
function openFilters(slice: Slice): number[] {
  const open: number[] = []
  for (let i = Math.max(slice.next, OPTIONAL_FROM); i < DIMENSIONS.length; i += 1) {
    const dimension = DIMENSIONS[i] as Dimension
    if (slice.rest.some((r) => r.name === dimension.name)) continue
    const current = dimension.get(slice.filters)
    if (!current) open.push(i)
    else if (Array.isArray(current) ? current.length > 1 : current.from !== current.to) open.push(i)
  }
  return open
}

/** A bucket that came back full: it is split again before anything else. */
const isSet = (slice: Slice, index: number) =>
  (DIMENSIONS[index] as Dimension).get(slice.filters) !== undefined

/** Groups slices that differ only in their one project (or else their one status). */
function siblings(slices: Slice[]): { slices: Slice[]; merge?: Merge }[] {
  const groups: { slices: Slice[]; merge?: Merge }[] = []
  let left = slices
  for (const merge of ['projectKey', 'status'] as const) {
    const byKey = new Map<string, Slice[]>()
    const alone: Slice[] = []
    for (const slice of left) {
      const values = slice.filters[merge]
      if (values?.length !== 1) alone.push(slice)
      else {
        const others = toListQuery({ ...slice.filters, [merge]: undefined }).toString()
        const key = `${slice.scope}|${slice.rest.map((r) => r.name).join()}|${others}`
        byKey.set(key, [...(byKey.get(key) ?? []), slice])
      }
    }
    left = alone
    for (const group of byKey.values()) {
      if (group.length > 1) groups.push({ slices: group, merge })
      else left.push(...group)
    }
  }
  return [...groups, ...left.map((slice) => ({ slices: [slice] }))]
}

/** The open filter whose buckets an error in the estimate would change least. */
function choose(members: Member[], merge: Merge | undefined, ctx: PlanContext): number {
  const scored = openFilters((members[0] as Member).slice).map((index) => {
    const careful = queries(members, index, true, merge, ctx).length
    return { index, careful, risk: careful - queries(members, index, false, merge, ctx).length }
  })
  scored.sort((a, b) => a.risk - b.risk || a.careful - b.careful || a.index - b.index)
  const best = scored[0]
  if (!best) throw new Error('planCover: a slice with no filter left to split')
  return best.index
}

function cover(members: Member[], index: number, merge: Merge | undefined, ctx: PlanContext): Plan {
  const dimension = DIMENSIONS[index] as Dimension
  const children = queries(members, index, true, merge, ctx).map(({ bucket, askers }) =>
    childOf(askers, index, dimension, bucket, merge),
  )
  if (isSet((members[0] as Member).slice, index)) return plan(children)
  const values = dimension.kind === 'values' ? ctx.values(dimension.name) : []
  const rests = members.map(({ slice, page }) => ({
    ...slice,
    rest: [...slice.rest, { name: dimension.name, values }],
    page: [...page],
  }))
  return plan(children, { deferred: rests })
}

function childOf(
  members: Member[],
  index: number,
  dimension: Dimension,
  bucket: Bucket,
  merge: Merge | undefined,
): Slice {
  const { slice, page } = members[0] as Member
  let filters =
    dimension.kind === 'values'
      ? dimension.set(slice.filters, bucket as string[])
      : dimension.set(slice.filters, bucket as DayRange)
  if (merge && members.length > 1) {
    filters = { ...filters, [merge]: members.flatMap((m) => m.slice.filters[merge] ?? []) }
    // Back full, it is cut into its members' own slices first.
    const next = DIMENSIONS.findIndex((d) => d.name === merge)
    return { ...slice, filters, next, page: undefined, guessed: undefined }
  }
  // Every task of a full page in it: that page is its page too.
  const sample = page.filter((task) => inScope(task, slice.scope))
  const same = sample.length >= PAGE && sample.every((task) => matchesFilters(task, filters))
  return { ...slice, filters, page: same ? [...page] : undefined, guessed: undefined }
}
