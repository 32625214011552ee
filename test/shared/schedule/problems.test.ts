// The Problems list: what is broken, by how many days, and the fixes as the batch to send.
import { describe, expect, it } from 'vitest'
import { buildScheduleIndex, findProblems } from '../../../src-shared/schedule'
import { dep, milestone, task } from './builders'

const tasks = [
  task('a', '2026-03-02', '2026-03-04'),
  task('b', '2026-03-04', '2026-03-05'), // 2 days too early for a + 1 day of lag
  task('c', '2026-03-07', '2026-03-07'), // 1 day of slack after b
  task('d', '2026-03-10', '2026-03-10'),
  task('e', '2026-03-12', '2026-03-12'), // 2 days too early for d + 3 days of lag
  task('t', '2026-03-01', '2026-03-05', { milestoneId: 'M' }),
  milestone('M', '2026-03-03'),
]
const deps = [dep('a', 'b', 1), dep('b', 'c'), dep('d', 'e', 3)]
const problems = findProblems(buildScheduleIndex(tasks, deps))

describe('problems', () => {
  it('lists each broken dependency with the days missing and each task due after its milestone', () => {
    expect(
      problems.map((p) =>
        p.kind === 'dependency' ? [p.dependencyId, p.missingDays] : [p.taskId, p.days],
      ),
    ).toEqual([
      ['a>b', 2],
      ['t', 2],
      ['d>e', 2],
    ])
  })

  it('works out fixes only for the problems that will be listed; the rest are still found', () => {
    // A chain of 6 tasks, each link one day short.
    const chain = Array.from({ length: 6 }, (_, i) =>
      task(
        `c${i}`,
        `2026-04-${String(1 + i * 2).padStart(2, '0')}`,
        `2026-04-${String(2 + i * 2).padStart(2, '0')}`,
      ),
    )
    const links = chain.slice(1).map((t, i) => dep(`c${i}`, t.id, 1))
    const all = findProblems(buildScheduleIndex(chain, links))
    const firstTwo = findProblems(buildScheduleIndex(chain, links), { fixesFor: 2 })
    expect(all.map((p) => p.day)).toEqual(firstTwo.map((p) => p.day))
    expect(firstTwo.map((p) => p.fixes.length > 0)).toEqual([true, true, false, false, false])
    expect(firstTwo.slice(0, 2)).toEqual(all.slice(0, 2))
  })

  it('a dependency of a loop in the data is listed as such, with no move that cannot fix it', () => {
    const tasks = [task('a', '2026-03-02', '2026-03-04'), task('b', '2026-03-03', '2026-03-06')]
    const problems = findProblems(
      buildScheduleIndex(tasks, [dep('a', 'a'), dep('a', 'b'), dep('b', 'a')]),
    )
    const of = (id: string) =>
      problems.find((p) => p.kind === 'dependency' && p.dependencyId === id)
    expect(of('a>a')).toMatchObject({ inLoop: true, missingDays: 3, fixes: [] })
    expect(of('a>b')).toMatchObject({ inLoop: true, fixes: [] })
    expect(of('b>a')).toMatchObject({ inLoop: true, fixes: [] })
  })

  it('"Move <successor> to <date>" sends the successor and what the cascade then moves', () => {
    const fix = problems[0]!.fixes[0]!
    expect(fix).toMatchObject({ kind: 'move-successor', taskId: 'b', days: 2, toDay: '2026-03-06' })
    expect(fix.kind !== 'set-lag' && fix.updates).toEqual([
      { id: 'b', startDate: '2026-03-06T00:00:00.000Z', dueDate: '2026-03-07T00:00:00.000Z' },
      { id: 'c', startDate: '2026-03-08T00:00:00.000Z', dueDate: '2026-03-08T00:00:00.000Z' },
    ])
  })

  it('"Move <predecessor> earlier" goes to the latest start that keeps the dependency', () => {
    expect(problems[0]!.fixes[1]).toMatchObject({
      kind: 'move-predecessor',
      taskId: 'a',
      days: -2,
      toDay: '2026-02-28',
      updates: [
        { id: 'a', startDate: '2026-02-28T00:00:00.000Z', dueDate: '2026-03-02T00:00:00.000Z' },
      ],
    })
  })

  it('"Set lag to <n>" only when a lag of 0 or more would keep it', () => {
    expect(problems[0]!.fixes.map((f) => f.kind)).toEqual(['move-successor', 'move-predecessor'])
    expect(problems[2]!.fixes[2]).toEqual({
      kind: 'set-lag',
      dependencyId: 'd>e',
      predecessorId: 'd',
      successorId: 'e',
      lagDays: 1,
    })
  })

  it('a task after its milestone: move the task earlier, or the milestone later', () => {
    expect(problems[1]!.fixes).toEqual([
      expect.objectContaining({ kind: 'move-task', taskId: 't', days: -2, toDay: '2026-02-27' }),
      expect.objectContaining({
        kind: 'move-milestone',
        taskId: 'M',
        toDay: '2026-03-05',
        updates: [{ id: 'M', dueDate: '2026-03-05T00:00:00.000Z' }],
      }),
    ])
  })

  it('offers no "move the milestone later" that would push the task later with it', () => {
    // The task hangs off its own milestone: moving the milestone later moves the task as much.
    const chained = [
      milestone('M', '2026-03-03'),
      task('t', '2026-03-04', '2026-03-06', { milestoneId: 'M' }),
    ]
    const [problem] = findProblems(buildScheduleIndex(chained, [dep('M', 't')]))
    expect(problem).toMatchObject({ kind: 'after-milestone', taskId: 't' })
    expect(problem!.fixes.map((f) => f.kind)).toEqual(['move-task'])
  })

  it('in exact-gap mode slack is a problem too, fixed by moving the successor earlier', () => {
    const exact = findProblems(buildScheduleIndex(tasks, deps), { exact: true })
    const bc = exact.find((p) => p.kind === 'dependency' && p.dependencyId === 'b>c')!
    expect(bc).toMatchObject({ missingDays: 0, extraDays: 1 })
    expect(bc.fixes[0]).toMatchObject({ kind: 'move-successor', taskId: 'c', days: -1 })
  })
})
