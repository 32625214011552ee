// Reading out a damaged edit journal (openEditJournal in open-journal.ts): SQLite's own check of
// the file, the rows that can still be read, and writing them into a new journal. A file damaged
// in part still opens; read in one pass, a table stopped at its first damaged page.
import type Database from 'libsql'

type Db = InstanceType<typeof Database>

/** Rowids read at once when a damaged journal is read out (a range that fails: one by one). */
const SALVAGE_RANGE = 64
/** Rowids tried one by one in a table whose size cannot be read (its root page damaged). */
const UNREADABLE_TABLE_PROBE = 20_000

/** The rows of a damaged journal that could still be read, each table's in its order. */
export interface ReadableRows {
  batches: unknown[][]
  problems: unknown[][]
  versions: unknown[][]
}

/** SQLite's check of the file: undefined when it is sound, else the first things it found. */
export function fileDamage(db: Db): string | undefined {
  try {
    const rows = db.prepare('PRAGMA quick_check').raw(true).all() as [string][]
    const found = rows.map(([line]) => line).filter((line) => line !== 'ok')
    return found.length === 0 ? undefined : found.slice(0, 3).join('; ')
  } catch (error) {
    // Only the file's own damage: a busy or failing disk is not the file's fault, and setting
    // a sound journal aside for it would hide its edits. That stops the start with its words.
    const reason = error instanceof Error ? error.message : String(error)
    const code = String((error as { code?: unknown }).code)
    if (/NOTADB|CORRUPT/.test(code) || /not a database|malformed/i.test(reason)) return reason
    throw error
  }
}

/**
 * Every row that can still be read, table by table, in rowid order. Read in ranges, and a range
 * that fails row by row: read in one pass, a table stopped at its first damaged page, and a file
 * damaged near its start carried nothing over.
 */
export function readableRows(db: Db): ReadableRows {
  const read = (table: string, columns: string) => {
    const rows: unknown[][] = []
    let last = UNREADABLE_TABLE_PROBE
    try {
      const [max] = db.prepare(`SELECT max(rowid) FROM ${table}`).raw(true).get() as [number | null]
      last = max ?? 0
    } catch {
      // Its root page is damaged: probe every rowid up to UNREADABLE_TABLE_PROBE.
    }
    const range = db.prepare(
      `SELECT ${columns} FROM ${table} WHERE rowid BETWEEN ? AND ? ORDER BY rowid`,
    )
    const one = db.prepare(`SELECT ${columns} FROM ${table} WHERE rowid = ?`)
    for (let from = 1; from <= last; from += SALVAGE_RANGE) {
      const to = Math.min(last, from + SALVAGE_RANGE - 1)
      try {
        rows.push(...(range.raw(true).all(from, to) as unknown[][]))
      } catch {
        for (let id = from; id <= to; id++) {
          try {
            const row = one.raw(true).get(id) as unknown[] | undefined
            if (row) rows.push(row)
          } catch {
            // On the damaged page: lost.
          }
        }
      }
    }
    return rows
  }
  return {
    batches: read(
      'pending_edits',
      'id, profile_id, created_at, tasks_json, seen_json, base_json, attempts, last_error',
    ),
    problems: read('edit_problems', 'id, profile_id, problem_json'),
    versions: read('task_versions', 'profile_id, task_id, task_json'),
  }
}

/**
 * Writes the rows read from a damaged journal into a new one, in their order. A row the damage
 * garbled is written as it reads: the journal sets aside one whose edit no longer parses.
 */
export function carryOver(db: Db, rows: ReadableRows): void {
  const batch = db.prepare(
    'INSERT OR IGNORE INTO pending_edits (id, profile_id, created_at, tasks_json, seen_json, base_json, attempts, last_error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const problem = db.prepare(
    'INSERT OR IGNORE INTO edit_problems (id, profile_id, problem_json) VALUES (?, ?, ?)',
  )
  const version = db.prepare(
    'INSERT OR IGNORE INTO task_versions (profile_id, task_id, task_json) VALUES (?, ?, ?)',
  )
  db.transaction(() => {
    for (const row of rows.batches) batch.run(...row)
    for (const row of rows.problems) problem.run(...row)
    for (const row of rows.versions) version.run(...row)
  })()
}
