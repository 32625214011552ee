// The truth the sync engine is checked against, read straight from the database and computed
// here independently of the engine: which tasks a board has, which filters match them, and
// which of them any list query can return at all.
import type { Db } from '../../../src-server'
import { parseListQuery } from '../../../src-shared/api'
import type { DayRange, ListTasksFilters } from '../../../src-shared/api'

export interface Row {
  id: string
  seq: number
  type: string
  pin: boolean
  project: string
  status: string
  /** Canonical UTC timestamps, '' when absent. */
  due: string
  start: string
  assignee: string
  priority: string
  tags: string[]
}

type RawRow = [
  number,
  string,
  string,
  number,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
]

export function boardRows(db: Db, boardId: number): Row[] {
  const raw = db
    .prepare(
      `SELECT seq, id, type, pin_to_top, project_key, status, due_date, start_date, assignee,
              priority, tags_json FROM tasks WHERE board_id = ? ORDER BY seq`,
    )
    .raw(true)
    .all(boardId) as RawRow[]
  return raw.map(([seq, id, type, pin, project, status, due, start, assignee, priority, tags]) => ({
    ...{ seq, id, type, pin: pin === 1, project, status, due, start, assignee, priority },
    tags: JSON.parse(tags) as string[],
  }))
}

const day = (timestamp: string) => timestamp.slice(0, 10)
const inRange = (timestamp: string, range: DayRange) =>
  timestamp !== '' && day(timestamp) >= range.from && day(timestamp) <= range.to

/** Whether the list endpoint's filters (those the engine uses) match a row. */
export function matches(row: Row, filters: ListTasksFilters): boolean {
  const { projectKey, status, assignedUserEmail, priority, tag } = filters
  if (filters.milestoneId !== undefined || filters.properties) throw new Error('not modelled')
  return (
    (!projectKey || projectKey.includes(row.project)) &&
    (!status || status.includes(row.status)) &&
    (!assignedUserEmail || assignedUserEmail.map((e) => e.toLowerCase()).includes(row.assignee)) &&
    (priority === undefined || priority === row.priority) &&
    (!tag || row.tags.some((t) => tag.includes(t))) &&
    (filters.pinToTop === undefined || filters.pinToTop === row.pin) &&
    (filters.type === undefined || filters.type === row.type) &&
    (!filters.startDate || inRange(row.start, filters.startDate)) &&
    (!filters.dueDate || inRange(row.due, filters.dueDate))
  )
}

export function filtersOf(query: string): ListTasksFilters {
  const parsed = parseListQuery(new URLSearchParams(query))
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.filters
}

export const matchesQuery = (row: Row, query: string): boolean => matches(row, filtersOf(query))

/**
 * Ids of the tasks a sync can prove it loaded, whatever the list order: those whose narrowest
 * query returns fewer than 100 tasks. The narrowest query around a task pins type, pinToTop,
 * project and status to its values, and due day, start day, assignee, priority and one of its
 * tags where it has them (an empty field cannot be asked for, so it stays open). Any other query
 * that matches the task matches a superset of one of these.
 */
export function provableIds(rows: readonly Row[]): Set<string> {
  const cells = new Map<string, Row[]>()
  for (const row of rows) {
    const cell = `${row.type}|${row.pin}|${row.project}|${row.status}`
    cells.set(cell, [...(cells.get(cell) ?? []), row])
  }
  const provable = new Set<string>()
  for (const cell of cells.values()) {
    if (cell.length < 100) {
      for (const row of cell) provable.add(row.id)
      continue
    }
    for (const t of cell) {
      const fits = (u: Row, tag: string | undefined) =>
        (t.due === '' || day(u.due) === day(t.due)) &&
        (t.start === '' || day(u.start) === day(t.start)) &&
        (t.assignee === '' || u.assignee === t.assignee) &&
        (t.priority === '' || u.priority === t.priority) &&
        (tag === undefined || u.tags.includes(tag))
      const choices = t.tags.length > 0 ? t.tags : [undefined]
      if (choices.some((tag) => cell.filter((u) => fits(u, tag)).length < 100)) {
        provable.add(t.id)
      }
    }
  }
  return provable
}
