// Small boards for the scheduling tests: tasks by day (`YYYY-MM-DD`, stored as the service stores
// a date: midnight UTC) and dependencies by id.
import type { DependencyLink, ScheduleTask } from '../../../src-shared/schedule'

export function task(
  id: string,
  startDate: string,
  dueDate: string,
  extra: Partial<ScheduleTask> = {},
): ScheduleTask {
  return {
    id,
    type: 'task',
    startDate: startDate && (startDate.length === 10 ? `${startDate}T00:00:00.000Z` : startDate),
    dueDate: dueDate && (dueDate.length === 10 ? `${dueDate}T00:00:00.000Z` : dueDate),
    endedAt: '',
    milestoneId: '',
    ...extra,
  }
}

export function milestone(id: string, dueDate: string, extra: Partial<ScheduleTask> = {}) {
  return task(id, '', dueDate, { type: 'milestone', ...extra })
}

export function dep(predecessorId: string, successorId: string, lagDays = 0): DependencyLink {
  return { id: `${predecessorId}>${successorId}`, predecessorId, successorId, lagDays }
}
