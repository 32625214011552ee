// Status at a glance (issue 13, item 6): the classes that say a bar's status category, beside the
// priority colour. Categories follow docs/scheduling.md: a task is done when endedAt is set
// (whatever its status name: boards name their statuses freely), started when startedAt is set,
// and overdue when it is not done and its due has passed (now at or after the bar's end, which
// for a date-only due is the midnight after the due day).
import type { Task } from '../../../src-shared/api'

export type StatusCategory = 'done' | 'started' | 'open'

export function statusCategory(task: Pick<Task, 'startedAt' | 'endedAt'>): StatusCategory {
  if (task.endedAt) return 'done'
  if (task.startedAt) return 'started'
  return 'open'
}

/** `endMs`: where the bar ends (its finish instant), undefined for a bar with no due. */
export function statusClasses(
  task: Pick<Task, 'startedAt' | 'endedAt' | 'dueDate'>,
  endMs: number | undefined,
  now: number | undefined,
): string[] {
  const category = statusCategory(task)
  const classes = category === 'open' ? [] : [`status-${category}`]
  if (category !== 'done' && task.dueDate && endMs !== undefined && now !== undefined) {
    if (now >= endMs) classes.push('overdue')
  }
  return classes
}
