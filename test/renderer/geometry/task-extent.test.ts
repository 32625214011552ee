// How dates become bars, one-date bars, milestones, and the whole-day rules read off them.
import { describe, expect, it } from 'vitest'
import * as ext from '../../../src-renderer/timeline/geometry/task-extent'
import { TimeScale } from '../../../src-renderer/timeline/geometry/time-scale'
import { at, ms } from './builders'

const DAY = 86_400_000
const extentOf = (startDate: string, dueDate: string, type: 'task' | 'milestone' = 'task') =>
  ext.taskExtent({ startDate, dueDate, type })
const dayOf = (day: string) => ms(day) / DAY

describe('taskExtent: both dates', () => {
  it('date-only: the due day is inclusive, the bar ends at the next midnight', () => {
    expect(extentOf(at('2026-03-02'), at('2026-03-06'))).toEqual({
      kind: 'bar',
      startMs: ms('2026-03-02'),
      endMs: ms('2026-03-07'),
    })
    // Start and due on the same day: one whole day.
    expect(extentOf(at('2026-03-02'), at('2026-03-02'))).toEqual({
      kind: 'bar',
      startMs: ms('2026-03-02'),
      endMs: ms('2026-03-03'),
    })
  })

  it('counts days across month ends, year ends and leap days', () => {
    const days = (start: string, due: string) => {
      const e = extentOf(at(start), at(due))
      return e ? (e.endMs - e.startMs) / DAY : NaN
    }
    expect(days('2025-12-30', '2026-01-02')).toBe(4)
    expect(days('2024-02-28', '2024-03-01')).toBe(3)
    expect(days('2026-02-28', '2026-03-01')).toBe(2)
    expect(days('2026-01-31', '2026-02-01')).toBe(2)
  })

  it('times of day are drawn where they are', () => {
    expect(extentOf(at('2026-03-02', '09:30'), at('2026-03-04', '17:00'))).toEqual({
      kind: 'bar',
      startMs: ms('2026-03-02') + 9.5 * 3_600_000,
      endMs: ms('2026-03-04') + 17 * 3_600_000,
    })
    // A timed start with a date-only due on the same day: the whole due day, not inverted.
    expect(extentOf(at('2026-03-02', '09:30'), at('2026-03-02'))).toEqual({
      kind: 'bar',
      startMs: ms('2026-03-02') + 9.5 * 3_600_000,
      endMs: ms('2026-03-03'),
    })
    // The same instant twice: a zero-length bar (barPx keeps it visible).
    const same = extentOf(at('2026-03-02', '09:30'), at('2026-03-02', '09:30'))
    expect(same?.endMs).toBe(same?.startMs)
    expect(same?.inverted).toBeUndefined()
  })

  it('a due before the start swaps them so the bar covers both, flagged inverted', () => {
    expect(extentOf(at('2026-03-06'), at('2026-03-05'))).toEqual({
      kind: 'bar',
      startMs: ms('2026-03-05'),
      endMs: ms('2026-03-07'),
      inverted: true,
    })
    expect(extentOf(at('2026-03-02', '09:30'), at('2026-03-02', '08:00'))).toEqual({
      kind: 'bar',
      startMs: ms('2026-03-02') + 8 * 3_600_000,
      endMs: ms('2026-03-02') + 9.5 * 3_600_000,
      inverted: true,
    })
  })
})

