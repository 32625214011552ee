// Property tests on random boards (fast-check): the cascade keeps what it follows and moves
// nothing it need not; float matches brute force; loops in bad data never hang anything.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyUpdates,
  buildScheduleIndex,
  cascade,
  criticalPath,
  findProblems,
  finishDayOf,
  milestoneOverview,
  moveChanges,
  startDayOf,
  taskExtent,
  violations,
} from '../../../src-shared/schedule'
import type { DependencyLink, ScheduleTask } from '../../../src-shared/schedule'

const BASE = Date.parse('2026-03-01T00:00:00.000Z')
const DAY = 86_400_000
const at = (day: number, hour = 0) => new Date(BASE + day * DAY + hour * 3_600_000).toISOString()

interface Board {
  tasks: ScheduleTask[]
  deps: DependencyLink[]
}

const arbTask = fc.record({
  start: fc.integer({ min: 0, max: 20 }),
  len: fc.integer({ min: 0, max: 4 }),
  kind: fc.constantFrom('bar', 'bar', 'bar', 'timed', 'milestone', 'due-only', 'undated'),
})

function arbBoard(acyclic: boolean, maxTasks = 10): fc.Arbitrary<Board> {
  return fc.integer({ min: 2, max: maxTasks }).chain((n) =>
    fc
      .record({
        specs: fc.array(arbTask, { minLength: n, maxLength: n }),
        edges: fc.array(
          fc.record({
            a: fc.nat(n - 1),
            b: fc.nat(n - 1),
            lag: fc.integer({ min: -2, max: 4 }),
          }),
          { maxLength: 2 * n },
        ),
      })
      .map(({ specs, edges }) => {
        const tasks = specs.map((s, i): ScheduleTask => {
          const id = `t${i}`
          const base = { id, endedAt: '', milestoneId: '' }
          switch (s.kind) {
            case 'milestone':
              return { ...base, type: 'milestone', startDate: '', dueDate: at(s.start + s.len) }
            case 'timed':
              return {
                ...base,
                type: 'task',
                startDate: at(s.start, 9),
                dueDate: at(s.start + s.len, 17),
              }
            case 'due-only':
              return { ...base, type: 'task', startDate: '', dueDate: at(s.start) }
            case 'undated':
              return { ...base, type: 'task', startDate: '', dueDate: '' }
            default:
              return { ...base, type: 'task', startDate: at(s.start), dueDate: at(s.start + s.len) }
          }
        })
        const deps: DependencyLink[] = []
        const seen = new Set<string>()
        for (const { a, b, lag } of edges) {
          let [p, s] = [a, b]
          if (acyclic) {
            if (a === b) continue
            ;[p, s] = a < b ? [a, b] : [b, a]
          }
          const id = `t${p}>t${s}`
          if (seen.has(id)) continue
          seen.add(id)
          deps.push({ id, predecessorId: `t${p}`, successorId: `t${s}`, lagDays: lag })
        }
        return { tasks, deps }
      }),
  )
}

/** Start and finish days by the day rules, read straight from the tasks. */
function days(tasks: readonly ScheduleTask[]) {
  const start = new Map<string, number>()
  const finish = new Map<string, number>()
  for (const t of tasks) {
    const e = taskExtent(t)
    if (!e) continue
    start.set(t.id, startDayOf(e))
    finish.set(t.id, finishDayOf(e))
  }
  return { start, finish }
}

