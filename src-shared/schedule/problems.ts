// The Problems list (issue 12): every broken dependency with the days missing, and every task due
// after its milestone, each with its one-click fixes as data. A fix is exactly what the planner
// sends: one `tasks:update` batch (with whatever the cascade then has to move, so the fix does
// not break the next dependency down the chain), or for "Set lag" the dependency to re-create.
// The renderer only words them ("Move APP-9 to 2026-03-05") and sends them.
import type { CascadeOptions, DateUpdate } from './cascade'
import { cascade, moveChanges } from './cascade'
import { SERVICE_LIMITS } from '../api/limits'
import { FIRST_PLAN_DAY, isoDayOfDayNumber, LAST_PLAN_DAY } from './days'
import { startsAfterDue } from './extent'
import { ruleOnDays } from './rule'
import type { ScheduleIndex, ScheduleTask } from './schedule-index'

/** Move one task by whole days (keeping its duration and times of day), and the cascade after. */
export interface MoveFix {
  kind: 'move-successor' | 'move-predecessor' | 'move-task' | 'move-milestone'
  taskId: string
  /** Whole days it moves: positive = later. */
  days: number
  /**
   * The day it moves to, `YYYY-MM-DD`: its new start day, or for a milestone its new due day
   * (the day it sits at the end of).
   */
  toDay: string
  /**
   * The batch to send: the task first, then the successors the cascade moves. Worked out when
   * read (the fix is chosen), not when the list is made.
   */
  readonly updates: DateUpdate[]
  /** Tasks the batch moves: the task and the successors the cascade moves. */
  moves: number
  /** Dependencies that this fix would leave broken (e.g. the task's own predecessors). */
  leavesBroken: number
}

/** Re-create the dependency with another lag (the interface has no dependency update). */
export interface LagFix {
  kind: 'set-lag'
  dependencyId: string
  predecessorId: string
  successorId: string
  lagDays: number
}

export type ProblemFix = MoveFix | LagFix

export interface DependencyProblem {
  kind: 'dependency'
  dependencyId: string
  predecessorId: string
  successorId: string
  lagDays: number
  /** Days the successor starts too early. */
  missingDays: number
  /** Exact gap only: days the successor starts too late (0 under minimum gap). */
  extraDays: number
  /** Where it is on the timeline (the successor's start day number), for scrolling to it. */
  day: number
  /**
   * Part of a loop in the data (a task that depends on itself, or on its own successor): moving
   * a task of the loop only moves the break around it, so no move is offered; a lag that fits
   * is, and deleting a dependency of the loop ends it.
   */
  inLoop: boolean
  fixes: ProblemFix[]
}

export interface MilestoneProblem {
  kind: 'after-milestone'
  taskId: string
  milestoneId: string
  /** Days the task ends after its milestone. */
  days: number
  /** The task's finish day number, for scrolling to it. */
  day: number
  fixes: MoveFix[]
}

export type Problem = DependencyProblem | MilestoneProblem

export interface FindProblemsOptions extends CascadeOptions {
  /**
   * Fixes only for the first this many problems in timeline order; the rest get none. Each move
   * fix is a cascade, which may walk the rest of a chain: every fix of a long chain of broken
   * links took time growing with its square (5,000 links: 38 s) for a list that shows 200.
   */
  fixesFor?: number
}

/**
 * Every problem of the board, ordered by where it is on the timeline (then dependencies before
 * milestone problems). O(E + N) to find them, plus one cascade per move fix (of the first
 * `fixesFor`).
 */
