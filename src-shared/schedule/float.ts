// Critical path and float (issue 12): the critical-path method on whole days, through lags.
//
// - The network: every task with dates (startDay/finishDay from extent.ts; a milestone is a
//   point, duration 0) and every dependency between two such tasks, finish-to-start with its lag.
//   Tasks without dates are left out: their float is NaN, and a chain through one is cut there
//   (an unscheduled task has no days to pass a constraint on). Dependencies inside a loop of bad
//   data are not followed (schedule-index.ts) and the loops are reported.
// - Forward pass, as the plan stands: a task starts on its own start day, or later when its
//   predecessors push it (early start = max(start day, predecessor's early finish + lag)); so on a
//   plan that keeps every dependency the early dates are the drawn dates.
// - The target: a chosen milestone (only the tasks it depends on, transitively, take part; the
//   target day is the milestone's early finish) or the latest early finish of the board.
// - Backward pass from the target: late finish = min(target, successor's late start - lag).
//   Total float = late start - early start: the days a task can slip without moving the target.
//   Free float = the days it can slip without moving any successor's early start (nor the
//   target: never more than total float).
// - The critical path: the tasks of zero total float, and the dependencies between them that
//   drive (predecessor's early finish + lag = successor's early start).
// One pass each way over the index's topological order: O(N + E).
import type { ScheduleIndex, ScheduleTask } from './schedule-index'

export interface FloatOptions {
  /** Id of the milestone to run the path to; absent: to the latest finish of the board. */
  milestoneId?: string
}

export interface FloatResult {
  /** The target day (a finish day number); NaN when the chosen milestone has no dates. */
  targetFinishDay: number
  /** Per task number; NaN for a task left out (no dates, or not leading to the milestone). */
  earlyStart: Float64Array
  earlyFinish: Float64Array
  lateStart: Float64Array
  lateFinish: Float64Array
  totalFloat: Float64Array
  freeFloat: Float64Array
  /** Tasks of zero total float, in topological order. */
  criticalTaskIds: string[]
  /** Driving dependencies between critical tasks. */
  criticalDependencyIds: string[]
  /** Ids of the tasks left out because they have no dates. */
  unscheduledIds: string[]
  /** Loops of the data (index.loops numbers); their inner dependencies were not followed. */
  loops: number[]
}

