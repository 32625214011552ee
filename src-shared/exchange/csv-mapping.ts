// Which field each column of a CSV file goes to, guessed from its header. The guesses cover the
// planner's own export (the interface's field names) and the words spreadsheets and other tools
// use ("Name", "Start", "Finish", "Assignee"...); the user corrects any of them in the wizard.
import { PREDECESSORS_COLUMN, PROPERTY_PREFIX } from './csv-export'

/** Fields a column can fill. `key` only names rows for the predecessor column (APP-3). */
export const IMPORT_FIELDS = [
  'title',
  'description',
  'status',
  'assignedUserEmail',
  'priority',
  'pinToTop',
  'tags',
  'startDate',
  'dueDate',
  'type',
  'projectKey',
  'key',
  'predecessors',
  'id',
  'parentId',
  'milestoneId',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** A column's target: a field, a custom property, or nothing. */
export type ColumnTarget =
  { kind: 'field'; field: ImportField } | { kind: 'property'; name: string } | { kind: 'ignore' }

export const FIELD_LABELS: Readonly<Record<ImportField, string>> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  assignedUserEmail: 'Assignee e-mail',
  priority: 'Priority',
  pinToTop: 'Pinned',
  tags: 'Tags',
  startDate: 'Start date',
  dueDate: 'Due date',
  type: 'Type (task or milestone)',
  projectKey: 'Project key (for predecessors)',
  key: 'Key (for predecessors)',
  predecessors: 'Predecessors (APP-3+2d)',
  id: 'Row id (for parents)',
  parentId: 'Parent (the row id of another row)',
  milestoneId: 'Milestone (a row id, a key such as APP-5, or the board’s id)',
}

// Headers compared in lower case with spaces, dashes and underscores removed.
const SYNONYMS: Readonly<Record<ImportField, readonly string[]>> = {
  title: ['title', 'name', 'taskname', 'task', 'summary', 'subject'],
  description: ['description', 'notes', 'note', 'details', 'body'],
  status: ['status', 'state'],
  assignedUserEmail: ['assigneduseremail', 'assignee', 'assignedto', 'owner', 'email', 'resource'],
  priority: ['priority'],
  pinToTop: ['pintotop', 'pinned', 'pin'],
  tags: ['tags', 'tag', 'labels', 'label'],
  startDate: ['startdate', 'start', 'begin', 'startson'],
  dueDate: ['duedate', 'due', 'finish', 'finishdate', 'end', 'enddate', 'deadline'],
  type: ['type', 'kind', 'tasktype'],
  projectKey: ['projectkey', 'project'],
  key: ['key', 'tasknumber', 'number'],
  predecessors: [PREDECESSORS_COLUMN, 'predecessor', 'dependson', 'dependencies'],
  id: ['id', 'taskid', 'rowid'],
  parentId: ['parentid', 'parent', 'parenttask'],
  // Not "milestone": other tools write a yes/no column of that name (which task is one).
  milestoneId: ['milestoneid'],
}

const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '')

/**
 * One target per header. A header is used once: the first column that matches a field gets it.
 * `prop_<Name>` and a header equal to a known property name (any case) map to that property.
 */
export function guessMapping(
  headers: readonly string[],
  knownProperties: readonly string[] = [],
): ColumnTarget[] {
  const taken = new Set<string>()
  const byLower = new Map(knownProperties.map((name) => [name.toLowerCase(), name]))
  return headers.map((header): ColumnTarget => {
    const trimmed = header.trim()
    if (trimmed.startsWith(PROPERTY_PREFIX) && trimmed.length > PROPERTY_PREFIX.length) {
      return { kind: 'property', name: trimmed.slice(PROPERTY_PREFIX.length) }
    }
    const squashed = squash(trimmed)
    const property = byLower.get(trimmed.toLowerCase())
    const field = IMPORT_FIELDS.find((f) => !taken.has(f) && SYNONYMS[f].includes(squashed))
    // The board's own property of that name wins over the row-linking columns (an "ID" or
    // "Parent" property holds values to keep, not rows to nest).
    if (field && !(property && (field === 'id' || field === 'parentId'))) {
      taken.add(field)
      return { kind: 'field', field }
    }
    return property ? { kind: 'property', name: property } : { kind: 'ignore' }
  })
}
