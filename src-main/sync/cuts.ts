// Where to cut: day ranges and buckets of values sized so that each part is expected to hold
// about TUNING.target matches. Pure arithmetic over counts; the strategy supplies the counts.
import type { DayRange } from '../../src-shared/api'
import { dayNumber, dayOfNumber } from './days'
import { PAGE, TUNING } from './tuning'

export interface Cuts {
  cuts: string[]
  /** Expected matches of each part, in order (parts = cuts + 1). */
  expected: number[]
}

/**
 * Cuts a range by known per-day counts (exact for days before `knownUntil`) and, from there on,
 * a density of `perDay` tasks a day for `lookahead` parts, then one part for the rest. Exact
 * counts may fill a part up to a page less one; guessed ones only up to the target.
 */
export function cutAhead(
  range: DayRange,
  counts: ReadonlyMap<string, number>,
  knownUntil: string,
  perDay: number,
  lookahead: number,
): Cuts {
  const cuts: string[] = []
  const expected: number[] = []
  // Guessed counts are inflated so that a part of guesses fills only up to the target.
  const inflate = (PAGE - 1) / TUNING.target
  let load = 0
  const cut = (day: string) => {
    cuts.push(day)
    expected.push(load / inflate)
    load = 0
  }
  // Known days (the range may start in year 0: walk only the days that have tasks).
  const known = [...counts.keys()].filter((d) => d >= range.from && d < knownUntil).sort()
  for (const d of known) {
    const n = (counts.get(d) ?? 0) * inflate
    if (load > 0 && load + n > PAGE - 1) cut(d)
    load += n
  }
  const last = dayNumber(range.to)
  let day = dayNumber(knownUntil)
  const firstDay = Math.max(counts.get(knownUntil) ?? 0, perDay) * inflate
  if (load > 0 && load + firstDay > PAGE - 1) cut(knownUntil)
  load += firstDay
  day += 1
  const perGuessedDay = Math.max(perDay, 1e-3) * inflate
  let planned = 0
  while (planned < lookahead && day <= last) {
    const fit = Math.max(0, Math.floor((PAGE - 1 - load) / perGuessedDay))
    const days = Math.min(fit, last - day + 1)
    load += days * perGuessedDay
    day += days
    if (day > last) break
    cut(dayOfNumber(day))
    planned += 1
    if (fit === 0) {
      // Not even one day fits: the day alone.
      load += perGuessedDay
      day += 1
    }
  }
  expected.push(load / inflate)
  return { cuts, expected }
}

/**
 * Cuts a range into `parts` at quantiles of sample days (sorted, all in the range), each part
 * expected to hold `total / parts`. Days between samples are interpolated, so there can be more
 * parts than samples. The tails before the first and after the last sample get their own part
 * when each is expected to hold a task or more (one sample's worth); otherwise the first and last
 * parts reach to the range's ends. (A sample of every loaded task of a rest, hundreds of them,
 * left two tails expected to hold under one task each: at 50,000 tasks 312 requests, a tenth of
 * the sync, came back empty.)
 */
export function cutByQuantiles(
  range: DayRange,
  days: readonly string[],
  parts: number,
  total: number,
): Cuts {
  const numbers = days.map(dayNumber)
  const n = numbers.length
  if (n === 0) return { cuts: [], expected: [total] }
  const from = dayNumber(range.from)
  const to = dayNumber(range.to)
  const lowest = numbers[0] as number
  const highest = numbers[n - 1] as number
  const tail = total / (n + 1)
  const ownTails = tail >= 1
  const cuts: number[] = []
  if (ownTails && lowest > from) cuts.push(lowest)
  const inner = Math.max(1, parts)
  for (let i = 1; i < inner; i += 1) {
    const position = (i * (n - 1)) / inner
    const below = Math.floor(position)
    const a = numbers[below] as number
    const b = numbers[Math.min(below + 1, n - 1)] as number
    cuts.push(Math.round(a + (b - a) * (position - below)))
  }
  if (ownTails && highest < to) cuts.push(highest + 1)
  const unique = [...new Set(cuts.filter((c) => c > from && c <= to))].sort((x, y) => x - y)
  // Expected matches per part: its share of the samples, the tails one sample's worth.
  const bounds = [from, ...unique, to + 1]
  const expected = bounds.slice(0, -1).map((start, i) => {
    const end = bounds[i + 1] as number
    const inside = numbers.filter((d) => d >= start && d < end).length
    return inside === 0 ? tail : (inside / n) * (total - 2 * tail)
  })
  return { cuts: unique.map(dayOfNumber), expected }
}

/**
 * Packs values into buckets of at most `target` expected matches each, largest first, each into
 * the first bucket it fits; values expected to hold nothing join the lightest bucket. At most
 * `maxBuckets` buckets (the lightest are merged beyond that). `single`: one value per bucket.
 */
export function packValues(
  weights: ReadonlyMap<string, number>,
  target: number,
  single: boolean,
  maxBuckets = TUNING.maxBuckets,
): string[][] {
  const values = [...weights.keys()].sort(
    (a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0) || (a < b ? -1 : 1),
  )
  if (single) return values.map((v) => [v])
  const buckets: { values: string[]; load: number }[] = []
  for (const value of values) {
    const w = weights.get(value) ?? 0
    const home =
      w === 0 && buckets.length > 0
        ? buckets.reduce((a, b) => (b.load < a.load ? b : a))
        : buckets.find((b) => b.load + w <= target)
    if (home) {
      home.values.push(value)
      home.load += w
    } else buckets.push({ values: [value], load: w })
  }
  while (buckets.length > maxBuckets) {
    buckets.sort((a, b) => b.load - a.load)
    const a = buckets.pop() as { values: string[]; load: number }
    const b = buckets[buckets.length - 1] as { values: string[]; load: number }
    b.values.push(...a.values)
    b.load += a.load
  }
  return buckets.map((b) => b.values)
}
