// A board with hundreds of statuses (or tags, or assignees): a split by them named every value
// of a bucket in one query, with no bound on its length. Replies of the local board are fine up
// to 16 KiB of request head; other servers refuse far less (414, 431), and the sync failed on
// every refresh. Each value bucket is now kept to a length any server takes, split further
// where it would pass it (more buckets, the same tasks: the split stays complete).
import { describe, expect, it } from 'vitest'
import { formatQuery } from '../../../src-shared/api'
import type { Task } from '../../../src-shared/api'
import { plainStrategy, smartStrategy, syncBoard } from '../../../src-main/sync'
import { MAX_LIST_VALUE_CHARS } from '../../../src-main/sync/splits'
import { buildTask } from '../../support/task-builder'
import { memoryBoard } from './memory-board'

const STATUSES = Array.from(
  { length: 400 },
  (_, i) => `Waiting for the review board number ${String(i).padStart(3, '0')}`,
)

/** 1,200 undated tasks in one project, three in each of 400 long-named statuses. */
const tasks: Task[] = Array.from({ length: 1200 }, (_, i) =>
  buildTask(`t${String(i).padStart(4, '0')}`, {
    key: i + 1,
    projectKey: 'WEB',
    status: STATUSES[i % STATUSES.length]!,
    dueDate: '',
    startDate: '',
  }),
)

describe.each([
  ['plain', plainStrategy],
  ['smart', smartStrategy],
])('a board with 400 long status names (%s strategy)', (_name, strategy) => {
  it('loads every task with no list parameter longer than the cap', async () => {
    const board = memoryBoard(tasks)
    const result = await syncBoard(board, {
      strategy,
      known: { projectKeys: ['WEB'], statuses: STATUSES, complete: true },
    })
    expect(result.tasks).toHaveLength(1200)
    // Measured as the API client sends it (formatQuery: each item percent-encoded, commas kept).
    const longest = Math.max(
      ...board.queries.flatMap((query) =>
        formatQuery(new URLSearchParams(query))
          .split('&')
          .map((pair) => pair.length - pair.indexOf('=') - 1),
      ),
    )
    expect(longest).toBeLessThanOrEqual(MAX_LIST_VALUE_CHARS)
  })
})
