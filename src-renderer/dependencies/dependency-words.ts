// What the planner says about dependencies, in sentences that name the tasks by key ("APP-3").
// The board's four create error codes each get their own sentence (the IPC code alone cannot
// tell DUPLICATE from CYCLE_DETECTED: both are CONFLICT); the same sentences are used when the
// planner finds the problem itself before sending anything. Pure: no store, no React.
import type { Dependency, Task } from '../../src-shared/api/resources'
import { SERVICE_LIMITS } from '../../src-shared/api/limits'
import type { IpcError } from '../../src-shared/ipc/contract'

/** Task id -> "APP-3". */
export type KeyOf = (taskId: string) => string

/**
 * Names tasks by key: from the loaded tasks, else from the dependencies (they carry both keys,
 * so a task outside a partly loaded board still has a name), else "a task that is not loaded".
 */
export function keyNamer(
  tasksById: Readonly<Record<string, Task>>,
  dependencies: readonly Dependency[],
): KeyOf {
  let fromDeps: Map<string, string> | undefined
  return (id) => {
    const task = tasksById[id]
    if (task) return `${task.projectKey}-${task.key}`
    if (!fromDeps) {
      fromDeps = new Map()
      for (const d of dependencies) {
        fromDeps.set(d.predecessorId, `${d.predecessorProjectKey}-${d.predecessorKey}`)
        fromDeps.set(d.successorId, `${d.successorProjectKey}-${d.successorKey}`)
      }
    }
    return fromDeps.get(id) ?? 'a task that is not loaded'
  }
}

/** "APP-3 → APP-9": also the accessible name of an arrow and, after "Dependency ", its panel. */
export function dependencyName(keyOf: KeyOf, predecessorId: string, successorId: string): string {
  return `${keyOf(predecessorId)} → ${keyOf(successorId)}`
}

export const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`

export function selfReference(keyOf: KeyOf, taskId: string): string {
  return `A task cannot depend on itself (${keyOf(taskId)})`
}

export function duplicate(keyOf: KeyOf, predecessorId: string, successorId: string): string {
  return `${keyOf(successorId)} already depends on ${keyOf(predecessorId)}`
}

export function tasksNotFound(keyOf: KeyOf, predecessorId: string, successorId: string): string {
  return `${keyOf(predecessorId)} or ${keyOf(successorId)} is no longer on the board`
}

/**
 * `path`: the chain from the new successor back to the new predecessor (loopPath). Without one
 * (the board found a loop through dependencies the planner has not loaded) it still says so.
 */
export function loop(
  keyOf: KeyOf,
  predecessorId: string,
  successorId: string,
  path: readonly string[] | undefined,
): string {
  if (path && path.length > 1) return `That would make a loop: ${path.map(keyOf).join(' → ')}`
  return `That would make a loop: ${keyOf(successorId)} already leads to ${keyOf(predecessorId)} through other dependencies`
}

/** Why a lag is refused before sending, or undefined when the board would take it. */
export function lagProblem(lagDays: number): string | undefined {
  if (Number.isInteger(lagDays) && lagDays >= 0 && lagDays <= SERVICE_LIMITS.lagDays) {
    return undefined
  }
  return `Lag must be a whole number of days from 0 to ${SERVICE_LIMITS.lagDays}`
}

/**
 * Why the board refused a create, in words. The board's own code (serverCode) decides;
 * `loopPathOf` is asked only for CYCLE_DETECTED. Anything else (the board unreachable, the key
 * refused) is main's message, which already says what to do.
 */
export function refusalReason(
  keyOf: KeyOf,
  predecessorId: string,
  successorId: string,
  error: IpcError,
  loopPathOf: () => readonly string[] | undefined,
): string {
  switch (error.serverCode) {
    case 'SELF_REFERENCE':
      return selfReference(keyOf, predecessorId)
    case 'DUPLICATE':
      return duplicate(keyOf, predecessorId, successorId)
    case 'TASKS_NOT_FOUND':
      return tasksNotFound(keyOf, predecessorId, successorId)
    case 'CYCLE_DETECTED':
      return loop(keyOf, predecessorId, successorId, loopPathOf())
    default:
      return error.message
  }
}

/** A refused create as a message of its own: the code's sentence, or what failed and why. */
export function createRefusal(
  keyOf: KeyOf,
  predecessorId: string,
  successorId: string,
  error: IpcError,
  loopPathOf: () => readonly string[] | undefined,
): string {
  const reason = refusalReason(keyOf, predecessorId, successorId, error, loopPathOf)
  if (error.serverCode !== undefined && reason !== error.message) return reason
  return `Could not add the dependency ${dependencyName(keyOf, predecessorId, successorId)}: ${reason}`
}
