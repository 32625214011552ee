// A task edited while a sync runs is read twice, its copies differing: the sync's result holds the
// newer one (by updatedAt), whichever reply brought it first.
import { describe, expect, it } from 'vitest'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { compileFilters } from '../../../src-shared/filters/task-matches'
import { syncBoard } from '../../../src-main/sync'
import { sampleTask } from '../api/fixtures'

const day = (i: number) => `2026-03-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00.000Z`

describe('a task edited while the sync runs', () => {
  it.each([
    ['a timestamp', '2025-01-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'],
    // The spec gives updatedAt no form: an epoch count (NaN to Date.parse) differs all the same.
    ['a number of seconds', '1735689600', '1780272000'],
    // A revision counter: read by Date.parse, "99" and "100" were the years 1999 and 100.
    ['a revision counter', '99', '100'],
  ])('comes back as its newer copy (updatedAt as %s)', async (_form, before, after) => {
    let board: Task[] = Array.from({ length: 150 }, (_, i) =>
      sampleTask({
        id: `t${i}`,
        key: i + 1,
        title: `Task ${i}`,
        dueDate: day(i),
        updatedAt: before,
      }),
    )
    let calls = 0
    const reader = {
      async listTasks(filters: ListTasksFilters) {
        calls += 1
        const matches = board.filter((t) => compileFilters(filters).test(t)).slice(0, 100)
        // Right after the first reply, someone renames t0 (the first reply held it).
        if (calls === 1)
          board = board.map((t) =>
            t.id === 't0' ? { ...t, title: 'Renamed', updatedAt: after } : t,
          )
        return matches.map((t) => structuredClone(t))
      },
      listDependencies: async () => [],
    }
    const result = await syncBoard(reader)
    expect(result.tasks).toHaveLength(150)
    expect(result.tasks.find((t) => t.id === 't0')).toMatchObject({
      title: 'Renamed',
      updatedAt: after,
    })
  })
})
