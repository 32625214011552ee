// The heuristics that save requests (the core keeps them honest; see strategy.ts):
// - on a refresh, dated tasks are cut where the last snapshot's tasks lay (prior-cuts.ts);
// - otherwise dated tasks are cut by due-date ranges sized to hold about TUNING.target each. A page
//   in due order shows exact counts up to its last day and a density for the days ahead; a page
//   in any other order is a sample of the slice, cut at its quantiles (cuts.ts);
// - the tasks no due-date range reaches (undated ones, or a crowded day) wait until the dated
//   work is done, then are cut along the filter that best narrows them: filters every task has
//   first (type, pin, and project and status when the board's lists are known), then the optional
//   ones (assignee, priority, tag, start date);
// - a part is chased only while each request is expected to load enough tasks not loaded yet;
//   otherwise it is reported, with why.
import type { Task } from '../../src-shared/api'
import type { BoardKnowledge } from './board-knowledge'
import { cutAhead, cutByQuantiles, packValues } from './cuts'
import type { Cuts } from './cuts'
import { ALL_DAYS, dayNumber, dayOf, middleDay, nextDay } from './days'
import { DIMENSIONS, FIXED_VALUES } from './dimensions'
import type { DimensionName, ValueDimension } from './dimensions'
import { boardSize, dueSorted, estimateSlice } from './estimate'
import type { SliceEstimate } from './estimate'
import { planFromPrior } from './prior-cuts'
import { owns } from './slice'
import type { Slice } from './slice'
import type { Decision, SliceView, Strategy } from './strategy'
import type { ValueFilter } from './task-index'
import { stopReason } from './stop-reason'
import { PAGE, TUNING } from './tuning'

export const smartStrategy: Strategy = {
  name: 'smart',
  decide(view: SliceView, board: BoardKnowledge): Decision {
    const { slice, page, open } = view
    if (open.includes('dueDate')) return splitDue(slice, page, open, board)
    if (slice.without.length > 0 && !view.waited) return { kind: 'wait' }
    const estimate = estimateSlice(slice, page, board)
    // A filter every task has comes first and is always used when it narrows: each part's page
    // is a fresh look at its own tasks, so the guess below is made where a page can tell it.
    // (A page of a whole rest may show none of its tasks in some orders: oldest first, say.)
    // A rest whose pages suggest nothing missing is left to the test below.
    const promising = slice.without.length === 0 || estimate.unloaded >= TUNING.gainPerRequest
    const structural = promising && splitAlwaysSet({ slice, page, open, board, estimate })
    if (structural) return structural
    // A crowd of dated tasks (a full day) is always chased: they are real work, and the
    // filters left bound how far it goes. A rest is chased while it is cheap to prove, or
    // while each request is expected to load enough of it.
    const requests = Math.ceil(estimate.matches / TUNING.target)
    if (slice.without.length > 0 && requests <= TUNING.cheapProof) {
      const proof = provingSplit({ slice, page, open, board, estimate })
      if (proof) return proof
    }
    // On a small board a small rest is proven whatever it takes: it is what lets the board sync
    // complete (the default demo board of 300 tasks: 24 requests, where 5 leave its undated
    // tasks reported).
    const small = requests <= TUNING.cheapProof && board.size <= TUNING.smallBoard
    const worth = small || estimate.unloaded >= TUNING.gainPerRequest * requests
    if (slice.without.length > 0 && !worth) {
      return { kind: 'stop', reason: stopReason(requests, estimate.unloaded) }
    }
    return splitOther(slice, page, open, board, estimate)
  },
}