describe('taskExtent: one date, milestones, none', () => {
  it('only a due date: a one-day bar ending where the due ends', () => {
    expect(extentOf('', at('2026-03-06'))).toEqual({
      kind: 'due-only',
      startMs: ms('2026-03-06'),
      endMs: ms('2026-03-07'),
    })
    expect(extentOf('', at('2026-03-06', '12:00'))).toEqual({
      kind: 'due-only',
      startMs: ms('2026-03-05') + 12 * 3_600_000,
      endMs: ms('2026-03-06') + 12 * 3_600_000,
    })
  })

  it('only a start date: a one-day bar from the start', () => {
    expect(extentOf(at('2026-03-02'), '')).toEqual({
      kind: 'start-only',
      startMs: ms('2026-03-02'),
      endMs: ms('2026-03-03'),
    })
    expect(extentOf(at('2024-02-29', '06:00'), '')).toEqual({
      kind: 'start-only',
      startMs: ms('2024-02-29') + 6 * 3_600_000,
      endMs: ms('2024-03-01') + 6 * 3_600_000,
    })
  })

  it('a milestone is a point at the end of its due day (the D/D+1 boundary, with a time too)', () => {
    expect(extentOf('', at('2026-03-26'), 'milestone')).toEqual({
      kind: 'milestone',
      startMs: ms('2026-03-27'),
      endMs: ms('2026-03-27'),
    })
    expect(extentOf('', at('2026-03-26', '15:00'), 'milestone')).toEqual({
      kind: 'milestone',
      startMs: ms('2026-03-27'),
      endMs: ms('2026-03-27'),
    })
    // The service ignores a milestone's start date; so do we.
    expect(extentOf(at('2026-03-01'), at('2026-03-26'), 'milestone')?.startMs).toBe(
      ms('2026-03-27'),
    )
    expect(extentOf(at('2026-03-01'), '', 'milestone')).toBeUndefined()
  })

  it('no readable date: undefined, for the Unscheduled tray', () => {
    expect(extentOf('', '')).toBeUndefined()
    expect(extentOf('someday', 'later')).toBeUndefined()
    expect(extentOf('someday', at('2026-03-06'))?.kind).toBe('due-only')
  })
})

describe('whole days and helpers', () => {
  it('start day floors, finish day is the first day no longer occupied', () => {
    const dateOnly = extentOf(at('2026-03-02'), at('2026-03-06'))
    const timed = extentOf(at('2026-03-02', '09:30'), at('2026-03-06', '17:00'))
    if (!dateOnly || !timed) throw new Error('both are scheduled')
    expect(ext.startDayOf(dateOnly)).toBe(dayOf('2026-03-02'))
    expect(ext.finishDayOf(dateOnly)).toBe(dayOf('2026-03-07'))
    expect(ext.startDayOf(timed)).toBe(dayOf('2026-03-02'))
    expect(ext.finishDayOf(timed)).toBe(dayOf('2026-03-07'))
    expect(ext.finishMs(timed)).toBe(timed.endMs)
    const yearEnd = extentOf(at('2025-12-29'), at('2025-12-31'))
    if (!yearEnd) throw new Error('scheduled')
    expect(ext.finishDayOf(yearEnd)).toBe(dayOf('2026-01-01'))
  })

  it('shiftExtent moves by whole days and keeps time of day and kind', () => {
    const timed = extentOf(at('2026-02-27', '09:30'), at('2026-02-28', '17:00'))
    if (!timed) throw new Error('scheduled')
    const moved = ext.shiftExtent(timed, 2)
    expect(moved).toEqual({
      kind: 'bar',
      startMs: ms('2026-03-01') + 9.5 * 3_600_000,
      endMs: ms('2026-03-02') + 17 * 3_600_000,
    })
    expect(ext.shiftExtent(timed, 0)).toEqual(timed)
  })

  it('barPx: x and width on a scale, zero-length bars stay visible, milestones are points', () => {
    const scale = new TimeScale('day', '2026-03-01', '2026-03-31')
    const bar = extentOf(at('2026-03-02'), at('2026-03-06'))
    const instant = extentOf(at('2026-03-02', '12:00'), at('2026-03-02', '12:00'))
    const milestone = extentOf('', at('2026-03-06'), 'milestone')
    if (!bar || !instant || !milestone) throw new Error('all scheduled')
    expect(ext.barPx(bar, scale)).toEqual({ x: 40, width: 200 })
    expect(ext.barPx(instant, scale)).toEqual({ x: 60, width: ext.MIN_BAR_WIDTH })
    expect(ext.barPx(milestone, scale)).toEqual({ x: 240, width: 0 })
  })
})
