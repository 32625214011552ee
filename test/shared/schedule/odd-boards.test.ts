// Boards another service may hold that the plan must survive: chains of lags that add up past
// the calendar, fixes the board would refuse (start after due, a lag over its limit, a link in a
// loop or twice over). Nothing here may throw, and no fix may be offered that the board refuses.
import { describe, expect, it } from 'vitest'
import { SERVICE_LIMITS } from '../../../src-shared/api'
import {
  buildScheduleIndex,
  cascade,
  findProblems,
  milestoneOverview,
  moveChanges,
} from '../../../src-shared/schedule'
import type { Problem } from '../../../src-shared/schedule'
import { dep, milestone, task } from './builders'

/** A chain of `n` tasks on one day, each link `lag` days, ending in milestone M. */
function longChain(n: number, lag: number) {
  const tasks = Array.from({ length: n }, (_, i) =>
    task(`t${i}`, '2026-01-01', '2026-01-01', { milestoneId: 'M' }),
  )
  const deps = tasks.slice(1).map((t, i) => dep(`t${i}`, t.id, lag))
  return { tasks: [...tasks, milestone('M', '2026-06-01')], deps: [...deps, dep(`t${n - 1}`, 'M')] }
}

const writableDay = /^\d{4}-\d{2}-\d{2}/

describe('boards whose lags add up past the calendar', () => {
  it('forecasts milestones without throwing, within years 0000-9999', () => {
    const { tasks, deps } = longChain(3_000, 1e9)
    const index = buildScheduleIndex(tasks, deps)
    const [row] = milestoneOverview(index, { today: '2026-11-28' })
    expect(row!.forecastDay).toMatch(/^9999-12-31$/)
    expect(row!.atRisk).toBe(true)
  })

  it('cascades a drag without throwing and moves nothing past 9999-12-31', () => {
    const { tasks, deps } = longChain(3_000, 3_650)
    const index = buildScheduleIndex(tasks, deps)
    const result = cascade(index, moveChanges(index, ['t0'], 1))
    for (const update of result.updates) {
      if (update.startDate) expect(update.startDate).toMatch(writableDay)
      if (update.dueDate) expect(update.dueDate).toMatch(writableDay)
    }
    expect(result.violated.length).toBeGreaterThan(0)
  })

  it('lists the problems without throwing, and offers no move past 9999', () => {
    const index = buildScheduleIndex(
      [task('a', '9999-06-01', '9999-06-01'), task('b', '9999-06-01', '9999-06-01')],
      [dep('a', 'b', 365)],
    )
    const [problem] = findProblems(index)
    expect(problem!.fixes.filter((f) => f.kind === 'move-successor')).toEqual([])
  })
})

const lagFixes = (problems: Problem[]) =>
  problems.flatMap((p) => p.fixes.filter((f) => f.kind === 'set-lag'))

describe('fixes the board would refuse are not offered', () => {
  it('no "Set lag" over the board’s limit', () => {
    const index = buildScheduleIndex(
      [task('a', '2026-03-01', '2026-03-05'), task('b', '2040-03-10', '2040-03-12')],
      [dep('a', 'b', 10_000)],
    )
    expect(findProblems(index)).toHaveLength(1)
    expect(lagFixes(findProblems(index))).toEqual([])
    expect(SERVICE_LIMITS.lagDays).toBeLessThan(5_118)
  })

  it('no "Set lag" for a dependency in a loop, on itself, or held twice (delete, then refused)', () => {
    const loop = buildScheduleIndex(
      [task('a', '2026-03-01', '2026-03-01'), task('b', '2026-03-03', '2026-03-03')],
      [dep('a', 'b', 5), dep('b', 'a', 0)],
    )
    expect(findProblems(loop).length).toBeGreaterThan(0)
    expect(lagFixes(findProblems(loop))).toEqual([])
    const self = buildScheduleIndex([milestone('m', '2026-03-03')], [dep('m', 'm', 1)])
    expect(lagFixes(findProblems(self))).toEqual([])
    const twice = buildScheduleIndex(
      [task('a', '2026-03-01', '2026-03-01'), task('b', '2026-03-03', '2026-03-03')],
      [dep('a', 'b', 5), { ...dep('a', 'b', 5), id: 'again' }],
    )
    expect(findProblems(twice)).toHaveLength(2)
    expect(lagFixes(findProblems(twice))).toEqual([])
  })

  it('no move of a task whose start is after its due (the board refuses the write)', () => {
    const index = buildScheduleIndex(
      [task('a', '2026-03-01', '2026-03-05'), task('b', '2026-03-10', '2026-03-02')],
      [dep('a', 'b')],
    )
    const problems = findProblems(index)
    expect(problems.length).toBeGreaterThan(0)
    for (const fix of problems.flatMap((p) => p.fixes))
      if (fix.kind !== 'set-lag') expect(fix.updates.map((u) => u.id)).not.toContain('b')
  })
})
