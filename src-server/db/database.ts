// Opening the board database: durable settings first, then migrations.
import Database from 'libsql'
import { MIGRATIONS } from './migrations'
import type { Migration } from './migrations'
import { writeTransaction } from './write-lock'

export type Db = InstanceType<typeof Database>

export interface OpenOptions {
  /** Migrations to apply; tests pass a prefix to check each step. */
  migrations?: readonly Migration[]
}

/** Opens (creating if needed) a board database at `path` (':memory:' for tests). */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  const db = new Database(path)
  try {
    db.pragma('foreign_keys = ON')
    // The CLI waits up to 5 s for another process's write lock; the service waits differently
    // (write-lock.ts).
    db.pragma('busy_timeout = 5000')
    if (path !== ':memory:') db.pragma('journal_mode = WAL')
    // FULL: an acknowledged write survives power loss, not only a process crash.
    db.pragma('synchronous = FULL')
    // A 100,000-task board is ~150 MB: a larger page cache and memory-mapped reads keep list
    // queries off the read() path.
    db.pragma('cache_size = -65536')
    db.pragma('mmap_size = 268435456')
    migrate(db, options.migrations ?? MIGRATIONS)
    // Refresh planner statistics where they are missing or stale (cheap; bounded by SQLite).
    db.pragma('optimize = 0x10002')
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

export function schemaVersion(db: Db): number {
  const row = db.prepare('PRAGMA user_version').raw(true).get() as [number]
  return row[0]
}

export function migrate(db: Db, migrations: readonly Migration[]): void {
  const current = schemaVersion(db)
  const newest = migrations.at(-1)?.version ?? 0
  const known = MIGRATIONS.at(-1)?.version ?? 0
  if (current > known) {
    throw new Error(
      `The database has schema version ${current}, newer than this program knows (${known}); upgrade the program.`,
    )
  }
  for (const migration of migrations) {
    if (migration.version <= current || migration.version > newest) continue
    writeTransaction(db, () => {
      // Another process may have applied it since the version was read.
      if (schemaVersion(db) >= migration.version) return
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    })
  }
}

/** Gathers planner statistics after bulk writes (seeding, imports), so filters pick good indexes. */
export function analyze(db: Db): void {
  db.exec('ANALYZE')
}
