// Opening the board database: durable settings first, then migrations.
import Database from 'libsql'
import { MIGRATIONS } from './migrations'
import type { Migration } from './migrations'

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
    db.pragma('busy_timeout = 5000')
    if (path !== ':memory:') db.pragma('journal_mode = WAL')
    // FULL: an acknowledged write survives power loss, not only a process crash.
    db.pragma('synchronous = FULL')
    migrate(db, options.migrations ?? MIGRATIONS)
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
    db.transaction(() => {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    })()
  }
}
