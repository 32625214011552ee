// `seen` for a batch made on top of one still waiting in the journal (edit-sender.ts's submit).
import { entryOf } from '../../src-shared/api'
import type { UpdateTaskItem } from '../../src-shared/api'
import { idTable } from '../../src-shared/api/id-table'
import type { EditJournal } from './edit-journal'

/**
 * `seen` for a new batch, with what an earlier batch still waiting in the journal saw of a task
 * this one leaves out. The renderer leaves out a task it has written itself (it cannot know the
 * board's version after its own write), and main has a version of its own only once a write
 * has gone out. A second edit of a task whose first still waits (an undo made while the board
 * cannot be reached) was made on the version the first one saw; without it, that batch would
 * go out unchecked and write over a change made elsewhere meanwhile.
 */
export function seenWithWaiting(
  journal: EditJournal,
  profileId: string,
  tasks: readonly UpdateTaskItem[],
  seen: Record<string, string>,
): Record<string, string> {
  const ids = tasks.flatMap((t) => (t.id === undefined ? [] : [t.id]))
  const ours = journal.versions(profileId, ids)
  const open = ids.filter((id) => entryOf(seen, id) === undefined && !ours.has(id))
  if (open.length === 0) return seen
  let merged: Record<string, string> | undefined
  for (const batch of journal.pending(profileId)) {
    for (const id of open) {
      const earlier = entryOf(batch.seen, id)
      if (earlier === undefined || (merged && entryOf(merged, id) !== undefined)) continue
      merged ??= idTable(Object.entries(seen))
      merged[id] = earlier
    }
  }
  return merged ?? seen
}
