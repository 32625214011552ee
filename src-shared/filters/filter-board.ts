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

/**
 * `lookup`: the task of an id, where the caller keeps such a table already (the planner's store
 * does): a filter keystroke at 5,000 tasks then builds no map of the whole board, about a third
 * of what it allocated. Without it, a map of `tasks` is made (the first task of an id wins).
 */
export function filterBoard<T extends FilterableTask & { id: string; parentId: string }>(
  tasks: readonly T[],
  test: (task: T) => boolean,
  lookup?: (id: string) => T | undefined,
): FilteredBoard<T> {
  const taskOf = lookup ?? lookupOf(tasks)
  const matched: T[] = []
  const matchedIds = new Set<string>()
  for (const task of tasks) {
    if (!test(task)) continue
    matched.push(task)
    matchedIds.add(task.id)
  }
  const contextIds = new Set<string>()
  for (const task of matched) {
    let parent = task.parentId ? taskOf(task.parentId) : undefined
    // Stops at a task already marked (its ancestors are too) or on a parent cycle (bad data).
    while (parent && !matchedIds.has(parent.id) && !contextIds.has(parent.id)) {
      contextIds.add(parent.id)
      parent = parent.parentId ? taskOf(parent.parentId) : undefined
    }
  }
  const shown = tasks.filter((t) => matchedIds.has(t.id) || contextIds.has(t.id))
  return { shown, matchedIds, contextIds }
}

function lookupOf<T extends { id: string }>(tasks: readonly T[]): (id: string) => T | undefined {
  const byId = new Map<string, T>()
  for (const task of tasks) if (!byId.has(task.id)) byId.set(task.id, task)
  return (id) => byId.get(id)
}
