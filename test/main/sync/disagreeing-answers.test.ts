// A reply of fewer than 100 tasks proves its slice only when the board's answers agree: one that
// leaves out a task an earlier reply listed, and that its query returns, shows a filter that
// misses tasks the board holds (and others like them, never listed, are missing). Such a reply
// was taken as proof, and the sync said "complete". A task edited into another slice while the
// sync runs is no such disagreement.
import { describe, expect, it } from 'vitest'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { plainStrategy, smartStrategy, syncBoard } from '../../../src-main/sync'
import { buildTask } from '../../support/task-builder'
import { matchesExactly } from './memory-board'

const STATUSES = ['To Do', 'Done']
const KNOWN = { projectKeys: ['WEB'], statuses: STATUSES, complete: true }

const board = (): Task[] =>
  Array.from({ length: 180 }, (_, i) =>
    buildTask(`t${String(i).padStart(3, '0')}`, { key: i + 1, status: STATUSES[i % 2]! }),
  )

describe.each([
  ['smart', smartStrategy],
  ['plain', plainStrategy],
])('answers that disagree (%s strategy)', (_name, strategy) => {
  it('a status query that leaves out tasks the whole-board query listed is not proof', async () => {
    const tasks = board()
    // The board's status filter misses one task in ten (a NULL, a stray space in its store...).
    const hidden = (t: Task) => t.key % 10 === 1
    const reader = {
      listTasks: async (filters: ListTasksFilters) =>
        tasks
          .filter((t) => matchesExactly(t, filters) && !(filters.status && hidden(t)))
          .slice(0, 100),
      listDependencies: async () => [],
    }
    const result = await syncBoard(reader, { strategy, known: KNOWN })
    const loaded = new Set(result.tasks.map((t) => t.id))
    expect(tasks.filter((t) => !loaded.has(t.id)).length).toBeGreaterThan(0)
    expect(result.coverage.complete).toBe(false)
    expect(result.coverage.truncated).toContainEqual(
      expect.objectContaining({
        reason: expect.stringMatching(/^the board's answers disagree with each other/),
      }),
    )
  })

  it('a task moved to another status while the sync runs leaves the sync complete', async () => {
    let tasks = board()
    let calls = 0
    const reader = {
      async listTasks(filters: ListTasksFilters) {
        calls += 1
        const page = tasks.filter((t) => matchesExactly(t, filters)).slice(0, 100)
        // Right after the first reply (which held it), t000 moves from To Do to Done.
        if (calls === 1)
          tasks = tasks.map((t) =>
            t.id === 't000' ? { ...t, status: 'Done', updatedAt: '2026-06-01T00:00:00.000Z' } : t,
          )
        return page.map((t) => structuredClone(t))
      },
      listDependencies: async () => [],
    }
    const result = await syncBoard(reader, { strategy, known: KNOWN })
    expect(result.tasks).toHaveLength(180)
    expect(result.coverage).toMatchObject({ complete: true, truncated: [] })
    expect(result.tasks.find((t) => t.id === 't000')?.status).toBe('Done')
  })
})
