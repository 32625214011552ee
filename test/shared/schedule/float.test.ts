// Critical path and float: which tasks decide the end, and how much room the others have.
import { describe, expect, it } from 'vitest'
import { buildScheduleIndex, criticalPath, taskFloat } from '../../../src-shared/schedule'
import { dep, milestone, task } from './builders'

// a -> b -+2d-> m   (tight: b finishes 03-07, + 2 = 03-09, where m sits)
// c ------> m       (c finishes 03-03: 6 days of room)
const tasks = [
  task('a', '2026-03-02', '2026-03-04'),
  task('b', '2026-03-05', '2026-03-06'),
  milestone('m', '2026-03-08'),
  task('c', '2026-03-02', '2026-03-02'),
  task('u', '', ''),
  task('x', '2026-03-20', '2026-03-20'),
]
const deps = [dep('a', 'b'), dep('b', 'm', 2), dep('c', 'm'), dep('u', 'm')]
const index = buildScheduleIndex(tasks, deps)

describe('critical path to a milestone', () => {
  const result = criticalPath(index, { milestoneId: 'm' })

  it('is the chain of zero total float through lags, with its driving dependencies', () => {
    expect(result.criticalTaskIds).toEqual(['a', 'b', 'm'])
    expect(result.criticalDependencyIds).toEqual(['a>b', 'b>m'])
  })

  it('gives every other task it depends on its total and free float', () => {
    expect(taskFloat(index, result, 'c')).toEqual({ totalFloat: 6, freeFloat: 6, critical: false })
    expect(taskFloat(index, result, 'b')).toEqual({ totalFloat: 0, freeFloat: 0, critical: true })
  })

  it('leaves out tasks without dates and tasks the milestone does not depend on', () => {
    expect(taskFloat(index, result, 'u')).toBeUndefined()
    expect(taskFloat(index, result, 'x')).toBeUndefined()
    expect(result.unscheduledIds).toEqual(['u'])
  })
})

describe('critical path to the latest finish', () => {
  it('runs to the task that finishes last; the rest have the room up to it', () => {
    const result = criticalPath(index)
    expect(result.criticalTaskIds).toEqual(['x'])
    // m finishes 03-09, x 03-21: everything before m has 12 more days.
    expect(taskFloat(index, result, 'm')?.totalFloat).toBe(12)
    expect(taskFloat(index, result, 'a')?.totalFloat).toBe(12)
    expect(taskFloat(index, result, 'a')?.freeFloat).toBe(0)
    expect(taskFloat(index, result, 'c')?.totalFloat).toBe(18)
  })

  it('reads a broken plan as pushed: the early dates follow the chain', () => {
    const late = buildScheduleIndex(
      [task('p', '2026-03-02', '2026-03-10'), task('q', '2026-03-05', '2026-03-05')],
      [dep('p', 'q')],
    )
    const result = criticalPath(late)
    expect(result.criticalTaskIds).toEqual(['p', 'q'])
    // q is pushed to start 03-11 and finish 03-12.
    expect(result.targetFinishDay - (late.finishDay[1] as number)).toBe(6)
  })

  it('reports loops in the data instead of hanging, and still answers', () => {
    const looped = buildScheduleIndex(
      [task('p', '2026-03-02', '2026-03-02'), task('q', '2026-03-03', '2026-03-03')],
      [dep('p', 'q'), dep('q', 'p')],
    )
    const result = criticalPath(looped)
    expect(result.loops).toEqual([0])
    expect(result.criticalTaskIds).toEqual(['q'])
  })

  it('says nothing for a milestone with no dates', () => {
    const result = criticalPath(buildScheduleIndex([milestone('m', '')], []), {
      milestoneId: 'm',
    })
    expect(result.criticalTaskIds).toEqual([])
    expect(result.targetFinishDay).toBeNaN()
  })
})
