// The what-if cascade: what a drag would do to the successors before anything is written.
import { describe, expect, it } from 'vitest'
import {
  applyUpdates,
  buildScheduleIndex,
  cascade,
  moveChanges,
  violations,
} from '../../../src-shared/schedule'
import { dep, milestone, task } from './builders'

// a (03-02..03-04) -> b (03-05..03-06) -> c (03-09..03-09, 2 days of slack) -> m (due 03-12)
const board = () => {
  const tasks = [
    task('a', '2026-03-02', '2026-03-04'),
    task('b', '2026-03-05T09:00:00.000Z', '2026-03-06T17:00:00.000Z'),
    task('c', '2026-03-09', '2026-03-09'),
    milestone('m', '2026-03-12'),
    task('x', '2026-03-01', '2026-03-01'),
  ]
  const deps = [dep('a', 'b'), dep('b', 'c'), dep('c', 'm', 1), dep('x', 'c')]
  return { tasks, deps, index: buildScheduleIndex(tasks, deps) }
}

describe('cascade', () => {
  it('pushes successors later by exactly what is missing, keeping times of day', () => {
    const { index } = board()
    const result = cascade(index, moveChanges(index, ['a'], 3))
    expect(result.pushed.map((m) => [m.id, m.days])).toEqual([
      ['b', 3],
      ['c', 1], // it had 2 days of slack
    ])
    expect(result.pushed[0]!.update).toEqual({
      id: 'b',
      startDate: '2026-03-08T09:00:00.000Z',
      dueDate: '2026-03-09T17:00:00.000Z',
    })
    // m: c now finishes 03-11, + lag 1 = 03-12, and m sits at the end of 03-12: kept.
    expect(result.milestones).toEqual([])
    expect(result.updates.map((u) => u.id)).toEqual(['a', 'b', 'c'])
    expect(result.violated).toEqual([])
  })

  it('reports a milestone that slips and by how many days, moving its due only', () => {
    const { index } = board()
    const result = cascade(index, moveChanges(index, ['a'], 6))
    const m = result.pushed.find((p) => p.id === 'm')!
    // a finishes 03-11, b is pushed 6 days, c 4 (to 03-13), and m must sit after 03-14 + 1.
    expect(m.update).toEqual({ id: 'm', dueDate: '2026-03-14T00:00:00.000Z' })
    expect(result.milestones).toEqual([{ id: 'm', days: 2 }])
  })

  it('moves nothing when the change leaves every dependency kept', () => {
    const { index } = board()
    expect(cascade(index, moveChanges(index, ['a'], -4)).pushed).toEqual([])
    expect(cascade(index, moveChanges(index, ['c'], 1)).pushed).toEqual([])
    // Dragging b's start earlier: its finish stays, nothing downstream moves.
    const resize = cascade(index, [{ id: 'b', startDate: '2026-03-01T09:00:00.000Z' }])
    expect(resize.pushed).toEqual([])
  })

  it('never moves a task earlier under minimum gap, and says what becomes broken', () => {
    const { index } = board()
    const result = cascade(index, moveChanges(index, ['b'], -2))
    expect(result.pushed).toEqual([])
    expect(result.violated).toEqual([
      expect.objectContaining({
        dependencyId: 'a>b',
        missingDays: 2,
        reason: 'fixed-predecessor',
        wasViolated: false,
      }),
    ])
  })

  it('in exact-gap mode moves each successor to the exact day, earlier as well', () => {
    const { index } = board()
    const result = cascade(index, moveChanges(index, ['a'], -1), { exact: true })
    expect(result.pushed.map((m) => [m.id, m.days])).toEqual([
      ['b', -1],
      ['c', -3],
      ['m', -5],
    ])
    // x finishes 03-02 and c now starts 03-06: 4 days more than the exact gap, as before (7).
    expect(result.violated).toEqual([
      expect.objectContaining({
        dependencyId: 'x>c',
        slackDays: 4,
        reason: 'fixed-predecessor',
        wasViolated: true,
      }),
    ])
  })

  it('leaves the changed tasks where the user put them and reports what that breaks', () => {
    const { index } = board()
    const result = cascade(index, [
      ...moveChanges(index, ['a'], 3),
      ...moveChanges(index, ['b'], 1),
    ])
    // b finishes a day later, which c's slack absorbs.
    expect(result.pushed.map((m) => m.id)).toEqual([])
    expect(result.violated).toEqual([
      expect.objectContaining({ dependencyId: 'a>b', missingDays: 2, reason: 'changed-successor' }),
    ])
  })

  it('reports a task that would end after its milestone', () => {
    const tasks = [
      task('a', '2026-03-02', '2026-03-04', { milestoneId: 'm' }),
      milestone('m', '2026-03-06'),
    ]
    const index = buildScheduleIndex(tasks, [])
    const result = cascade(index, moveChanges(index, ['a'], 4))
    expect(result.overruns).toEqual([{ taskId: 'a', milestoneId: 'm', days: 2, wasOverrun: false }])
    // And the other way: the milestone dragged before its task.
    const early = cascade(index, moveChanges(index, ['m'], -3))
    expect(early.overruns).toEqual([{ taskId: 'a', milestoneId: 'm', days: 1, wasOverrun: false }])
  })

  it('terminates on loops in the data and names them', () => {
    const tasks = [
      task('a', '2026-03-02', '2026-03-02'),
      task('b', '2026-03-03', '2026-03-03'),
      task('c', '2026-03-04', '2026-03-04'),
      task('d', '2026-03-05', '2026-03-05'),
    ]
    const deps = [dep('a', 'b'), dep('b', 'c'), dep('c', 'b', 2), dep('c', 'd'), dep('d', 'd')]
    const index = buildScheduleIndex(tasks, deps)
    expect(index.loops).toEqual(expect.arrayContaining([['d'], expect.arrayContaining(['b', 'c'])]))
    const result = cascade(index, moveChanges(index, ['a'], 5))
    // b is pushed from outside the loop; the loop's own dependencies are not followed.
    expect(result.pushed.map((m) => m.id)).toEqual(['b'])
    // b now finishes 03-09 and c still starts 03-04; c -> b (lag 2) is still kept.
    expect(result.violated.map((v) => [v.dependencyId, v.reason])).toEqual([['b>c', 'loop']])
    expect(result.loops.length).toBe(1)
  })

  it('applied, it gives a board where every dependency it followed is kept', () => {
    const { tasks, deps, index } = board()
    const result = cascade(index, moveChanges(index, ['a'], 10))
    const after = applyUpdates(tasks, result.updates)
    expect(violations(after, deps).filter((c) => c.state === 'violated')).toEqual([])
  })

  it('ignores unknown ids and tasks with no dates', () => {
    const tasks = [task('a', '2026-03-02', '2026-03-04'), task('u', '', '')]
    const index = buildScheduleIndex(tasks, [dep('a', 'u')])
    const result = cascade(index, [
      { id: 'nope', dueDate: '2026-03-01' },
      ...moveChanges(index, ['a'], 2),
    ])
    expect(result.unknownIds).toEqual(['nope'])
    expect(result.pushed).toEqual([])
  })
})