export function criticalPath(index: ScheduleIndex, options: FloatOptions = {}): FloatResult {
  const n = index.tasks.length
  const { startDay, finishDay, depPred, depSucc, depLag, order, depInLoop } = index
  const earlyStart = new Float64Array(n).fill(NaN)
  const earlyFinish = new Float64Array(n).fill(NaN)
  const lateStart = new Float64Array(n).fill(NaN)
  const lateFinish = new Float64Array(n).fill(NaN)
  const totalFloat = new Float64Array(n).fill(NaN)
  const freeFloat = new Float64Array(n).fill(NaN)
  const unscheduledIds: string[] = []

  // Forward pass over every scheduled task.
  let latest = -Infinity
  for (let k = 0; k < n; k++) {
    const i = order[k] as number
    const start = startDay[i] as number
    if (Number.isNaN(start)) {
      unscheduledIds.push((index.tasks[i] as ScheduleTask).id)
      continue
    }
    let es = start
    for (let j = index.inStart[i] as number; j < (index.inStart[i + 1] as number); j++) {
      const e = index.inDep[j] as number
      if (depInLoop[e]) continue
      const pf = earlyFinish[depPred[e] as number] as number
      if (!Number.isNaN(pf) && pf + (depLag[e] as number) > es) es = pf + (depLag[e] as number)
    }
    earlyStart[i] = es
    earlyFinish[i] = es + ((finishDay[i] as number) - start)
    if ((earlyFinish[i] as number) > latest) latest = earlyFinish[i] as number
  }

  // Which tasks take part: all scheduled ones, or those the milestone depends on.
  const inSet = new Uint8Array(n)
  let target = latest
  const m = options.milestoneId === undefined ? undefined : index.indexOf.get(options.milestoneId)
  if (options.milestoneId === undefined) {
    for (let i = 0; i < n; i++) if (!Number.isNaN(earlyStart[i] as number)) inSet[i] = 1
  } else if (m !== undefined && !Number.isNaN(earlyStart[m] as number)) {
    target = earlyFinish[m] as number
    inSet[m] = 1
    const stack = [m]
    while (stack.length > 0) {
      const i = stack.pop() as number
      for (let j = index.inStart[i] as number; j < (index.inStart[i + 1] as number); j++) {
        const e = index.inDep[j] as number
        const p = depPred[e] as number
        if (depInLoop[e] || inSet[p] || Number.isNaN(earlyStart[p] as number)) continue
        inSet[p] = 1
        stack.push(p)
      }
    }
  } else {
    target = NaN
  }
  if (!Number.isFinite(target)) target = NaN

  // Backward pass over the tasks that take part.
  const criticalTaskIds: string[] = []
  for (let k = n - 1; k >= 0; k--) {
    const i = order[k] as number
    if (!inSet[i]) continue
    // To the latest finish, every task is bounded by the target day (finishing later would move
    // it). To a milestone, only the milestone is: the others reach it through their successors
    // in the set (each has one), and with a negative lag may finish after it without moving it.
    let lf = m === undefined || i === m ? target : Infinity
    let ff = Infinity
    for (let j = index.outStart[i] as number; j < (index.outStart[i + 1] as number); j++) {
      const e = index.outDep[j] as number
      const s = depSucc[e] as number
      if (depInLoop[e] || !inSet[s]) continue
      const lag = depLag[e] as number
      if ((lateStart[s] as number) - lag < lf) lf = (lateStart[s] as number) - lag
      const room = (earlyStart[s] as number) - lag - (earlyFinish[i] as number)
      if (room < ff) ff = room
    }
    if (ff === Infinity) ff = target - (earlyFinish[i] as number)
    const duration = (earlyFinish[i] as number) - (earlyStart[i] as number)
    lateFinish[i] = lf
    lateStart[i] = lf - duration
    totalFloat[i] = lf - (earlyFinish[i] as number)
    // Free float never exceeds total float: a slip that moves the target is not free, even when
    // (through a negative lag) it moves no successor.
    freeFloat[i] = Math.max(0, Math.min(ff, totalFloat[i] as number))
  }
  for (let k = 0; k < n; k++) {
    const i = order[k] as number
    if (inSet[i] && totalFloat[i] === 0) criticalTaskIds.push((index.tasks[i] as ScheduleTask).id)
  }
  const criticalDependencyIds: string[] = []
  for (let e = 0; e < depPred.length; e++) {
    const p = depPred[e] as number
    const s = depSucc[e] as number
    if (depInLoop[e] || !inSet[p] || !inSet[s]) continue
    if (totalFloat[p] !== 0 || totalFloat[s] !== 0) continue
    if ((earlyFinish[p] as number) + (depLag[e] as number) !== earlyStart[s]) continue
    criticalDependencyIds.push((index.deps[e] as { id: string }).id)
  }
  const loops: number[] = []
  for (let l = 0; l < index.loops.length; l++) loops.push(l)
  return {
    targetFinishDay: target,
    earlyStart,
    earlyFinish,
    lateStart,
    lateFinish,
    totalFloat,
    freeFloat,
    criticalTaskIds,
    criticalDependencyIds,
    unscheduledIds,
    loops,
  }
}

/** One task's float, for its details panel; undefined when it takes no part (see above). */
export function taskFloat(
  index: ScheduleIndex,
  result: FloatResult,
  id: string,
): { totalFloat: number; freeFloat: number; critical: boolean } | undefined {
  const i = index.indexOf.get(id)
  if (i === undefined || Number.isNaN(result.totalFloat[i] as number)) return undefined
  const totalFloat = result.totalFloat[i] as number
  return { totalFloat, freeFloat: result.freeFloat[i] as number, critical: totalFloat === 0 }
}
