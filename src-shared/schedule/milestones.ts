// Milestone overview and the forecast rule (issue 12; docs/scheduling.md).
//
// THE FORECAST RULE, per task, over the dependency chains in topological order:
// - no dates: no forecast (it cannot push anything);
// - done (endedAt set): it finished on the day of endedAt (finish day = that day + 1); an endedAt
//   that cannot be read keeps the planned finish;
// - not done: it starts on its start day, or later when its predecessors' forecasts push it
//   (finish + lag), and keeps its duration; and, not being done, it cannot finish before the end of
//   today: forecast finish day = max(today + 1, pushed start + duration). So a task whose due has
//   passed is forecast to end today, or later when its own predecessors push it;
// - a milestone that is not done is a point: it moves only when its chain pushes it (the "today"
//   floor is for work, not for a date someone set), and its forecast also waits for the tasks
//   linked to it by milestoneId. (That wait is not passed on to the milestone's successors; the
//   chains pass on only through dependencies.)
//
// A milestone's linked tasks: the tasks whose milestoneId points at it, and the predecessors of
// the milestone itself (its direct dependencies). Done = endedAt set. A linked task is overdue
// when it is not done and its due day has passed (today is on or after its finish day).
// Slip = forecast finish day - planned finish day, in days. At risk: not done, and the forecast
// is after the due, a linked task is overdue, or its own due day has passed ("passed").
import {
  dayNumberOfIsoDay,
  dayNumberOfTimestamp,
  FIRST_PLAN_DAY,
  isoDayOfDayNumber,
  LAST_PLAN_DAY,
} from './days'
import { finishDayOf, taskExtent } from './extent'
import type { ScheduleIndex, ScheduleTask } from './schedule-index'
import { isDone } from './schedule-index'

export interface BaselineDates {
  startDate: string
  dueDate: string
}

export interface MilestoneOptions {
  /** Today's UTC day, `YYYY-MM-DD`. */
  today: string
  /** Dates saved with a baseline, by task id: adds "slip since baseline". */
  baseline?: ReadonlyMap<string, BaselineDates>
}

export interface MilestoneRow {
  id: string
  /** The milestone's due day `YYYY-MM-DD` (the day it sits at the end of); '' when it has none. */
  dueDay: string
  done: boolean
  /** Linked tasks (by milestoneId, then its predecessors), in board order. */
  linkedTaskIds: string[]
  doneCount: number
  /** Linked tasks not done whose due day has passed. */
  overdueTaskIds: string[]
  /** Forecast day `YYYY-MM-DD`; '' when nothing gives one. */
  forecastDay: string
  /** Forecast minus due, in days (positive = late); undefined without both. */
  slipDays: number | undefined
  /** Not done, and its due day has passed (a date someone set, missed; its slip stays 0). */
  passed: boolean
  atRisk: boolean
  /** Forecast minus the baseline's due, in days; undefined without a baseline date for it. */
  baselineSlipDays: number | undefined
}

/**
 * Forecast finish day of every task (task numbers of the index; NaN without one), by the rule
 * above. `today` is a day number. O(N + E).
 */
export function forecastFinishDays(index: ScheduleIndex, today: number): Float64Array {
  const n = index.tasks.length
  const { startDay, finishDay, order, depPred, depLag, depInLoop } = index
  const ff = new Float64Array(n).fill(NaN)
  for (let k = 0; k < n; k++) {
    const i = order[k] as number
    const start = startDay[i] as number
    if (Number.isNaN(start)) continue
    const task = index.tasks[i] as ScheduleTask
    if (isDone(task)) {
      const ended = dayNumberOfTimestamp(task.endedAt as string)
      ff[i] = ended === undefined ? (finishDay[i] as number) : ended + 1
      continue
    }
    let es = start
    for (let j = index.inStart[i] as number; j < (index.inStart[i + 1] as number); j++) {
      const e = index.inDep[j] as number
      if (depInLoop[e]) continue
      const pf = ff[depPred[e] as number] as number
      if (!Number.isNaN(pf) && pf + (depLag[e] as number) > es) es = pf + (depLag[e] as number)
    }
    const end = es + ((finishDay[i] as number) - start)
    // Within the calendar a board can name (lags may add up past it): at most 9999-12-31.
    const finish = index.milestone[i] ? end : Math.max(today + 1, end)
    ff[i] = Math.min(LAST_PLAN_DAY + 1, Math.max(FIRST_PLAN_DAY + 1, finish))
  }
  return ff
}

