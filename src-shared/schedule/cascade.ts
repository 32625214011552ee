// The what-if cascade (issue 12): the user drags or resizes one or more tasks; which successors
// would have to move to keep every dependency that the change pushes on, and what would still be
// broken? Computed on every drag frame, so it costs what it touches, not the board: the index is
// built once per board (schedule-index.ts); a frame walks only from the changed tasks forward,
// and only past tasks that actually move.
//
// The rules (docs/scheduling.md):
// - The changed tasks stay exactly where the user put them; the cascade never moves them.
// - A dependency is followed when its predecessor's finish day changes (a changed task whose
//   finish moved, or a task the cascade moved). Minimum gap: its successor moves later by exactly
//   the days missing, never earlier, keeping its duration (a milestone moves its due only). Exact
//   gap: it moves, later or earlier, to the exact day. With several moving predecessors it takes
//   the latest day any of them asks for.
// - Tasks are settled in topological order (a min-heap on the index's rank), so each task moves
//   at most once, to its final day, and a chain of any length costs one visit per task.
// - Dependencies inside a loop of bad data are never followed (nothing walks around forever);
//   broken ones are reported.
// - Then every dependency into or out of a task that moved is checked on the new days: what is
//   still broken is reported, and whether it already was before the change.
import type { DatedTask } from './extent'
import { finishDayOf, movedDates, startDayOf, startsAfterDue, taskExtent } from './extent'
import { FIRST_PLAN_DAY, LAST_PLAN_DAY } from './days'
import { ruleOnDays, type RuleOptions } from './rule'
import type { Scratch } from './cascade-scratch'
import { nextGeneration, scratchOf } from './cascade-scratch'
import type { ScheduleIndex, ScheduleTask } from './schedule-index'

/** New dates proposed for one task; an absent field stays as it is ('' clears it). */
export interface DateChange {
  id: string
  startDate?: string
  dueDate?: string
}

/** One item of the `tasks:update` batch: the dates that change, absolute and canonical. */
export interface DateUpdate {
  id: string
  startDate?: string
  dueDate?: string
}

export interface TaskMove {
  id: string
  /** 'changed': proposed by the user; 'pushed': moved by the cascade. */
  cause: 'changed' | 'pushed'
  /** Whole days its finish day moves (positive = later); 0 when it has no days before or after. */
  days: number
  /** New start and finish day numbers; NaN for a task left with no dates. */
  startDay: number
  finishDay: number
  /** The dependency whose predecessor decided where a pushed task goes. */
  dependencyId?: string
  /** The dates it gets, each keeping its time of day. */
  update: DateUpdate
}

export type CascadeViolationReason =
  /** The predecessor stays (not part of the cascade), the successor moved earlier or was pushed. */
  | 'fixed-predecessor'
  /** The successor is one of the changed tasks, which the cascade leaves where the user put it. */
  | 'changed-successor'
  /** Exact gap: two moving predecessors ask for different days; the latest won. */
  | 'conflict'
  /** The dependency is part of a loop in the data, which the cascade does not follow. */
  | 'loop'
  /** The successor's start is after its due (another board's data): the board would refuse it moved. */
  | 'inverted-successor'

export interface CascadeViolation {
  dependencyId: string
  predecessorId: string
  successorId: string
  lagDays: number
  /** Days the successor would start too early (under exact gap: or too late, see slackDays). */
  missingDays: number
  slackDays: number
  reason: CascadeViolationReason
  /** It was already broken before the change. */
  wasViolated: boolean
}

export interface MilestoneShift {
  id: string
  /** Whole days its date moves: positive = it slips. */
  days: number
}

/** A task of a milestone that would end after it (both on their new days). */
export interface MilestoneOverrun {
  taskId: string
  milestoneId: string
  /** Whole days the task ends after its milestone. */
  days: number
  wasOverrun: boolean
}

export interface CascadeResult {
  /** The changed tasks, in the order given (unknown ids left out). */
  changed: TaskMove[]
  /** The successors the cascade moves, in topological order. */
  pushed: TaskMove[]
  /** One batch: the changed tasks, then the pushed ones. */
  updates: DateUpdate[]
  /** Milestones whose date moves (changed or pushed), in that order. */
  milestones: MilestoneShift[]
  /** Dependencies into or out of a moved task that would be broken afterwards. */
  violated: CascadeViolation[]
  /** Tasks of a moved milestone, or moved tasks, that would end after their milestone. */
  overruns: MilestoneOverrun[]
  /** Ids of the changes naming no task of the index. */
  unknownIds: string[]
  /** Loops of the data (index.loops numbers) that a moved task is part of. */
  loops: number[]
}

export interface CascadeOptions extends RuleOptions {
  /**
   * false: the pushed tasks' dates are not written out (their `update` holds the id only, and
   * so does their item of `updates`); the days, the violations and the counts are the same.
   * What the Problems list needs to word a fix: writing every date of a long chain, for each
   * of 200 fixes, was most of its cost (5,000 tasks: 1.0 of 2.1 s in `movedDates`).
   */
  dates?: boolean
}

