// The sync's index of loaded tasks must find exactly the tasks a scan with `matchesFilters`
// finds: its estimates steer every split, so a task it lost or invented would mislead them.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { matchesFilters } from '../../../src-main/sync/slice'
import { TaskIndex } from '../../../src-main/sync/task-index'

const DAYS = ['', '2026-01-01', '2026-01-02', '2026-01-05', '2026-02-01']
const at = (day: string) => (day === '' ? '' : `${day}T08:15:00.000Z`)

const taskArb = fc
  .record({
    project: fc.constantFrom('WEB', 'APP'),
    status: fc.constantFrom('To Do', 'Done', 'Backlog'),
    assignee: fc.constantFrom('', 'Ada@example.com', 'max@example.com'),
    priority: fc.constantFrom('', 'low', 'high'),
    tags: fc.subarray(['ui', 'bug', 'infra']),
    type: fc.constantFrom('task', 'milestone'),
    pinToTop: fc.boolean(),
    due: fc.constantFrom(...DAYS),
  })
  .map(
    (r) =>
      ({
        projectKey: r.project,
        status: r.status,
        assignedUserEmail: r.assignee,
        priority: r.priority,
        tags: r.tags,
        type: r.type,
        pinToTop: r.pinToTop,
        dueDate: at(r.due),
        startDate: '',
      }) as unknown as Task,
  )

const rangeArb = fc
  .tuple(fc.constantFrom(...DAYS.slice(1)), fc.constantFrom(...DAYS.slice(1)))
  .map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a }))

const filtersArb: fc.Arbitrary<ListTasksFilters> = fc.record(
  {
    projectKey: fc.subarray(['WEB', 'APP', 'OPS'], { minLength: 1 }),
    status: fc.subarray(['To Do', 'Done', 'Backlog'], { minLength: 1 }),
    assignedUserEmail: fc.subarray(['ada@example.com', 'MAX@example.com'], { minLength: 1 }),
    priority: fc.constantFrom('low' as const, 'high' as const, 'medium' as const),
    tag: fc.subarray(['ui', 'bug', 'infra'], { minLength: 1 }),
    type: fc.constantFrom('task' as const, 'milestone' as const),
    pinToTop: fc.boolean(),
    dueDate: rangeArb,
  },
  { requiredKeys: [] },
)

describe('TaskIndex', () => {
  it('finds exactly the loaded tasks a query returns, each once, whatever the filters', () => {
    fc.assert(
      fc.property(fc.array(taskArb, { maxLength: 60 }), filtersArb, (tasks, filters) => {
        const index = new TaskIndex()
        const numbered = tasks.map((t, i) => ({ ...t, id: String(i) }))
        for (const task of numbered) index.add(task)
        const ids = (list: readonly Task[]) => list.map((t) => t.id).sort()
        expect(ids(index.matching(filters))).toEqual(
          ids(numbered.filter((t) => matchesFilters(t, filters))),
        )
      }),
      { numRuns: 400 },
    )
  })
})
