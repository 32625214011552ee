// Rows that stay put while the user works. Sorting by date on every change made a dropped bar
// jump away from the pointer (its row moved with its new date). The order is therefore taken
// once, as a rank per task, and kept until the user asks for a new one: Refresh, or another
// sort setting. layoutRows orders siblings by the rank, so a drop changes no row.
import type { LayoutTask, RowLayout, SortOrder } from './row-layout'
import { layoutRows } from './row-layout'

/**
 * The last ranking and the layout it was read from. Each lays out every task (150-250 ms at 50,000
 * tasks), and both are asked for again with the same tasks: a load ranks with the snapshot and
 * again once the pending edits' dates are in, and the timeline then lays the ranked tasks out by
 * that rank, which gives the same rows (the rank is the layout's own order).
 */
let lastRanking:
  | {
      tasks: readonly LayoutTask[]
      sort: SortOrder
      rank: ReadonlyMap<string, number>
      layout: RowLayout<LayoutTask>
    }
  | undefined

/**
 * Each task's place in `sort` order (the whole tree expanded); tasks with no row have none. The
 * very tasks ranked last (the same objects in the same order) get the same rank back.
 */
export function rankTasks<T extends LayoutTask>(
  tasks: readonly T[],
  sort: SortOrder,
): ReadonlyMap<string, number> {
  const last = lastRanking
  if (last && last.sort === sort && sameTasks(last.tasks, tasks)) return last.rank
  const layout = layoutRows(tasks, { sort })
  const rank = new Map<string, number>()
  for (const row of layout.rows) {
    if (row.kind === 'task') rank.set(row.id, rank.size)
  }
  lastRanking = { tasks, sort, rank, layout }
  return rank
}

/**
 * The layout `rank` was read from, when `tasks` are the very tasks ranked (the same objects in the
 * same order) and nothing is collapsed: what layoutRows(tasks, { sort, rank }) would give.
 * Undefined otherwise. A rank equal to the last one counts as it: the store keeps its rank when a
 * new ranking (a Refresh that moved no row) gives the same order.
 */
export function layoutOfRanking<T extends LayoutTask>(
  tasks: readonly T[],
  sort: SortOrder,
  rank: ReadonlyMap<string, number>,
): RowLayout<T> | undefined {
  const last = lastRanking
  if (!last || last.sort !== sort || !sameRanks(last.rank, rank)) return undefined
  if (!sameTasks(last.tasks, tasks)) return undefined
  // The same task objects, so the rows hold the caller's T.
  return last.layout as RowLayout<T>
}

function sameTasks(a: readonly LayoutTask[], b: readonly LayoutTask[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Two ranks that give every task the same place. */
export function sameRanks(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a === b) return true
  if (a.size !== b.size) return false
  for (const [id, place] of a) if (b.get(id) !== place) return false
  return true
}
