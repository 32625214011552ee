// Notes name what they are about, but a file of 20,000 rows makes no 20,000-part note (the
// preview drew it whole; one note that repeated a list per row ran out of memory).

/** The first `max` of `items` joined by `separator`, then "and N more" (with `noun`). */
export function someOf(
  items: readonly string[],
  separator: string,
  max: number,
  noun = '',
): string {
  if (items.length <= max) return items.join(separator)
  const more = `and ${items.length - max} more${noun ? ` ${noun}` : ''}`
  return `${items.slice(0, max).join(separator)}${separator === ', ' ? ' ' : separator}${more}`
}

/** "row 2, 4", or "12 rows" past three. */
export function rowsWord(lines: readonly number[]): string {
  return lines.length > 3 ? `${lines.length} rows` : `row ${lines.join(', ')}`
}
