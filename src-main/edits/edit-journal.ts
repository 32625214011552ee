// The edit journal, on disk (SQLite, synchronous = FULL): every update batch is written here,
// with what the user saw, before anything touches the network, and removed only once the board
// has taken it. After a crash, a restart or an outage the batches still here are sent again,
// oldest first; updates carry absolute values, so sending one twice is harmless.
//
// Beside the batches it keeps:
// - problems: edits the board did not take (a conflict, a refusal, a failure of the planner),
//   until the user settles them;
// - versions: each task as read back after the planner's own last write of it, so that the
//   next edit of that task is checked against the board's version, not waved through.
//
// A row that no longer parses (a damaged file, a newer planner's format) is never sent and never
// dropped: it is set aside as an 'unreadable' problem, raw text included, for the user to see.
import { randomUUID } from 'node:crypto'
import Database from 'libsql'
import { carryOver, fileDamage, readableRows } from './journal-salvage'
import type { ReadableRows } from './journal-salvage'
import { setAsideBatch, setAsideRowsOf } from './journal-set-aside'
import type { SetAsideRow } from './journal-set-aside'
import { Task, UpdateTaskItem } from '../../src-shared/api'
import { EditProblem, SeenVersions } from '../../src-shared/ipc'
import type { PendingEdits } from '../../src-shared/ipc'
import { isAtOrAfter } from '../../src-shared/schedule/days'
import type { z } from 'zod'

export interface PendingBatch {
  id: string
  profileId: string
  createdAt: string
  tasks: UpdateTaskItem[]
  /** updatedAt of each task as the user saw it when editing, by id. */
  seen: Record<string, string>
  /** The tasks as the planner knew them when the edit was made (to find and compare them). */
  base: Task[]
  attempts: number
  lastError: string | undefined
}

export type NewProblem = Omit<EditProblem, 'id' | 'createdAt'>

type BatchRow = [string, string, string, string, string, string, number, string | null]

/**
 * The journal's format (SQLite's user_version). A planner that changes what a row holds raises
 * it; one that finds a higher number refuses the file instead of setting its rows aside.
 */
export const JOURNAL_FORMAT = 1

export class JournalTooNewError extends Error {
  constructor(readonly format: number) {
    super(
      `The edit journal was written by a newer Taskboard Planner (journal format ${format}; this planner reads up to ${JOURNAL_FORMAT}). Its waiting edits are kept as they are: start the newer planner again.`,
    )
    this.name = 'JournalTooNewError'
  }
}

export class EditJournal {
  private readonly db: InstanceType<typeof Database>

  /**
   * `upgrade` false: the tables this version added and its format stamp are written later (see
   * upgrade()), once the file has passed SQLite's check: on a file damaged in part those
   * writes could fail, and the whole file was set aside instead of its rows carried over.
   */
  constructor(path: string, upgrade = true) {
    this.db = new Database(path)
    try {
      this.prepare()
      if (upgrade) this.upgrade()
    } catch (error) {
      // Closed before the caller sets the file aside: renaming a file still open fails on
      // Windows, the very case setting aside exists for.
      this.db.close()
      throw error
    }
  }

  private prepare(): void {
    // A journal a newer planner wrote may hold rows this one cannot read: refused whole, not
    // read in part and its rows set aside (the older planner would drop what the newer sends).
    const format = (this.db.prepare('PRAGMA user_version').get() as { user_version: number })
      .user_version
    if (format > JOURNAL_FORMAT) throw new JournalTooNewError(format)
    this.db.pragma('journal_mode = WAL')
    // FULL: a batch the journal accepted survives power loss, not only a crash. On macOS an
    // fsync does not flush the drive's cache; F_FULLFSYNC does (a no-op elsewhere).
    this.db.pragma('synchronous = FULL')
    this.db.pragma('fullfsync = ON')
    this.db.pragma('checkpoint_fullfsync = ON')
    this.db.exec(`CREATE TABLE IF NOT EXISTS pending_edits (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      profile_id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      tasks_json TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      last_error TEXT
    )`)
    // Journals written before conflict checks moved here lack these: add them, empty.
    const columns = new Set(
      (this.db.prepare('PRAGMA table_info(pending_edits)').all() as { name: string }[]).map(
        (c) => c.name,
      ),
    )
    if (!columns.has('seen_json'))
      this.db.exec(`ALTER TABLE pending_edits ADD COLUMN seen_json TEXT NOT NULL DEFAULT '{}'`)
    if (!columns.has('base_json'))
      this.db.exec(`ALTER TABLE pending_edits ADD COLUMN base_json TEXT NOT NULL DEFAULT '[]'`)
    this.db.exec(`CREATE TABLE IF NOT EXISTS edit_problems (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      profile_id TEXT NOT NULL,
      problem_json TEXT NOT NULL
    )`)
    this.db.exec(`CREATE TABLE IF NOT EXISTS task_versions (
      profile_id TEXT NOT NULL,
      task_id TEXT NOT NULL,
      task_json TEXT NOT NULL,
      PRIMARY KEY (profile_id, task_id)
    )`)
  }

