// A batch of the edit journal that no longer reads back (damaged, or written by another version
// of the planner) leaves the queue as an "unreadable" problem, and the whole row is kept in
// `set_aside_edits` (before, only its first 500 characters survived, in the message, and the
// edit could not be rebuilt).
import { randomUUID } from 'node:crypto'
import type Database from 'libsql'
import type { EditProblem } from '../../src-shared/ipc'

type Db = InstanceType<typeof Database>

/** A pending batch's row as stored. */
export interface SetAsideRow {
  id: string
  profileId: string
  createdAt: string
  tasksJson: string
  seenJson: string
  baseJson: string
}

/** Moves the batch out of the queue into `set_aside_edits`, with a problem that says so. */
export function setAsideBatch(db: Db, row: SetAsideRow): void {
  const problem: EditProblem = {
    id: randomUUID(),
    kind: 'unreadable',
    createdAt: row.createdAt,
    message: `An edit saved on ${row.createdAt} could not be read back from the journal (damaged, or written by another version of the planner), so it was not sent; it is kept whole in the journal's set_aside_edits table (batch ${row.id}). What it held: ${row.tasksJson.slice(0, 500)}`,
    tasks: [],
  }
  db.transaction(() => {
    db.prepare(
      'INSERT INTO set_aside_edits (id, profile_id, created_at, tasks_json, seen_json, base_json, set_aside_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      row.id,
      row.profileId,
      row.createdAt,
      row.tasksJson,
      row.seenJson,
      row.baseJson,
      new Date().toISOString(),
    )
    db.prepare('INSERT INTO edit_problems (id, profile_id, problem_json) VALUES (?, ?, ?)').run(
      problem.id,
      row.profileId,
      JSON.stringify(problem),
    )
    db.prepare('DELETE FROM pending_edits WHERE id = ?').run(row.id)
  })()
}

/** Batches set aside as unreadable, whole, oldest first (for a person or a later planner). */
export function setAsideRowsOf(
  db: Db,
  profileId: string,
): { id: string; tasksJson: string; seenJson: string }[] {
  return db
    .prepare(
      'SELECT id, tasks_json AS tasksJson, seen_json AS seenJson FROM set_aside_edits WHERE profile_id = ? ORDER BY rowid',
    )
    .all(profileId) as { id: string; tasksJson: string; seenJson: string }[]
}
