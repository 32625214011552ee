// Finish-to-start with lag in whole days: kept, violated by how many days, or with slack.
import { describe, expect, it } from 'vitest'
import * as ds from '../../../src-shared/schedule/rule'
import { taskExtent } from '../../../src-renderer/timeline/geometry/task-extent'
import { at, dateless, ms, task } from './builders'

const DAY = 86_400_000

function extent(startDate: string, dueDate: string, type: 'task' | 'milestone' = 'task') {
  const e = taskExtent({ startDate, dueDate, type })
  if (!e) throw new Error('scheduled')
  return e
}
/** A date-only task from `start` to `due`. */
const bar = (start: string, due: string) => extent(at(start), at(due))
const status = (pred: ReturnType<typeof extent>, succ: ReturnType<typeof extent>, lag: number) => {
  const { violated, missingDays, slackDays } = ds.dependencyStatus(pred, succ, lag)
  return { violated, missingDays, slackDays }
}
const ok = (slackDays = 0) => ({ violated: false, missingDays: 0, slackDays })
const short = (missingDays: number) => ({ violated: true, missingDays, slackDays: 0 })

describe('dependencyStatus', () => {
  const design = bar('2026-03-02', '2026-03-06') // done by the end of 6 March

  it('the successor may start on the day after the due day plus the lag', () => {
    const s = ds.dependencyStatus(design, bar('2026-03-09', '2026-03-10'), 2)
    expect(s.earliestStartDay).toBe(ms('2026-03-09') / DAY)
    expect(s.successorStartDay).toBe(ms('2026-03-09') / DAY)
    expect(status(design, bar('2026-03-09', '2026-03-10'), 2)).toEqual(ok())
    expect(status(design, bar('2026-03-11', '2026-03-12'), 2)).toEqual(ok(2))
    expect(status(design, bar('2026-03-08', '2026-03-12'), 2)).toEqual(short(1))
    expect(status(design, bar('2026-03-05', '2026-03-12'), 2)).toEqual(short(4))
  })

  it('without lag, starting on the predecessor due day is one day short', () => {
    expect(status(design, bar('2026-03-06', '2026-03-08'), 0)).toEqual(short(1))
    expect(status(design, bar('2026-03-07', '2026-03-08'), 0)).toEqual(ok())
  })

  it('counts across year ends and leap days', () => {
    const yearEnd = bar('2025-12-29', '2025-12-31')
    expect(status(yearEnd, bar('2026-01-02', '2026-01-05'), 1)).toEqual(ok())
    expect(status(yearEnd, bar('2026-01-01', '2026-01-05'), 1)).toEqual(short(1))
    expect(status(yearEnd, bar('2025-12-30', '2026-01-05'), 1)).toEqual(short(3))
    const leap = bar('2024-02-26', '2024-02-28')
    expect(status(leap, bar('2024-03-01', '2024-03-02'), 1)).toEqual(ok())
    expect(status(leap, bar('2024-02-29', '2024-03-02'), 1)).toEqual(short(1))
    const plain = bar('2026-02-26', '2026-02-28')
    expect(status(plain, bar('2026-03-01', '2026-03-02'), 1)).toEqual(short(1))
    expect(status(plain, bar('2026-03-02', '2026-03-03'), 1)).toEqual(ok())
  })

  it('a due with a time still occupies its day', () => {
    const timed = extent(at('2026-03-02', '09:00'), at('2026-03-04', '17:00'))
    expect(status(timed, extent(at('2026-03-04', '18:00'), at('2026-03-06')), 0)).toEqual(short(1))
    expect(status(timed, extent(at('2026-03-05', '09:30'), at('2026-03-06')), 0)).toEqual(ok())
  })

  it('a milestone due the day its predecessor is due is kept; one day earlier is not', () => {
    const test = bar('2026-03-21', '2026-03-26')
    const release = (due: string) => extent('', at(due), 'milestone')
    expect(status(test, release('2026-03-26'), 0)).toEqual(ok())
    expect(status(test, release('2026-03-25'), 0)).toEqual(short(1))
    expect(status(test, release('2026-03-28'), 0)).toEqual(ok(2))
    expect(status(release('2026-03-26'), bar('2026-03-27', '2026-03-28'), 0)).toEqual(ok())
    expect(status(release('2026-03-26'), bar('2026-03-26', '2026-03-28'), 0)).toEqual(short(1))
  })

  it('a negative lag (lead) lets the successor overlap', () => {
    expect(status(design, bar('2026-03-05', '2026-03-08'), -2)).toEqual(ok())
    expect(status(design, bar('2026-03-04', '2026-03-08'), -2)).toEqual(short(1))
  })
})

describe('violations', () => {
  it('gives each dependency its state, in the order given', () => {
    const tasks = [
      task('design', { startDate: at('2026-03-02'), dueDate: at('2026-03-06') }),
      task('build', { startDate: at('2026-03-11'), dueDate: at('2026-03-17') }),
      task('test', { startDate: at('2026-03-19'), dueDate: at('2026-03-26') }),
      dateless('idea'),
    ]
    const dep = (id: string, predecessorId: string, successorId: string, lagDays: number) => ({
      id,
      predecessorId,
      successorId,
      lagDays,
    })
    const checks = ds.violations(tasks, [
      dep('d1', 'design', 'build', 2),
      dep('d2', 'build', 'test', 3),
      dep('d3', 'idea', 'test', 0),
      dep('d4', 'gone', 'test', 0),
    ])
    expect(
      checks.map(({ id, state, missingDays, slackDays }) => [id, state, missingDays, slackDays]),
    ).toEqual([
      ['d1', 'ok', 0, 2],
      ['d2', 'violated', 2, 0],
      ['d3', 'unscheduled', 0, 0],
      ['d4', 'unknown-task', 0, 0],
    ])
    expect(checks[1]).toMatchObject({ predecessorId: 'build', successorId: 'test', lagDays: 3 })
  })

  it('checkDependencies works from extents already at hand', () => {
    const extents = new Map([
      ['a', bar('2026-03-02', '2026-03-02')],
      ['b', bar('2026-03-03', '2026-03-03')],
    ])
    const [check] = ds.checkDependencies(extents, [
      { id: 'x', predecessorId: 'a', successorId: 'b', lagDays: 0 },
    ])
    expect(check?.state).toBe('ok')
  })

  it('checks 5,000 tasks with 5,000 dependencies', () => {
    const tasks = Array.from({ length: 5_000 }, (_, i) => task(`t${i}`))
    const deps = tasks.map((_, i) => ({
      id: `d${i}`,
      predecessorId: `t${i}`,
      successorId: `t${(i + 1) % 5_000}`,
      lagDays: 0,
    }))
    const checks = ds.violations(tasks, deps)
    expect(checks).toHaveLength(5_000)
    // Every task runs 2-4 March: each successor starts 3 days too early.
    expect(checks.every((c) => c.state === 'violated' && c.missingDays === 3)).toBe(true)
  })
})
