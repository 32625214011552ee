// The edit commands by example: what moves, what keeps its time of day, what is refused.
import { describe, expect, it } from 'vitest'
import { task, table } from './fixtures'
import {
  describeCommand,
  moveTasks,
  resizeTask,
  runCommand,
  scheduleTask,
  setDates,
} from './subject'

describe('moveTasks', () => {
  const board = table(
    task('t1', { startDate: '2026-03-02T09:30:00.000Z', dueDate: '2026-03-05T17:00:00.000Z' }),
    task('t2', { startDate: '2026-03-10T00:00:00.000Z' }),
    task('t3', { dueDate: '2026-03-12T08:00:00.000Z' }),
    task('m1', {
      type: 'milestone',
      startDate: '2026-03-01T00:00:00.000Z',
      dueDate: '2026-03-20T12:00:00.000Z',
    }),
    task('t4'),
  )

  it('shifts both dates by whole days and keeps their time of day', () => {
    const { next, updates } = moveTasks(board, { ids: ['t1'], days: 3 })
    expect(updates).toEqual([
      { id: 't1', startDate: '2026-03-05T09:30:00.000Z', dueDate: '2026-03-08T17:00:00.000Z' },
    ])
    expect(next.tasksById.t1?.startDate).toBe('2026-03-05T09:30:00.000Z')
    expect(next.tasksById.t1?.title).toBe('Task t1')
  })

  it('moves no date past 9999-12-31 (a board’s "never"): the whole move is held at the edge', () => {
    // Sent as +010000-01-01, the board refused the whole gesture's batch.
    const never = table(
      task('n', { startDate: '2026-03-01T00:00:00.000Z', dueDate: '9999-12-30T00:00:00.000Z' }),
      task('o', { startDate: '2026-03-01T00:00:00.000Z', dueDate: '2026-03-02T00:00:00.000Z' }),
    )
    const { updates } = moveTasks(never, { ids: ['n', 'o'], days: 5 })
    expect(updates).toEqual([
      { id: 'n', startDate: '2026-03-02T00:00:00.000Z', dueDate: '9999-12-31T00:00:00.000Z' },
      { id: 'o', startDate: '2026-03-02T00:00:00.000Z', dueDate: '2026-03-03T00:00:00.000Z' },
    ])
    expect(moveTasks(never, { ids: ['n'], days: 400 }).updates[0]?.dueDate).toBe(
      '9999-12-31T00:00:00.000Z',
    )
    const resized = resizeTask(never, { id: 'n', edge: 'end', days: 3 }).updates
    expect(resized).toEqual([{ id: 'n', dueDate: '9999-12-31T00:00:00.000Z' }])
  })

  it('moves the one date a task has, a milestone by its due date only, and skips undated tasks', () => {
    const { updates } = moveTasks(board, { ids: ['t2', 't3', 'm1', 't4', 'gone'], days: -2 })
    expect(updates).toEqual([
      { id: 't2', startDate: '2026-03-08T00:00:00.000Z' },
      { id: 't3', dueDate: '2026-03-10T08:00:00.000Z' },
      { id: 'm1', dueDate: '2026-03-18T12:00:00.000Z' },
    ])
  })

  it('changes nothing (same board object) for zero days, no ids or undated tasks', () => {
    for (const args of [
      { ids: ['t1'], days: 0 },
      { ids: [], days: 4 },
      { ids: ['t4'], days: 4 },
      { ids: ['t1'], days: 0.6 },
    ]) {
      const result = moveTasks(board, args)
      expect(result.next).toBe(board)
      expect(result.updates).toEqual([])
      expect(result.inverse).toEqual({ kind: 'setDates', dates: [] })
    }
  })

  it('shares untouched tasks and leaves the input alone', () => {
    const copy = structuredClone(board)
    const { next } = moveTasks(board, { ids: ['t1', 't1'], days: 1 })
    expect(board).toEqual(copy)
    expect(next.tasksById.t2).toBe(board.tasksById.t2)
    expect(next.tasksById.t1).not.toBe(board.tasksById.t1)
  })

  it('returns an inverse that restores exactly the changed fields', () => {
    const { next, inverse } = moveTasks(board, { ids: ['t1', 't3'], days: 7 })
    expect(inverse).toEqual({
      kind: 'setDates',
      dates: [
        { id: 't1', startDate: '2026-03-02T09:30:00.000Z', dueDate: '2026-03-05T17:00:00.000Z' },
        { id: 't3', dueDate: '2026-03-12T08:00:00.000Z' },
      ],
    })
    expect(runCommand(next, inverse).next).toEqual(board)
  })
})