/** The cascade by plain relaxation to a fixed point: minimum gap, one task moved by `shift`. */
function referenceCascade(board: Board, changed: string, shift: number): Map<string, number> {
  const { start, finish } = days(board.tasks)
  const moved = new Map<string, number>()
  const driver = new Set<string>()
  if (start.has(changed) && shift !== 0) {
    start.set(changed, start.get(changed)! + shift)
    finish.set(changed, finish.get(changed)! + shift)
    driver.add(changed)
  }
  for (let changedSomething = true; changedSomething;) {
    changedSomething = false
    for (const d of board.deps) {
      if (!driver.has(d.predecessorId) || d.successorId === changed) continue
      const s = start.get(d.successorId)
      if (s === undefined) continue
      const need = finish.get(d.predecessorId)! + d.lagDays - s
      if (need <= 0) continue
      start.set(d.successorId, s + need)
      finish.set(d.successorId, finish.get(d.successorId)! + need)
      moved.set(d.successorId, (moved.get(d.successorId) ?? 0) + need)
      driver.add(d.successorId)
      changedSomething = true
    }
  }
  return moved
}

const arbDrag = (acyclic: boolean) =>
  arbBoard(acyclic).chain((board) =>
    fc.record({
      board: fc.constant(board),
      which: fc.nat(board.tasks.length - 1),
      shift: fc.integer({ min: -6, max: 12 }),
    }),
  )