  /** What this version adds to a journal an older planner wrote, and its format stamp. */
  upgrade(): void {
    const format = (this.db.prepare('PRAGMA user_version').get() as { user_version: number })
      .user_version
    // Batches that could not be read back, kept whole (see setAside).
    this.db.exec(`CREATE TABLE IF NOT EXISTS set_aside_edits (
      id TEXT NOT NULL,
      profile_id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      tasks_json TEXT NOT NULL,
      seen_json TEXT NOT NULL,
      base_json TEXT NOT NULL,
      set_aside_at TEXT NOT NULL
    )`)
    if (format < JOURNAL_FORMAT) this.db.pragma(`user_version = ${JOURNAL_FORMAT}`)
  }

  append(
    profileId: string,
    tasks: UpdateTaskItem[],
    seen: Record<string, string> = {},
    base: Task[] = [],
    now: Date = new Date(),
  ): PendingBatch {
    const batch: PendingBatch = {
      id: randomUUID(),
      profileId,
      createdAt: now.toISOString(),
      tasks,
      seen,
      base,
      attempts: 0,
      lastError: undefined,
    }
    this.db
      .prepare(
        'INSERT INTO pending_edits (id, profile_id, created_at, tasks_json, seen_json, base_json) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        batch.id,
        profileId,
        batch.createdAt,
        JSON.stringify(tasks),
        JSON.stringify(seen),
        JSON.stringify(base),
      )
    return batch
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM pending_edits WHERE id = ?').run(id)
  }

  /** Keeps only `tasks` of a batch (the others were set aside as conflicts). */
  narrow(id: string, tasks: UpdateTaskItem[]): void {
    this.db
      .prepare('UPDATE pending_edits SET tasks_json = ? WHERE id = ?')
      .run(JSON.stringify(tasks), id)
  }

  recordFailure(id: string, message: string): void {
    this.db
      .prepare('UPDATE pending_edits SET attempts = attempts + 1, last_error = ? WHERE id = ?')
      .run(message, id)
  }

  /** Batches still to send for a board, oldest first. Unreadable rows are set aside (see top). */
  pending(profileId: string): PendingBatch[] {
    const rows = this.db
      .prepare(
        'SELECT id, profile_id, created_at, tasks_json, seen_json, base_json, attempts, last_error FROM pending_edits WHERE profile_id = ? ORDER BY seq',
      )
      .raw(true)
      .all(profileId) as BatchRow[]
    const batches: PendingBatch[] = []
    for (const [
      id,
      profile,
      createdAt,
      tasksJson,
      seenJson,
      baseJson,
      attempts,
      lastError,
    ] of rows) {
      const tasks = parseJson(tasksJson, UpdateTaskItem.array())
      const seen = parseJson(seenJson, SeenVersions)
      // The base only serves the conflict check: one that no longer parses costs the check.
      const base = parseJson(baseJson, Task.array()) ?? []
      if (tasks === undefined || seen === undefined) {
        this.setAside({ id, profileId: profile, createdAt, tasksJson, seenJson, baseJson })
        continue
      }
      batches.push({
        id,
        profileId: profile,
        createdAt,
        tasks,
        seen,
        base,
        attempts,
        lastError: lastError ?? undefined,
      })
    }
    return batches
  }

  /** Boards with batches waiting, in the order their oldest batch was written. */
  boardsWithPending(): string[] {
    const rows = this.db
      .prepare('SELECT profile_id FROM pending_edits GROUP BY profile_id ORDER BY MIN(seq)')
      .raw(true)
      .all() as [string][]
    return rows.map(([id]) => id)
  }

  addProblem(profileId: string, problem: NewProblem, now: Date = new Date()): EditProblem {
    const stored: EditProblem = { id: randomUUID(), createdAt: now.toISOString(), ...problem }
    this.db
      .prepare('INSERT INTO edit_problems (id, profile_id, problem_json) VALUES (?, ?, ?)')
      .run(stored.id, profileId, JSON.stringify(stored))
    return stored
  }

  problems(profileId: string): EditProblem[] {
    const rows = this.db
      .prepare('SELECT id, problem_json FROM edit_problems WHERE profile_id = ? ORDER BY seq')
      .raw(true)
      .all(profileId) as [string, string][]
    // One that no longer parses (damaged, a newer planner's kind) is shown as unreadable, with
    // its text, for the user to dismiss: never dropped silently.
    return rows.map(
      ([id, json]) =>
        parseJson(json, EditProblem) ?? {
          id,
          kind: 'unreadable',
          createdAt: new Date(0).toISOString(),
          message: `A problem kept in the journal could not be read back (damaged, or written by another version of the planner). What it held: ${json.slice(0, 500)}`,
          tasks: [],
        },
    )
  }