/**
 * The cascade of `changes` on the board of `index`. O(affected · log affected): the tasks that
 * move, their dependencies, and the successors checked and found not to need to.
 */
export function cascade(
  index: ScheduleIndex,
  changes: readonly DateChange[],
  options: CascadeOptions = {},
): CascadeResult {
  const s = scratchOf(index)
  const gen = nextGeneration(s)
  const exact = options.exact === true
  const { startDay, finishDay, depPred, depSucc, depLag, outStart, outDep, inStart, inDep } = index
  const result: CascadeResult = {
    changed: [],
    pushed: [],
    updates: [],
    milestones: [],
    violated: [],
    overruns: [],
    unknownIds: [],
    loops: [],
  }
  const touched: number[] = []
  const heap = s.heap
  heap.clear()

  for (const change of changes) {
    const i = index.indexOf.get(change.id)
    if (i === undefined) {
      result.unknownIds.push(change.id)
      continue
    }
    const task = index.tasks[i] as ScheduleTask
    const next: DatedTask = {
      type: task.type,
      startDate: change.startDate ?? task.startDate,
      dueDate: change.dueDate ?? task.dueDate,
    }
    const extent = taskExtent(next)
    const newStart = extent ? startDayOf(extent) : NaN
    const newFinish = extent ? finishDayOf(extent) : NaN
    if (s.moved[i] !== gen) touched.push(i)
    s.moved[i] = gen
    s.fixed[i] = gen
    s.newStart[i] = newStart
    s.newFinish[i] = newFinish
    const oldFinish = finishDay[i] as number
    const days = Number.isNaN(oldFinish) || Number.isNaN(newFinish) ? 0 : newFinish - oldFinish
    const update: DateUpdate = { id: task.id }
    if (change.startDate !== undefined) update.startDate = change.startDate
    if (change.dueDate !== undefined) update.dueDate = change.dueDate
    result.changed.push({
      id: task.id,
      cause: 'changed',
      days,
      startDay: newStart,
      finishDay: newFinish,
      update,
    })
    // Only a finish day that changes pushes on successors: a start dragged earlier does not.
    if (days !== 0 || (Number.isNaN(oldFinish) && !Number.isNaN(newFinish))) {
      s.driver[i] = gen
      for (let k = outStart[i] as number; k < (outStart[i + 1] as number); k++) {
        const e = outDep[k] as number
        if (index.depInLoop[e]) continue
        const w = depSucc[e] as number
        if (s.queued[w] !== gen) {
          s.queued[w] = gen
          heap.push(w, index.rank[w] as number)
        }
      }
    }
  }

  while (heap.size > 0) {
    const v = heap.pop()
    if (s.fixed[v] === gen) continue
    const start = startDay[v] as number
    if (Number.isNaN(start)) continue
    // Where the moving predecessors ask v to start: the latest of their days.
    let want = -Infinity
    let by = -1
    for (let k = inStart[v] as number; k < (inStart[v + 1] as number); k++) {
      const e = inDep[k] as number
      const p = depPred[e] as number
      if (s.driver[p] !== gen || index.depInLoop[e]) continue
      const pf = s.newFinish[p] as number
      if (Number.isNaN(pf)) continue
      const day = pf + (depLag[e] as number)
      if (day > want) {
        want = day
        by = e
      }
    }
    if (by < 0) continue
    // Start after due (another board's data): moved, it keeps both dates the wrong way round,
    // and the board refuses the whole batch, the user's own move included. It stays; its
    // dependency is reported as still broken, and nothing is pushed through it.
    if (startsAfterDue(index.tasks[v] as ScheduleTask)) continue
    // Kept within the days a board can store: a push past 9999-12-31 (lags adding up along a
    // long chain) stops there, and the dependency is reported as still broken.
    const room = Math.min(LAST_PLAN_DAY - start, LAST_PLAN_DAY + 1 - (finishDay[v] as number))
    const back = Math.max(FIRST_PLAN_DAY - start, FIRST_PLAN_DAY + 1 - (finishDay[v] as number))
    const wanted = exact ? want - start : Math.max(0, want - start)
    const shift = Math.max(Math.min(wanted, room), Math.min(0, back))
    if (shift === 0 || (wanted > 0 && shift < 0)) continue
    s.moved[v] = gen
    s.driver[v] = gen
    touched.push(v)
    s.newStart[v] = start + shift
    s.newFinish[v] = (finishDay[v] as number) + shift
    const task = index.tasks[v] as ScheduleTask
    result.pushed.push({
      id: task.id,
      cause: 'pushed',
      days: shift,
      startDay: start + shift,
      finishDay: (finishDay[v] as number) + shift,
      dependencyId: (index.deps[by] as { id: string }).id,
      update:
        options.dates === false ? { id: task.id } : { id: task.id, ...movedDates(task, shift) },
    })
    for (let k = outStart[v] as number; k < (outStart[v + 1] as number); k++) {
      const e = outDep[k] as number
      if (index.depInLoop[e]) continue
      const w = depSucc[e] as number
      if (s.queued[w] !== gen) {
        s.queued[w] = gen
        heap.push(w, index.rank[w] as number)
      }
    }
  }

  for (const move of result.changed) result.updates.push(move.update)
  for (const move of result.pushed) result.updates.push(move.update)
  for (const move of [...result.changed, ...result.pushed]) {
    const i = index.indexOf.get(move.id) as number
    if (index.milestone[i] && move.days !== 0)
      result.milestones.push({ id: move.id, days: move.days })
  }
  checkTouched(index, s, gen, touched, exact, result)
  return result
}

