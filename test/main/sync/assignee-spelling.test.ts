// The spec does not say whether a service compares `assignedUserEmail` with or without case. Our
// service folds case (and stores e-mails lower case); another may store an e-mail as written and
// match it exactly. The sync must prove what it claims under either: it names each assignee as
// the board spelled it, never lower-cased, so a service that matches exactly still returns every
// task of a bucket. Before, the sync asked `alice@example.com` for tasks assigned to
// `Alice@Example.com`: an exact service answered nothing, the bucket counted as proven, and the
// tasks not already seen were lost without a word in the report.
import { describe, expect, it } from 'vitest'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { plainStrategy, smartStrategy, syncBoard } from '../../../src-main/sync'
import type { BoardReader } from '../../../src-main/sync'
import { buildTask } from '../../support/task-builder'

const day = (timestamp: string) => timestamp.slice(0, 10)

/** A board that answers list queries from memory, matching e-mails exactly, first 100 by id. */
function exactCaseBoard(tasks: readonly Task[]): BoardReader & { queries: number } {
  const matches = (t: Task, f: ListTasksFilters) =>
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
  const board = {
    queries: 0,
    async listTasks(filters: ListTasksFilters) {
      board.queries += 1
      return tasks.filter((t) => matches(t, filters)).slice(0, 100)
    },
    async listDependencies() {
      return []
    },
  }
  return board
}

/** 270 undated tasks in one project and status: only their assignees part them. */
function board(): Task[] {
  const spellings = ['Alice@Example.com', 'bob@example.com', 'Carol.Jones@Example.COM']
  return Array.from({ length: 270 }, (_, i) =>
    buildTask(`t${String(i).padStart(3, '0')}`, {
      key: i + 1,
      projectKey: 'WEB',
      status: 'Todo',
      startDate: '',
      dueDate: '',
      priority: '',
      tags: [],
      assignedUserEmail: spellings[i % 3]!,
    }),
  )
}

describe.each([
  ['plain', plainStrategy],
  ['smart', smartStrategy],
])('a service that matches assignees exactly (%s strategy)', (_name, strategy) => {
  it('returns every task, each assignee asked as the board spelled it', async () => {
    const tasks = board()
    const result = await syncBoard(exactCaseBoard(tasks), {
      strategy,
      known: { projectKeys: ['WEB'], statuses: ['Todo'], complete: true },
    })
    expect(result.tasks.map((t) => t.id).sort()).toEqual(tasks.map((t) => t.id))
    // What stays unproven is only what no query can name: tasks with no assignee.
    expect(result.coverage.truncated.map((part) => part.description)).toEqual([
      expect.stringContaining('with no assignee'),
    ])
  })
})
