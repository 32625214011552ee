// A short reply that left out a task its parent's page showed it should hold (slice.ts, leftOut)
// proves nothing only if the board still holds that task as it was: a task moved (To Do to Done,
// by another user or by the planner's own edit) or deleted while the sync ran is left out by a
// conforming board too, and no later reply need list it again. So before the sync says "the
// board's answers disagree", it asks about each such task once more, by a narrow query built
// from its own values with the filters boards get right if they get any right (project, status
// and its due day; project and status for an undated task): a task still listed there, with the
// same updatedAt, is one the suspect query should have returned and did not.
import { canBeListed, isCalendarDate, toListQuery } from '../../src-shared/api'
import type { ListTasksFilters, Task } from '../../src-shared/api'
import { dayOfTaskDate } from '../../src-shared/schedule/days'
import type { BoardKnowledge } from './board-knowledge'
import { dayOf } from './days'
import { reportDisagreement } from './report'
import type { Reported } from './report'
import type { Slice } from './slice'
import { runPool } from './work-pool'

/** A reply under 100 that lacks tasks its query should return (judged once the sync is done). */
export interface Suspect {
  slice: Slice
  returned: number
  /** As its parent's page showed them. */
  unlisted: Task[]
}

export const RECHECK = {
  /** Narrow queries asked at most; suspects past them are reported as not checked. */
  requests: 20,
  /** Narrow queries in flight at once, at most. */
  concurrency: 4,
} as const

/**
 * The narrow query that should return `task` as the sync saw it: its project, its status and its
 * due day (written or UTC: the spec does not say which a filter reads), each only where a list
 * filter can name it.
 */
export function narrowQueryOf(task: Task): ListTasksFilters {
  const filters: ListTasksFilters = {}
  if (canBeListed(task.projectKey)) filters.projectKey = [task.projectKey]
  if (canBeListed(task.status)) filters.status = [task.status]
  if (task.dueDate !== '') {
    const days = [dayOf(task.dueDate), dayOfTaskDate(task.dueDate)].sort()
    const [from, to] = days as [string, string]
    if (isCalendarDate(from) && isCalendarDate(to)) filters.dueDate = { from, to }
  }
  return filters
}

interface Recheck {
  filters: ListTasksFilters
  /** Its reply, once asked (none when the request failed: its tasks are reported unchecked). */
  page?: Task[]
  failed?: boolean
}

/**
 * The suspects' entries: each reply under 100 that left out tasks the board still lists
 * unchanged, or tasks past the RECHECK cap (not checked). Tasks read again with another
 * updatedAt during the sync are excused without a request. `ask` sends a list request (and
 * counts it); each reply is added to the board as any other.
 */
export async function recheckSuspects(
  suspects: readonly Suspect[],
  board: BoardKnowledge,
  ask: (filters: ListTasksFilters) => Promise<Task[]>,
  options: { concurrency: number; signal?: AbortSignal | undefined },
): Promise<Reported[]> {
  const pending = suspects.map((suspect) => ({
    ...suspect,
    unlisted: suspect.unlisted.filter((task) => !board.changedDuringSync(task.id)),
  }))
  // One request per distinct narrow query, in the order the suspects came.
  const byQuery = new Map<string, Recheck>()
  const queryOfTask = new Map<Task, string>()
  for (const { unlisted } of pending) {
    for (const task of unlisted) {
      const filters = narrowQueryOf(task)
      const query = toListQuery(filters).toString()
      queryOfTask.set(task, query)
      if (!byQuery.has(query)) byQuery.set(query, { filters })
    }
  }
  const asked = [...byQuery.values()].slice(0, RECHECK.requests)
  if (asked.length > 0) {
    await runPool<Recheck, Task>({
      initial: asked,
      concurrency: Math.min(RECHECK.concurrency, options.concurrency),
      signal: options.signal,
      cached: () => undefined,
      // Every page is loaded by now: one narrow query the board refuses (or a 5xx past the
      // reader's retries) leaves its tasks unchecked, said as such, not the whole sync failed.
      fetch: (recheck) =>
        ask(recheck.filters).catch((error: unknown) => {
          if (options.signal?.aborted) throw error
          recheck.failed = true
          return []
        }),
      handle: (recheck, page) => {
        if (recheck.failed) return []
        board.add(page)
        recheck.page = page
        return []
      },
      whenIdle: () => [],
      onPage: () => undefined,
    })
  }
  return pending.flatMap(({ slice, returned, unlisted }) => {
    const still: Task[] = []
    const unchecked: Task[] = []
    for (const task of unlisted) {
      const page = byQuery.get(queryOfTask.get(task) as string)?.page
      if (!page) unchecked.push(task)
      else if (stillListed(task, page)) still.push(task)
    }
    return still.length + unchecked.length === 0
      ? []
      : [reportDisagreement(slice, still, unchecked, returned)]
  })
}

/**
 * Whether the narrow reply lists the task unchanged: then the suspect query should have
 * returned it. Not there, or there with another updatedAt: it moved or went while the sync ran
 * (a conforming board's answer), and is excused.
 */
function stillListed(task: Task, page: readonly Task[]): boolean {
  const listed = page.find((t) => t.id === task.id)
  // A reply of 100 without it is inconclusive (it may be a match the page did not show, on a
  // crowded day of its project and status): excused as well, since a disagreement is said only
  // where the board shows one.
  if (!listed) return false
  return listed.updatedAt === task.updatedAt
}
