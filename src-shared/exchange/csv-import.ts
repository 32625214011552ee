// A CSV file read into an import plan: each row checked against the interface's create rules
// (the shared zod schema CreateTaskItem, the property value checks), with every problem of a row
// named, so the preview can show which rows will be created and why the others will not.
import { idTable } from '../api/id-table'
import Papa from 'papaparse'
import type { CreateTaskItem, PropertyType, PropertyValue } from '../api'
import {
  isEmailAddress,
  isHttpUrl,
  MILESTONE_IGNORED_ON_CREATE,
  toCanonicalTimestamp,
} from '../api'
import type { ColumnTarget, ImportField } from './csv-mapping'
import type { ImportPlan, PlanLink, PlanTask } from './import-plan'
import { createItemProblems, lagProblem, planTasks } from './import-plan'
import { nestByParent } from './csv-parents'
import { parsePredecessors } from './predecessors'
import { ESCAPED_CELL } from './csv-export'

export interface CsvTable {
  headers: string[]
  rows: string[][]
}

/** Rows of the file; a leading BOM and blank lines are dropped, short rows padded. */
export function readCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const [headers = [], ...rows] = parsed.data
  return {
    headers: headers.map(unescapeCell),
    rows: rows.map((row) => headers.map((_, i) => unescapeCell(row[i] ?? ''))),
  }
}

/**
 * A cell as written before the export's `'` (csv-export.ts, ESCAPED_CELL), which spreadsheets
 * also use to mark text: `'=A1` is `=A1`, `''x` is `'x`; any other `'` is the cell's own.
 */
function unescapeCell(cell: string): string {
  return cell.startsWith("'") && ESCAPED_CELL.test(cell.slice(1)) ? cell.slice(1) : cell
}

/** What the preview shows for one row: line number (the header is line 1) and its problems. */
export interface RowCheck {
  line: number
  title: string
  problems: string[]
}

export interface CsvPlan extends ImportPlan {
  checks: RowCheck[]
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'x'])
const FALSE = new Set(['false', 'no', 'n', '0', ''])

function readBoolean(cell: string): boolean | undefined {
  const lower = cell.trim().toLowerCase()
  return TRUE.has(lower) ? true : FALSE.has(lower) ? false : undefined
}

const splitList = (cell: string) =>
  cell
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)

/** A property cell as the value its type takes, or a problem in words. */
export function propertyValue(
  cell: string,
  type: PropertyType | undefined,
): { value: PropertyValue } | { problem: string } {
  const text = cell.trim()
  switch (type) {
    case 'Number': {
      const n = Number(text)
      return text !== '' && Number.isFinite(n) ? { value: n } : { problem: 'is not a number' }
    }
    case 'Checkbox':
    case 'Toggle': {
      const b = readBoolean(text)
      return b === undefined ? { problem: 'is not true or false' } : { value: b }
    }
    case 'Multi-Select':
      return { value: splitList(text) }
    case 'Date':
      return toCanonicalTimestamp(text)
        ? { value: text }
        : { problem: 'is not a date (YYYY-MM-DD)' }
    case 'Email':
    case 'Person':
      return isEmailAddress(text) ? { value: text } : { problem: 'is not an e-mail address' }
    case 'URL':
      return isHttpUrl(text) ? { value: text } : { problem: 'is not an http(s) URL' }
    default:
      return { value: cell }
  }
}

export interface CsvPlanOptions {
  /** Types of the board's custom properties (from what the board has shown). */
  propertyTypes?: ReadonlyMap<string, PropertyType>
}

