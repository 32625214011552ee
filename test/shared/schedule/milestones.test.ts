// The milestone overview: due, linked tasks, done, forecast, slip, at risk, slip since baseline.
import { describe, expect, it } from 'vitest'
import {
  buildScheduleIndex,
  dayNumberOfIsoDay,
  forecastFinishDays,
  milestoneOverview,
  sortMilestoneRows,
} from '../../../src-shared/schedule'
import { dep, milestone, task } from './builders'

const today = '2026-11-24'
const tasks = [
  milestone('M1', '2026-11-30'),
  task('t1', '2026-11-16', '2026-11-20', {
    milestoneId: 'M1',
    endedAt: '2026-11-20T10:00:00.000Z',
  }),
  task('t2', '2026-11-18', '2026-11-20', { milestoneId: 'M1' }), // overdue, not done
  task('p', '2026-11-25', '2026-11-28'),
  milestone('M2', '2026-11-26'),
  task('q', '2026-11-20', '2026-11-22'), // overdue: forecast to end today
  task('r', '2026-11-23', '2026-11-25'),
  milestone('M3', '2026-11-10', { endedAt: '2026-11-12T09:00:00.000Z' }),
  milestone('M4', ''),
]
const deps = [dep('p', 'M1'), dep('q', 'r'), dep('r', 'M2', 1)]
const index = buildScheduleIndex(tasks, deps)
const baseline = new Map([['M2', { startDate: '', dueDate: '2026-11-25T00:00:00.000Z' }]])
const rows = milestoneOverview(index, { today, baseline })
const row = (id: string) => rows.find((r) => r.id === id)!

describe('forecast rule', () => {
  it('a task not done whose due has passed is forecast to end today, and pushes its chain', () => {
    const ff = forecastFinishDays(index, dayNumberOfIsoDay(today))
    const day = (id: string) => ff[index.indexOf.get(id)!]! - 1 // the last day it occupies
    expect(day('q')).toBe(dayNumberOfIsoDay('2026-11-24'))
    // r waits for q (end of today) and keeps its 3 days: 11-25 to 11-27.
    expect(day('r')).toBe(dayNumberOfIsoDay('2026-11-27'))
    // A done task finished the day it ended.
    expect(day('t1')).toBe(dayNumberOfIsoDay('2026-11-20'))
  })
})

describe('milestone overview', () => {
  it('a linked task with only a start date is never overdue: it has no due day to pass', () => {
    const board = [milestone('M', '2026-11-30'), task('s', '2026-11-02', '', { milestoneId: 'M' })]
    const [m] = milestoneOverview(buildScheduleIndex(board, []), { today, baseline: new Map() })
    expect(m).toMatchObject({ id: 'M', overdueTaskIds: [], atRisk: false })
  })

  it('a milestone whose day has passed, not reached, is at risk and says so', () => {
    // Its linked work done, nothing pushing it: it read as "on track" weeks after its day.
    const board = [
      milestone('M', '2026-11-10'),
      task('t', '2026-11-02', '2026-11-05', { milestoneId: 'M', endedAt: '2026-11-05T10:00:00Z' }),
      milestone('R', '2026-11-12', { endedAt: '2026-11-12T09:00:00Z' }),
      milestone('F', '2026-12-10'),
    ]
    const overview = milestoneOverview(buildScheduleIndex(board, []), { today })
    const byId = (id: string) => overview.find((r) => r.id === id)
    expect(byId('M')).toMatchObject({ passed: true, atRisk: true, slipDays: 0 })
    expect(byId('R')).toMatchObject({ passed: false, atRisk: false })
    expect(byId('F')).toMatchObject({ passed: false, atRisk: false })
  })

  it('lists every milestone by due day, the undated last', () => {
    expect(rows.map((r) => [r.id, r.dueDay])).toEqual([
      ['M3', '2026-11-10'],
      ['M2', '2026-11-26'],
      ['M1', '2026-11-30'],
      ['M4', ''],
    ])
  })

  it('links the tasks of the milestone and its predecessors, and counts the done ones', () => {
    expect(row('M1')).toMatchObject({ linkedTaskIds: ['t1', 't2', 'p'], doneCount: 1 })
    expect(row('M2').linkedTaskIds).toEqual(['r'])
  })

  it('a chain that runs late makes the milestone slip and puts it at risk', () => {
    // r ends 11-27, + 1 day of lag: M2 can be reached at the end of 11-28, 2 days late.
    expect(row('M2')).toMatchObject({ forecastDay: '2026-11-28', slipDays: 2, atRisk: true })
    expect(row('M2').baselineSlipDays).toBe(3)
  })

  it('an overdue linked task puts a milestone at risk even when the forecast holds', () => {
    expect(row('M1')).toMatchObject({
      forecastDay: '2026-11-30',
      slipDays: 0,
      overdueTaskIds: ['t2'],
      atRisk: true,
      baselineSlipDays: undefined,
    })
  })

  it('a milestone that is done is not at risk; one without dates has no forecast', () => {
    expect(row('M3')).toMatchObject({
      done: true,
      atRisk: false,
      forecastDay: '2026-11-12',
      slipDays: 2,
    })
    expect(row('M4')).toMatchObject({ forecastDay: '', slipDays: undefined, atRisk: false })
  })

  it('sorts by any column, rows without a value last', () => {
    const bySlip = sortMilestoneRows(rows, 'slipDays', 'desc').map((r) => r.id)
    // M3 was reached 2 days late, M2 is forecast 2 days late: a tie keeps the due order.
    expect(bySlip).toEqual(['M3', 'M2', 'M1', 'M4'])
  })
})

describe('a lag no plan means (another board may send any number)', () => {
  // A lag of 1e9 days pushed a forecast past the last instant a Date can hold: toISOString threw
  // while the toolbar's milestone overview was computed, and the window went down on every load.
  it('is held to a hundred years, and the overview still works', () => {
    const far = buildScheduleIndex(
      [task('a', '2026-11-20', '2026-11-22'), milestone('M', '2026-12-01')],
      [dep('a', 'M', 1e9)],
    )
    const [overview] = milestoneOverview(far, { today })
    expect(overview!.slipDays).toBeGreaterThan(36_000)
    expect(overview!.forecastDay.length).toBe(10)
  })
})
