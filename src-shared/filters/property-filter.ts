// How a `prop_<Name>` filter value is read, by the property's type: the spec's table of custom
// property matches. The local board service builds its SQL from this, and the planner filters the
// loaded board with it (./task-matches.ts), so both read a filter value the same way.
import { parseDayRange } from '../api/list-filters'
import type { DayRange } from '../api/list-filters'
import type { PropertyType } from '../api/enums'

/** The JSON grammar of a number (RFC 8259, section 6). */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/

export type PropertyMatch =
  | { kind: 'values'; values: string[] }
  | { kind: 'numbers'; numbers: number[] }
  | { kind: 'range'; range: DayRange }

/** Reads a `prop_<Name>` filter value by the property's type, or says why it cannot match. */
export function parsePropertyFilter(
  definition: { type: PropertyType },
  raw: string,
): PropertyMatch | string {
  const list = raw.split(',')
  if (list.some((v) => v === '')) return 'has an empty item in its comma-separated list'
  switch (definition.type) {
    case 'Number': {
      // A Number value is a JSON number, so a filter value is one too, written as JSON writes
      // it: not 0x10, 0b11, +3, .5, 03, Infinity or padded with spaces, which Number() reads.
      const bad = list.find((v) => !JSON_NUMBER.test(v) || !Number.isFinite(Number(v)))
      if (bad !== undefined) {
        return `must be JSON numbers (like 3, -0.5 or 1e3), comma-separated; "${bad.slice(0, 40)}" is not one`
      }
      return { kind: 'numbers', numbers: list.map(Number) }
    }
    case 'Date': {
      const range = parseDayRange(raw)
      return typeof range === 'string' ? range : { kind: 'range', range }
    }
    case 'Checkbox':
    case 'Toggle':
      if (raw !== 'true' && raw !== 'false') return 'must be true or false'
      return { kind: 'values', values: [raw] }
    case 'Person':
      return { kind: 'values', values: list.map((v) => v.toLowerCase()) }
    default:
      return { kind: 'values', values: list }
  }
}

/**
 * An unchecked Checkbox or Toggle filter (`false`): it matches every task whose value is not
 * `true`, an unset one included, as the service reads it.
 */
export function matchesUnchecked(type: PropertyType, match: PropertyMatch): boolean {
  return (
    (type === 'Checkbox' || type === 'Toggle') &&
    match.kind === 'values' &&
    match.values[0] === 'false'
  )
}
