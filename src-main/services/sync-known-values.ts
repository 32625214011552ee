// What the sync may assume about a board's values (see KnownValues in ../sync): the local
// board's own lists, else the lists the user gave for the board, else the values seen last time.
import type { Task } from '../../src-shared/api'
import type { BoardLists } from '../../src-shared/ipc/board-lists'
import type { KnownValues } from '../sync'

export function knownValuesFor(
  /** The board's whole project and status lists, when the planner knows them (local board). */
  definitions: { projectKeys: string[]; statuses: string[] } | undefined,
  /** What the user gave in the coverage panel; empty lists when nothing. */
  given: BoardLists,
  /** The tasks of the last snapshot. */
  seen: Task[],
): KnownValues {
  if (definitions) return { ...definitions, complete: true }
  if (given.projectKeys.length > 0 || given.statuses.length > 0) {
    // `complete` covers only the lists present: a list the user left empty is still learned
    // from the tasks this sync loads, and never taken as whole. Seen values of that list are not
    // passed, as they would then count as the board's whole list.
    return {
      ...(given.projectKeys.length > 0 ? { projectKeys: given.projectKeys } : {}),
      ...(given.statuses.length > 0 ? { statuses: given.statuses } : {}),
      complete: true,
    }
  }
  return {
    projectKeys: [...new Set(seen.map((t) => t.projectKey))],
    statuses: [...new Set(seen.map((t) => t.status))],
  }
}
