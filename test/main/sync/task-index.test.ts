// The sync's index of loaded tasks must find exactly the tasks a scan with `matchesFilters`
// finds, and a slice's own tasks exactly as `owns` reads them: its counts steer every split, so a
// task it lost or invented would mislead them.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { matchesFilters, owns } from '../../../src-main/sync/slice'
import type { Exclusion } from '../../../src-main/sync/slice'
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
    start: fc.constantFrom(...DAYS),
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
        startDate: at(r.start),
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
    startDate: rangeArb,
  },
  { requiredKeys: [] },
)

const exclusionArb: fc.Arbitrary<Exclusion> = fc.oneof(
  fc.record({
    name: fc.constantFrom('dueDate' as const, 'startDate' as const, 'assignedUserEmail' as const),
    values: fc.constant('all' as const),
  }),
  fc.record({
    name: fc.constantFrom('status' as const, 'tag' as const, 'priority' as const),
    values: fc.subarray(['To Do', 'Backlog', 'ui', 'bug', 'low', 'high']),
  }),
  fc.record({
    name: fc.constant('assignedUserEmail' as const),
    values: fc.subarray(['ada@example.com', 'max@example.com']),
  }),
  fc.record({
    name: fc.constant('dueDate' as const),
    values: fc.subarray(DAYS.slice(1)),
  }),
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

  it('with no filters, finds every loaded task once, at any board size', () => {
    const task = fc.sample(taskArb, { numRuns: 1, seed: 7 })[0] as Task
    const index = new TaskIndex()
    for (let n = 0; n <= 70; n += 1) {
      expect(index.select({}).size).toBe(n)
      expect(index.matching({}).map((t) => t.id)).toEqual(index.tasks().map((t) => t.id))
      index.add({ ...task, id: String(n) })
    }
  })

  it("counts a slice's own tasks, per value and per date, as owns() reads them", () => {
    fc.assert(
      fc.property(
        fc.array(taskArb, { maxLength: 90 }),
        filtersArb,
        fc.array(exclusionArb, { maxLength: 3 }),
        (tasks, filters, without) => {
          const index = new TaskIndex()
          const numbered = tasks.map((t, i) => ({ ...t, id: String(i) }))
          for (const task of numbered) index.add(task)
          const slice = { filters, without }
          const mine = numbered.filter((t) => owns(slice, t))
          const owned = index.selectOwned(filters, without)
          expect(owned.tasks().map((t) => t.id)).toEqual(mine.map((t) => t.id))
          expect(owned.size).toBe(mine.length)
          for (const value of ['ada@example.com', 'Ada@example.com', 'max@example.com']) {
            expect(owned.countWith('assignedUserEmail', value)).toBe(
              mine.filter((t) => t.assignedUserEmail === value).length,
            )
          }
          for (const tag of ['ui', 'bug', 'infra', 'none'])
            expect(owned.countWith('tag', tag)).toBe(
              mine.filter((t) => t.tags.includes(tag)).length,
            )
          expect(owned.countWith('pinToTop', 'true')).toBe(mine.filter((t) => t.pinToTop).length)
          expect(owned.countHaving('startDate')).toBe(mine.filter((t) => t.startDate !== '').length)
          expect(owned.days('dueDate').sort()).toEqual(
            mine
              .map((t) => t.dueDate.slice(0, 10))
              .filter((d) => d !== '')
              .sort(),
          )
        },
      ),
      { numRuns: 400 },
    )
  })
})
