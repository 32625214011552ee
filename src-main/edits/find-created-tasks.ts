// The service does not return the tasks a create made. Afterwards (or when a create's outcome is
// unknown) we look for them with a list query as narrow as the item allows, and match on title,
// creator and creation time, ignoring tasks we already knew. A create is never sent again: an
// item we cannot find is reported as unknown for the user to check.
import { canBeListed, toCanonicalTimestamp } from '../../src-shared/api'
import type { CreateTaskItem, ListTasksFilters, Task } from '../../src-shared/api'
import type { CreateTasksResult } from '../../src-shared/ipc'
import { isAtOrAfter } from '../../src-shared/schedule/days'

export interface TaskLister {
  listTasks(filters: ListTasksFilters): Promise<Task[]>
}

export interface FindOptions {
  /** Tasks that existed before the create (by id): never mistaken for new ones. */
  knownIds: ReadonlySet<string>
  /** Earliest plausible createdAt (the request's start, less an allowance for clock skew). */
  since: string
}

/** The UTC day the service files a date under (what its date filters match). */
const day = (date: string | undefined) =>
  date ? toCanonicalTimestamp(date)?.slice(0, 10) : undefined

/** The narrowest filters an item's own fields allow. */
export function filtersFor(item: CreateTaskItem): ListTasksFilters {
  const milestone = item.type === 'milestone'
  // Values a list filter cannot name (a comma in them) are left out: a wider query, not a
  // failed one (the tasks were created; failing here reported them as not created).
  const filters: ListTasksFilters = { type: item.type ?? 'task' }
  if (canBeListed(item.projectKey)) filters.projectKey = [item.projectKey]
  if (item.status && canBeListed(item.status)) filters.status = [item.status]
  const due = day(item.dueDate)
  if (due) filters.dueDate = { from: due, to: due }
  if (milestone) return filters
  const start = day(item.startDate)
  if (start) filters.startDate = { from: start, to: start }
  if (item.assignedUserEmail && canBeListed(item.assignedUserEmail))
    filters.assignedUserEmail = [item.assignedUserEmail]
  if (item.priority) filters.priority = item.priority
  if (item.pinToTop !== undefined) filters.pinToTop = item.pinToTop
  const tag = item.tags?.find(canBeListed)
  if (tag) filters.tag = [tag]
  return filters
}

export async function findCreatedTasks(
  lister: TaskLister,
  items: readonly CreateTaskItem[],
  options: FindOptions,
): Promise<CreateTasksResult> {
  const claimed = new Set<string>()
  const result: CreateTasksResult = { created: [], unknown: [] }
  // The tasks exist: a look-up that fails (the board busy or gone after answering the create)
  // leaves them "unknown", never "not created", or the user would make them again. After one
  // failure the rest are not looked for: each would wait out the same retries.
  let reachable = true
  for (const [index, item] of items.entries()) {
    let listed: Task[] = []
    if (reachable) {
      try {
        listed = await lister.listTasks(filtersFor(item))
      } catch {
        reachable = false
      }
    }
    const candidates = listed
      .filter(
        (task) =>
          // Trimmed: a board may trim the titles it stores (the item is sent as typed).
          task.title.trim() === item.title.trim() &&
          task.parentId === '' &&
          isAtOrAfter(task.createdAt, options.since) &&
          !options.knownIds.has(task.id) &&
          !claimed.has(task.id),
      )
      // Keys grow with creation, so the earliest unclaimed match belongs to the earliest item.
      .sort((a, b) => a.key - b.key)
    const match = candidates[0]
    if (match) {
      claimed.add(match.id)
      result.created.push({
        index,
        id: match.id,
        projectKey: match.projectKey,
        key: match.key,
        task: match,
      })
    } else {
      result.unknown.push({ index, title: item.title })
    }
  }
  return result
}
