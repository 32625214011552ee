// The renderer's view of the scheduling core (src-shared/schedule; docs/scheduling.md): the
// board's ScheduleIndex built once per board change, and the problems, float and critical path,
// milestone overview and milestone focus derived from it on demand. Each selector returns the
// same object while its inputs are the same, so components and the timeline's model can take it
// straight from the store without recomputing on unrelated changes (a hover, a scroll).
//
// One memo slot each (two for the index), at module level (as selectVocabulary): there is one
// planner store per window, and the cost of a miss is one linear pass.
import type { Task } from '../../src-shared/api/resources'
import {
  buildScheduleIndex,
  criticalPath,
  finishDayOf,
  findProblems,
  milestoneOverview,
  ruleOnDays,
  startDayOf,
  taskExtent,
} from '../../src-shared/schedule'
import type {
  BaselineDates,
  FloatResult,
  MilestoneRow,
  Problem,
  ScheduleIndex,
} from '../../src-shared/schedule'
import type { PlannerState } from '../state'
import { localTodayIso } from '../local-now'

type Board = PlannerState['board']

interface IndexMemo {
  tasksById: Board['tasksById']
  dependencies: Board['dependencies']
  value: ScheduleIndex
}

/**
 * The last two boards' indexes, newest first: the toolbar's planning numbers follow a new board
 * one painted frame late (./schedule-controls.tsx), and while they do, one slot would make the
 * toolbar and any other reader rebuild the index in turn.
 */
let indexMemos: IndexMemo[] = []

/**
 * The same board with only some tasks' dates changed (an edit: the store replaces the objects of
 * the tasks it changed, nothing else): the days of the changed tasks re-read, the dependency
 * structure and every other day kept. Undefined when more than dates may differ (other tasks, in
 * another order, another type or milestone link): then the index is built afresh. O(N) reference
 * comparisons plus the changed tasks, where the core's withTaskDates re-reads every date.
 */
function withChangedDates(index: ScheduleIndex, tasks: readonly Task[]): ScheduleIndex | undefined {
  const before = index.tasks as readonly Task[]
  if (before.length !== tasks.length) return undefined
  let startDay: Float64Array | undefined
  let finishDay: Float64Array | undefined
  for (let i = 0; i < tasks.length; i++) {
    const a = before[i] as Task
    const b = tasks[i] as Task
    if (a === b) continue
    if (a.id !== b.id || a.type !== b.type || a.milestoneId !== b.milestoneId) return undefined
    startDay ??= index.startDay.slice()
    finishDay ??= index.finishDay.slice()
    const extent = taskExtent(b)
    startDay[i] = extent ? startDayOf(extent) : NaN
    finishDay[i] = extent ? finishDayOf(extent) : NaN
  }
  return {
    ...index,
    tasks,
    startDay: startDay ?? index.startDay,
    finishDay: finishDay ?? index.finishDay,
  }
}

/**
 * The board's index. An edit of dates only (a drag, a fix) re-reads the changed tasks' days and
 * keeps the dependency structure; anything else (a sync, a new dependency, a milestone link)
 * builds it afresh (O(N + E)).
 */
export function selectScheduleIndex(s: PlannerState): ScheduleIndex {
  const { tasksById, dependencies } = s.board
  const found = indexMemos.find((m) => m.tasksById === tasksById && m.dependencies === dependencies)
  if (found) return found.value
  const tasks = Object.values(tasksById)
  const newest = indexMemos[0]
  const value =
    (newest?.dependencies === dependencies ? withChangedDates(newest.value, tasks) : undefined) ??
    buildScheduleIndex(tasks, dependencies)
  indexMemos = [{ tasksById, dependencies, value }, ...indexMemos.slice(0, 1)]
  return value
}

/**
 * The shown board's exact-gap mode (its profile's setting): a successor must start exactly on
 * its predecessor's finish day plus the lag, so slack breaks a dependency too.
 */
export function selectExactGaps(s: PlannerState): boolean {
  const { profileId } = s.board
  return s.profiles.some((p) => p.id === profileId && p.exactGaps)
}

