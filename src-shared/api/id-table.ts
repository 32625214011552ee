// Tables keyed by the service's IDs. The spec makes an ID any string, so a service may hand out
// "__proto__" or "constructor". In a plain object the first becomes the table's prototype, not
// an entry, and the second (or "toString") is found whether or not it is one. These tables have
// no prototype, so every ID is an entry like any other and only entries are found.

/** An empty table, or one holding `entries`. */
export function idTable<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const table = Object.create(null) as Record<string, T>
  for (const [id, value] of entries) table[id] = value
  return table
}

/** A copy of a table (spread, `{ ...table }`, would give it a prototype again). */
export function copyTable<T>(table: Readonly<Record<string, T>>): Record<string, T> {
  return Object.assign(idTable<T>(), table)
}

/** The table's entry for `id`, only if it has one (for tables that may have a prototype). */
export function entryOf<T>(table: Readonly<Record<string, T>>, id: string): T | undefined {
  return Object.hasOwn(table, id) ? table[id] : undefined
}
