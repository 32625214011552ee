// The SQL pieces of the list filters that are not columns of `tasks`: tags and custom
// properties, kept in their own index tables (migrations 1 and 3). Each can be read three ways,
// and list-tasks.ts picks one per query: its matches read whole from its index (`seek`), a check
// per task while walking the list order (`probe`), or, in the default order, its own index walked
// in due order (`walk`; see list-walks.ts).
import { endOfCalendarDay } from '../../src-shared/api'
import type { BoardConfig } from '../boards/board-config'
import { matchesUnchecked, parsePropertyFilter } from './property-values'
import { ServiceError } from './service-error'

export type Param = string | number

export interface Condition {
  sql: string
  params: Param[]
}

/**
 * One arm of a walk: rows of `from` (which joins `tasks t`) whose index holds them in due order,
 * `due` and `seq` naming those two columns, narrowed by `sql`.
 */
export interface WalkArm extends Condition {
  from: string
  due: string
  seq: string
}

export interface Walk {
  arms: WalkArm[]
  /**
   * true: the arm's index holds more than the filter matches (the condition is checked on each
   * entry), so walking pays only when the filter matches many tasks; false: the index holds the
   * matches only (one arm per exact value).
   */
  scan: boolean
}

export interface SecondaryFilter {
  seek: string
  probe: string
  params: Param[]
  /** SQL selecting a row per match (an upper bound) on its own index, for counting; same params. */
  count: string
  walk?: Walk
}

/**
 * True for a stored Date property value (canonical: 2026-01-05T00:00:00.000Z); the partial index
 * that Date ranges walk holds these rows only, and the walk names the same term to use it.
 */
export const DATE_VALUE = `value GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*'`

export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ')

/** The values of a comma list, each once, in their first order (a repeat matches nothing more). */
export const distinct = <T extends Param>(values: readonly T[]): T[] => [...new Set(values)]

/**
 * Longer comma lists are bound as one parameter, a JSON array read by json_each, rather than one
 * `?` each. SQL written with a `?` per value grows with the URL, and so does its compiled
 * statement, about 60 bytes a character of SQL. A statement's native memory is freed only when
 * V8 collects it, which it does not hurry to do since it cannot see that memory: 500 such list
 * requests, each a new SQL text, held 850 MB whether cached or not. Bound this way a list's SQL
 * is the same for any number of values past this, and is cached once.
 * SQLite reads `IN (SELECT value FROM json_each(?))` with the same index searches as a list.
 */
export const MOST_LISTED_VALUES = 20

/** `column` equal to one of `values` (distinct, at least one). */
export function inValues(column: string, values: readonly Param[]): Condition {
  if (values.length === 1) return { sql: `${column} = ?`, params: [...values] }
  if (values.length <= MOST_LISTED_VALUES)
    return { sql: `${column} IN (${placeholders(values.length)})`, params: [...values] }
  return { sql: `${column} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values)] }
}

/** An arm over a filter table `g`, joined to the task it indexes. */
const filterArm = (table: string, sql: string, params: Param[], index?: string): WalkArm => ({
  from: `${table} g ${index ? `INDEXED BY ${index} ` : ''}CROSS JOIN tasks t ON t.seq = g.task_seq`,
  due: 'g.due_date',
  seq: 'g.task_seq',
  sql,
  params,
})

export function tagFilter(given: readonly string[]): SecondaryFilter {
  const tags = distinct(given)
  const { sql: list, params } = inValues('tag', tags)
  return {
    seek: `t.seq IN (SELECT task_seq FROM task_tags WHERE ${list})`,
    probe: `EXISTS (SELECT 1 FROM task_tags g WHERE g.task_seq = t.seq AND g.${list})`,
    params,
    count: `SELECT 1 FROM task_tags WHERE ${list}`,
    walk: { arms: tags.map((tag) => filterArm('task_tags', 'g.tag = ?', [tag])), scan: false },
  }
}

/**
 * A custom-property filter, or (an unchecked checkbox, which matches tasks with no value) a
 * condition that takes the property's name as its one parameter.
 */
export function propertyFilter(
  board: BoardConfig,
  name: string,
  raw: string,
): SecondaryFilter | string {
  const definition = board.properties.get(name)
  if (!definition) {
    const known = [...board.properties.keys()].join(', ') || 'none'
    throw new ServiceError(
      400,
      `Query parameter "prop_${name}": this board has no custom property "${name}" (it has: ${known}).`,
    )
  }
  const match = parsePropertyFilter(definition, raw)
  if (typeof match === 'string')
    throw new ServiceError(400, `Query parameter "prop_${name}" ${match}.`)
  if (matchesUnchecked(definition.type, match)) {
    // An unset checkbox reads as unchecked.
    // Checked task by task while walking the list order: about every other task matches, so a
    // page is reached at once (reading every checked task first cost 5 ms on a 100k board).
    return `NOT EXISTS (SELECT 1 FROM task_property_values p WHERE p.task_seq = t.seq AND p.name = ? AND p.value = 'true')`
  }
  const table = 'task_property_values'
  let condition: string
  let values: Param[]
  let walk: Walk
  if (match.kind === 'numbers') {
    const numbers = distinct(match.numbers)
    // A long list is bound as JSON, and SQLite's JSON numbers do not give back every double
    // (866.413297 came back as another number and matched nothing): compared as the stored text
    // instead, the String() of the number, as the walk below does.
    ;({ sql: condition, params: values } =
      numbers.length > MOST_LISTED_VALUES
        ? inValues('value', numbers.map(String))
        : inValues('number', numbers))
    // Walked by the value's text, which is how the number was stored (String of the number).
    walk = {
      arms: numbers.map((n) => filterArm(table, 'g.name = ? AND g.value = ?', [name, String(n)])),
      scan: false,
    }
  } else if (match.kind === 'range') {
    condition = 'value >= ? AND value <= ?'
    values = [match.range.from, endOfCalendarDay(match.range.to)]
    // A range spans many values, each in due order on its own: the property's rows are walked in
    // due order instead, the value checked on the index.
    const sql = `g.name = ? AND g.${DATE_VALUE} AND g.value >= ? AND g.value <= ?`
    walk = {
      arms: [filterArm(table, sql, [name, ...values], 'property_values_by_due')],
      scan: true,
    }
  } else {
    const strings = distinct(match.values)
    ;({ sql: condition, params: values } = inValues('value', strings))
    walk = {
      arms: strings.map((v) => filterArm(table, 'g.name = ? AND g.value = ?', [name, v])),
      scan: false,
    }
  }
  return {
    seek: `t.seq IN (SELECT task_seq FROM ${table} WHERE name = ? AND ${condition})`,
    probe: `EXISTS (SELECT 1 FROM ${table} p WHERE p.task_seq = t.seq AND p.name = ? AND p.${condition.replace(/ AND value/, ' AND p.value')})`,
    params: [name, ...values],
    count: `SELECT 1 FROM ${table} WHERE name = ? AND ${condition}`,
    walk,
  }
}