/** Cuts the due-date range (or, unset, parts dated tasks from the undated ones). */
function splitDue(
  slice: Slice,
  page: readonly Task[],
  open: readonly DimensionName[],
  board: BoardKnowledge,
): Decision {
  const current = slice.filters.dueDate
  const range = current ?? ALL_DAYS
  const days = page
    .map((task) => dayOf(task.dueDate))
    .filter((d) => d !== '' && d >= range.from && d <= range.to)
  const split = (cuts: Cuts): Decision => ({ kind: 'split', dimension: 'dueDate', ...cuts })
  // A refresh knows where the board's tasks lay at the last sync: cut there.
  const planned = planFromPrior(slice, range, board)
  if (planned?.kind === 'cuts') return split(planned.cuts)
  const crowd = planned?.kind === 'crowded' && splitCrowded(slice, page, open, board)
  if (crowd) return crowd
  if (days.length === 0) {
    // A page of undated tasks tells nothing about dates: all dated tasks as one slice.
    if (!current) return split({ cuts: [], expected: [] })
    // A full page of a date range whose tasks all read as due outside it: this service files a
    // timestamp under another day than the date written first (a zone of its own, or the
    // instant of an offset). Halved, the range still narrows, and single days end the cutting.
    const half = estimateSlice(slice, page, board).matches / 2
    return split({ cuts: [middleDay(range)], expected: [half, half] })
  }
  const counts = new Map<string, number>()
  for (const d of days) counts.set(d, (counts.get(d) ?? 0) + 1)
  // A page that alone shows a day of more than the target (any order) proves the days crowded.
  // (In due order that is also every page whose density before its last day is over the target:
  // at most 99 tasks there, so such a page shows one day before its last, holding them all.)
  if (Math.max(...counts.values()) > TUNING.target) {
    const crowd = splitCrowded(slice, page, open, board)
    if (crowd) return crowd
  }
  const last = dueSorted(page) ? (days[days.length - 1] as string) : undefined
  if (last !== undefined) {
    if (last === range.from) {
      const estimate = estimateSlice(slice, page, board)
      return split({ cuts: [nextDay(last)], expected: [estimate.matches] })
    }
    // In due order the page holds every match before its last day: count those exactly and
    // plan ahead at the density of its last TUNING.densityDays days before `last`. Only the
    // page is read: loaded tasks from elsewhere in the range's past may not all be loaded yet
    // (a neighbouring part still being cut), and counting them as all there is would plan
    // parts far too wide (at 10,000 tasks, 6 tasks a day read where there were 25).
    const lastDay = dayNumber(last)
    const start = Math.max(dayNumber(days[0] as string), lastDay - TUNING.densityDays)
    const before = days.filter((d) => dayNumber(d) >= start && d !== last).length
    const perDay = lastDay > start ? before / (lastDay - start) : (counts.get(last) ?? 0)
    // An open-ended range holds what the board's keys promise beyond what is loaded.
    const left = range.to === ALL_DAYS.to ? boardSize(page, board) - board.size : Infinity
    const ahead = Math.max(1, Math.min(TUNING.lookahead, Math.ceil(left / TUNING.target)))
    return split(cutAhead(range, counts, last, perDay, ahead))
  }
  const estimate = estimateSlice(slice, page, board)
  const dated = estimate.matches * (days.length / page.length)
  // On a page in any other order the days are a sample: the slice's dated tasks spread over the
  // days between its earliest and latest.
  const sorted = [...days].sort()
  const spanned =
    dayNumber(sorted[sorted.length - 1] as string) - dayNumber(sorted[0] as string) + 1
  if (dated / spanned > TUNING.target) {
    const crowd = splitCrowded(slice, page, open, board, estimate)
    if (crowd) return crowd
  }
  const parts = Math.max(current ? 2 : 1, Math.ceil(dated / TUNING.target))
  const cuts = cutByQuantiles(range, sorted, parts, dated)
  if (current && cuts.cuts.length === 0) {
    const first = days.filter((d) => d === range.from).length / days.length
    return split({ cuts: [nextDay(range.from)], expected: [dated * first, dated * (1 - first)] })
  }
  return split(cuts)
}

