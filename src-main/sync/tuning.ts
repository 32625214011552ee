// Every number the sync is tuned by, in one place, each with the figure that justified it.
// Correctness never depends on these: they only change how many requests a sync takes and how
// many parts of a board it leaves reported rather than proven (bench/sync measures both).
import { SERVICE_LIMITS } from '../../src-shared/api'

/** A full page: the list endpoint returns at most this many tasks and has no paging. */
export const PAGE = SERVICE_LIMITS.listPage

export const TUNING = {
  /**
   * Matches a planned child query should hold. A child's size is an estimate; one that comes
   * back full costs its request again. At 10,000 seeded tasks, 75 to 85 gave the fewest
   * requests on the sampled orders (fewer, fuller children against more re-splits).
   */
  target: 80,
  /**
   * Parts of a date range planned ahead of a page that came back in due order (its days tell
   * the density only near its end, and a board's density changes along it: the seeded boards
   * start at 8 tasks a day and reach 20 to 30 within weeks, so parts planned far ahead of the
   * first page come back full). Due order, lists given (bench/sync/engine.ts): 6 takes 23, 71
   * and 289 requests at 1,000, 3,000 and 10,000 tasks, 12 took 29, 74 and 308; 3,617 at 50,000
   * either way. No other order reads it.
   */
  lookahead: 6,
  /**
   * Days before a due-ordered page's last day that the density ahead is read from (the page's
   * own days, which it holds every task of; at the seeded boards' 25 tasks a day, 3 or 4).
   */
  densityDays: 28,
  /**
   * A part of the board is chased (split further) while each request is expected to load at
   * least this many tasks not loaded yet; below it the part is reported instead. On the seeded
   * boards (bench/sync) 4 left creation-ordered boards of 3,000 at 98.8 %, 2 reaches 99 % in
   * most orders. At 10,000 tasks in creation order (with the rests' shares read off the loaded
   * tasks, estimate.ts) 2 loaded 97.59 % in 520 requests, 1.5 98.03 % in 576, 1.25 98.18 % in 614
   * and 1 98.29 % in 656; due order took 308 requests at 1.25 and 1.5 against 284 at 2.
   */
  gainPerRequest: 1.25,
  /**
   * A rest whose query is expected to need at most this many requests is proven even when its
   * pages suggest nothing is missing. 4 makes the demo board every newcomer opens (300 tasks,
   * lists given) sync complete, where 3 left its undated tasks reported (4 requests); it lifts
   * creation order at 3,000 tasks from 98.77 % to 99.07 % loaded for 24 more requests (139), and
   * costs 22 (due order, 284) and 85 (creation order, 513) more requests at 10,000 tasks.
   */
  cheapProof: 4,
  /**
   * A filter every task has is used to cut a crowded slice or a rest only when its largest
   * part is expected to hold at most this share of the slice (or a part with none of the
   * slice's own tasks holds the rest): otherwise it would ask nearly the same query again.
   */
  narrowing: 0.8,
  /**
   * A last-resort cut by type or pin (no other filter narrows) is made only when its largest
   * part is expected to hold at most this share of the slice: 0.9 saved 16 of 278 requests at
   * 10,000 tasks in due order and 10 of 438 in creation order, loading as much.
   */
  slivers: 0.9,
  /** Most parts one split cuts a value filter into (bounds the work of packing buckets). */
  maxBuckets: 60,
} as const
