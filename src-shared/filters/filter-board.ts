// Filtering a loaded board for display. A subtask that matches keeps its parents (and theirs) on
// screen, so it stays in its place in the tree, as planners do it; those parents are shown only
// for context, marked as such, and are not counted as matches.
import type { FilterableTask } from './task-matches'

export interface FilteredBoard<T> {
  /** Matches and their ancestors, in the board's order. */
  shown: T[]
  /** Ids of the tasks that match. */
  matchedIds: ReadonlySet<string>
  /** Ids of tasks shown only because a descendant matches. */
  contextIds: ReadonlySet<string>
}

export function filterBoard<T extends FilterableTask & { id: string; parentId: string }>(
  tasks: readonly T[],
  test: (task: T) => boolean,
): FilteredBoard<T> {
  const byId = new Map<string, T>()
  for (const task of tasks) if (!byId.has(task.id)) byId.set(task.id, task)
  const matchedIds = new Set<string>()
  for (const task of tasks) if (test(task)) matchedIds.add(task.id)
  const contextIds = new Set<string>()
  for (const id of matchedIds) {
    let parent = byId.get(byId.get(id)!.parentId)
    // Stops at a task already marked (its ancestors are too) or on a parent cycle (bad data).
    while (parent && !matchedIds.has(parent.id) && !contextIds.has(parent.id)) {
      contextIds.add(parent.id)
      parent = byId.get(parent.parentId)
    }
  }
  const shown = tasks.filter((t) => matchedIds.has(t.id) || contextIds.has(t.id))
  return { shown, matchedIds, contextIds }
}
