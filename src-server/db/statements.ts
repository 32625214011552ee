// Compiled statements, cached per database and SQL text: the hot paths (auth, list, batch
// writes) run the same few statements thousands of times. Callers set raw() mode on each use.
//
// The cache is bounded by size, not only by count. A compiled statement holds native memory
// that grows with its SQL (about 60 bytes a character for a long `IN (?, ?, …)` list, 15-25 KB
// for a short one), and list SQL grows with the values of its comma lists: 500 cached list
// queries of a 14 KB URL each pinned over a gigabyte. So SQL longer than MOST_CACHED_SQL_CHARS
// is compiled for its one use and left to the garbage collector, and the cache keeps at most
// MOST_CACHE_SQL_CHARS of SQL in all (about 30 MB of statements), dropping its oldest first.
import type { Db } from './database'

type Statement = ReturnType<typeof prepareAny>

const prepareAny = (db: Db, sql: string) => db.prepare<unknown[]>(sql)

interface Cache {
  statements: Map<string, Statement>
  /** Characters of SQL of the statements held. */
  sqlChars: number
}

const caches = new WeakMap<Db, Cache>()
const MAX_CACHED = 500
/**
 * Longer SQL is not cached. A walk of 50 tags (list-walks.ts) with column filters and a few
 * property filters probed on each arm runs to about 22,000 characters, and compiling it again
 * took 1.2-1.9 ms beside 6-8 ms to run it: such walks stay cached. Lists are bound as one JSON
 * parameter past MOST_LISTED_VALUES, so SQL this long comes from many filters, not long lists.
 */
export const MOST_CACHED_SQL_CHARS = 64_000
/** The SQL of every statement cached for one database, in characters. */
export const MOST_CACHE_SQL_CHARS = 500_000

export function prepared(db: Db, sql: string): Statement {
  let cache = caches.get(db)
  if (!cache) {
    cache = { statements: new Map(), sqlChars: 0 }
    caches.set(db, cache)
  }
  let statement = cache.statements.get(sql)
  if (!statement) {
    statement = prepareAny(db, sql)
    if (sql.length > MOST_CACHED_SQL_CHARS) return statement
    // List queries vary with their filters; keep the cache bounded.
    while (
      cache.statements.size >= MAX_CACHED ||
      (cache.statements.size > 0 && cache.sqlChars + sql.length > MOST_CACHE_SQL_CHARS)
    ) {
      const oldest = cache.statements.keys().next().value as string
      cache.statements.delete(oldest)
      cache.sqlChars -= oldest.length
    }
    cache.statements.set(sql, statement)
    cache.sqlChars += sql.length
  }
  return statement
}

/** What the cache of `db` holds (tests). */
export function cachedStatements(db: Db): { count: number; sqlChars: number } {
  const cache = caches.get(db)
  return { count: cache?.statements.size ?? 0, sqlChars: cache?.sqlChars ?? 0 }
}