export function planCsv(
  table: CsvTable,
  mapping: readonly ColumnTarget[],
  options: CsvPlanOptions = {},
): CsvPlan {
  const types = options.propertyTypes ?? new Map<string, PropertyType>()
  const plan: CsvPlan = { roots: [], links: [], skipped: [], notes: [], checks: [] }
  const column = (field: ImportField) =>
    mapping.findIndex((t) => t.kind === 'field' && t.field === field)
  const refByKey = new Map<string, string>()
  const projectCol = column('projectKey')
  const keyCol = column('key')
  if (projectCol >= 0 && keyCol >= 0) {
    table.rows.forEach((row, i) => {
      const name = `${row[projectCol]!.trim()}-${row[keyCol]!.trim()}`
      if (!refByKey.has(name)) refByKey.set(name, String(i + 2))
    })
  }
  const pending: { line: number; cell: string }[] = []
  let milestoneTrimmed = 0

  table.rows.forEach((row, i) => {
    const line = i + 2
    const problems: string[] = []
    const cell = (field: ImportField) => {
      const index = column(field)
      return index >= 0 ? row[index]!.trim() : ''
    }
    const item: Omit<CreateTaskItem, 'projectKey'> = {
      title: cell('title'),
      // The planner reads descriptions as markdown (PLANNER_DESCRIPTION_TYPE) and exports them so.
      descriptionType: 'markdown',
      descriptionContent: column('description') >= 0 ? row[column('description')]! : '',
    }
    if (cell('status')) item.status = cell('status')
    if (cell('assignedUserEmail')) item.assignedUserEmail = cell('assignedUserEmail')
    const priority = cell('priority').toLowerCase()
    if (priority) item.priority = priority as CreateTaskItem['priority']
    if (column('pinToTop') >= 0) {
      const pinned = readBoolean(cell('pinToTop'))
      if (pinned === undefined) problems.push(`Pinned: "${cell('pinToTop')}" is not true or false`)
      else if (pinned) item.pinToTop = true
    }
    if (cell('tags')) item.tags = splitList(cell('tags'))
    if (cell('startDate')) item.startDate = cell('startDate')
    if (cell('dueDate')) item.dueDate = cell('dueDate')
    const type = cell('type').toLowerCase()
    if (type === 'milestone') item.type = 'milestone'
    else if (type !== '' && type !== 'task')
      problems.push(`Type: "${cell('type')}" is neither task nor milestone`)
    const properties = idTable<PropertyValue>()
    mapping.forEach((target, index) => {
      if (target.kind !== 'property' || row[index]!.trim() === '') return
      const read = propertyValue(row[index]!, types.get(target.name))
      if ('problem' in read) problems.push(`${target.name}: "${row[index]}" ${read.problem}`)
      else properties[target.name] = read.value
    })
    if (Object.keys(properties).length > 0) item.properties = properties
    if (item.type === 'milestone') {
      const record = item as Record<string, unknown>
      if (MILESTONE_IGNORED_ON_CREATE.some((field) => record[field] !== undefined))
        milestoneTrimmed++
      for (const field of MILESTONE_IGNORED_ON_CREATE) delete record[field]
    }
    // The interface's own rules, before the row's whole batch is refused for it.
    problems.push(...createItemProblems(item))
    const predecessors = cell('predecessors')
    if (predecessors) {
      const parsed = parsePredecessors(predecessors)
      if (!parsed.ok) problems.push(`predecessors: ${parsed.problem}`)
      else pending.push({ line, cell: predecessors })
    }
    plan.checks.push({ line, title: item.title, problems })
    if (problems.length > 0) {
      plan.skipped.push({ source: `row ${line}`, reason: problems.join('; ') })
      return
    }
    const task: PlanTask = { ref: String(line), item, children: [], source: `row ${line}` }
    plan.roots.push(task)
  })

  const idCol = column('id')
  const parentCol = column('parentId')
  if (parentCol >= 0 && idCol < 0)
    plan.notes.push(
      'The Parent column names rows by their row id, and no column is mapped as "Row id (for parents)": every row is imported at the top level.',
    )
  if (idCol >= 0 && parentCol >= 0) {
    const rowOf = (task: PlanTask) => table.rows[Number(task.ref) - 2]!
    nestByParent(
      plan,
      (task) => rowOf(task)[idCol]!.trim(),
      (task) => rowOf(task)[parentCol]!.trim(),
    )
  }

  const imported = new Set(planTasks(plan).map((t) => t.ref))
  for (const { line, cell } of pending) {
    if (!imported.has(String(line))) continue
    const parsed = parsePredecessors(cell)
    if (!parsed.ok) continue
    for (const ref of parsed.refs) {
      const name = `${ref.projectKey}-${ref.key}`
      const label = `${name}${ref.lagDays ? (ref.lagDays > 0 ? '+' : '') + ref.lagDays + 'd' : ''} of row ${line}`
      const lag = lagProblem(ref.lagDays)
      if (lag) {
        plan.skipped.push({ source: label, reason: lag })
        continue
      }
      const row = refByKey.get(name)
      let predecessor: PlanLink['predecessor']
      if (row !== undefined) {
        if (!imported.has(row)) {
          plan.skipped.push({ source: label, reason: `row ${row} (${name}) is not imported` })
          continue
        }
        predecessor = { ref: row }
      } else {
        predecessor = { existing: { projectKey: ref.projectKey, key: ref.key } }
      }
      plan.links.push({ predecessor, successorRef: String(line), lagDays: ref.lagDays, label })
    }
  }
  if (milestoneTrimmed > 0)
    plan.notes.push(
      `${milestoneTrimmed} milestone row(s) had fields a milestone does not take (start date, ` +
        'assignee, priority, tags, pinned, properties): those cells are left out.',
    )
  return plan
}