/** A drag of `ids` by whole days, as the changes cascade() takes (moveTasks' rule). */
export function moveChanges(
  index: ScheduleIndex,
  ids: readonly string[],
  days: number,
): DateChange[] {
  const changes: DateChange[] = []
  for (const id of ids) {
    const i = index.indexOf.get(id)
    if (i === undefined) continue
    changes.push({ id, ...movedDates(index.tasks[i] as ScheduleTask, days) })
  }
  return changes
}

/** The tasks with the cascade applied (for previews and tests): new objects for moved tasks. */
export function applyUpdates<T extends ScheduleTask>(
  tasks: readonly T[],
  updates: readonly DateUpdate[],
): T[] {
  const byId = new Map(updates.map((u) => [u.id, u]))
  return tasks.map((task) => {
    const u = byId.get(task.id)
    if (!u) return task
    return {
      ...task,
      ...(u.startDate !== undefined ? { startDate: u.startDate } : {}),
      ...(u.dueDate !== undefined ? { dueDate: u.dueDate } : {}),
    }
  })
}

function checkTouched(
  index: ScheduleIndex,
  s: Scratch,
  gen: number,
  touched: readonly number[],
  exact: boolean,
  result: CascadeResult,
): void {
  const { depPred, depSucc, depLag, startDay, finishDay } = index
  const startOf = (i: number) => (s.moved[i] === gen ? s.newStart[i] : startDay[i]) as number
  const finishOf = (i: number) => (s.moved[i] === gen ? s.newFinish[i] : finishDay[i]) as number
  const loops = new Set<number>()
  const check = (e: number) => {
    if (s.depSeen[e] === gen) return
    s.depSeen[e] = gen
    const p = depPred[e] as number
    const v = depSucc[e] as number
    const pf = finishOf(p)
    const vs = startOf(v)
    if (Number.isNaN(pf) || Number.isNaN(vs)) return
    const lag = depLag[e] as number
    const now = ruleOnDays(pf, vs, lag, { exact })
    if (!now.violated) return
    const before = ruleOnDays(finishDay[p] as number, startDay[v] as number, lag, { exact })
    let reason: CascadeViolationReason
    if (index.depInLoop[e]) reason = 'loop'
    else if (s.driver[p] !== gen) reason = 'fixed-predecessor'
    else if (s.fixed[v] === gen) reason = 'changed-successor'
    else if (startsAfterDue(index.tasks[v] as ScheduleTask)) reason = 'inverted-successor'
    else reason = 'conflict'
    const dep = index.deps[e] as CascadeViolation & { id: string }
    result.violated.push({
      dependencyId: dep.id,
      predecessorId: dep.predecessorId,
      successorId: dep.successorId,
      lagDays: lag,
      missingDays: now.missingDays,
      slackDays: now.slackDays,
      reason,
      wasViolated: before.violated,
    })
  }
  const overrun = (t: number, m: number) => {
    if (s.linkSeen[t] === gen) return
    s.linkSeen[t] = gen
    const days = finishOf(t) - finishOf(m)
    if (!(days > 0)) return
    const before = (finishDay[t] as number) - (finishDay[m] as number)
    result.overruns.push({
      taskId: (index.tasks[t] as ScheduleTask).id,
      milestoneId: (index.tasks[m] as ScheduleTask).id,
      days,
      wasOverrun: before > 0,
    })
  }
  for (const i of touched) {
    for (let k = index.inStart[i] as number; k < (index.inStart[i + 1] as number); k++)
      check(index.inDep[k] as number)
    for (let k = index.outStart[i] as number; k < (index.outStart[i + 1] as number); k++)
      check(index.outDep[k] as number)
    const m = index.milestoneOf[i] as number
    if (m >= 0) overrun(i, m)
    for (let k = index.linkStart[i] as number; k < (index.linkStart[i + 1] as number); k++)
      overrun(index.linkTask[k] as number, i)
    const loop = index.loopOf[i] as number
    if (loop >= 0) loops.add(loop)
  }
  result.loops = [...loops].sort((a, b) => a - b)
}
