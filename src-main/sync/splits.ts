// The two ways the core cuts a full slice, each complete by construction: the children together
// are responsible for every task the slice is responsible for, whatever the list order and
// whichever 100 matches the service returned. A strategy only chooses the buckets or cut days;
// what it asks for is checked here, so a heuristic cannot make the sync skip tasks.
import type { DayRange } from '../../src-shared/api'
import type { BoardKnowledge } from './board-knowledge'
import { ALL_DAYS, previousDay } from './days'
import { DIMENSIONS } from './dimensions'
import type { DimensionName } from './dimensions'
import { isOpen } from './slice'
import type { Slice } from './slice'

/** A split a strategy asks for. */
export type SplitRequest =
  | { dimension: DimensionName; buckets: string[][]; expected?: number[] }
  | { dimension: 'startDate' | 'dueDate'; cuts: string[]; expected?: number[] }

/**
 * Longest list a value bucket names in one query parameter, as the API client writes it (each
 * value percent-encoded, commas between). A board with hundreds of statuses or tags had them all
 * in one query: 12 KB and more, which servers refuse (414, 431; Node's default head limit is
 * 16 KiB, many proxies 8 KiB), and the sync failed every time. A bucket past it is split into
 * buckets within it, which covers the same tasks.
 */
export const MAX_LIST_VALUE_CHARS = 1_500

const listLength = (values: readonly string[]) =>
  values.reduce((sum, value) => sum + encodeURIComponent(value).length, 0) + values.length - 1

/** `bucket` in consecutive parts whose lists stay within MAX_LIST_VALUE_CHARS. */
function withinQueryLength(bucket: readonly string[]): string[][] {
  if (listLength(bucket) <= MAX_LIST_VALUE_CHARS) return [[...bucket]]
  const parts: string[][] = []
  let part: string[] = []
  for (const value of bucket) {
    if (part.length > 0 && listLength([...part, value]) > MAX_LIST_VALUE_CHARS) {
      parts.push(part)
      part = []
    }
    part.push(value)
  }
  if (part.length > 0) parts.push(part)
  return parts
}

/**
 * The request with each value bucket within the query length, and the estimate of each part
 * (a bucket split for length has none).
 */
function sizedForQueries(request: SplitRequest): {
  request: SplitRequest
  expected: readonly (number | undefined)[]
} {
  if (!('buckets' in request)) return { request, expected: request.expected ?? [] }
  const buckets: string[][] = []
  const expected: (number | undefined)[] = []
  request.buckets.forEach((bucket, i) => {
    const parts = withinQueryLength(bucket)
    buckets.push(...parts)
    for (let p = 0; p < parts.length; p += 1)
      expected.push(parts.length === 1 ? request.expected?.[i] : undefined)
  })
  const { expected: _asked, ...rest } = request
  return { request: { ...rest, buckets }, expected }
}

export interface Split {
  /** Slices to ask (each a narrower query). */
  children: Slice[]
  /** The slice for the tasks in no bucket: same query, so the parent's page is its page. */
  rest?: Slice
}

/** Applies a strategy's split; throws when it would not cover the slice (a strategy bug). */
export function split(slice: Slice, asked: SplitRequest, board: BoardKnowledge): Split {
  const { request, expected: estimates } = sizedForQueries(asked)
  const { dimension: name } = request
  if (!isOpen(slice, name)) throw new Error(`sync: ${name} cannot split this slice further`)
  const children =
    'cuts' in request ? byRange(slice, name, request.cuts) : byValues(slice, request, board)
  const withExpected = children.map((child, i) => {
    const expected = estimates[i]
    return expected === undefined ? child : { ...child, expected }
  })
  return { children: withExpected, rest: restOf(slice, request, board) }
}

function byValues(
  slice: Slice,
  request: { dimension: DimensionName; buckets: string[][] },
  board: BoardKnowledge,
): Slice[] {
  const dimension = DIMENSIONS[request.dimension]
  if (dimension.kind !== 'values') throw new Error(`sync: ${dimension.name} is split by ranges`)
  const { buckets } = request
  const current = dimension.get(slice.filters)
  const allowed = new Set(current ?? board.values(dimension.name))
  const used = new Set<string>()
  for (const bucket of buckets) {
    if (bucket.length === 0) throw new Error('sync: an empty bucket')
    if (!dimension.list && bucket.length > 1) {
      throw new Error(`sync: ${dimension.name} takes one value per query`)
    }
    for (const value of bucket) {
      if (!allowed.has(value)) throw new Error(`sync: ${dimension.name} value not allowed here`)
      used.add(value)
    }
  }
  // A filter already set must be split into buckets that hold all of its values.
  if (current && used.size !== allowed.size) {
    throw new Error(`sync: the buckets leave out values of ${dimension.name}`)
  }
  if (current && buckets.length < 2) throw new Error('sync: a split must narrow the query')
  return buckets.map((bucket) => ({
    filters: dimension.set(slice.filters, [...bucket].sort()),
    without: slice.without,
  }))
}

function byRange(slice: Slice, name: DimensionName, cuts: readonly string[]): Slice[] {
  const dimension = DIMENSIONS[name]
  if (dimension.kind !== 'range') throw new Error(`sync: ${name} is split by values`)
  const range = dimension.get(slice.filters) ?? ALL_DAYS
  const sorted = [...new Set(cuts)].sort()
  if (sorted.some((day) => day <= range.from || day > range.to)) {
    throw new Error('sync: a cut outside the range')
  }
  if (dimension.get(slice.filters) && sorted.length === 0) {
    throw new Error('sync: a split must narrow the query')
  }
  const starts = [range.from, ...sorted]
  const parts: DayRange[] = starts.map((from, i) => ({
    from,
    to: i + 1 < starts.length ? previousDay(starts[i + 1] as string) : range.to,
  }))
  return parts.map((part) => ({
    filters: dimension.set(slice.filters, part),
    without: slice.without,
  }))
}

/**
 * The tasks in no bucket: none when the filter was already set (the buckets hold its values) or
 * the buckets hold every value of a filter every task has a value of.
 */
function restOf(slice: Slice, request: SplitRequest, board: BoardKnowledge): Slice | undefined {
  const dimension = DIMENSIONS[request.dimension]
  if (dimension.kind === 'range') {
    if (dimension.get(slice.filters)) return undefined
    return {
      filters: slice.filters,
      without: [...slice.without, { name: dimension.name, values: 'all' }],
    }
  }
  if (dimension.get(slice.filters)) return undefined
  const used = new Set('buckets' in request ? request.buckets.flat() : [])
  if (board.exhaustive(dimension.name) && board.values(dimension.name).every((v) => used.has(v))) {
    return undefined
  }
  return {
    filters: slice.filters,
    without: [...slice.without, { name: dimension.name, values: [...used].sort() }],
  }
}
