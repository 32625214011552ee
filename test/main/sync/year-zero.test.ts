// The sync's first date cuts start at 0000-01-01, the first day a date filter can name. Some
// services read dates with a library that has no year 0 (Python's datetime.date, PostgreSQL's
// date): they refuse such a query, and every sync of a board over 100 tasks failed there. The
// sync then asks again from 0001-01-01: a service that cannot read year 0 holds no task in it.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src-main/api'
import { plainStrategy, smartStrategy, syncBoard } from '../../../src-main/sync'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { compileFilters } from '../../../src-shared/filters/task-matches'
import { sampleTask } from '../api/fixtures'

const dayAfter = (days: number) => new Date(Date.UTC(2026, 0, 1 + days)).toISOString()
const board: Task[] = Array.from({ length: 450 }, (_, i) =>
  sampleTask({ id: `t${i}`, key: i + 1, dueDate: dayAfter(i), startDate: '' }),
)

const yearZero = (filters: ListTasksFilters) =>
  [filters.dueDate, filters.startDate].some((range) => range && range.from.startsWith('0000'))

describe('a service whose dates have no year 0', () => {
  it.each([
    ['smart', smartStrategy],
    ['plain', plainStrategy],
  ] as const)(
    'is synced whole with the %s strategy: year 0 alone is empty, the rest asked from year 1',
    async (_name, strategy) => {
      // The plain strategy cuts at 0000-01-02: a part of year 0 alone, asked from year 1, once
      // brought back tasks of 0001-01-01 that lie outside it.
      const asked: ListTasksFilters[] = []
      const reader = {
        async listTasks(filters: ListTasksFilters) {
          asked.push(filters)
          if (yearZero(filters)) throw new ApiError('INVALID_REQUEST', 'year 0 is out of range')
          return board.filter((t) => compileFilters(filters).test(t)).slice(0, 100)
        },
        listDependencies: async () => [],
      }
      const taking = await syncBoard(
        {
          listTasks: async (filters) =>
            board.filter((t) => compileFilters(filters).test(t)).slice(0, 100),
          listDependencies: async () => [],
        },
        { strategy },
      )
      const result = await syncBoard(reader, { strategy })
      expect(result.tasks.map((t) => t.id).sort()).toEqual(taking.tasks.map((t) => t.id).sort())
      expect(result.coverage).toEqual({ ...taking.coverage, requests: result.coverage.requests })
      // Never a query the slice did not ask: year 0 alone is not turned into 0001-01-01.
      const yearOneDay = (f: ListTasksFilters) =>
        f.dueDate?.from === '0001-01-01' && f.dueDate.to === '0001-01-01'
      expect(asked.filter(yearOneDay)).toEqual([])
    },
  )

  it('is synced whole: a range from 0000-01-01 is asked again from 0001-01-01', async () => {
    const refused: string[] = []
    const reader = {
      async listTasks(filters: ListTasksFilters) {
        if (yearZero(filters)) {
          refused.push(JSON.stringify(filters))
          throw new ApiError('INVALID_REQUEST', 'dueDate: year 0 is out of range', { status: 422 })
        }
        return board.filter((t) => compileFilters(filters).test(t)).slice(0, 100)
      },
      listDependencies: async () => [],
    }
    const result = await syncBoard(reader)
    expect(result.tasks).toHaveLength(450)
    // What a service that takes year 0 gives: the same tasks, the same report.
    const taking = await syncBoard({
      listTasks: async (filters) =>
        board.filter((t) => compileFilters(filters).test(t)).slice(0, 100),
      listDependencies: async () => [],
    })
    expect(result.coverage.truncated).toEqual(taking.coverage.truncated)
    expect(result.coverage.complete).toBe(taking.coverage.complete)
    // Learned once for the sync: later cuts start at year 1 without being refused first.
    expect(refused.length).toBeLessThanOrEqual(4)
  })

  it('still fails on a refusal that is not about year 0', async () => {
    const reader = {
      async listTasks(filters: ListTasksFilters): Promise<Task[]> {
        if (filters.dueDate) throw new ApiError('INVALID_REQUEST', 'dueDate: not supported')
        return board.slice(0, 100)
      },
      listDependencies: async () => [],
    }
    await expect(syncBoard(reader)).rejects.toThrow(/not supported/)
  })
})
