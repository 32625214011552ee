// Rows that stay put while the user works. Sorting by date on every change made a dropped bar
// jump away from the pointer (its row moved with its new date). The order is therefore taken
// once, as a rank per task, and kept until the user asks for a new one: Refresh, or another
// sort setting. layoutRows orders siblings by the rank, so a drop changes no row.
import type { LayoutTask, SortOrder } from './row-layout'
import { layoutRows } from './row-layout'

/** Each task's place in `sort` order (the whole tree expanded); tasks with no row have none. */
export function rankTasks<T extends LayoutTask>(
  tasks: readonly T[],
  sort: SortOrder,
): Map<string, number> {
  const rank = new Map<string, number>()
  for (const row of layoutRows(tasks, { sort }).rows) {
    if (row.kind === 'task') rank.set(row.id, rank.size)
  }
  return rank
}
