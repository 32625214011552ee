// CSV of the tasks in view: every field of the interface's Task, one `prop_<Name>` column per
// custom property (the interface's own filter prefix), and `predecessors` (`APP-3+2d; APP-4`).
// The header row uses the interface's field names, so an exported file re-imports with every
// column guessed right. papaparse does the quoting (commas, quotes, line breaks in titles).
import { entryOf } from '../api/id-table'
import Papa from 'papaparse'
import type { Dependency, Task } from '../api'
import { predecessorCells } from './predecessors'

/** The Task fields of the interface, in its order. */
export const TASK_FIELDS = [
  'id',
  'parentId',
  'projectKey',
  'key',
  'title',
  'description',
  'coverImageUrl',
  'assignedUserEmail',
  'startDate',
  'dueDate',
  'status',
  'tags',
  'pinToTop',
  'priority',
  'type',
  'milestoneId',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  'startedAt',
  'startedBy',
  'endedAt',
  'endedBy',
] as const satisfies readonly (keyof Task)[]

export const PROPERTY_PREFIX = 'prop_'
export const PREDECESSORS_COLUMN = 'predecessors'
/** Tags and multi-select values in one cell. */
export const LIST_SEPARATOR = '; '

/** A property value as text: lists joined, booleans and numbers as JSON writes them. */
export function cellOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (Array.isArray(value)) return value.map((v) => cellOf(v)).join(LIST_SEPARATOR)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Property names used by these tasks, sorted (code-unit order: the same on every machine). */
export function propertyNames(tasks: readonly Task[]): string[] {
  const names = new Set<string>()
  for (const task of tasks) for (const name of Object.keys(task.properties)) names.add(name)
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

export function csvRows(tasks: readonly Task[], dependencies: readonly Dependency[]): string[][] {
  const properties = propertyNames(tasks)
  const header = [
    ...TASK_FIELDS,
    ...properties.map((name) => PROPERTY_PREFIX + name),
    PREDECESSORS_COLUMN,
  ]
  const predecessorsOf = predecessorCells(dependencies)
  const rows = tasks.map((task) => [
    ...TASK_FIELDS.map((field) => cellOf(task[field])),
    ...properties.map((name) => cellOf(entryOf(task.properties, name))),
    predecessorsOf(task.id),
  ])
  return [header, ...rows]
}

/**
 * Cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first), and cells that
 * start with the `'` that marks the others: each is written with a `'` before it (OWASP's advice
 * against CSV injection), and `readCsv` takes exactly that one `'` off again, so a board's
 * values still read back the same. A title is anyone's text.
 */
export const ESCAPED_CELL = /^[=+\-@\t\r']/

/** The file's text: CRLF line ends (RFC 4180, what spreadsheets expect). */
export function tasksCsv(tasks: readonly Task[], dependencies: readonly Dependency[]): string {
  return Papa.unparse(csvRows(tasks, dependencies), {
    newline: '\r\n',
    escapeFormulae: ESCAPED_CELL,
  })
}
