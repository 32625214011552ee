// Which "created, not yet seen" notes still stand: a note goes once the board shows a task of
// that project and title made since the request (see ./unseen-creates.tsx).
import type { Task } from '../../src-shared/api/resources'
import { isAtOrAfter } from '../../src-shared/schedule/days'
import type { UnseenCreate } from '../state/slices/view-slice'

/** Allowance for the board's clock being behind ours (main's lookup allows the same). */
const CLOCK_SKEW_MS = 10 * 60_000

export function stillUnseen(
  notes: readonly UnseenCreate[],
  tasks: Readonly<Record<string, Task>>,
): UnseenCreate[] {
  if (notes.length === 0) return []
  const seen = new Set<string>()
  for (const note of notes) {
    const after = new Date(Date.parse(note.since) - CLOCK_SKEW_MS).toISOString()
    for (const task of Object.values(tasks)) {
      if (
        // Trimmed: a board may trim the titles it stores.
        task.title.trim() === note.title.trim() &&
        task.projectKey === note.projectKey &&
        isAtOrAfter(task.createdAt, after)
      ) {
        seen.add(String(note.id))
        break
      }
    }
  }
  return notes.filter((note) => !seen.has(String(note.id)))
}