/** Filters every task has, by which dated tasks are cut before their days are crowded. */
const CROWD_ORDER: readonly DimensionName[] = ['projectKey', 'status']

/**
 * Days of more than TUNING.target tasks each leave day ranges no room to pack: at 50,000 seeded
 * tasks (90 to 125 a day) nearly every single-day query came back full and was cut again. Cut
 * first by a filter every task has whose values the caller listed (no rest slice is left), so
 * each part's days pack into pages again: 3,617 → 3,053 requests in due order at 50,000 tasks,
 * 3,142 → 2,805 in creation order, the same tasks loaded (bench/sync/engine.ts).
 */
function splitCrowded(
  slice: Slice,
  page: readonly Task[],
  open: readonly DimensionName[],
  board: BoardKnowledge,
  estimate: SliceEstimate = estimateSlice(slice, page, board),
): Decision | undefined {
  for (const name of CROWD_ORDER) {
    if (!open.includes(name) || !board.exhaustive(name)) continue
    const c = valueCandidate(name, slice, page, board, estimate)
    if (
      c &&
      c.decision.kind === 'split' &&
      'buckets' in c.decision &&
      c.decision.buckets.length >= 2
    )
      return c.decision
  }
  return undefined
}

/**
 * Per value of a value filter: expected matches of the narrowed query, and owned tasks; and the
 * expected matches of a bucket of values, where a task with two of them counts once (summed per
 * value, a bucket of 6 tags was guessed at 1,204 tasks where it held 885: 10,000 tasks, due
 * order; a slice guessed too big is cut by type or pin where it need not be).
 */
function valueSizes(
  name: DimensionName,
  values: readonly string[],
  slice: Slice,
  page: readonly Task[],
  board: BoardKnowledge,
  estimate: SliceEstimate,
): {
  matches: Map<string, number>
  owned: Map<string, number>
  bucketMatches: (bucket: readonly string[]) => number
} {
  const dimension = DIMENSIONS[name] as ValueDimension & { name: ValueFilter }
  // Loaded tasks counted per value (a value listed twice counts once, as a task would).
  const loaded = board.loadedMatching(slice.filters)
  const loadedOwned = slice.without.length === 0 ? loaded : board.loadedOwned(slice)
  const matches = new Map(values.map((v) => [v, loaded.countWith(dimension.name, v)]))
  const owned = new Map(values.map((v) => [v, loadedOwned.countWith(dimension.name, v)]))
  const bump = (map: Map<string, number>, v: string, by: number) => {
    if (map.has(v)) map.set(v, (map.get(v) ?? 0) + by)
  }
  // The tasks not loaded yet spread like the slice's own tasks on its page.
  const sample = page.filter((task) => owns(slice, task))
  for (const v of values) {
    const hits = sample.filter((task) => dimension.of(task).includes(v)).length
    const guess = hits === 0 ? 0 : (estimate.unloaded * hits) / sample.length
    bump(matches, v, guess)
    bump(owned, v, guess)
  }
  const bucketMatches = (bucket: readonly string[]) => {
    if (bucket.length === 1) return matches.get(bucket[0] as string) ?? 0
    const hits = sample.filter((task) => dimension.of(task).some((v) => bucket.includes(v))).length
    const guess = hits === 0 ? 0 : (estimate.unloaded * hits) / sample.length
    return loaded.countWithAny(dimension.name, bucket) + guess
  }
  return { matches, owned, bucketMatches }
}

interface Candidate {
  decision: Decision
  /** The largest bucket's expected matches, quiet bucket aside. */
  largest: number
  /** Expected matches of the quiet bucket (values holding none of the slice's own tasks). */
  quiet: number
  /** Share of the slice's own tasks on its page that the buckets reach. */
  reach: number
}

const requestsFor = (matches: number) => Math.max(1, Math.ceil(matches / TUNING.target))

