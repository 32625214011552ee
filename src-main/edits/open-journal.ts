// Opening the edit journal at start: a file SQLite cannot open, or one damaged in part, must not
// stop the planner from starting, and must never be deleted: it is set aside under a new name,
// and what can still be read of it is carried over to a new journal (edit-journal.ts).
import { closeSync, existsSync, openSync, readSync, renameSync } from 'node:fs'
import { EditJournal } from './edit-journal'

/** A journal file that could not be opened at start, kept aside under a new name. */
export interface SetAsideJournal {
  /** Where the unreadable file now is. */
  keptAs: string
  /** Why it could not be opened, or what SQLite's check found damaged (its words). */
  reason: string
  /** Batches still readable in a damaged file, carried over to the new journal (none: 0). */
  carried: number
}

/**
 * Opens the journal at `path`. A file SQLite cannot open as a database (damaged, or not one)
 * would stop the planner from starting at all: it is renamed aside (with its WAL and shared
 * memory files), never deleted, and a new journal is started; `setAside` says where it went, so
 * that the planner can tell the user that edits waiting in it were not sent.
 */
export function openEditJournal(
  path: string,
  now: Date = new Date(),
): { journal: EditJournal; setAside: SetAsideJournal | undefined } {
  const keptAs = `${path}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`
  const setAsideFiles = () => {
    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(path + suffix)) renameSync(path + suffix, keptAs + suffix)
  }
  // A file that is no SQLite database at all is set aside before SQLite opens it: the handle a
  // failed open leaves stays until garbage collection, and Windows renames no file still open.
  const notADatabase = foreignFile(path)
  if (notADatabase) {
    setAsideFiles()
    return {
      journal: new EditJournal(path),
      setAside: { keptAs, reason: notADatabase, carried: 0 },
    }
  }
  let opened: EditJournal
  try {
    opened = new EditJournal(path, false)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const code = (error as { code?: unknown }).code
    // Only a file that is not a readable database; any other failure (no permission, no space)
    // is not the file's fault and stops the start with its own message.
    if (!/NOTADB|CORRUPT/.test(String(code)) && !/not a database|malformed/i.test(reason))
      throw error
    setAsideFiles()
    return { journal: new EditJournal(path), setAside: { keptAs, reason, carried: 0 } }
  }
  // A file damaged in part still opens: every query on it then failed (each edit answered as a
  // planner failure), or the rows on a damaged page were silently gone. SQLite's own check finds
  // it; what can still be read goes to a new journal, and the file is kept aside.
  const damage = opened.damaged()
  if (damage === undefined) {
    try {
      opened.upgrade()
    } catch (error) {
      // Closed, as the constructor does on a failure: the start stops with this error.
      opened.close()
      throw error
    }
    return { journal: opened, setAside: undefined }
  }
  const { reason, rows } = damage
  opened.close()
  setAsideFiles()
  const journal = new EditJournal(path)
  journal.carryOver(rows)
  return {
    journal,
    setAside: { keptAs, reason: `damaged: ${reason}`, carried: rows.batches.length },
  }
}

/** Every SQLite database file starts so. */
const SQLITE_HEADER = 'SQLite format 3\u0000'

/** Why the file at `path` is no SQLite database, or undefined (no file, empty, or one). */
function foreignFile(path: string): string | undefined {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return undefined
  }
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length)
    const read = readSync(fd, head, 0, head.length, 0)
    if (read === 0) return undefined
    return head.toString('latin1', 0, read) === SQLITE_HEADER ? undefined : 'file is not a database'
  } finally {
    closeSync(fd)
  }
}
