// Compiled statements, cached per database and SQL text: the hot paths (auth, list, batch
// writes) run the same few statements thousands of times. Callers set raw() mode on each use.
import type { Db } from './database'

type Statement = ReturnType<typeof prepareAny>

const prepareAny = (db: Db, sql: string) => db.prepare<unknown[]>(sql)

const caches = new WeakMap<Db, Map<string, Statement>>()
const MAX_CACHED = 500

export function prepared(db: Db, sql: string): Statement {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  let statement = cache.get(sql)
  if (!statement) {
    // List queries vary with their filters; keep the cache bounded.
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string)
    statement = prepareAny(db, sql)
    cache.set(sql, statement)
  }
  return statement
}
