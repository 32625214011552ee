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
   * least this many tasks not loaded yet; below it the part is reported instead. At 10,000
   * tasks in creation order (rests' shares read off the loaded tasks, estimate.ts) 1.25 loaded
   * 98.18 % in 598 requests while small rests were proven whatever it took. Once only rests one
   * split proves count as cheap (cheapProof), 1.25 loaded 97.79 % in 403, 1 97.93 % in 442 and
   * 0.75 98.16 % in 500; due order took 235 requests at each (bench/sync/engine.ts, 2026-11-25).
   */
  gainPerRequest: 0.75,
  /**
   * A rest whose query is expected to need at most this many requests is proven even when its
   * pages suggest nothing is missing, where one split by a filter every task has is expected to
   * leave each part under a page; that split is then the one made (smart-strategy.ts). Counted
   * as cheap whatever the filters left, such rests took 12 requests for "4" (10,000 tasks, due
   * order), and creation order 598 requests where 500 load as much (with gainPerRequest 0.75).
   */
  cheapProof: 4,
  /**
   * On a board of at most this many loaded tasks a rest within cheapProof is proven whatever it
   * takes: it is what makes the demo board every newcomer opens (300 tasks, lists given) sync
   * complete (24 requests, where 5 leave its undated tasks reported). 1,000 keeps boards of
   * 1,000 seeded tasks loading all of them in every order (75 to 77 requests, 82 to 84 before).
   */
  smallBoard: 1000,
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
  /**
   * Tasks a due-date part planned from the last snapshot may hold (prior-cuts.ts): the snapshot
   * counts exactly what the board held then, so parts are packed near a page, less room for the
   * tasks added or moved since. 10,000 tasks, due and creation order, lists given
   * (bench/sync/engine.ts --prior): with the snapshot exact, 80 took 197 and 418 requests, 90
   * 181 and 402, 99 168 and 389; with a twentieth of the board new since (--prior-drop 20), 90
   * took 174 and 396, 95 180 and 401, 99 206 and 427 (parts packed to 99 came back full).
   */
  priorFill: 90,
  /**
   * A slice whose days over priorFill hold more than this share of its dated tasks is cut by
   * project or status first (each part's days then pack again), not a day at a time: at 50,000
   * seeded tasks every day holds 90 to 125, and a part per day would each come back full (cut by
   * project first, the refresh's dated parts took 599 requests). A few crowded days among many
   * (a release day) are parts of their own, cut along other filters only when full.
   */
  crowdedShare: 0.25,
  /** Most parts one split cuts a value filter into (bounds the work of packing buckets). */
  maxBuckets: 60,
} as const