/** The shown board's setting: a drop that pushes successors applies its cascade at once. */
export function selectCascadeWithoutAsking(s: PlannerState): boolean {
  const { profileId } = s.board
  return s.profiles.some((p) => p.id === profileId && p.cascadeWithoutAsking)
}

let problemsMemo: { index: ScheduleIndex; exact: boolean; value: Problem[] } | null = null

/** Every broken dependency and every task due after its milestone, with their fixes. */
/** How many problems the Problems panel lists (the rest are counted). */
export const PROBLEMS_SHOWN = 200

export function selectProblems(s: PlannerState): Problem[] {
  const index = selectScheduleIndex(s)
  const exact = selectExactGaps(s)
  // Fixes only for the problems the panel lists (its first PROBLEMS_SHOWN, in the same order).
  if (problemsMemo?.index !== index || problemsMemo.exact !== exact)
    problemsMemo = { index, exact, value: findProblems(index, { fixesFor: PROBLEMS_SHOWN, exact }) }
  return problemsMemo.value
}

let countMemo: { index: ScheduleIndex; exact: boolean; value: number } | null = null

/**
 * How many problems selectProblems would list, without their fixes: the toolbar's "Problems (N)"
 * is always on screen, and each problem's fixes are two cascades (most of a Refresh at 50,000
 * tasks, for a panel that is usually closed). The same rules as findProblems.
 */
export function selectProblemCount(s: PlannerState): number {
  const index = selectScheduleIndex(s)
  const exact = selectExactGaps(s)
  if (problemsMemo?.index === index && problemsMemo.exact === exact)
    return problemsMemo.value.length
  if (countMemo?.index === index && countMemo.exact === exact) return countMemo.value
  const { depPred, depSucc, depLag, startDay, finishDay, milestoneOf } = index
  let count = 0
  for (let e = 0; e < depPred.length; e++) {
    const pf = finishDay[depPred[e] as number] as number
    const ss = startDay[depSucc[e] as number] as number
    if (Number.isNaN(pf) || Number.isNaN(ss)) continue
    if (ruleOnDays(pf, ss, depLag[e] as number, { exact }).violated) count += 1
  }
  for (let t = 0; t < milestoneOf.length; t++) {
    const m = milestoneOf[t] as number
    if (m >= 0 && (finishDay[t] as number) - (finishDay[m] as number) > 0) count += 1
  }
  countMemo = { index, exact, value: count }
  return count
}

/** The critical path's target as the index knows it: a milestone of the board, or '' (latest). */
export function selectCriticalTarget(s: PlannerState): string {
  const id = s.schedule.criticalTarget
  const index = selectScheduleIndex(s)
  const at = id ? index.indexOf.get(id) : undefined
  return at !== undefined && index.milestone[at] === 1 ? id : ''
}

let floatMemo: { index: ScheduleIndex; target: string; value: FloatResult } | null = null

/** Float of every task towards the chosen target (the details panel reads it too). */
export function selectFloat(s: PlannerState): FloatResult {
  const index = selectScheduleIndex(s)
  const target = selectCriticalTarget(s)
  if (floatMemo?.index !== index || floatMemo.target !== target) {
    const value = criticalPath(index, target ? { milestoneId: target } : {})
    floatMemo = { index, target, value }
  }
  return floatMemo.value
}

export interface CriticalMarks {
  taskIds: ReadonlySet<string>
  dependencyIds: ReadonlySet<string>
}

let marksMemo: { float: FloatResult; value: CriticalMarks } | null = null

/** The critical tasks and driving dependencies to highlight; null while the toggle is off. */
export function selectCriticalMarks(s: PlannerState): CriticalMarks | null {
  if (!s.schedule.critical) return null
  const float = selectFloat(s)
  if (marksMemo?.float !== float) {
    marksMemo = {
      float,
      value: {
        taskIds: new Set(float.criticalTaskIds),
        dependencyIds: new Set(float.criticalDependencyIds),
      },
    }
  }
  return marksMemo.value
}