describe('a successor whose start is after its due (another board’s data)', () => {
  // Pushed, it keeps both dates the wrong way round, and the board refuses the whole batch:
  // "Apply all" lost the drop, the dragged task's move included.
  it('is not pushed; its dependency is reported as still broken, and nothing moves through it', () => {
    const tasks = [
      task('a', '2026-03-01', '2026-03-04'),
      task('b', '2026-03-10', '2026-03-06'),
      task('c', '2026-03-12', '2026-03-13'),
    ]
    const index = buildScheduleIndex(tasks, [dep('a', 'b'), dep('b', 'c')])
    const result = cascade(index, moveChanges(index, ['a'], 5))
    expect(result.pushed).toEqual([])
    expect(result.updates.map((u) => u.id)).toEqual(['a'])
    expect(result.violated).toMatchObject([
      { predecessorId: 'a', successorId: 'b', reason: 'inverted-successor' },
    ])
  })

  it('counts a start later in the day than a midnight due as after it, as the board does', () => {
    const tasks = [
      task('a', '2026-03-01', '2026-03-01'),
      task('b', '2026-03-02T09:00:00.000Z', '2026-03-02T00:00:00.000Z'),
    ]
    const index = buildScheduleIndex(tasks, [dep('a', 'b')])
    const result = cascade(index, moveChanges(index, ['a'], 3))
    expect(result.pushed).toEqual([])
    expect(result.violated).toMatchObject([{ successorId: 'b', reason: 'inverted-successor' }])
  })
})
