// Which versions a drop is checked against (what-if.ts): the drag's deltas move the board it
// began on, while the board shown may have changed under the drag.
import type { Task } from '../../src-shared/api/resources'
import { parseInstant } from '../../src-shared/schedule/days'
import type { PlannerState } from '../state'
import { seenFor } from '../state/edit-batches'

/** The board and edits when a drag began: what its deltas are measured against. */
export interface DragBase {
  board: PlannerState['board']
  edits: PlannerState['edits']
}

/**
 * `seen` for a drop planned on the board its drag began from (`base`), sent on the board shown
 * `now`. A task that was not ours at the base (no write of ours unconfirmed) is checked
 * against the version then. A task that was ours is left out of `seen` then (../state/
 * edit-batches.ts); if its dates moved since (a refresh brought another user's change, its
 * in-flight edit came back as a conflict and shows theirs, or was refused and rolled back),
 * the drop still writes the base's dates plus the days, over what the board now has, which the
 * user never saw: main checks it against the base's version, so that a change made elsewhere
 * is held back as a conflict (a rollback left the board at that version: no conflict). The
 * store's own view (`now`) would name the other user's version as seen and let the drop write
 * over it. Only where its dates are as at the base does the store's view stand: a refresh that
 * showed our write landed names the version it made (the base's is older than our own write,
 * and main, having seen that refresh, no longer knows ours: it would report our own write).
 */
export function dropSeen(
  base: DragBase,
  now: Pick<PlannerState, 'board' | 'edits'>,
  ids: readonly string[],
): Record<string, string> {
  const seen = seenFor(base.board, base.edits, ids)
  const current = seenFor(now.board, now.edits, ids)
  for (const id of ids) {
    if (Object.hasOwn(seen, id)) {
      // Ours since the drag began (an undo or another edit of the user's wrote it meanwhile):
      // main's own versions cover it; the drag-start one would name the user's own write as
      // someone else's change once a refresh had shown it.
      if (!Object.hasOwn(current, id) && now.board.tasksById[id]) delete seen[id]
      continue
    }
    const then = base.board.tasksById[id]
    const shown = now.board.tasksById[id]
    if (then && shown && !sameDates(then, shown)) seen[id] = then.updatedAt
    else if (Object.hasOwn(current, id)) seen[id] = current[id]!
  }
  return seen
}

/** Same start and due (the same instants: a board may respell a date it was written). */
function sameDates(a: Task, b: Task): boolean {
  const same = (x: string, y: string) =>
    x === y || (parseInstant(x) !== undefined && parseInstant(x) === parseInstant(y))
  return same(a.startDate, b.startDate) && same(a.dueDate, b.dueDate)
}