describe('dates another board wrote in a form writes do not take', () => {
  // No zone (read as UTC, as every day rule reads it) or an offset with no colon: a date kept
  // from them went back as written, and the board and the planner's own check refused the edit.
  const board = table(
    task('z1', { startDate: '2026-03-02T09:30:00', dueDate: '2026-03-05T17:00:00+0200' }),
    task('z2', { dueDate: '2026-03-12T08:00:00' }),
  )

  it('a move sends the same instants in UTC, and its undo restores them in UTC too', () => {
    const { updates, inverse } = moveTasks(board, { ids: ['z1'], days: 3 })
    expect(updates).toEqual([
      { id: 'z1', startDate: '2026-03-05T09:30:00.000Z', dueDate: '2026-03-08T15:00:00.000Z' },
    ])
    expect(inverse).toEqual({
      kind: 'setDates',
      dates: [
        { id: 'z1', startDate: '2026-03-02T09:30:00.000Z', dueDate: '2026-03-05T15:00:00.000Z' },
      ],
    })
  })

  it('a resize of a task with one date leaves its fixed edge be (the same instant) instead of refused', () => {
    const { updates } = resizeTask(board, { id: 'z2', edge: 'start', days: -2 })
    expect(updates).toEqual([{ id: 'z2', startDate: '2026-03-10T08:00:00.000Z' }])
  })
})

describe('resizeTask', () => {
  const board = table(
    task('t1', { startDate: '2026-03-02T09:30:00.000Z', dueDate: '2026-03-05T08:00:00.000Z' }),
    task('t2', { startDate: '2026-03-10T10:00:00.000Z' }),
    task('t3', { dueDate: '2026-03-12T08:00:00.000Z' }),
    task('m1', { type: 'milestone', dueDate: '2026-03-20T12:00:00.000Z' }),
    task('t4'),
  )

  it('moves one edge and leaves the other', () => {
    expect(resizeTask(board, { id: 't1', edge: 'end', days: 2 }).updates).toEqual([
      { id: 't1', dueDate: '2026-03-07T08:00:00.000Z' },
    ])
    expect(resizeTask(board, { id: 't1', edge: 'start', days: -1 }).updates).toEqual([
      { id: 't1', startDate: '2026-03-01T09:30:00.000Z' },
    ])
  })

  it('never drags an edge past the other end (compared with times of day)', () => {
    // 2 days 22.5 hours apart: the start may move 2 days, not 3.
    expect(resizeTask(board, { id: 't1', edge: 'start', days: 10 }).updates).toEqual([
      { id: 't1', startDate: '2026-03-04T09:30:00.000Z' },
    ])
    expect(resizeTask(board, { id: 't1', edge: 'end', days: -10 }).updates).toEqual([
      { id: 't1', dueDate: '2026-03-03T08:00:00.000Z' },
    ])
    const sameDay = table(
      task('s', { startDate: '2026-03-02T09:00:00.000Z', dueDate: '2026-03-02T17:00:00.000Z' }),
    )
    expect(resizeTask(sameDay, { id: 's', edge: 'start', days: 1 }).next).toBe(sameDay)
    expect(resizeTask(sameDay, { id: 's', edge: 'end', days: -1 }).next).toBe(sameDay)
  })

  it('cannot resize a milestone, an undated task or an unknown one', () => {
    for (const id of ['m1', 't4', 'gone']) {
      expect(resizeTask(board, { id, edge: 'end', days: 3 }).next).toBe(board)
      expect(resizeTask(board, { id, edge: 'start', days: -3 }).next).toBe(board)
    }
  })

  it('gives a one-date task (a one-day bar) both dates when an edge is dragged outward', () => {
    expect(resizeTask(board, { id: 't2', edge: 'end', days: 2 }).updates).toEqual([
      { id: 't2', dueDate: '2026-03-12T10:00:00.000Z' },
    ])
    expect(resizeTask(board, { id: 't3', edge: 'start', days: -3 }).updates).toEqual([
      { id: 't3', startDate: '2026-03-09T08:00:00.000Z' },
    ])
    expect(resizeTask(board, { id: 't3', edge: 'end', days: 1 }).updates).toEqual([
      { id: 't3', startDate: '2026-03-12T08:00:00.000Z', dueDate: '2026-03-13T08:00:00.000Z' },
    ])
    expect(resizeTask(board, { id: 't2', edge: 'end', days: -2 }).next).toBe(board)
    expect(resizeTask(board, { id: 't2', edge: 'start', days: 2 }).next).toBe(board)
  })

  it('lets bad data (start after due) only get better', () => {
    const bad = table(
      task('b', { startDate: '2026-03-05T00:00:00.000Z', dueDate: '2026-03-02T00:00:00.000Z' }),
    )
    expect(resizeTask(bad, { id: 'b', edge: 'start', days: 1 }).next).toBe(bad)
    expect(resizeTask(bad, { id: 'b', edge: 'start', days: -4 }).updates).toEqual([
      { id: 'b', startDate: '2026-03-01T00:00:00.000Z' },
    ])
  })

  it('round-trips through its inverse, including a date it added', () => {
    const { next, inverse } = resizeTask(board, { id: 't2', edge: 'end', days: 2 })
    expect(inverse).toEqual({ kind: 'setDates', dates: [{ id: 't2', dueDate: '' }] })
    expect(setDates(next, inverse.kind === 'setDates' ? inverse : { dates: [] }).next).toEqual(
      board,
    )
  })
})

