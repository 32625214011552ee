// A board that answers list queries from memory, for sync tests that need a service unlike ours:
// e-mails matched exactly (as written), the first 100 matches by id, and every query recorded as
// the query string the API client would send.
import { toListQuery } from '../../../src-shared/api'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import type { BoardReader } from '../../../src-main/sync'

const day = (timestamp: string) => timestamp.slice(0, 10)

export function matchesExactly(t: Task, f: ListTasksFilters): boolean {
  return (
    (!f.projectKey || f.projectKey.includes(t.projectKey)) &&
    (!f.status || f.status.includes(t.status)) &&
    (!f.assignedUserEmail || f.assignedUserEmail.includes(t.assignedUserEmail)) &&
    (f.priority === undefined || f.priority === t.priority) &&
    (!f.tag || t.tags.some((tag) => f.tag!.includes(tag))) &&
    (f.pinToTop === undefined || f.pinToTop === t.pinToTop) &&
    (f.type === undefined || f.type === t.type) &&
    (!f.dueDate ||
      (t.dueDate !== '' && day(t.dueDate) >= f.dueDate.from && day(t.dueDate) <= f.dueDate.to)) &&
    (!f.startDate ||
      (t.startDate !== '' &&
        day(t.startDate) >= f.startDate.from &&
        day(t.startDate) <= f.startDate.to))
  )
}

export interface MemoryBoard extends BoardReader {
  /** Each list query sent, as its query string. */
  readonly queries: string[]
}

export function memoryBoard(tasks: readonly Task[]): MemoryBoard {
  const queries: string[] = []
  return {
    queries,
    async listTasks(filters: ListTasksFilters) {
      queries.push(toListQuery(filters).toString())
      return tasks.filter((t) => matchesExactly(t, filters)).slice(0, 100)
    },
    async listDependencies() {
      return []
    },
  }
}
