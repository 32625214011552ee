// CSV of the tasks in view: every field of the interface's Task, one `prop_<Name>` column per
// custom property (the interface's own filter prefix), and `predecessors` (`APP-3+2d; APP-4`).
// The header row uses the interface's field names, so an exported file re-imports with every
// column guessed right. papaparse does the quoting (commas, quotes, line breaks in titles);
// cell-guard.ts keeps spreadsheets from running any cell as a formula.
import { entryOf } from '../api/id-table'
import Papa from 'papaparse'
import type { Dependency, Task } from '../api'
import { guardCell } from './cell-guard'
import { listCell } from './list-cells'
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

/** A property value as text: lists as list-cells.ts writes them, booleans and numbers as JSON. */
export function cellOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (Array.isArray(value)) return listCell(value.map((v) => cellOf(v)))
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
 * The file's text: CRLF line ends (RFC 4180, what spreadsheets expect). A cell holding a `;` is
 * quoted too, which keeps it whole in a spreadsheet whose list separator is `;`.
 */
export function tasksCsv(tasks: readonly Task[], dependencies: readonly Dependency[]): string {
  const rows = csvRows(tasks, dependencies).map((row) => row.map(guardCell))
  return Papa.unparse(rows, { newline: '\r\n', quotes: (value) => String(value).includes(';') })
}