function rangeCandidate(slice: Slice, board: BoardKnowledge): Candidate | undefined {
  const dimension = DIMENSIONS.startDate
  if (dimension.kind !== 'range') return undefined
  const current = dimension.get(slice.filters)
  const range = current ?? ALL_DAYS
  const days = board
    .loadedMatching(slice.filters)
    .days('startDate')
    .filter((d) => d >= range.from && d <= range.to)
    .sort()
  if (days.length === 0) return undefined
  const owned = board.loadedOwned(slice)
  const parts = Math.max(current ? 2 : 1, requestsFor(days.length))
  const cuts = cutByQuantiles(range, days, parts, days.length)
  if (current && cuts.cuts.length === 0) return undefined
  return {
    decision: { kind: 'split', dimension: 'startDate', ...cuts },
    largest: Math.max(...cuts.expected),
    quiet: 0,
    reach: owned.size === 0 ? 0 : owned.countHaving('startDate') / owned.size,
  }
}

function valueCandidate(
  name: DimensionName,
  slice: Slice,
  page: readonly Task[],
  board: BoardKnowledge,
  estimate: SliceEstimate,
): Candidate | undefined {
  const dimension = DIMENSIONS[name]
  if (dimension.kind !== 'values') return undefined
  const current = dimension.get(slice.filters)
  const values = current ?? board.values(name)
  if (values.length < (current ? 2 : 1)) return undefined
  const {
    matches,
    owned,
    bucketMatches: sum,
  } = valueSizes(name, values, slice, page, board, estimate)
  // Values that hold none of the slice's own tasks go together: that bucket will be reported
  // rather than chased, so it is one part of the report, not many.
  const silent = values.filter((v) => (owned.get(v) ?? 0) < 0.5)
  const quiet = slice.without.length > 0 && silent.length < values.length ? silent : []
  const busy = new Map([...matches].filter(([v]) => !quiet.includes(v)))
  // Packed by each value's count (a task with two of them counted twice: a bound), sized by tasks.
  let buckets = packValues(busy, TUNING.target, !dimension.list)
  let expected = buckets.map(sum)
  const largest = Math.max(0, ...expected)
  if (quiet.length > 0) {
    const together = dimension.list ? [quiet] : quiet.map((v) => [v])
    buckets = [...buckets, ...together]
    expected = [...expected, ...together.map(sum)]
  }
  if (current && buckets.length < 2) {
    buckets = [values.filter((_, i) => i % 2 === 0), values.filter((_, i) => i % 2 === 1)]
    expected = buckets.map(sum)
  }
  // One bucket of every value of a filter every task has is the same query again.
  if (!current && buckets.length < 2 && board.exhaustive(name)) return undefined
  const sample = page.filter((task) => owns(slice, task))
  const reached = sample.filter((t) => dimension.of(t).some((v) => values.includes(v))).length
  return {
    decision: { kind: 'split', dimension: name, buckets, expected },
    largest,
    quiet: sum(quiet),
    reach: current || sample.length === 0 ? 1 : reached / sample.length,
  }
}

/**
 * A split by a filter every task has (no rest left) expected to leave each part under a page:
 * one request more per part proves a small rest, so it is worth asking even where its pages
 * show nothing missing. A rest with no such split is chased only for what it is expected to
 * load: cut along optional filters, each leaving a rest of its own, a rest of 318 tasks with
 * none of its own tasks missing took 12 requests to prove (10,000 tasks, due order), and where
 * such a split existed but the optional filters were tried first, 19.
 */
function provingSplit(at: SliceAt): Decision | undefined {
  return firstAlwaysSet(
    at,
    (name, c) =>
      at.board.exhaustive(name) && partsHolding(c) >= 2 && Math.max(c.largest, c.quiet) < PAGE,
  )
}

/** Filters every task has (the rest holds only values never seen): tried first, in order. */
const ALWAYS_SET_ORDER: readonly DimensionName[] = ['status', 'projectKey', 'type', 'pinToTop']

