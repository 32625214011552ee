// The spec says a list answers "at most 100" tasks. A service that answers fewer (50 a page) made
// every reply look complete: the sync loaded 50 of 120 tasks and called the board complete. No
// order-proof test can tell such a page from a whole answer, but the board's dependencies (one
// request, every dependency) name tasks too: one that names a task no list returned shows that
// tasks are missing, and the report says so instead of "complete".
import { describe, expect, it } from 'vitest'
import { syncBoard } from '../../../src-main/sync'
import type { Dependency, ListTasksFilters } from '../../../src-shared/api'
import { compileFilters } from '../../../src-shared/filters/task-matches'
import { sampleDependency, sampleTask } from '../api/fixtures'

const board = Array.from({ length: 120 }, (_, i) =>
  sampleTask({ id: `t${i}`, key: i + 1, title: `Task ${i}` }),
)
const deps: Dependency[] = [
  sampleDependency({ id: 'd1', predecessorId: 't1', successorId: 't2' }),
  sampleDependency({ id: 'd2', predecessorId: 't3', successorId: 't110' }),
]

const reader = (cap: number) => ({
  listTasks: async (filters: ListTasksFilters) =>
    board.filter((t) => compileFilters(filters).test(t)).slice(0, cap),
  listDependencies: async () => deps,
})

describe('a service whose pages are shorter than 100', () => {
  it('is not reported complete when a dependency names a task no list returned', async () => {
    const result = await syncBoard(reader(50))
    expect(result.tasks).toHaveLength(50)
    expect(result.coverage.complete).toBe(false)
    expect(result.coverage.truncated).toEqual([
      expect.objectContaining({
        query: '',
        description: expect.stringMatching(/1 task that a dependency names/),
      }),
    ])
  })

  it('a board whose lists return every task stays complete', async () => {
    const whole = await syncBoard({ ...reader(100), listTasks: async () => board.slice(0, 99) })
    expect(whole.coverage.complete).toBe(false) // t110 is not among the 99
    const small = board.slice(0, 99)
    const kept = await syncBoard({
      listTasks: async () => small,
      listDependencies: async () => [deps[0]!],
    })
    expect(kept.coverage).toMatchObject({ complete: true, truncated: [] })
  })
})
