// The day rules and the dependency rule: what an arrow says (kept, slack, "-2d missing").
import { describe, expect, it } from 'vitest'
import {
  dayNumberOfIsoDay,
  dependencyStatus,
  finishDayOf,
  movedDates,
  ruleOnDays,
  startDayOf,
  taskExtent,
  violations,
} from '../../../src-shared/schedule'
import { dep, milestone, task } from './builders'

const day = dayNumberOfIsoDay

describe('the day rules', () => {
  it('a date-only due covers its whole day: the task finishes on the next day', () => {
    const extent = taskExtent(task('a', '2026-03-02', '2026-03-04'))!
    expect(startDayOf(extent)).toBe(day('2026-03-02'))
    expect(finishDayOf(extent)).toBe(day('2026-03-05'))
  })

  it('a due with a time ends there, and the task still occupies that day', () => {
    const extent = taskExtent(task('a', '2026-03-02T09:30:00.000Z', '2026-03-04T17:00:00.000Z'))!
    expect(startDayOf(extent)).toBe(day('2026-03-02'))
    expect(finishDayOf(extent)).toBe(day('2026-03-05'))
  })

  it('a milestone sits at the end of its due day and ignores a start date', () => {
    const extent = taskExtent(milestone('m', '2026-03-04', { startDate: '2026-01-01' }))!
    expect(extent.kind).toBe('milestone')
    expect(startDayOf(extent)).toBe(day('2026-03-05'))
    expect(finishDayOf(extent)).toBe(day('2026-03-05'))
  })

  it('a milestone due at a time of day is still a point at the end of that day', () => {
    const extent = taskExtent(milestone('m', '2026-03-05T17:00:00.000Z'))!
    expect(startDayOf(extent)).toBe(day('2026-03-06'))
    expect(finishDayOf(extent)).toBe(day('2026-03-06'))
    // A task due at the same instant, lag 0: the milestone does not start a day short.
    const tasks = [
      task('a', '2026-03-02', '2026-03-05T17:00:00.000Z'),
      milestone('m', '2026-03-05T17:00:00.000Z'),
    ]
    expect(violations(tasks, [dep('a', 'm')])).toMatchObject([{ state: 'ok', missingDays: 0 }])
  })

  it('a date-time with no zone is read as UTC, whatever the zone of the machine', () => {
    const zone = process.env.TZ
    process.env.TZ = 'Europe/Berlin'
    try {
      // Strings no other test reads: parsed instants are kept.
      const zoneless = taskExtent(task('a', '2026-03-02T00:00:00', '2026-03-05T00:00:00'))!
      const utc = taskExtent(task('a', '2026-03-02T00:00:00Z', '2026-03-05T00:00:00Z'))!
      expect(zoneless).toEqual(utc)
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('one date is a one-day task; no date is unscheduled', () => {
    expect(taskExtent(task('a', '', '2026-03-04'))!.kind).toBe('due-only')
    expect(finishDayOf(taskExtent(task('a', '2026-03-04', ''))!)).toBe(day('2026-03-05'))
    expect(taskExtent(task('a', '', ''))).toBeUndefined()
    expect(taskExtent(milestone('m', ''))).toBeUndefined()
  })

  it('moving keeps every time of day, and a milestone moves its due only', () => {
    const t = task('a', '2026-03-02T09:30:00.000Z', '2026-03-04T17:00:00.000Z')
    expect(movedDates(t, 2)).toEqual({
      startDate: '2026-03-04T09:30:00.000Z',
      dueDate: '2026-03-06T17:00:00.000Z',
    })
    expect(movedDates(milestone('m', '2026-03-04', { startDate: '2026-03-01' }), -1)).toEqual({
      dueDate: '2026-03-03T00:00:00.000Z',
    })
    expect(movedDates(task('a', '', ''), 3)).toEqual({})
  })
})

describe('the dependency rule', () => {
  const a = taskExtent(task('a', '2026-03-02', '2026-03-04'))! // finishes 03-05

  it('the successor may start on finish day + lag: a minimum gap', () => {
    const on = taskExtent(task('b', '2026-03-07', '2026-03-08'))!
    expect(dependencyStatus(a, on, 2)).toMatchObject({
      violated: false,
      missingDays: 0,
      slackDays: 0,
    })
    const late = taskExtent(task('b', '2026-03-09', '2026-03-10'))!
    expect(dependencyStatus(a, late, 2)).toMatchObject({
      violated: false,
      slackDays: 2,
      shiftDays: 0,
    })
    const early = taskExtent(task('b', '2026-03-04', '2026-03-10'))!
    expect(dependencyStatus(a, early, 2)).toMatchObject({
      violated: true,
      missingDays: 3,
      shiftDays: 3,
    })
  })

  it('in exact-gap mode slack breaks the rule too, and the fix may move earlier', () => {
    const late = taskExtent(task('b', '2026-03-09', '2026-03-10'))!
    expect(dependencyStatus(a, late, 2, { exact: true })).toMatchObject({
      violated: true,
      missingDays: 0,
      slackDays: 2,
      shiftDays: -2,
    })
    expect(ruleOnDays(10, 12, 2, { exact: true }).violated).toBe(false)
  })

  it('a lead (negative lag) lets the successor overlap its predecessor', () => {
    expect(ruleOnDays(10, 8, -2).violated).toBe(false)
    expect(ruleOnDays(10, 7, -2).missingDays).toBe(1)
  })

  it('checks a board: unknown ends and undated ends say so instead of guessing', () => {
    const tasks = [
      task('a', '2026-03-02', '2026-03-04'),
      task('b', '2026-03-04', '2026-03-04'),
      task('u', '', ''),
    ]
    const checks = violations(tasks, [dep('a', 'b'), dep('a', 'u'), dep('a', 'gone')])
    expect(checks.map((c) => [c.state, c.missingDays])).toEqual([
      ['violated', 1],
      ['unscheduled', 0],
      ['unknown-task', 0],
    ])
  })
})