describe('scheduleTask', () => {
  const board = table(task('t1'), task('m1', { type: 'milestone' }))

  it('puts an unscheduled task on whole days at midnight UTC, both ends included', () => {
    expect(scheduleTask(board, { id: 't1', startDay: '2026-02-27', days: 3 }).updates).toEqual([
      { id: 't1', startDate: '2026-02-27T00:00:00.000Z', dueDate: '2026-03-01T00:00:00.000Z' },
    ])
    expect(scheduleTask(board, { id: 't1', startDay: '2024-02-29', days: 1 }).updates).toEqual([
      { id: 't1', startDate: '2024-02-29T00:00:00.000Z', dueDate: '2024-02-29T00:00:00.000Z' },
    ])
  })

  it('gives a milestone its due date only, and treats a length under 1 as 1', () => {
    expect(scheduleTask(board, { id: 'm1', startDay: '2026-03-02', days: 5 }).updates).toEqual([
      { id: 'm1', dueDate: '2026-03-02T00:00:00.000Z' },
    ])
    expect(scheduleTask(board, { id: 't1', startDay: '2026-03-02', days: 0 }).updates).toEqual([
      { id: 't1', startDate: '2026-03-02T00:00:00.000Z', dueDate: '2026-03-02T00:00:00.000Z' },
    ])
  })

  it('changes nothing for an invalid day or an unknown task', () => {
    for (const startDay of ['2026-02-30', '2026-3-2', '', '2026-03-02T00:00:00.000Z']) {
      expect(scheduleTask(board, { id: 't1', startDay, days: 2 }).next).toBe(board)
    }
    expect(scheduleTask(board, { id: 'gone', startDay: '2026-03-02', days: 2 }).next).toBe(board)
  })

  it('rolls back to unscheduled through its inverse', () => {
    const { next, inverse } = scheduleTask(board, { id: 't1', startDay: '2026-03-02', days: 2 })
    expect(inverse).toEqual({ kind: 'setDates', dates: [{ id: 't1', startDate: '', dueDate: '' }] })
    expect(runCommand(next, inverse).next).toEqual(board)
  })
})

describe('describeCommand', () => {
  const board = table(task('t1', { title: 'Login page' }), task('t2'))
  it('names one task by title and counts several', () => {
    expect(describeCommand(board, { kind: 'moveTasks', ids: ['t1'], days: 1 }, ['t1'])).toBe(
      'move "Login page"',
    )
    expect(
      describeCommand(board, { kind: 'moveTasks', ids: ['t1', 't2'], days: 1 }, ['t1', 't2']),
    ).toBe('move 2 tasks')
    expect(
      describeCommand(board, { kind: 'resizeTask', id: 't1', edge: 'end', days: 1 }, ['t1']),
    ).toBe('resize "Login page"')
    expect(
      describeCommand(board, { kind: 'scheduleTask', id: 't2', startDay: '2026-03-02', days: 1 }, [
        't2',
      ]),
    ).toBe('schedule "Task t2"')
    expect(describeCommand(board, { kind: 'setDates', dates: [] }, ['t1', 't2'])).toBe(
      'change the dates of 2 tasks',
    )
  })
})