export function findProblems(index: ScheduleIndex, options: FindProblemsOptions = {}): Problem[] {
  const exact = options.exact === true
  const { depPred, depSucc, depLag, startDay, finishDay } = index
  const problems: Problem[] = []
  const inverted = invertedTasks(index)
  // Dependencies per predecessor-successor pair: another board may hold one twice.
  const pairs = new Map<string, number>()
  for (let e = 0; e < depPred.length; e++) {
    const key = pairKey(depPred[e] as number, depSucc[e] as number)
    pairs.set(key, (pairs.get(key) ?? 0) + 1)
  }
  /** Sets a problem's fixes: run only for the first `fixesFor` in timeline order. */
  const fixesOf = new Map<Problem, () => void>()
  for (let e = 0; e < depPred.length; e++) {
    const p = depPred[e] as number
    const s = depSucc[e] as number
    const pf = finishDay[p] as number
    const ss = startDay[s] as number
    if (Number.isNaN(pf) || Number.isNaN(ss)) continue
    const lag = depLag[e] as number
    const status = ruleOnDays(pf, ss, lag, { exact })
    if (!status.violated) continue
    const dep = index.deps[e] as { id: string; predecessorId: string; successorId: string }
    const problem: DependencyProblem = {
      kind: 'dependency',
      dependencyId: dep.id,
      predecessorId: dep.predecessorId,
      successorId: dep.successorId,
      lagDays: lag,
      missingDays: status.missingDays,
      extraDays: exact ? status.slackDays : 0,
      day: ss,
      inLoop: index.depInLoop[e] === 1,
      fixes: [],
    }
    problems.push(problem)
    fixesOf.set(problem, () => {
      const fixes: ProblemFix[] = problem.inLoop
        ? []
        : writable([
            moveFix(index, inverted, 'move-successor', s, status.shiftDays, options),
            // The predecessor's finish goes to the last day that keeps the rule: successor
            // start - lag.
            moveFix(index, inverted, 'move-predecessor', p, ss - lag - pf, options),
          ])
      // A lag change is delete-then-create: offered only where the board takes the create, or
      // the dependency is lost (re-created in a loop, on itself or beside its twin, the board
      // refuses it, and putting it back too).
      const lagThatFits = ss - pf
      if (
        lagThatFits >= 0 &&
        lagThatFits <= SERVICE_LIMITS.lagDays &&
        !problem.inLoop &&
        p !== s &&
        (pairs.get(pairKey(p, s)) ?? 0) < 2
      ) {
        fixes.push({
          kind: 'set-lag',
          dependencyId: dep.id,
          predecessorId: dep.predecessorId,
          successorId: dep.successorId,
          lagDays: lagThatFits,
        })
      }
      problem.fixes = fixes
    })
  }
  for (let t = 0; t < index.tasks.length; t++) {
    const m = index.milestoneOf[t] as number
    if (m < 0) continue
    const days = (finishDay[t] as number) - (finishDay[m] as number)
    if (!(days > 0)) continue
    const problem: MilestoneProblem = {
      kind: 'after-milestone',
      taskId: (index.tasks[t] as ScheduleTask).id,
      milestoneId: (index.tasks[m] as ScheduleTask).id,
      days,
      day: finishDay[t] as number,
      fixes: [],
    }
    problems.push(problem)
    fixesOf.set(problem, () => {
      const later = moveFix(index, inverted, 'move-milestone', m, days, options, problem.taskId)
      // A task that hangs off its milestone (directly or down a chain) is pushed as far by the
      // milestone's move: it would end after it still, so that is no fix.
      problem.fixes = writable([moveFix(index, inverted, 'move-task', t, -days, options), later])
    })
  }
  const ordered = problems
    .map((problem, at) => ({ problem, at }))
    .sort((a, b) => a.problem.day - b.problem.day || a.at - b.at)
    .map((x) => x.problem)
  const fixesFor = options.fixesFor ?? Number.POSITIVE_INFINITY
  ordered.forEach((problem, at) => {
    if (at < fixesFor) fixesOf.get(problem)?.()
  })
  return ordered
}

const pairKey = (p: number, s: number) => `${p}>${s}`

/**
 * The move fixes offered: moveFix answers undefined for one whose batch the board would refuse
 * (a task moved out of years 0000-9999, or one another board holds with its start after its
 * due: moved, it keeps both, and the board refuses the whole batch).
 */
function writable(fixes: (MoveFix | typeof PUSHES_WATCHED | undefined)[]): MoveFix[] {
  return fixes.filter((fix): fix is MoveFix => fix !== undefined && fix !== PUSHES_WATCHED)
}

/** Tasks whose start instant is after their due instant (the board refuses writing them so). */
function invertedTasks(index: ScheduleIndex): Uint8Array {
  const inverted = new Uint8Array(index.tasks.length)
  index.tasks.forEach((task, i) => {
    if (startsAfterDue(task)) inverted[i] = 1
  })
  return inverted
}

/** moveFix's answer when its cascade moves the task it was told to watch. */
const PUSHES_WATCHED = Symbol('pushes the watched task')

function moveFix(
  index: ScheduleIndex,
  inverted: Uint8Array,
  kind: MoveFix['kind'],
  i: number,
  days: number,
  options: CascadeOptions,
  watch?: string,
): MoveFix | typeof PUSHES_WATCHED | undefined {
  const task = index.tasks[i] as ScheduleTask
  const changes = moveChanges(index, [task.id], days)
  // Days and counts only: the dates are written when the fix is read (chosen).
  const dry = cascade(index, changes, { ...options, dates: false })
  if (watch !== undefined && dry.pushed.some((move) => move.id === watch)) return PUSHES_WATCHED
  const newStart = (index.startDay[i] as number) + days
  const newFinish = (index.finishDay[i] as number) + days
  // The task's own days, from its index days (its new dates may not read as dates at all past
  // year 9999); the pushed tasks' days, as the cascade keeps them within the calendar.
  if (newStart < FIRST_PLAN_DAY || newFinish > LAST_PLAN_DAY + 1) return undefined
  for (const move of [...dry.changed, ...dry.pushed]) {
    const at = index.indexOf.get(move.id) as number
    if (inverted[at]) return undefined
    const dated = !Number.isNaN(move.startDay)
    if (dated && (move.startDay < FIRST_PLAN_DAY || move.finishDay > LAST_PLAN_DAY + 1))
      return undefined
  }
  let updates: DateUpdate[] | undefined
  return {
    kind,
    taskId: task.id,
    days,
    toDay: isoDayOfDayNumber(index.milestone[i] ? newFinish - 1 : newStart),
    get updates() {
      updates ??= cascade(index, changes, options).updates
      return updates
    },
    moves: dry.updates.length,
    leavesBroken: dry.violated.length,
  }
}
