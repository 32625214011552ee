// Custom properties: checking a value against its board-defined type, the rows that index it
// for filtering, and how a `prop_<Name>` filter matches (the spec's table, per type).
import {
  characterCount,
  isEmailAddress,
  isHttpUrl,
  SERVICE_LIMITS,
  toCanonicalTimestamp,
} from '../../src-shared/api'
import type { PropertyValue } from '../../src-shared/api'
import type { PropertyDefinition } from '../boards/board-config'

export type StoredPropertyValue = string | number | boolean | string[]

/** The value to store, or a reason the value does not fit the property. */
export function checkPropertyValue(
  definition: PropertyDefinition,
  value: Exclude<PropertyValue, null>,
  members: ReadonlyMap<string, unknown>,
): StoredPropertyValue | { problem: string } {
  const expect = (shape: string) => ({ problem: `a ${definition.type} property takes ${shape}` })
  switch (definition.type) {
    case 'Text':
      if (typeof value !== 'string') return expect('a string')
      if (characterCount(value) > SERVICE_LIMITS.propertyTextLength)
        return { problem: `at most ${SERVICE_LIMITS.propertyTextLength} characters` }
      return value
    case 'Number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return expect('a finite number')
      return value
    case 'Date': {
      if (typeof value !== 'string') return expect('an ISO date string')
      return toCanonicalTimestamp(value) ?? expect('an ISO date (YYYY-MM-DD) or date-time')
    }
    case 'Email':
      if (typeof value !== 'string') return expect('an e-mail address')
      if (characterCount(value) > SERVICE_LIMITS.propertyEmailLength)
        return { problem: `at most ${SERVICE_LIMITS.propertyEmailLength} characters` }
      if (!isEmailAddress(value)) return expect('an e-mail address')
      return value
    case 'URL':
      if (typeof value !== 'string') return expect('an http(s) URL')
      if (characterCount(value) > SERVICE_LIMITS.propertyUrlLength)
        return { problem: `at most ${SERVICE_LIMITS.propertyUrlLength} characters` }
      if (!isHttpUrl(value)) return expect('an http(s) URL')
      return value
    case 'Checkbox':
    case 'Toggle':
      if (typeof value !== 'boolean') return expect('true or false')
      return value
    case 'Select':
      if (typeof value !== 'string') return expect('one option as a string')
      if (!definition.options.includes(value))
        return { problem: `"${value}" is not an option (${definition.options.join(', ')})` }
      return value
    case 'Multi-Select': {
      if (!Array.isArray(value)) return expect('an array of options')
      if (value.length > SERVICE_LIMITS.multiSelectValues)
        return { problem: `at most ${SERVICE_LIMITS.multiSelectValues} values` }
      const bad = value.find((v) => !definition.options.includes(v))
      if (bad !== undefined)
        return { problem: `"${bad}" is not an option (${definition.options.join(', ')})` }
      return [...new Set(value)]
    }
    case 'Person': {
      if (typeof value !== 'string') return expect('the e-mail of a board member')
      const email = value.toLowerCase()
      if (!members.has(email)) return { problem: `${value} is not a member of this board` }
      return email
    }
  }
}

/** Rows for task_property_values: (value text, number or null). */
export function indexRows(
  definition: PropertyDefinition,
  value: StoredPropertyValue,
): [string, number | null][] {
  if (Array.isArray(value)) return value.map((v) => [v, null])
  // Number filters walk the text (list-filter-sql.ts): the same String() of a number.
  if (typeof value === 'number') return [[String(value), value]]
  // Only checked boxes: `false` matches every task without a `true` row (set or not), so a
  // `false` row would never be read, and every row costs a move when its task's due date does.
  if (typeof value === 'boolean') return value ? [['true', null]] : []
  if (definition.type === 'Date') return [[value, null]]
  return [[value, null]]
}

// How a `prop_<Name>` filter matches lives in src-shared, where the planner's own filtering
// reads it too, so both follow the spec's table the same way.
export { matchesUnchecked, parsePropertyFilter } from '../../src-shared/filters/property-filter'
export type { PropertyMatch } from '../../src-shared/filters/property-filter'
