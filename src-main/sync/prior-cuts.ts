// Where a refresh cuts a slice's due-date range: at the days the board's tasks lay on when it was
// last synced (a board changes little between two syncs). The first page of a sync shows only
// about 100 tasks, so without this the parts ahead are sized from a density guessed off that
// page, and many come back full or half empty (bench/sync/engine.ts --prior). Pure arithmetic
// over counts; nothing here proves anything: a part is complete only when its own reply holds
// fewer than a page, and one that comes back full is cut again from its page.
import type { DayRange } from '../../src-shared/api'
import type { BoardKnowledge } from './board-knowledge'
import type { Cuts } from './cuts'
import type { Slice } from './slice'
import { PAGE, TUNING } from './tuning'

/** No cut: the slice's dated tasks as one part, beside the rest the core adds for the undated. */
const NO_CUTS: Cuts = { cuts: [], expected: [] }

export type PriorPlan =
  | { kind: 'cuts'; cuts: Cuts }
  /** Too many of the slice's days hold more than a part may: cut by another filter first. */
  | { kind: 'crowded' }

/**
 * The cuts of `range` for `slice` planned from the last snapshot, or undefined where it cannot
 * tell: no snapshot, or one that held fewer than a page of this slice's dated tasks (the slice
 * came back full, so the board has changed here since).
 */
export function planFromPrior(
  slice: Slice,
  range: DayRange,
  board: BoardKnowledge,
): PriorPlan | undefined {
  const filters = { ...slice.filters, dueDate: range }
  const prior = board.priorMatching(filters)
  if (!prior) return undefined
  const priorDays = prior.days('dueDate')
  if (priorDays.length < PAGE) return undefined
  const counts = dayCounts(priorDays)
  // Tasks this sync has loaded already count too, where more lie on a day than the snapshot had.
  for (const [day, n] of dayCounts(board.loadedMatching(filters).days('dueDate')))
    if (n > (counts.get(day) ?? 0)) counts.set(day, n)
  const days = [...counts.keys()].sort()
  let crowd = 0
  let all = 0
  for (const day of days) {
    const n = counts.get(day) as number
    all += n
    if (n > TUNING.priorFill) crowd += n
  }
  if (crowd > all * TUNING.crowdedShare) {
    // At the root, dated from undated first, as without a snapshot: the undated rest is then one
    // slice, judged once every dated task is loaded (cut by project first, each project's rest
    // was judged early, and 3,458 of 50,000 tasks were left reported).
    return slice.filters.dueDate ? { kind: 'crowded' } : { kind: 'cuts', cuts: NO_CUTS }
  }
  // Fewest parts of at most priorFill tasks each, in day order (greedy is optimal in one
  // dimension); a day over it alone is a part of its own, cut along other filters when full.
  const cuts: string[] = []
  const expected: number[] = []
  let load = 0
  for (const day of days) {
    const n = counts.get(day) as number
    if (load > 0 && load + n > TUNING.priorFill) {
      cuts.push(day)
      expected.push(load)
      load = 0
    }
    load += n
  }
  expected.push(load)
  return { kind: 'cuts', cuts: { cuts, expected } }
}

function dayCounts(days: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const day of days) counts.set(day, (counts.get(day) ?? 0) + 1)
  return counts
}