describe('cascade properties (random acyclic boards, minimum gap)', () => {
  it('after Apply all, no dependency the cascade followed is broken', () => {
    fc.assert(
      fc.property(arbDrag(true), ({ board, which, shift }) => {
        const index = buildScheduleIndex(board.tasks, board.deps)
        const id = `t${which}`
        const result = cascade(index, moveChanges(index, [id], shift))
        const after = applyUpdates(board.tasks, result.updates)
        const followed = new Set(result.pushed.map((m) => m.id))
        if (result.changed.some((m) => m.days !== 0)) followed.add(id)
        const broken = violations(
          after,
          board.deps.filter((d) => followed.has(d.predecessorId)),
        ).filter((c) => c.state === 'violated')
        expect(broken).toEqual([])
      }),
      { numRuns: 400 },
    )
  })

  it('moves exactly the tasks that have to move, by exactly the days missing, never earlier', () => {
    fc.assert(
      fc.property(arbDrag(true), ({ board, which, shift }) => {
        const index = buildScheduleIndex(board.tasks, board.deps)
        const id = `t${which}`
        const result = cascade(index, moveChanges(index, [id], shift))
        const got = new Map(result.pushed.map((m) => [m.id, m.days]))
        expect(got).toEqual(referenceCascade(board, id, shift))
        for (const m of result.pushed) expect(m.days).toBeGreaterThan(0)
      }),
      { numRuns: 400 },
    )
  })

  it('in exact-gap mode every moved successor sits exactly on one moving predecessor', () => {
    fc.assert(
      fc.property(arbDrag(true), ({ board, which, shift }) => {
        const index = buildScheduleIndex(board.tasks, board.deps)
        const result = cascade(index, moveChanges(index, [`t${which}`], shift), { exact: true })
        const after = days(applyUpdates(board.tasks, result.updates))
        const movers = new Set([`t${which}`, ...result.pushed.map((m) => m.id)])
        for (const m of result.pushed) {
          const tight = board.deps.some(
            (d) =>
              d.successorId === m.id &&
              movers.has(d.predecessorId) &&
              after.finish.get(d.predecessorId)! + d.lagDays === after.start.get(m.id),
          )
          expect(tight).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('loops in bad data', () => {
  it('every pass terminates and moves each task at most once', () => {
    fc.assert(
      fc.property(arbDrag(false), ({ board, which, shift }) => {
        const index = buildScheduleIndex(board.tasks, board.deps)
        for (const exact of [false, true]) {
          const result = cascade(index, moveChanges(index, [`t${which}`], shift), { exact })
          const ids = result.updates.map((u) => u.id)
          expect(new Set(ids).size).toBe(ids.length)
          findProblems(index, { exact })
        }
        criticalPath(index)
        milestoneOverview(index, { today: '2026-03-10' })
        // Every dependency on a loop is marked, and every loop names real dependencies.
        for (const loop of index.loops) expect(loop.length).toBeGreaterThan(0)
      }),
      { numRuns: 300 },
    )
  })
})

// ---- Float by brute force: delay a task day by day and watch the target ----------------------

function forward(board: Board, delay?: { id: string; to: number }) {
  const { start, finish } = days(board.tasks)
  const es = new Map(start)
  if (delay) es.set(delay.id, delay.to)
  const dur = (id: string) => finish.get(id)! - start.get(id)!
  // Acyclic: n rounds of relaxation reach the fixed point.
  for (let round = 0; round <= board.tasks.length; round++) {
    for (const d of board.deps) {
      const ps = es.get(d.predecessorId)
      const ss = es.get(d.successorId)
      if (ps === undefined || ss === undefined) continue
      const need = ps + dur(d.predecessorId) + d.lagDays
      if (need > ss) es.set(d.successorId, need)
    }
  }
  const ef = new Map([...es].map(([id, s]) => [id, s + dur(id)]))
  return { es, ef }
}

function bruteFloat(board: Board, milestoneId?: string) {
  const base = forward(board)
  let members = [...base.es.keys()]
  if (milestoneId !== undefined) {
    const set = new Set([milestoneId])
    for (let grew = true; grew;) {
      grew = false
      for (const d of board.deps) {
        if (set.has(d.successorId) && base.es.has(d.predecessorId) && !set.has(d.predecessorId)) {
          set.add(d.predecessorId)
          grew = true
        }
      }
    }
    members = members.filter((id) => set.has(id))
  }
  const inSet = new Set(members)
  const target = (ef: Map<string, number>) =>
    milestoneId !== undefined ? ef.get(milestoneId)! : Math.max(...ef.values())
  const T = target(base.ef)
  const total = new Map<string, number>()
  const free = new Map<string, number>()
  for (const id of members) {
    const succ = board.deps.filter((d) => d.predecessorId === id && inSet.has(d.successorId))
    let tf = -1
    let ff = -1
    for (let k = 0; k <= 80; k++) {
      const run = forward(board, { id, to: base.es.get(id)! + k })
      const keepsTarget = target(run.ef) === T
      // Free: no successor moves, and (through a negative lag) neither does the target.
      const keepsSucc =
        keepsTarget && succ.every((d) => run.es.get(d.successorId) === base.es.get(d.successorId))
      if (keepsTarget && tf === k - 1) tf = k
      if (keepsSucc && ff === k - 1) ff = k
    }
    total.set(id, tf)
    free.set(id, ff)
  }
  return { total, free }
}

describe('float properties (small random acyclic boards)', () => {
  const check = (board: Board, milestoneId?: string) => {
    const index = buildScheduleIndex(board.tasks, board.deps)
    const result = criticalPath(index, milestoneId === undefined ? {} : { milestoneId })
    const ref = bruteFloat(board, milestoneId)
    const got = new Map<string, number>()
    const gotFree = new Map<string, number>()
    board.tasks.forEach((t, i) => {
      if (!Number.isNaN(result.totalFloat[i]!)) {
        got.set(t.id, result.totalFloat[i]!)
        gotFree.set(t.id, result.freeFloat[i]!)
      }
    })
    expect(got).toEqual(ref.total)
    expect(gotFree).toEqual(ref.free)
    expect(new Set(result.criticalTaskIds)).toEqual(
      new Set([...ref.total].filter(([, f]) => f === 0).map(([id]) => id)),
    )
  }

  it('total and free float to the latest finish match brute force', () => {
    fc.assert(
      fc.property(arbBoard(true, 7), (board) => check(board)),
      { numRuns: 150 },
    )
  })

  it('total and free float to a chosen milestone match brute force', () => {
    fc.assert(
      fc.property(arbBoard(true, 7), (board) => {
        const m = board.tasks.find((t) => t.type === 'milestone')
        if (m) check(board, m.id)
      }),
      { numRuns: 150 },
    )
  })
})
