// Date handling shared by client and service. The service speaks ISO 8601; it stores every
// timestamp in one canonical form (UTC, milliseconds, 'Z') so that string order is time order.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  const match = DATE_ONLY.exec(value)
  if (!match) return false
  const [, y, m, d] = match.map(Number) as [number, number, number, number]
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  const date = new Date(0)
  date.setUTCFullYear(y, m - 1, d)
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/**
 * Canonical UTC timestamp for an ISO date (`YYYY-MM-DD`, read as midnight UTC) or ISO
 * date-time with a zone (`Z` or `±hh:mm`); undefined for anything else.
 */
export function toCanonicalTimestamp(value: string): string | undefined {
  if (isCalendarDate(value)) return `${value}T00:00:00.000Z`
  const match = DATE_TIME.exec(value)
  if (!match) return undefined
  if (!isCalendarDate(`${match[1]}-${match[2]}-${match[3]}`)) return undefined
  const hours = Number(match[4])
  const minutes = Number(match[5])
  const seconds = Number(match[6] ?? '0')
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined
  const time = Date.parse(value)
  if (Number.isNaN(time)) return undefined
  const iso = new Date(time).toISOString()
  // Years outside 0000-9999 render with a sign and six digits; keep the fixed-width form only.
  return iso.length === 24 ? iso : undefined
}

/**
 * The last canonical timestamp of the UTC calendar day `day` (`YYYY-MM-DD`). An inclusive upper
 * bound for a day range; unlike the next day's start, it exists for 9999-12-31 too.
 */
export function endOfCalendarDay(day: string): string {
  return `${day}T23:59:59.999Z`
}
