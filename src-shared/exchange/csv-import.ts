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
import { loopClosers } from './link-loops'
import { parsePredecessors } from './predecessors'
import { ESCAPED_CELL } from './csv-export'

/** How the notes name an import's batches (import-run.ts sends 50 tasks a request). */
const IMPORT_BATCH_NOTE = 'up to 50 a request'

export interface CsvTable {
  headers: string[]
  rows: string[][]
  /**
   * Cells each row had, up to its last one with text (trailing empty cells, which spreadsheets
   * write, do not count): a row with more than the header has lost a cell to a comma nobody
   * quoted, and is not read as if it fitted.
   */
  widths: number[]
}

/** A file whose quotes do not close: read on, its rest would be one cell. */
export class CsvError extends Error {}

/**
 * Rows of the file; a leading BOM and blank lines are dropped, short rows padded. A first line
 * `sep=;` (Excel writes it) names the separator; otherwise it is guessed.
 */
export function readCsv(text: string): CsvTable {
  let body = text.replace(/^\uFEFF/, '')
  const sep = /^sep=([^\r\n])[ \t]*(?:\r\n|\n|\r|$)/i.exec(body)
  if (sep) body = body.slice(sep[0].length)
  const parsed = Papa.parse<string[]>(body, {
    skipEmptyLines: 'greedy',
    ...(sep ? { delimiter: sep[1] } : {}),
  })
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes')
  if (unclosed)
    throw new CsvError(
      `Row ${(unclosed.row ?? 0) + 1} of the file opens a quote (") that is never closed, so ` +
        'everything after it would read as one cell. Close it (a quote meant as text is written ' +
        'twice: "") and pick the file again.',
    )
  const [headers = [], ...rows] = parsed.data
  const width = (row: string[]) => {
    let n = row.length
    while (n > 0 && (row[n - 1] ?? '').trim() === '') n--
    return n
  }
  return {
    headers: headers.map(unescapeCell),
    rows: rows.map((row) => headers.map((_, i) => unescapeCell(row[i] ?? ''))),
    widths: rows.map(width),
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
  /**
   * Statuses and people (e-mails) the board has shown. The interface lists neither, so a value
   * outside them is not refused here (the board may hold it unused), only named in the notes:
   * the board refuses an unknown status or a non-member, and with the row its whole batch.
   */
  knownStatuses?: readonly string[]
  knownPeople?: readonly string[]
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
    const twice: string[] = []
    table.rows.forEach((row, i) => {
      const project = row[projectCol]!.trim()
      const key = row[keyCol]!.trim()
      if (project === '' || key === '') return
      const name = `${project}-${key}`
      const first = refByKey.get(name)
      if (first === undefined) refByKey.set(name, String(i + 2))
      else twice.push(`rows ${first} and ${i + 2} are both ${name}`)
    })
    if (twice.length > 0)
      plan.notes.push(
        `${twice.join('; ')}: a predecessor naming such a key is linked to the first of them.`,
      )
  }
  const pending: { line: number; cell: string }[] = []
  let milestoneTrimmed = 0

  table.rows.forEach((row, i) => {
    const line = i + 2
    const problems: string[] = []
    const cells = table.widths[i] ?? 0
    if (cells > table.headers.length)
      problems.push(
        `the row has ${cells} cells where the header has ${table.headers.length} (a comma in a cell that is not in quotes?)`,
      )
    const cell = (field: ImportField) => {
      const index = column(field)
      return index >= 0 ? row[index]!.trim() : ''
    }
    // A title as written: the board keeps spaces at its ends, and the export writes them, so
    // trimmed here a board's titles did not read back exactly. (A blank one is still refused.)
    const titleCol = column('title')
    const item: Omit<CreateTaskItem, 'projectKey'> = {
      title: titleCol >= 0 ? row[titleCol]! : '',
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
    plan.checks.push({ line, title: item.title, problems })
    if (problems.length > 0) {
      plan.skipped.push({ source: `row ${line}`, reason: problems.join('; ') })
      return
    }
    // A cell it cannot read (another tool's "2FS+1 day") costs the row its links, not the row.
    const predecessors = cell('predecessors')
    if (predecessors) {
      const parsed = parsePredecessors(predecessors)
      if (!parsed.ok)
        plan.skipped.push({ source: `predecessors of row ${line}`, reason: parsed.problem })
      else pending.push({ line, cell: predecessors })
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
  // What the board refuses of a new link, known before anything is sent: one on a task itself
  // (SELF_REFERENCE), one a row already has (DUPLICATE), one closing a loop (CYCLE_DETECTED).
  const candidates: (PlanLink & { from: string; name: string })[] = []
  const made = new Set<string>()
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
      const from = row ?? `board:${name}`
      if (from === String(line)) {
        plan.skipped.push({ source: label, reason: 'a task cannot depend on itself' })
        continue
      }
      if (made.has(`${from}>${line}`)) {
        plan.skipped.push({ source: label, reason: `the row already depends on ${name}` })
        continue
      }
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
      made.add(`${from}>${line}`)
      candidates.push({
        predecessor,
        successorRef: String(line),
        lagDays: ref.lagDays,
        label,
        from,
        name,
      })
    }
  }
  const closing = loopClosers(candidates.map((c) => [c.from, c.successorRef]))
  candidates.forEach(({ from: _from, name, ...link }, i) => {
    if (closing.has(i))
      plan.skipped.push({
        source: link.label,
        reason: `it would make a loop of dependencies through ${name}`,
      })
    else plan.links.push(link)
  })
  const unseen = (field: 'status' | 'assignedUserEmail', known: readonly string[] | undefined) => {
    if (!known || known.length === 0) return []
    const lower = new Set(known.map((v) => v.toLowerCase()))
    const rows = new Map<string, number[]>()
    for (const task of planTasks(plan)) {
      const value = task.item[field]
      if (value === undefined || lower.has(value.toLowerCase())) continue
      rows.set(value, [...(rows.get(value) ?? []), Number(task.ref)])
    }
    return [...rows].map(([value, lines]) => {
      const where = lines.length > 3 ? `${lines.length} rows` : `row ${lines.join(', ')}`
      return `"${value}" (${where})`
    })
  }
  const statuses = unseen('status', options.knownStatuses)
  const people = unseen('assignedUserEmail', options.knownPeople)
  if (statuses.length + people.length > 0)
    plan.notes.push(
      'Not seen on this board: ' +
        [
          statuses.length > 0 ? `status ${statuses.join(', ')}` : '',
          people.length > 0 ? `assignee ${people.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; ') +
        `. The board refuses a status it does not have and an assignee who is not a member, and with such a row the other rows sent with it (${IMPORT_BATCH_NOTE}); map that column to "Skip" or correct the file if these are not the board's.`,
    )
  if (milestoneTrimmed > 0)
    plan.notes.push(
      `${milestoneTrimmed} milestone row(s) had fields a milestone does not take (start date, ` +
        'assignee, priority, tags, pinned, properties): those cells are left out.',
    )
  return plan
}
