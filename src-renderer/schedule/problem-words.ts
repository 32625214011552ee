// What the Problems panel says, naming tasks by key ("APP-3"). Pure: no store, no React, so the
// exact button names the user (and the end-to-end tests) look for are tested in Node.
import type { Problem, ProblemFix } from '../../src-shared/schedule'
import { days } from '../dependencies/dependency-words'
import type { KeyOf } from '../dependencies/dependency-words'

/** One line per problem: what is wrong and by how much. */
export function problemText(keyOf: KeyOf, problem: Problem): string {
  if (problem.kind === 'after-milestone')
    return `${keyOf(problem.taskId)} ends ${days(problem.days)} after its milestone ${keyOf(problem.milestoneId)}`
  const lag =
    problem.lagDays === 0 ? '' : ` (lag ${problem.lagDays > 0 ? '+' : ''}${problem.lagDays}d)`
  const gap =
    problem.missingDays > 0
      ? `${days(problem.missingDays)} missing`
      : `${days(problem.extraDays)} too late`
  const loop = problem.inLoop
    ? problem.predecessorId === problem.successorId
      ? ' (it depends on itself: delete this dependency)'
      : ' (part of a loop of dependencies: moving a task cannot fix it; delete one of them)'
    : ''
  return `${keyOf(problem.predecessorId)} → ${keyOf(problem.successorId)}${lag}: ${gap}${loop}`
}

/** The fix's button name: "Move APP-9 to 2026-03-05", "Move APP-3 earlier" (or later), "Set lag to 2". */
export function fixLabel(keyOf: KeyOf, fix: ProblemFix): string {
  switch (fix.kind) {
    case 'set-lag':
      return `Set lag to ${fix.lagDays}`
    case 'move-successor':
      return `Move ${keyOf(fix.taskId)} to ${fix.toDay}`
    case 'move-predecessor':
    case 'move-task':
      // Later too: under exact gaps a successor that starts too late is fixed by moving its
      // predecessor on.
      return `Move ${keyOf(fix.taskId)} ${fix.days > 0 ? 'later' : 'earlier'}`
    case 'move-milestone':
      return `Move milestone ${keyOf(fix.taskId)} to ${fix.toDay}`
  }
}

/** What else the fix does, said beside its button (not part of its name). */
export function fixNote(fix: ProblemFix): string {
  if (fix.kind === 'set-lag') return 'the dates stay'
  const parts: string[] = []
  if (fix.kind === 'move-predecessor' || fix.kind === 'move-task') parts.push(`to ${fix.toDay}`)
  const others = fix.moves - 1
  if (others > 0) parts.push(`with ${others} ${others === 1 ? 'task' : 'tasks'} after it`)
  if (fix.leavesBroken > 0)
    parts.push(
      `leaves ${fix.leavesBroken} ${fix.leavesBroken === 1 ? 'dependency' : 'dependencies'} broken`,
    )
  return parts.join(', ')
}

/** The task a problem is scrolled to: the successor of a dependency, or the late task. */
export function problemTaskId(problem: Problem): string {
  return problem.kind === 'dependency' ? problem.successorId : problem.taskId
}

/** Stable key of a problem in a list. */
export function problemKey(problem: Problem): string {
  return problem.kind === 'dependency'
    ? `d:${problem.dependencyId}`
    : `m:${problem.taskId}:${problem.milestoneId}`
}
