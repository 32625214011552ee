// Every update batch is written here, durably, before it is sent, and removed only once the board
// has acknowledged it. After a crash or restart the batches still here are sent again, oldest
// first. Updates carry absolute values, so sending one twice is harmless.
import { randomUUID } from 'node:crypto'
import Database from 'libsql'
import { UpdateTaskItem } from '../../src-shared/api'
import type { PendingEdits } from '../../src-shared/ipc'

export interface PendingBatch {
  id: string
  profileId: string
  createdAt: string
  tasks: UpdateTaskItem[]
  attempts: number
  lastError: string | undefined
}

type Row = [string, string, string, string, number, string | null]

export class EditJournal {
  private readonly db: InstanceType<typeof Database>

  constructor(path: string) {
    this.db = new Database(path)
    this.db.pragma('journal_mode = WAL')
    // FULL: a batch the journal accepted survives power loss, not only a crash.
    this.db.pragma('synchronous = FULL')
    this.db.exec(`CREATE TABLE IF NOT EXISTS pending_edits (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      profile_id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      tasks_json TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_error TEXT
    )`)
  }

  append(profileId: string, tasks: UpdateTaskItem[], now: Date = new Date()): PendingBatch {
    const batch = {
      id: randomUUID(),
      profileId,
      createdAt: now.toISOString(),
      tasks,
      attempts: 0,
      lastError: undefined,
    }
    this.db
      .prepare(
        'INSERT INTO pending_edits (id, profile_id, created_at, tasks_json) VALUES (?, ?, ?, ?)',
      )
      .run(batch.id, profileId, batch.createdAt, JSON.stringify(tasks))
    return batch
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM pending_edits WHERE id = ?').run(id)
  }

  recordFailure(id: string, message: string): void {
    this.db
      .prepare('UPDATE pending_edits SET attempts = attempts + 1, last_error = ? WHERE id = ?')
      .run(message, id)
  }

  /** Batches still to send for a board, oldest first. Rows that no longer parse are skipped. */
  pending(profileId: string): PendingBatch[] {
    const rows = this.db
      .prepare(
        'SELECT id, profile_id, created_at, tasks_json, attempts, last_error FROM pending_edits WHERE profile_id = ? ORDER BY seq',
      )
      .raw(true)
      .all(profileId) as Row[]
    return rows.flatMap(([id, profile, createdAt, json, attempts, lastError]) => {
      const tasks = UpdateTaskItem.array().safeParse(JSON.parse(json))
      return tasks.success
        ? [
            {
              id,
              profileId: profile,
              createdAt,
              tasks: tasks.data,
              attempts,
              lastError: lastError ?? undefined,
            },
          ]
        : []
    })
  }

  summary(profileId: string): PendingEdits {
    const batches = this.pending(profileId)
    return {
      count: batches.reduce((sum, b) => sum + b.tasks.length, 0),
      batches: batches.map((b) => ({
        id: b.id,
        tasks: b.tasks.length,
        createdAt: b.createdAt,
        ...(b.lastError ? { lastError: b.lastError } : {}),
      })),
    }
  }

  /** Drops a board's batches (when the board itself is removed). */
  forget(profileId: string): void {
    this.db.prepare('DELETE FROM pending_edits WHERE profile_id = ?').run(profileId)
  }

  close(): void {
    this.db.close()
  }
}
