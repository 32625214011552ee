// A CSV file read into an import plan: each row checked against the interface's create rules
// (the shared zod schema CreateTaskItem, the property value checks), with every problem of a row
// named, so the preview can show which rows will be created and why the others will not.
import { idTable } from '../api/id-table'
import type { CreateTaskItem, PropertyType, PropertyValue } from '../api'
import {
  isEmailAddress,
  isHttpUrl,
  MILESTONE_IGNORED_ON_CREATE,
  toCanonicalTimestamp,
} from '../api'
import type { ColumnTarget, ImportField } from './csv-mapping'
import type { ImportPlan, PlanTask } from './import-plan'
import { createItemProblems, lagProblem, planTasks } from './import-plan'
import { boardNotes } from './csv-board-notes'
import type { BoardMilestone } from './csv-milestones'
import { linkMilestones } from './csv-milestones'
import { nestByParent } from './csv-parents'
import type { CsvTable } from './csv-read'
import type { LinkCandidate } from './link-loops'
import { screenLinks } from './link-loops'
import { readListCell } from './list-cells'
import { someOf } from './note-lists'
import { parsePredecessors } from './predecessors'

export type { CsvTable } from './csv-read'
export { CsvError, readCsv } from './csv-read'

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
      return { value: readListCell(text) }
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
  /** Milestones the board has shown: a milestone column may name them by id or key. */
  knownMilestones?: readonly BoardMilestone[]
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
  const refByKey = rowsByKey(table, column('projectKey'), column('key'), plan.notes)
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
    if (cell('tags')) item.tags = readListCell(cell('tags'))
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
      const ignored = MILESTONE_IGNORED_ON_CREATE.some((field) => record[field] !== undefined)
      if (ignored || cell('milestoneId') !== '') milestoneTrimmed++
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

  const milestoneCol = column('milestoneId')
  if (milestoneCol >= 0) {
    const rowById = new Map<string, string>()
    if (idCol >= 0)
      table.rows.forEach((row, i) => {
        const id = row[idCol]!.trim()
        if (id !== '' && !rowById.has(id)) rowById.set(id, String(i + 2))
      })
    linkMilestones(
      plan,
      (task) => table.rows[Number(task.ref) - 2]![milestoneCol]!.trim(),
      (cell) => rowById.get(cell) ?? refByKey.get(cell.toLowerCase()),
      options.knownMilestones ?? [],
    )
  }

  const imported = new Set(planTasks(plan).map((t) => t.ref))
  const candidates: LinkCandidate[] = []
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
      // Forgiving about case, as people type this column: app-1 is the file's APP-1.
      const row = refByKey.get(name.toLowerCase())
      if (row !== undefined && !imported.has(row)) {
        plan.skipped.push({ source: label, reason: `row ${row} (${name}) is not imported` })
        continue
      }
      candidates.push({
        predecessor:
          row !== undefined
            ? { ref: row }
            : { existing: { projectKey: ref.projectKey, key: ref.key } },
        successorRef: String(line),
        lagDays: ref.lagDays,
        label,
        from: row ?? `board:${name}`,
        name,
      })
    }
  }
  // What the board refuses of a new link, known before anything is sent.
  plan.links = screenLinks(candidates, plan.skipped)
  plan.notes.push(
    ...boardNotes(planTasks(plan), {
      knownStatuses: options.knownStatuses,
      knownPeople: options.knownPeople,
      knownProperties: options.propertyTypes && new Set(options.propertyTypes.keys()),
    }),
  )
  if (milestoneTrimmed > 0)
    plan.notes.push(
      `${milestoneTrimmed} milestone row(s) had fields a milestone does not take (start date, ` +
        'assignee, priority, tags, pinned, properties, milestone): those cells are left out.',
    )
  return plan
}

/**
 * Each row's `<projectKey>-<key>` in lower case (predecessors name rows forgiving about case), to
 * its line; a key on several rows goes to the first, and the notes say which.
 */
function rowsByKey(
  table: CsvTable,
  projectCol: number,
  keyCol: number,
  notes: string[],
): Map<string, string> {
  const refByKey = new Map<string, string>()
  if (projectCol < 0 || keyCol < 0) return refByKey
  const lines = new Map<string, { name: string; lines: number[] }>()
  table.rows.forEach((row, i) => {
    const project = row[projectCol]!.trim()
    const key = row[keyCol]!.trim()
    if (project === '' || key === '') return
    const name = `${project}-${key}`
    const seen = lines.get(name.toLowerCase())
    if (seen) seen.lines.push(i + 2)
    else {
      lines.set(name.toLowerCase(), { name, lines: [i + 2] })
      refByKey.set(name.toLowerCase(), String(i + 2))
    }
  })
  const twice = [...lines.values()]
    .filter((key) => key.lines.length > 1)
    .map(({ name, lines }) =>
      lines.length === 2
        ? `rows ${lines[0]} and ${lines[1]} are both ${name}`
        : `rows ${someOf(lines.map(String), ', ', 3)} are all ${name}`,
    )
  if (twice.length > 0)
    notes.push(
      `${someOf(twice, '; ', 10)}: a predecessor or milestone naming such a key is linked to the first of them.`,
    )
  return refByKey
}
