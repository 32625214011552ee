// The dependency rule, once (issue 12; it lived in the renderer's dependency-status.ts and again
// in the adapter's arrow code). A dependency is finish-to-start: the successor may start no
// earlier than the predecessor's finish day (the first day it no longer occupies, extent.ts)
// plus lagDays. lagDays is a MINIMUM gap by default: starting later leaves slack, which is fine.
// A board may switch on the exact-gap mode, where the successor must start exactly on that day:
// slack then breaks the rule too. Day math, not pixels, so the answer is the same at every zoom.
import type { DatedTask, TaskExtent } from './extent'
import { finishDayOf, startDayOf, taskExtent } from './extent'

/** How a board reads lagDays. */
export interface RuleOptions {
  /** The successor must start exactly on finish day + lag (default: no earlier than). */
  exact?: boolean
}

export interface DependencyStatus {
  /** Day number of the earliest day the successor may start: finish day + lag. */
  earliestStartDay: number
  /** Day number of the successor's start day. */
  successorStartDay: number
  violated: boolean
  /** Whole days the successor starts too early; 0 when it starts on or after the earliest day. */
  missingDays: number
  /**
   * Whole days the successor starts after the earliest day. Under minimum gap this is the room it
   * has to move earlier; under exact gap, the days it is too late.
   */
  slackDays: number
  /**
   * Whole days the successor must move to keep the rule (0 when kept): positive = later. Under
   * minimum gap never negative.
   */
  shiftDays: number
}

/** The rule on day numbers: what every other form of it reduces to. */
export function ruleOnDays(
  predecessorFinishDay: number,
  successorStartDay: number,
  lagDays: number,
  options: RuleOptions = {},
): DependencyStatus {
  const earliestStartDay = predecessorFinishDay + lagDays
  const missingDays = Math.max(0, earliestStartDay - successorStartDay)
  const slackDays = Math.max(0, successorStartDay - earliestStartDay)
  const violated = missingDays > 0 || (options.exact === true && slackDays > 0)
  const shiftDays = options.exact ? earliestStartDay - successorStartDay : missingDays
  return {
    earliestStartDay,
    successorStartDay,
    violated,
    missingDays,
    slackDays,
    shiftDays: shiftDays || 0,
  }
}

/** The rule on two extents (drawn or moved): same fields as dependency-status.ts had. */
export function dependencyStatus(
  predecessor: TaskExtent,
  successor: TaskExtent,
  lagDays: number,
  options: RuleOptions = {},
): DependencyStatus {
  return ruleOnDays(finishDayOf(predecessor), startDayOf(successor), lagDays, options)
}

/** The fields of a dependency the checks read (any Dependency fits). */
export interface DependencyLink {
  id: string
  predecessorId: string
  successorId: string
  lagDays: number
}

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
  options: RuleOptions = {},
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
      const status = dependencyStatus(pred, succ, dep.lagDays, options)
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
  tasks: readonly (DatedTask & { id: string })[],
  dependencies: readonly DependencyLink[],
  options: RuleOptions = {},
): DependencyCheck[] {
  const extentById = new Map<string, TaskExtent | undefined>()
  for (const task of tasks) extentById.set(task.id, taskExtent(task))
  return checkDependencies(extentById, dependencies, options)
}
