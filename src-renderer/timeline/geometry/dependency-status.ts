// Is a finish-to-start dependency kept? Whole-day math on the day rules of task-extent.ts:
// the successor may start on the predecessor's finish day (the first day it no longer
// occupies) plus lagDays. Starting earlier is a violation by the number of days missing;
// starting later leaves slack. Day math, not pixels, so the answer is the same at every zoom.
import type { Dependency, Task } from '../../../src-shared/api'
import type { DatedTask, TaskExtent } from './task-extent'
import { finishDayOf, startDayOf, taskExtent } from './task-extent'

export interface DependencyStatus {
  /** Day number of the earliest day the successor may start: finish day + lag. */
  earliestStartDay: number
  /** Day number of the successor's start day. */
  successorStartDay: number
  violated: boolean
  /** Whole days the successor starts too early; 0 when the dependency is kept. */
  missingDays: number
  /** Whole days the successor could move earlier and still keep the dependency. */
  slackDays: number
}

export function dependencyStatus(
  predecessor: TaskExtent,
  successor: TaskExtent,
  lagDays: number,
): DependencyStatus {
  const earliestStartDay = finishDayOf(predecessor) + lagDays
  const successorStartDay = startDayOf(successor)
  const missingDays = Math.max(0, earliestStartDay - successorStartDay)
  return {
    earliestStartDay,
    successorStartDay,
    violated: missingDays > 0,
    missingDays,
    slackDays: Math.max(0, successorStartDay - earliestStartDay),
  }
}

/** The fields of a dependency the checks read. */
export type DependencyLink = Pick<Dependency, 'id' | 'predecessorId' | 'successorId' | 'lagDays'>

/**
 * 'unscheduled': one end has no dates, so nothing can be said. 'unknown-task': one end is not
 * among the tasks given (not synced, deleted, or filtered out).
 */
export type DependencyState = 'ok' | 'violated' | 'unscheduled' | 'unknown-task'

export interface DependencyCheck {
  id: string
  predecessorId: string
  successorId: string
  lagDays: number
  state: DependencyState
  missingDays: number
  slackDays: number
}

/** Checks every dependency against extents already at hand (the row layout has them). O(E). */
export function checkDependencies(
  extentById: ReadonlyMap<string, TaskExtent | undefined>,
  dependencies: readonly DependencyLink[],
): DependencyCheck[] {
  const checks: DependencyCheck[] = new Array(dependencies.length)
  for (let i = 0; i < dependencies.length; i++) {
    const dep = dependencies[i] as DependencyLink
    const pred = extentById.get(dep.predecessorId)
    const succ = extentById.get(dep.successorId)
    let state: DependencyState
    let missingDays = 0
    let slackDays = 0
    if (!pred || !succ) {
      const known = extentById.has(dep.predecessorId) && extentById.has(dep.successorId)
      state = known ? 'unscheduled' : 'unknown-task'
    } else {
      const status = dependencyStatus(pred, succ, dep.lagDays)
      state = status.violated ? 'violated' : 'ok'
      missingDays = status.missingDays
      slackDays = status.slackDays
    }
    checks[i] = {
      id: dep.id,
      predecessorId: dep.predecessorId,
      successorId: dep.successorId,
      lagDays: dep.lagDays,
      state,
      missingDays,
      slackDays,
    }
  }
  return checks
}

/** Per-dependency status, in the order given. O(N + E): each task's extent is read once. */
export function violations(
  tasks: readonly (Pick<Task, 'id'> & DatedTask)[],
  dependencies: readonly DependencyLink[],
): DependencyCheck[] {
  const extentById = new Map<string, TaskExtent | undefined>()
  for (const task of tasks) extentById.set(task.id, taskExtent(task))
  return checkDependencies(extentById, dependencies)
}
