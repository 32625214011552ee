// Rows that stay put while the user works. Sorting by date on every change made a dropped bar
// jump away from the pointer (its row moved with its new date). The order is therefore taken
// once, as a rank per task, and kept until the user asks for a new one: Refresh, or another
// sort setting. layoutRows orders siblings by the rank, so a drop changes no row.
import type { LayoutTask, RowLayout, SortOrder } from './row-layout'
import { layoutRows } from './row-layout'

/**
 * The last ranking and the layout it was read from. Laying the same tasks out again by that rank
 * gives the same rows (the rank is the layout's own order), so the timeline takes this layout
 * instead of making it twice: a load or a Refresh at 50,000 tasks saved 150-250 ms.
 */
let lastRanking:
  | {
      tasks: readonly LayoutTask[]
      sort: SortOrder
      rank: ReadonlyMap<string, number>
      layout: RowLayout<LayoutTask>
    }
  | undefined

/** Each task's place in `sort` order (the whole tree expanded); tasks with no row have none. */
export function rankTasks<T extends LayoutTask>(
  tasks: readonly T[],
  sort: SortOrder,
): Map<string, number> {
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
  if (!last || last.sort !== sort || last.tasks.length !== tasks.length) return undefined
  if (last.rank !== rank && !sameRanks(last.rank, rank)) return undefined
  for (let i = 0; i < tasks.length; i++) if (tasks[i] !== last.tasks[i]) return undefined
  // The same task objects, so the rows hold the caller's T.
  return last.layout as RowLayout<T>
}

/** Two ranks that give every task the same place. */
export function sameRanks(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false
  for (const [id, place] of a) if (b.get(id) !== place) return false
  return true
}
