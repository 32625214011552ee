// A board that stores "never pinned" as NULL sends `pinToTop: null` for those tasks, and its
// `pinToTop=false` filter (SQL `pin_to_top = false`) returns none of them, nor does `true`. The
// client reads null as false, and the sync took pin as a filter every task has: a split by
// pinned / not pinned left no rest, the short pages counted as proof, and the sync said
// "complete" with a fifth of such tasks never loaded. Through the real API client, over HTTP.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src-main/api'
import { plainStrategy, smartStrategy, syncBoard } from '../../../src-main/sync'
import { parseListQuery } from '../../../src-shared/api'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { buildTask } from '../../support/task-builder'
import { STUB_KEY } from '../api/fixtures'
import { json, startStub } from '../api/stub-server'
import type { StubServer } from '../api/stub-server'
import { matchesExactly } from './memory-board'

const STATUSES = ['To Do', 'Doing', 'Done']

/** As the board stores them: `pinToTop` null for one task in five. */
interface Stored extends Record<string, unknown> {
  id: string
  pinToTop: boolean | null
  type: Task['type'] | null
}

function storedBoard(nullType = false): Stored[] {
  return Array.from({ length: 400 }, (_, i) => {
    const task = buildTask(`t${String(i).padStart(3, '0')}`, {
      key: i + 1,
      status: STATUSES[i % 3]!,
      pinToTop: i % 5 === 1,
    })
    return {
      ...task,
      pinToTop: i % 5 === 0 ? null : task.pinToTop,
      type: nullType && i % 5 === 0 ? null : task.type,
    }
  })
}

/** SQL's three-valued `=`: a NULL matches neither value of the filter. */
function listed(task: Stored, filters: ListTasksFilters): boolean {
  if (filters.pinToTop !== undefined && task.pinToTop !== filters.pinToTop) return false
  if (filters.type !== undefined && task.type !== filters.type) return false
  const { pinToTop: _pin, type: _type, ...rest } = filters
  return matchesExactly(task as unknown as Task, rest)
}

let stub: StubServer
beforeEach(async () => {
  stub = await startStub()
})
afterEach(async () => {
  await stub.close()
})

/** Serves the board; returns the list queries it is asked, as sent. */
function serve(board: readonly Stored[], write: (task: Stored) => unknown = (t) => t): string[] {
  const queries: string[] = []
  stub.otherwise((request, response) => {
    const url = new URL(request.url ?? '', 'http://board.test')
    if (url.pathname === '/api/v1/dependencies') {
      json(200, { success: true, dependencies: [] })(request, response)
      return
    }
    const query = parseListQuery(url.searchParams)
    if (!query.ok) {
      json(400, { error: true, message: query.message })(request, response)
      return
    }
    queries.push(url.search)
    const tasks = board.filter((t) => listed(t, query.filters)).slice(0, 100)
    json(200, { success: true, tasks: tasks.map(write) })(request, response)
  })
  return queries
}

const known = { projectKeys: ['WEB'], statuses: STATUSES, complete: true }

describe.each([
  ['smart', smartStrategy],
  ['plain', plainStrategy],
])(
  'a board whose pin filter returns no task stored with a null pin (%s strategy)',
  (_n, strategy) => {
    it.each([
      ['pinToTop null', false],
      ['pinToTop and type null', true],
    ])('is not reported complete while tasks are missing (%s)', async (_what, nullType) => {
      const board = storedBoard(nullType)
      serve(board)
      const client = new ApiClient({ baseUrl: stub.url, apiKey: STUB_KEY })
      const result = await syncBoard(client, { strategy, known })
      const loaded = new Set(result.tasks.map((t) => t.id))
      const missing = board.filter((t) => !loaded.has(t.id)).map((t) => t.id)
      // "Complete" promises that nothing is missing.
      if (result.coverage.complete) expect(missing).toEqual([])
      // Here the null-pinned tasks differ in no other filter: some cannot be listed at all.
      expect(missing.length).toBeGreaterThan(0)
      expect(result.coverage.complete).toBe(false)
      expect(result.coverage.truncated.map((part) => part.description)).toContainEqual(
        expect.stringContaining('with no pin value'),
      )
    })

    // A split by pin keeps a rest for tasks with no pin value, once a page has shown one.
    it('loads the null-pinned tasks where another filter reaches them', async () => {
      const board = storedBoard().map((t) =>
        t.pinToTop === null ? { ...t, assignedUserEmail: 'nora@example.com' } : t,
      )
      serve(board)
      const client = new ApiClient({ baseUrl: stub.url, apiKey: STUB_KEY })
      const result = await syncBoard(client, { strategy, known })
      const loaded = new Set(result.tasks.map((t) => t.id))
      expect(board.filter((t) => !loaded.has(t.id)).map((t) => t.id)).toEqual([])
      // Still not "complete": tasks with neither a pin value nor an assignee cannot be asked for.
      expect(result.coverage.complete).toBe(false)
    })

    // Go's omitempty leaves `pinToTop: false` out (and older boards the type): that is false and
    // 'task', as the board's filters read them, not a pin or type left unset. Taken as unset, a
    // split by pin or type kept a rest slice, and the sync paid requests for it.
    it('reads a pin or type left out as false and task: the same requests as when sent', async () => {
      // 120 tasks a status, half of them pinned: each status's page is full, and split by pin.
      const board = storedBoard()
        .slice(0, 360)
        .map((t, i) => ({ ...t, pinToTop: i % 2 === 0 }))
      const client = new ApiClient({ baseUrl: stub.url, apiKey: STUB_KEY })
      const sent = serve(board)
      const whenSent = await syncBoard(client, { strategy, known })
      const omitted = serve(board, ({ pinToTop, type, ...rest }) => ({
        ...rest,
        ...(pinToTop ? { pinToTop } : {}),
        ...(type === 'task' ? {} : { type }),
      }))
      const whenOmitted = await syncBoard(client, { strategy, known })
      expect(whenSent.coverage).toMatchObject({ complete: true, knownTasks: 360 })
      // The board was split by pin (a rest slice for unset pins would add requests).
      expect(sent.some((q) => q.includes('pinToTop='))).toBe(true)
      // (Sorted: over HTTP, replies to the requests in flight may come in any order.)
      expect([...omitted].sort()).toEqual([...sent].sort())
      expect(whenOmitted.coverage).toEqual(whenSent.coverage)
      expect(whenOmitted.tasks).toEqual(whenSent.tasks)
    })
  },
)