const narrowing = (estimate: SliceEstimate) => (c: Candidate) =>
  c.largest <= TUNING.narrowing * estimate.matches ||
  c.quiet >= (1 - TUNING.narrowing) * estimate.matches

/**
 * A filter every task has that narrows the query (its largest part well under the slice, or a
 * quiet part set apart), in ALWAYS_SET_ORDER; undefined when none does.
 */
function splitAlwaysSet(at: SliceAt): Decision | undefined {
  const narrows = narrowing(at.estimate)
  // A type or pin split with every known task on one side asks the same query again (924
  // tasks and 0 milestones "narrowed" a slice guessed at 1,204: three times at 10,000 tasks in
  // due order). Their values are few and fixed, so the loaded tasks size them well; projects
  // and statuses are not held to it (in creation order a page may show only one of them).
  const oneSided = (name: DimensionName, c: Candidate) =>
    FIXED_VALUES[name] !== undefined && partsHolding(c) < 2
  return firstAlwaysSet(at, (name, c) => !oneSided(name, c) && narrows(c))
}

/** A full slice as a strategy sees it, with its estimate. */
interface SliceAt {
  slice: Slice
  page: readonly Task[]
  open: readonly DimensionName[]
  board: BoardKnowledge
  estimate: SliceEstimate
}

/** The first split by a filter every task has, in ALWAYS_SET_ORDER, that `accept` takes. */
function firstAlwaysSet(
  at: SliceAt,
  accept: (name: DimensionName, c: Candidate) => boolean,
): Decision | undefined {
  for (const name of ALWAYS_SET_ORDER) {
    if (!at.open.includes(name)) continue
    const c = valueCandidate(name, at.slice, at.page, at.board, at.estimate)
    if (c && accept(name, c)) return c.decision
  }
  return undefined
}

/** Parts of a candidate split expected to hold a task or more. */
const partsHolding = (c: Candidate) =>
  c.decision.kind === 'split' ? (c.decision.expected ?? []).filter((n) => n >= 1).length : 0

/**
 * Cuts a slice no due-date range and no filter every task has can narrow: the optional filter
 * that reaches most of the slice's own tasks.
 */
function splitOther(
  slice: Slice,
  page: readonly Task[],
  open: readonly DimensionName[],
  board: BoardKnowledge,
  estimate: SliceEstimate,
): Decision {
  const narrows = narrowing(estimate)
  const optional = open
    .filter((name) => !ALWAYS_SET_ORDER.includes(name) && name !== 'dueDate')
    .map((name) =>
      name === 'startDate'
        ? rangeCandidate(slice, board)
        : valueCandidate(name, slice, page, board, estimate),
    )
    .filter((c): c is Candidate => c !== undefined && c.reach > 0 && (narrows(c) || c.reach < 1))
    .sort((a, b) => b.reach - a.reach)
  // Else a filter every task has that parts the tasks known to match (a page is only a floor
  // under the slice's size, so "narrows" may miss it); one whose every known match falls in one
  // part would only ask the same query again, and a type or pin split that cuts off only a sliver
  // (pinned tasks, 9 of 202) nearly so. (Projects and statuses are not held to that: their
  // parts' sizes come from the page, which in creation order may show only one of them.)
  const cutsOff = (c: Candidate) =>
    c.decision.kind === 'split' && FIXED_VALUES[c.decision.dimension] !== undefined
      ? c.largest <= TUNING.slivers * estimate.matches
      : true
  const best =
    optional[0] ??
    ALWAYS_SET_ORDER.filter((name) => open.includes(name))
      .map((name) => valueCandidate(name, slice, page, board, estimate))
      .find((c) => c !== undefined && partsHolding(c) >= 2 && cutsOff(c))
  if (!best)
    return { kind: 'stop', reason: 'no filter the service offers narrows these tasks further' }
  return best.decision
}
