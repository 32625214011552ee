// What the user typed into the Filters panel, and the list filters it means. The panel keeps the
// text as typed (a half-typed list, a date range with one end) and this turns it into the
// interface's ListTasksFilters on each change, with a sentence for every part that cannot be
// read; such a part is left out until it is fixed, the rest still applies.
import { idTable } from '../../src-shared/api/id-table'
import type { ListTasksFilters, PropertyType } from '../../src-shared/api'
import { formatDayRange, PRIORITIES, TASK_TYPES } from '../../src-shared/api'
import type { DayRange, Priority, TaskType } from '../../src-shared/api'
import { parsePropertyFilter } from '../../src-shared/filters'
import type { PropertyTypes } from '../../src-shared/filters'

export interface FilterDraft {
  /** Comma-separated, as the interface writes these four. */
  projectKey: string
  status: string
  assignedUserEmail: string
  tag: string
  priority: '' | Priority
  pinToTop: '' | 'true' | 'false'
  /** `YYYY-MM-DD` or ''; one end alone is that single day. */
  startFrom: string
  startTo: string
  dueFrom: string
  dueTo: string
  type: '' | TaskType
  milestoneId: string
  /**
   * `prop_<Name>` values as typed. A Date property's two ends are kept as `<from>,<to>` with
   * either end possibly empty; a Checkbox's is '', 'true' or 'false'.
   */
  properties: Readonly<Record<string, string>>
}

export type DraftField = Exclude<keyof FilterDraft, 'properties'>

export const EMPTY_DRAFT: FilterDraft = {
  projectKey: '',
  status: '',
  assignedUserEmail: '',
  tag: '',
  priority: '',
  pinToTop: '',
  startFrom: '',
  startTo: '',
  dueFrom: '',
  dueTo: '',
  type: '',
  milestoneId: '',
  properties: {},
}

export interface ReadDraft {
  filters: ListTasksFilters
  /** By field name (`startDate`, `dueDate`, or `prop:<Name>`): why that part is not applied. */
  problems: Record<string, string>
  /** How many filters apply. */
  count: number
}

/** A comma list's items, trimmed, empty ones (a trailing comma while typing) dropped. */
export const items = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

function dayRange(from: string, to: string): DayRange | string | undefined {
  if (from === '' && to === '') return undefined
  const range = { from: from || to, to: to || from }
  try {
    formatDayRange(range)
    return range
  } catch {
    return range.from > range.to
      ? `The range starts (${range.from}) after it ends (${range.to}).`
      : 'Enter dates as YYYY-MM-DD.'
  }
}

export function readDraft(draft: FilterDraft, types: PropertyTypes): ReadDraft {
  const filters: ListTasksFilters = {}
  const problems = idTable<string>()
  for (const field of ['projectKey', 'status', 'assignedUserEmail', 'tag'] as const) {
    const list = items(draft[field])
    if (list.length > 0) filters[field] = list
  }
  if ((PRIORITIES as readonly string[]).includes(draft.priority))
    filters.priority = draft.priority as Priority
  if (draft.pinToTop !== '') filters.pinToTop = draft.pinToTop === 'true'
  for (const [field, from, to] of [
    ['startDate', draft.startFrom, draft.startTo],
    ['dueDate', draft.dueFrom, draft.dueTo],
  ] as const) {
    const range = dayRange(from, to)
    if (typeof range === 'string') problems[field] = range
    else if (range) filters[field] = range
  }
  if ((TASK_TYPES as readonly string[]).includes(draft.type)) filters.type = draft.type as TaskType
  if (draft.milestoneId !== '') filters.milestoneId = draft.milestoneId
  const properties = idTable<string>()
  for (const [name, text] of Object.entries(draft.properties)) {
    const type: PropertyType = types.get(name) ?? 'Text'
    let raw: string
    if (type === 'Date') {
      const [from = '', to = ''] = text.split(',')
      const range = dayRange(from.trim(), to.trim())
      if (typeof range === 'string') {
        problems[`prop:${name}`] = range
        continue
      }
      if (!range) continue
      raw = formatDayRange(range)
    } else {
      raw = items(text).join(',')
    }
    if (raw === '') continue
    const match = parsePropertyFilter({ type }, raw)
    if (typeof match === 'string') problems[`prop:${name}`] = `${name} ${match}.`
    else properties[name] = raw
  }
  if (Object.keys(properties).length > 0) filters.properties = properties
  const count =
    Object.keys(filters).length - (filters.properties ? 1 : 0) + Object.keys(properties).length
  return { filters, problems, count }
}

/** The draft that shows `filters` (a saved view's) in the panel. */
export function draftOf(filters: ListTasksFilters): FilterDraft {
  const list = (values: readonly string[] | undefined) => (values ?? []).join(', ')
  return {
    projectKey: list(filters.projectKey),
    status: list(filters.status),
    assignedUserEmail: list(filters.assignedUserEmail),
    tag: list(filters.tag),
    priority: filters.priority ?? '',
    pinToTop: filters.pinToTop === undefined ? '' : filters.pinToTop ? 'true' : 'false',
    startFrom: filters.startDate?.from ?? '',
    startTo: filters.startDate?.to ?? '',
    dueFrom: filters.dueDate?.from ?? '',
    dueTo: filters.dueDate?.to ?? '',
    type: filters.type ?? '',
    milestoneId: filters.milestoneId ?? '',
    // A Date property's `<from>,<to>` (or one day) reads back into its two ends as it is.
    properties: { ...filters.properties },
  }
}