/** The user's own date, `YYYY-MM-DD`: the day the forecast rule counts from (local-now.ts). */
export function todayIso(now = Date.now()): string {
  return localTodayIso(now)
}

let rowsMemo: {
  index: ScheduleIndex
  today: string
  baseline: ReadonlyMap<string, BaselineDates> | undefined
  value: MilestoneRow[]
} | null = null

/** Every milestone with its numbers (by due day), with slip since the shown baseline if any. */
export function selectMilestoneRows(s: PlannerState): MilestoneRow[] {
  const index = selectScheduleIndex(s)
  const today = todayIso()
  const baseline = s.schedule.shownBaseline?.dates
  if (rowsMemo?.index !== index || rowsMemo.today !== today || rowsMemo.baseline !== baseline) {
    const value = milestoneOverview(index, baseline ? { today, baseline } : { today })
    rowsMemo = { index, today, baseline, value }
  }
  return rowsMemo.value
}

let chainMemo: { index: ScheduleIndex; id: string; value: ReadonlySet<string> } | null = null

/**
 * The focused milestone's chain: the milestone, its linked tasks (by milestoneId) and every task
 * they or it depend on, transitively. Null when no milestone is focused (or it is gone).
 */
export function selectFocusChain(s: PlannerState): ReadonlySet<string> | null {
  const id = s.schedule.focusMilestoneId
  if (!id) return null
  const index = selectScheduleIndex(s)
  const m = index.indexOf.get(id)
  if (m === undefined) return null
  if (chainMemo?.index === index && chainMemo.id === id) return chainMemo.value
  const seen = new Uint8Array(index.tasks.length)
  const stack = [m]
  seen[m] = 1
  for (let k = index.linkStart[m] as number; k < (index.linkStart[m + 1] as number); k++) {
    const t = index.linkTask[k] as number
    if (!seen[t]) {
      seen[t] = 1
      stack.push(t)
    }
  }
  // Backwards along the dependencies (loops included: `seen` stops the walk).
  while (stack.length > 0) {
    const v = stack.pop() as number
    for (let j = index.inStart[v] as number; j < (index.inStart[v + 1] as number); j++) {
      const p = index.depPred[index.inDep[j] as number] as number
      if (!seen[p]) {
        seen[p] = 1
        stack.push(p)
      }
    }
  }
  const value = new Set<string>()
  for (let i = 0; i < seen.length; i++) if (seen[i]) value.add((index.tasks[i] as Task).id)
  chainMemo = { index, id, value }
  return value
}

/** What the timeline adds to its bars and arrows for the planning views. */
export interface TimelineMarks {
  criticalIds?: ReadonlySet<string>
  criticalLinkIds?: ReadonlySet<string>
  /** Rows outside it are dimmed (a milestone's chain is focused). */
  focusIds?: ReadonlySet<string>
  /** The shown baseline's dates, drawn as thin bars under the current ones. */
  baseline?: ReadonlyMap<string, BaselineDates>
  /** The board's exact-gap mode: arrows with slack are drawn broken too. */
  exactGaps?: boolean
}

let timelineMemo: {
  exact: boolean
  marks: CriticalMarks | null
  chain: ReadonlySet<string> | null
  baseline: ReadonlyMap<string, BaselineDates> | undefined
  value: TimelineMarks
} | null = null

export function selectTimelineMarks(s: PlannerState): TimelineMarks {
  const marks = selectCriticalMarks(s)
  const chain = selectFocusChain(s)
  const baseline = s.schedule.shownBaseline?.dates
  const exact = selectExactGaps(s)
  if (
    timelineMemo?.exact !== exact ||
    timelineMemo.marks !== marks ||
    timelineMemo.chain !== chain ||
    timelineMemo.baseline !== baseline
  ) {
    const value: TimelineMarks = {}
    if (marks) {
      value.criticalIds = marks.taskIds
      value.criticalLinkIds = marks.dependencyIds
    }
    if (chain) value.focusIds = chain
    if (baseline) value.baseline = baseline
    if (exact) value.exactGaps = true
    timelineMemo = { exact, marks, chain, baseline, value }
  }
  return timelineMemo.value
}
