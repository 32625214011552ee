// Which loaded tasks a slice's query would match, read the way the list endpoint reads its
// filters. The planner sizes splits by counting them, and a report about a slice that was never
// asked is only made when at least a page of loaded tasks proves that its page is full.
import type { DayRange, ListTasksFilters, Task } from '../../src-shared/api'
import { dayOf } from './days'

const inRange = (timestamp: string, range: DayRange | undefined) =>
  !range || (timestamp !== '' && dayOf(timestamp) >= range.from && dayOf(timestamp) <= range.to)

const oneOf = (allowed: readonly string[] | undefined, value: string) =>
  !allowed || allowed.includes(value)

export function matchesFilters(task: Task, filters: ListTasksFilters): boolean {
  const { tag } = filters
  return (
    oneOf(filters.projectKey, task.projectKey) &&
    oneOf(filters.status, task.status) &&
    (!filters.assignedUserEmail ||
      (task.assignedUserEmail !== '' &&
        filters.assignedUserEmail.some(
          (e) => e.toLowerCase() === task.assignedUserEmail.toLowerCase(),
        ))) &&
    (!filters.priority || (task.priority !== '' && oneOf(filters.priority, task.priority))) &&
    (!tag || task.tags.some((t) => tag.includes(t))) &&
    (filters.pinToTop === undefined || filters.pinToTop === task.pinToTop) &&
    (filters.type === undefined || filters.type === task.type) &&
    inRange(task.startDate, filters.startDate) &&
    inRange(task.dueDate, filters.dueDate)
  )
}

/** 'undated' slices count only tasks without a due date (see Slice.scope). */
export const inScope = (task: Task, scope: 'all' | 'undated'): boolean =>
  scope === 'all' || task.dueDate === ''