/** Every milestone of the board with its numbers, ordered by due day (no due last). O(N + E). */
export function milestoneOverview(index: ScheduleIndex, options: MilestoneOptions): MilestoneRow[] {
  const today = dayNumberOfIsoDay(options.today)
  const ff = forecastFinishDays(index, today)
  const rows: MilestoneRow[] = []
  const seen = new Int32Array(index.tasks.length).fill(-1)
  for (let m = 0; m < index.tasks.length; m++) {
    if (!index.milestone[m]) continue
    const milestone = index.tasks[m] as ScheduleTask
    const linked: number[] = []
    const add = (t: number) => {
      if (t === m || seen[t] === m) return
      seen[t] = m
      linked.push(t)
    }
    for (let k = index.linkStart[m] as number; k < (index.linkStart[m + 1] as number); k++)
      add(index.linkTask[k] as number)
    for (let k = index.inStart[m] as number; k < (index.inStart[m + 1] as number); k++)
      add(index.depPred[index.inDep[k] as number] as number)

    const done = isDone(milestone)
    let forecast = ff[m] as number
    let doneCount = 0
    const overdueTaskIds: string[] = []
    for (const t of linked) {
      const task = index.tasks[t] as ScheduleTask
      if (isDone(task)) doneCount++
      // Overdue: its due day has passed (a task with only a start date has no due to pass).
      else if (task.dueDate !== '' && (index.finishDay[t] as number) <= today)
        overdueTaskIds.push(task.id)
      // A milestone not yet reached waits for the work linked to it by milestoneId.
      const f = ff[t] as number
      if (!done && index.milestoneOf[t] === m && !Number.isNaN(f)) {
        if (Number.isNaN(forecast) || f > forecast) forecast = f
      }
    }
    const planned = index.finishDay[m] as number
    const slipDays =
      Number.isNaN(planned) || Number.isNaN(forecast) ? undefined : forecast - planned
    // Its day is over and it is not reached: at risk, whatever its chain says (its work may all
    // be done; the "today" floor, which would make it slip, is for work only).
    const passed = !done && !Number.isNaN(planned) && planned <= today
    const base = options.baseline?.get(milestone.id)
    const baseExtent = base ? taskExtent({ ...base, type: 'milestone' }) : undefined
    const baselineSlipDays =
      baseExtent && !Number.isNaN(forecast) ? forecast - finishDayOf(baseExtent) : undefined
    rows.push({
      id: milestone.id,
      dueDay: Number.isNaN(planned) ? '' : isoDayOfDayNumber(planned - 1),
      done,
      linkedTaskIds: linked.map((t) => (index.tasks[t] as ScheduleTask).id),
      doneCount,
      overdueTaskIds,
      forecastDay: Number.isNaN(forecast) ? '' : isoDayOfDayNumber(forecast - 1),
      slipDays,
      passed,
      atRisk: !done && (passed || (slipDays ?? 0) > 0 || overdueTaskIds.length > 0),
      baselineSlipDays,
    })
  }
  return sortMilestoneRows(rows, 'dueDay')
}

export type MilestoneSortKey = 'dueDay' | 'forecastDay' | 'slipDays' | 'atRisk' | 'linked' | 'done'

/**
 * The rows sorted by one column (a new array); ties keep the previous order. Rows with no value
 * for the column (no due, no forecast) go last either way, so "sort by slip" shows numbers first.
 */
export function sortMilestoneRows(
  rows: readonly MilestoneRow[],
  key: MilestoneSortKey,
  direction: 'asc' | 'desc' = 'asc',
): MilestoneRow[] {
  const value = (row: MilestoneRow): number | string | undefined => {
    switch (key) {
      case 'dueDay':
        return row.dueDay || undefined
      case 'forecastDay':
        return row.forecastDay || undefined
      case 'slipDays':
        return row.slipDays
      case 'atRisk':
        return row.atRisk ? 1 : 0
      case 'linked':
        return row.linkedTaskIds.length
      case 'done':
        return row.linkedTaskIds.length === 0 ? undefined : row.doneCount / row.linkedTaskIds.length
    }
  }
  const sign = direction === 'asc' ? 1 : -1
  return rows
    .map((row, at) => ({ row, at, v: value(row) }))
    .sort((a, b) => {
      if (a.v === undefined || b.v === undefined) {
        if (a.v === b.v) return a.at - b.at
        return a.v === undefined ? 1 : -1
      }
      if (a.v < b.v) return -sign
      if (a.v > b.v) return sign
      return a.at - b.at
    })
    .map((x) => x.row)
}
