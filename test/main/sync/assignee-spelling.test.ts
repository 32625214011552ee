// The spec does not say whether a service compares `assignedUserEmail` with or without case. Our
// service folds case (and stores e-mails lower case); another may store an e-mail as written and
// match it exactly. The sync must prove what it claims under either: it names each assignee as
// the board spelled it, never lower-cased, so a service that matches exactly still returns every
// task of a bucket. Before, the sync asked `alice@example.com` for tasks assigned to
// `Alice@Example.com`: an exact service answered nothing, the bucket counted as proven, and the
// tasks not already seen were lost without a word in the report.
import { describe, expect, it } from 'vitest'
import type { Task } from '../../../src-shared/api'
import { plainStrategy, smartStrategy, syncBoard } from '../../../src-main/sync'
import { buildTask } from '../../support/task-builder'
import { memoryBoard } from './memory-board'

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
    const result = await syncBoard(memoryBoard(tasks), {
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
