// Properties of the edit commands over random boards: every command is undone exactly by its
// inverse (and redone by the inverse's inverse), moving by d then -d changes nothing, updates
// describe exactly what changed, and moves keep each date's time of day.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Task } from '../../../src-shared/api'
import { task } from './fixtures'
import type { Command, TaskPatch } from './subject'
import { DAY_MS, moveTasks, resizeTask, runCommand } from './subject'

const FIRST = Date.parse('1999-12-25T00:00:00.000Z')
const LAST = Date.parse('2101-01-05T00:00:00.000Z')

/** A canonical timestamp (any time of day, leap days and year ends included) or ''. */
const timestamp = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc.integer({ min: FIRST, max: LAST }).map((t) => new Date(t).toISOString()),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('2024-02-28', '2024-02-29', '2025-12-31', '2026-03-29', '2100-02-28')
      .chain((day) =>
        fc.constantFrom('T00:00:00.000Z', 'T09:30:00.000Z', 'T23:59:59.999Z').map((t) => day + t),
      ),
  },
)

const IDS = ['t0', 't1', 't2', 't3', 't4', 't5']

const board = fc
  .uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: IDS.length })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc
          .record({
            startDate: timestamp,
            dueDate: timestamp,
            type: fc.constantFrom('task', 'task', 'milestone') as fc.Arbitrary<Task['type']>,
            ordered: fc.boolean(),
          })
          .map(({ startDate, dueDate, type, ordered }) => {
            // Mostly well-formed (start <= due); sometimes not, as data from elsewhere can be.
            const [s, d] =
              ordered && startDate && dueDate && startDate > dueDate
                ? [dueDate, startDate]
                : [startDate, dueDate]
            return task(id, { startDate: s, dueDate: d, type })
          }),
      ),
    ),
  )
  .map((tasks) => ({ tasksById: Object.fromEntries(tasks.map((t) => [t.id, t])) }))

const id = fc.constantFrom(...IDS, 'ghost')
const days = fc.integer({ min: -800, max: 800 })
const day = fc.integer({ min: FIRST, max: LAST }).map((t) => new Date(t).toISOString().slice(0, 10))

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('moveTasks' as const),
    ids: fc.array(id, { maxLength: 8 }),
    days,
  }),
  fc.record({
    kind: fc.constant('resizeTask' as const),
    id,
    edge: fc.constantFrom('start' as const, 'end' as const),
    days,
  }),
  fc.record({
    kind: fc.constant('scheduleTask' as const),
    id,
    startDay: fc.oneof(day, fc.constantFrom('2026-02-30', 'soon', '')),
    days: fc.integer({ min: -2, max: 90 }),
  }),
  fc.record({
    kind: fc.constant('setDates' as const),
    dates: fc.array(
      fc.record({ id, startDate: timestamp, dueDate: timestamp }, { requiredKeys: ['id'] }),
      { maxLength: 6 },
    ),
  }),
)

/** Every field that differs between two boards, as `id.field`. */
function diff(a: { tasksById: Record<string, Task> }, b: { tasksById: Record<string, Task> }) {
  const out: string[] = []
  for (const [taskId, t] of Object.entries(a.tasksById)) {
    const u = b.tasksById[taskId] as Task
    for (const key of Object.keys(t) as (keyof Task)[])
      if (JSON.stringify(t[key]) !== JSON.stringify(u[key])) out.push(`${taskId}.${key}`)
  }
  return out.sort()
}

const updatedFields = (updates: TaskPatch[]) =>
  updates
    .flatMap((u) =>
      (['startDate', 'dueDate'] as const)
        .filter((f) => u[f] !== undefined)
        .map((f) => `${u.id}.${f}`),
    )
    .sort()

describe('edit command properties', () => {
  it('apply, then the inverse, is the identity; the inverse of the inverse redoes', () => {
    fc.assert(
      fc.property(board, command, (before, cmd) => {
        const frozen = structuredClone(before)
        const done = runCommand(before, cmd)
        expect(before).toEqual(frozen) // pure: the input is untouched
        const undone = runCommand(done.next, done.inverse)
        expect(undone.next).toEqual(before)
        expect(runCommand(undone.next, undone.inverse).next).toEqual(done.next)
      }),
      { numRuns: 500 },
    )
  })

  it('updates list exactly the changed fields, with their new values, one item per task', () => {
    fc.assert(
      fc.property(board, command, (before, cmd) => {
        const { next, updates } = runCommand(before, cmd)
        expect(updatedFields(updates)).toEqual(diff(before, next))
        expect(new Set(updates.map((u) => u.id)).size).toBe(updates.length)
        for (const u of updates) {
          if (u.startDate !== undefined) expect(next.tasksById[u.id]?.startDate).toBe(u.startDate)
          if (u.dueDate !== undefined) expect(next.tasksById[u.id]?.dueDate).toBe(u.dueDate)
        }
        if (updates.length === 0) expect(next).toBe(before)
      }),
      { numRuns: 500 },
    )
  })

  it('moving by d then by -d changes nothing', () => {
    fc.assert(
      fc.property(board, fc.array(id, { maxLength: 8 }), days, (before, ids, d) => {
        const there = moveTasks(before, { ids, days: d }).next
        expect(moveTasks(there, { ids, days: -d }).next).toEqual(before)
      }),
      { numRuns: 500 },
    )
  })

  it('moves keep every time of day, shift by exactly d days, and never send a milestone start', () => {
    fc.assert(
      fc.property(board, fc.array(id, { maxLength: 8 }), days, (before, ids, d) => {
        const { updates } = moveTasks(before, { ids, days: d })
        for (const u of updates) {
          const old = before.tasksById[u.id] as Task
          if (old.type === 'milestone') expect(u.startDate).toBeUndefined()
          for (const field of ['startDate', 'dueDate'] as const) {
            const value = u[field]
            if (value === undefined) continue
            expect(Date.parse(value) - Date.parse(old[field])).toBe(d * DAY_MS)
            expect(value.slice(10)).toBe(old[field].slice(10))
          }
        }
      }),
      { numRuns: 500 },
    )
  })

  it('a resize never leaves the start after the due date, and never touches a milestone', () => {
    fc.assert(
      fc.property(
        board,
        id,
        fc.constantFrom('start' as const, 'end' as const),
        days,
        (before, taskId, edge, d) => {
          const { next, updates } = resizeTask(before, { id: taskId, edge, days: d })
          const old = before.tasksById[taskId]
          if (!old || updates.length === 0) return
          expect(old.type).not.toBe('milestone')
          const t = next.tasksById[taskId] as Task
          const wasOrdered = !old.startDate || !old.dueDate || old.startDate <= old.dueDate
          if (wasOrdered) expect(t.startDate <= t.dueDate).toBe(true)
          // The edge not dragged keeps its value when it had one.
          const fixed = edge === 'start' ? 'dueDate' : 'startDate'
          if (old[fixed]) expect(t[fixed]).toBe(old[fixed])
        },
      ),
      { numRuns: 500 },
    )
  })
})
