// How big a full slice is, before asking more of it. The list has no counts, so these are
// guesses from what is loaded and from the page itself; they only steer how a slice is cut and
// whether chasing it is worth the requests, never whether it is complete. Each guess says which
// list orders it suits; the largest one wins, since a slice is never smaller than what is known.
import type { Task } from '../../src-shared/api'
import type { BoardKnowledge } from './board-knowledge'
import { dayOf } from './days'
import { owns, ROOT_SLICE } from './slice'
import type { Slice } from './slice'
import { PAGE } from './tuning'

export interface SliceEstimate {
  /** Matches of the slice's query. */
  matches: number
  /** Loaded tasks among them. */
  loaded: number
  /** Tasks the slice is responsible for that are probably not loaded yet. */
  unloaded: number
}

/**
 * Whether the page came in due-date order (undated first). Pages of a service that lists by
 * due date show it; pages in creation, update or random order almost never do.
 */
export function dueSorted(page: readonly Task[]): boolean {
  let distinct = 0
  for (let i = 1; i < page.length; i += 1) {
    const a = dayOf((page[i - 1] as Task).dueDate)
    const b = dayOf((page[i] as Task).dueDate)
    if (a > b) return false
    if (a !== b) distinct += 1
  }
  return distinct >= 2
}

/**
 * Matches from how far the page's keys reach. Keys count up per project in creation order, so a
 * page of the oldest (or newest) matches spans only part of each project's keys: the part it
 * spans is the share of the slice it holds. A page spread over all keys (random order, or a
 * slice much smaller than the board) tells nothing: undefined.
 */
export function byKeySpan(page: readonly Task[], board: BoardKnowledge): number | undefined {
  const span = new Map<string, { low: number; high: number }>()
  for (const task of page) {
    const s = span.get(task.projectKey) ?? { low: task.key, high: task.key }
    span.set(task.projectKey, { low: Math.min(s.low, task.key), high: Math.max(s.high, task.key) })
  }
  let covered = 0
  let total = 0
  for (const [project, { low, high }] of span) {
    covered += high - low + 1
    total += board.maxKey.get(project) ?? high
  }
  const share = total > 0 ? covered / total : 1
  return share < 0.9 ? page.length / share : undefined
}

/** The whole board from its keys: about as many tasks as each project's highest key. */
export function boardSize(page: readonly Task[], board: BoardKnowledge): number {
  const perProject = new Map<string, number>()
  for (const task of page)
    perProject.set(task.projectKey, (perProject.get(task.projectKey) ?? 0) + 1)
  let size = 0
  for (const [project, n] of perProject) size += ((board.maxKey.get(project) ?? 0) * (n + 1)) / n
  return size
}

export function estimateSlice(
  slice: Slice,
  page: readonly Task[],
  board: BoardKnowledge,
): SliceEstimate {
  const loaded = board.loadedMatching(slice.filters).size
  const sorted = dueSorted(page)
  const guesses = [PAGE, loaded, slice.expected ?? 0, byKeySpan(page, board) ?? 0]
  if (slice === ROOT_SLICE || Object.keys(slice.filters).length === 0)
    guesses.push(boardSize(page, board))
  const matches = Math.max(...guesses)
  const ownedLoaded = slice.without.length === 0 ? loaded : board.loadedOwned(slice).size
  const ownedOnPage = page.filter((task) => owns(slice, task)).length
  if (slice.without.length === 0)
    return { matches, loaded, unloaded: Math.max(0, matches - loaded) }
  // A page in due order lists undated tasks first: one dated task on it means every undated
  // match is on it too (a guess from the order, so the slice is still reported, not proven).
  const undatedOnly = slice.without.some((ex) => ex.name === 'dueDate')
  if (sorted && undatedOnly && page.some((task) => task.dueDate !== '')) {
    return { matches, loaded, unloaded: 0 }
  }
  const share = ownedShare(slice, page, board, ownedOnPage)
  const unloaded = Math.max(0, matches * share - ownedLoaded)
  // A full page of nothing but the slice's own tasks says only that there are at least 100:
  // the size guesses above may know no more, so half a page more is assumed, not none. Nor is it
  // a sample of the query (in due order undated tasks come first), so no more can be missing
  // than the query's matches not loaded: the board's undated rest at 10,000 tasks was expected
  // to miss 10,151 tasks where 1,150 could be, and its parts were cut by assignee, not status.
  if (ownedOnPage === page.length) {
    const atMost = Math.min(unloaded, matches - loaded)
    return { matches, loaded, unloaded: Math.max(atMost, PAGE / 2) }
  }
  return { matches, loaded, unloaded }
}

/**
 * The share of a slice's matches it is responsible for. Read off its page alone, a rest of
 * undated tasks that also lack, say, an assignee is judged on the two or three such tasks a page
 * of 100 shows, so one unlucky page (none of them among the oldest 100) stops its chase. The
 * fields the other exclusions name are read far better off the loaded tasks of its query (every
 * dated one is loaded by then: hundreds): the share is the page's undated share times the loaded
 * tasks' share that lacks the other fields, as if having a due date said nothing of them. At
 * 10,000 tasks in creation order, a rest with 41 tasks missing was guessed at 8 and not chased.
 */
function ownedShare(
  slice: Slice,
  page: readonly Task[],
  board: BoardKnowledge,
  ownedOnPage: number,
): number {
  const alone = (ownedOnPage + 0.5) / (page.length + 1)
  const others = slice.without.filter((ex) => ex.name !== 'dueDate')
  if (others.length === 0 || others.length === slice.without.length) return alone
  const loaded = board.loadedMatching(slice.filters).size
  if (loaded < PAGE) return alone
  const undated = { filters: slice.filters, without: [{ name: 'dueDate', values: 'all' } as const] }
  const undatedOnPage = page.filter((task) => owns(undated, task)).length
  // A page of undated tasks only is no sample of the query (in due order they come first).
  if (undatedOnPage === page.length) return alone
  const lacking = board.loadedOwned({ filters: slice.filters, without: others }).size / loaded
  return ((undatedOnPage + 0.5) / (page.length + 1)) * lacking
}