  /** Runs `write` as one transaction: all of its writes land, or none (a crash, a full disk). */
  inOneWrite<T>(write: () => T): T {
    return this.db.transaction(write)()
  }

  removeProblem(profileId: string, id: string): EditProblem | undefined {
    const problem = this.problems(profileId).find((p) => p.id === id)
    this.db.prepare('DELETE FROM edit_problems WHERE id = ? AND profile_id = ?').run(id, profileId)
    return problem
  }

  /** Records a task as read back after the planner's own write. */
  putVersion(profileId: string, task: Task): void {
    this.db
      .prepare(
        'INSERT INTO task_versions (profile_id, task_id, task_json) VALUES (?, ?, ?) ON CONFLICT (profile_id, task_id) DO UPDATE SET task_json = excluded.task_json',
      )
      .run(profileId, task.id, JSON.stringify(task))
  }

  /** The last version read back after the planner's own write of each of `ids`, by id. */
  versions(profileId: string, ids: readonly string[]): Map<string, Task> {
    const found = new Map<string, Task>()
    const statement = this.db
      .prepare('SELECT task_json FROM task_versions WHERE profile_id = ? AND task_id = ?')
      .raw(true)
    for (const id of ids) {
      const row = statement.get(profileId, id) as [string] | undefined
      const task = row ? parseJson(row[0], Task) : undefined
      if (task) found.set(id, task)
    }
    return found
  }

  /** Forgets versions a fresh snapshot already shows (or shows a later change of). */
  pruneVersions(profileId: string, snapshotTasks: readonly Task[]): void {
    const shown = new Map(snapshotTasks.map((t) => [t.id, t.updatedAt]))
    const remove = this.db.prepare('DELETE FROM task_versions WHERE profile_id = ? AND task_id = ?')
    this.db.transaction(() => {
      for (const version of this.allVersions(profileId)) {
        const seen = shown.get(version.id)
        if (seen !== undefined && isAtOrAfter(seen, version.updatedAt))
          remove.run(profileId, version.id)
      }
    })()
  }

  /** Every task the planner read back after its own writes to a board. */
  allVersions(profileId: string): Task[] {
    const rows = this.db
      .prepare('SELECT task_json FROM task_versions WHERE profile_id = ?')
      .raw(true)
      .all(profileId) as [string][]
    return rows.flatMap(([json]) => {
      const task = parseJson(json, Task)
      return task ? [task] : []
    })
  }

  summary(profileId: string): Omit<PendingEdits, 'nextRetryAt'> {
    const batches = this.pending(profileId)
    const taskIds = new Set<string>()
    for (const batch of batches) for (const item of batch.tasks) if (item.id) taskIds.add(item.id)
    return {
      profileId,
      count: batches.reduce((sum, b) => sum + b.tasks.length, 0),
      batches: batches.map((b) => ({
        id: b.id,
        tasks: b.tasks.length,
        createdAt: b.createdAt,
        attempts: b.attempts,
        ...(b.lastError ? { lastError: b.lastError } : {}),
      })),
      taskIds: [...taskIds],
      problems: this.problems(profileId),
    }
  }

  /** Drops a board's waiting batches (the user chose to discard them); returns how many. */
  discard(profileId: string): number {
    return Number(
      this.db.prepare('DELETE FROM pending_edits WHERE profile_id = ?').run(profileId).changes,
    )
  }

  /** Drops everything kept for a board (when the board itself is removed). */
  /** Drops the versions the planner saw of a board's tasks (the board moved to another address). */
  forgetVersions(profileId: string): void {
    this.db.prepare('DELETE FROM task_versions WHERE profile_id = ?').run(profileId)
  }

  forget(profileId: string): void {
    for (const table of ['pending_edits', 'edit_problems', 'task_versions'])
      this.db.prepare(`DELETE FROM ${table} WHERE profile_id = ?`).run(profileId)
  }

  close(): void {
    this.db.close()
  }

  /** SQLite's finding on a damaged file and the rows it still holds; undefined when sound. */
  damaged(): { reason: string; rows: ReadableRows } | undefined {
    const reason = fileDamage(this.db)
    return reason === undefined ? undefined : { reason, rows: readableRows(this.db) }
  }

  /** Writes the rows read from a damaged journal into this new one, in their order. */
  carryOver(rows: ReadableRows): void {
    carryOver(this.db, rows)
  }

  /** A batch that no longer reads back: kept whole, told as a problem (journal-set-aside.ts). */
  private setAside(row: SetAsideRow): void {
    setAsideBatch(this.db, row)
  }

  /** Batches set aside as unreadable, whole, oldest first (for a person or a later planner). */
  setAsideRows(profileId: string): { id: string; tasksJson: string; seenJson: string }[] {
    return setAsideRowsOf(this.db, profileId)
  }
}

function parseJson<T>(text: string, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
