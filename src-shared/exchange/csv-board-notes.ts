// Values of a CSV import that the board has not shown: statuses, assignees and custom properties.
// The interface lists none of them, so a row with one is not refused here (the board may hold it
// unused), only named in the preview's notes: the board refuses an unknown status, a non-member
// or a property it does not have, and with such a row every other row of its request.
import type { PlanTask } from './import-plan'
import { rowsWord, someOf } from './note-lists'

/** How the notes name an import's batches (import-run.ts sends 50 tasks a request). */
const IMPORT_BATCH_NOTE = 'up to 50 a request'
/** Values named in a note; the rest are counted. */
const NAMED = 10

export interface BoardShown {
  /** Statuses and people (e-mails) the board has shown; empty or absent: nothing to judge by. */
  knownStatuses?: readonly string[] | undefined
  knownPeople?: readonly string[] | undefined
  /** Custom properties the board has shown, by name; absent: nothing to judge by. */
  knownProperties?: ReadonlySet<string> | undefined
}

/** The notes on `tasks` (the rows to import, by line as `ref`). */
export function boardNotes(tasks: readonly PlanTask[], shown: BoardShown): string[] {
  const notes: string[] = []
  const statuses = unseen(tasks, (task) => [task.item.status], shown.knownStatuses ?? [])
  const people = unseen(tasks, (task) => [task.item.assignedUserEmail], shown.knownPeople ?? [])
  if (statuses.length + people.length > 0)
    notes.push(
      'Not seen on this board: ' +
        [
          statuses.length > 0 ? `status ${someOf(statuses, ', ', NAMED)}` : '',
          people.length > 0 ? `assignee ${someOf(people, ', ', NAMED)}` : '',
        ]
          .filter(Boolean)
          .join('; ') +
        `. The board refuses a status it does not have and an assignee who is not a member, and with such a row the other rows sent with it (${IMPORT_BATCH_NOTE}); map that column to "(not imported)" or correct the file if these are not the board's.`,
    )
  const known = shown.knownProperties
  if (known) {
    const properties = unseen(
      tasks,
      (task) => Object.keys(task.item.properties ?? {}).filter((name) => !known.has(name)),
      undefined,
    )
    if (properties.length > 0)
      notes.push(
        `Properties not seen on this board: ${someOf(properties, ', ', NAMED)}. The board refuses a property it does not have (or a value of another type than its own), and with such a row the other rows sent with it (${IMPORT_BATCH_NOTE}); map that column to "(not imported)", or add the property to the board first.`,
      )
  }
  return notes
}

/**
 * Each value of `values` outside `known` (any case) as `"value" (row 2, 4)`, in first-seen order.
 * No `known`: every value. An empty `known` list: none (a board that has shown nothing).
 */
function unseen(
  tasks: readonly PlanTask[],
  values: (task: PlanTask) => readonly (string | undefined)[],
  known: readonly string[] | undefined,
): string[] {
  if (known && known.length === 0) return []
  const lower = new Set(known?.map((v) => v.toLowerCase()))
  const rows = new Map<string, number[]>()
  for (const task of tasks)
    for (const value of values(task)) {
      if (value === undefined || lower.has(value.toLowerCase())) continue
      const lines = rows.get(value)
      // Pushed, not copied: a copy per row took 5.4 s for 20,000 rows of one unknown status.
      if (lines) lines.push(Number(task.ref))
      else rows.set(value, [Number(task.ref)])
    }
  return [...rows].map(([value, lines]) => `"${value}" (${rowsWord(lines)})`)
}
