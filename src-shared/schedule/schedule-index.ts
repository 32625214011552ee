// The board as the scheduling modules read it, built once per board (not once per drag frame):
// tasks numbered 0..n-1, their start and finish days, the dependencies as adjacency arrays both
// ways, and one topological order with the loops of bad data set apart. A drag frame then costs
// only what it touches (cascade.ts), and whole-board passes (float, forecasts, problems) are one
// linear sweep over typed arrays.
//
// Loops: the board refuses a dependency that closes a loop, but data from elsewhere (an import,
// an older server, a race between two planners) may hold one. Strongly connected components
// (Tarjan) find them in linear time; every task of a loop shares one place in the order, and
// the dependencies inside a loop are never followed (so nothing walks around it forever). They
// are reported, each as a real chain named by loopPath.
import { loopPath } from './dependency-loop'
import type { DatedTask } from './extent'
import { finishDayOf, startDayOf, taskExtent } from './extent'
import type { DependencyLink } from './rule'

/** The fields of a task the scheduling modules read (any Task fits). */
export interface ScheduleTask extends DatedTask {
  id: string
  /** Set when the task is done (the interface's endedAt); '' or absent: not done. */
  endedAt?: string
  /** The milestone the task belongs to; '' or absent: none. */
  milestoneId?: string
}

export interface ScheduleIndex {
  readonly tasks: readonly ScheduleTask[]
  readonly indexOf: ReadonlyMap<string, number>
  /** Start day number per task; NaN for a task with no dates (unscheduled). */
  readonly startDay: Float64Array
  /** Finish day number (first day no longer occupied) per task; NaN when unscheduled. */
  readonly finishDay: Float64Array
  /** 1 for a milestone. */
  readonly milestone: Uint8Array
  /** Dependencies whose two ends are both among the tasks, in the order given. */
  readonly deps: readonly DependencyLink[]
  /** Dependencies naming a task that is not among the tasks: never followed. */
  readonly unknownDeps: readonly DependencyLink[]
  readonly depPred: Int32Array
  readonly depSucc: Int32Array
  readonly depLag: Float64Array
  /** Outgoing dependency numbers of task i: outDep[outStart[i] .. outStart[i + 1]). */
  readonly outStart: Int32Array
  readonly outDep: Int32Array
  /** Incoming dependency numbers of task i: inDep[inStart[i] .. inStart[i + 1]). */
  readonly inStart: Int32Array
  readonly inDep: Int32Array
  /** Place of each task's component in topological order: a predecessor outside a loop ranks lower. */
  readonly rank: Int32Array
  /** Task numbers in topological order (by rank). */
  readonly order: Int32Array
  /** 1 for a dependency inside a loop (or of a task on itself): never followed. */
  readonly depInLoop: Uint8Array
  /** Each loop of the data, as a chain of task ids (the first depends on the last). */
  readonly loops: readonly string[][]
  /** Per task, the number of the loop (in `loops`) it is part of; -1 for none. */
  readonly loopOf: Int32Array
  /** Per task, the task number of the milestone its milestoneId names; -1 for none or unknown. */
  readonly milestoneOf: Int32Array
  /** Tasks linked to milestone i by milestoneId: linkTask[linkStart[i] .. linkStart[i + 1]). */
  readonly linkStart: Int32Array
  readonly linkTask: Int32Array
}

/** Longest lag the plan reads, either way: a hundred years. */
export const MAX_PLAN_LAG_DAYS = 36_500

/**
 * A lag as the plan reads it: whole days, within a hundred years either way. Another board may
 * send any number; a lag of 1e9 days pushed a forecast past the last instant a Date can hold,
 * and naming that day threw while the toolbar's milestone overview was computed.
 */
export function planLag(lagDays: number): number {
  if (!Number.isFinite(lagDays)) return 0
  return Math.max(-MAX_PLAN_LAG_DAYS, Math.min(MAX_PLAN_LAG_DAYS, Math.trunc(lagDays)))
}

/** Builds the index: O(N + E). */
export function buildScheduleIndex(
  tasks: readonly ScheduleTask[],
  dependencies: readonly DependencyLink[],
): ScheduleIndex {
  const n = tasks.length
  const indexOf = new Map<string, number>()
  for (let i = 0; i < n; i++) indexOf.set((tasks[i] as ScheduleTask).id, i)
  const { startDay, finishDay, milestone } = daysOf(tasks)

  const deps: DependencyLink[] = []
  const unknownDeps: DependencyLink[] = []
  for (const dep of dependencies) {
    if (indexOf.has(dep.predecessorId) && indexOf.has(dep.successorId)) deps.push(dep)
    else unknownDeps.push(dep)
  }
  const m = deps.length
  const depPred = new Int32Array(m)
  const depSucc = new Int32Array(m)
  const depLag = new Float64Array(m)
  for (let e = 0; e < m; e++) {
    const dep = deps[e] as DependencyLink
    depPred[e] = indexOf.get(dep.predecessorId) as number
    depSucc[e] = indexOf.get(dep.successorId) as number
    depLag[e] = planLag(dep.lagDays)
  }
  const [outStart, outDep] = adjacency(n, depPred)
  const [inStart, inDep] = adjacency(n, depSucc)
  const { comp, compCount, compSize } = components(n, outStart, outDep, depSucc)

  const rank = new Int32Array(n)
  for (let i = 0; i < n; i++) rank[i] = compCount - 1 - (comp[i] as number)
  const order = countingSort(rank, compCount)
  const depInLoop = new Uint8Array(m)
  const loopDeps = new Map<number, DependencyLink[]>()
  for (let e = 0; e < m; e++) {
    const p = depPred[e] as number
    const s = depSucc[e] as number
    if (p !== s && comp[p] !== comp[s]) continue
    depInLoop[e] = 1
    const c = comp[p] as number
    const list = loopDeps.get(c)
    if (list) list.push(deps[e] as DependencyLink)
    else loopDeps.set(c, [deps[e] as DependencyLink])
  }
  const loops: string[][] = []
  const loopOfComp = new Map<number, number>()
  for (const [c, inside] of loopDeps) {
    loopOfComp.set(c, loops.length)
    const first = inside[0] as DependencyLink
    // A loop of one task (it depends on itself) or a chain through the component, named by the
    // same search the planner uses before it sends a dependency.
    const path =
      (compSize[c] as number) === 1
        ? [first.predecessorId]
        : loopPath(inside, first.predecessorId, first.successorId)
    loops.push(path ?? [first.predecessorId, first.successorId])
  }
  const loopOf = new Int32Array(n).fill(-1)
  if (loopOfComp.size > 0) {
    for (let i = 0; i < n; i++) loopOf[i] = loopOfComp.get(comp[i] as number) ?? -1
  }
  const milestoneOf = new Int32Array(n).fill(-1)
  for (let i = 0; i < n; i++) {
    const id = (tasks[i] as ScheduleTask).milestoneId
    const at = id ? indexOf.get(id) : undefined
    // Only a link to a real milestone counts; a milestone never belongs to one (spec).
    if (at !== undefined && at !== i && milestone[at] === 1 && milestone[i] === 0)
      milestoneOf[i] = at
  }
  const [linkStart, linkTask] = adjacency(n, milestoneOf)

  return {
    tasks,
    indexOf,
    startDay,
    finishDay,
    milestone,
    deps,
    unknownDeps,
    depPred,
    depSucc,
    depLag,
    outStart,
    outDep,
    inStart,
    inDep,
    rank,
    order,
    depInLoop,
    loops,
    loopOf,
    milestoneOf,
    linkStart,
    linkTask,
  }
}

/**
 * The same board with new dates (after an edit was applied): the dependency structure is reused,
 * only the days are read again. O(N). `tasks` must be the same ids in the same order; when they
 * are not, the index is built afresh.
 */
export function withTaskDates(index: ScheduleIndex, tasks: readonly ScheduleTask[]): ScheduleIndex {
  const same =
    tasks.length === index.tasks.length &&
    tasks.every((task, i) => task.id === (index.tasks[i] as ScheduleTask).id)
  if (!same) return buildScheduleIndex(tasks, [...index.deps, ...index.unknownDeps])
  return { ...index, tasks, ...daysOf(tasks) }
}

/** True when task number i has dates on the timeline. */
export function isScheduled(index: ScheduleIndex, i: number): boolean {
  return !Number.isNaN(index.startDay[i] as number)
}

/** A task counts as done when its endedAt is set. */
export function isDone(task: ScheduleTask): boolean {
  return typeof task.endedAt === 'string' && task.endedAt !== ''
}

function daysOf(tasks: readonly ScheduleTask[]) {
  const n = tasks.length
  const startDay = new Float64Array(n)
  const finishDay = new Float64Array(n)
  const milestone = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const task = tasks[i] as ScheduleTask
    const extent = taskExtent(task)
    milestone[i] = task.type === 'milestone' ? 1 : 0
    startDay[i] = extent ? startDayOf(extent) : NaN
    finishDay[i] = extent ? finishDayOf(extent) : NaN
  }
  return { startDay, finishDay, milestone }
}

/**
 * Compressed adjacency: the numbers e grouped by `end[e]` (the dependency numbers by one end, or
 * the tasks by their milestone); a negative end (no milestone) is left out.
 */
function adjacency(n: number, end: Int32Array): [Int32Array, Int32Array] {
  const start = new Int32Array(n + 1)
  for (let e = 0; e < end.length; e++) {
    const k = (end[e] as number) + 1
    if (k > 0) start[k] = (start[k] as number) + 1
  }
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number)
  const fill = start.slice(0, n)
  const list = new Int32Array(start[n] as number)
  for (let e = 0; e < end.length; e++) {
    const at = end[e] as number
    if (at < 0) continue
    list[fill[at] as number] = e
    fill[at] = (fill[at] as number) + 1
  }
  return [start, list]
}

/**
 * Tarjan's strongly connected components, iterative (a 50,000-task chain must not overflow the
 * call stack). Components come out sinks first, so comp numbers run against topological order.
 */
function components(n: number, outStart: Int32Array, outDep: Int32Array, depSucc: Int32Array) {
  const index = new Int32Array(n).fill(-1)
  const low = new Int32Array(n)
  const onStack = new Uint8Array(n)
  const stack = new Int32Array(n)
  const callNode = new Int32Array(n)
  const callEdge = new Int32Array(n)
  const comp = new Int32Array(n)
  const sizes: number[] = []
  let sp = 0
  let counter = 0
  let compCount = 0
  for (let root = 0; root < n; root++) {
    if ((index[root] as number) !== -1) continue
    let csp = 0
    index[root] = low[root] = counter++
    stack[sp++] = root
    onStack[root] = 1
    callNode[csp] = root
    callEdge[csp++] = outStart[root] as number
    while (csp > 0) {
      const v = callNode[csp - 1] as number
      const at = callEdge[csp - 1] as number
      if (at < (outStart[v + 1] as number)) {
        callEdge[csp - 1] = at + 1
        const w = depSucc[outDep[at] as number] as number
        if ((index[w] as number) === -1) {
          index[w] = low[w] = counter++
          stack[sp++] = w
          onStack[w] = 1
          callNode[csp] = w
          callEdge[csp++] = outStart[w] as number
        } else if (onStack[w]) {
          low[v] = Math.min(low[v] as number, index[w] as number)
        }
        continue
      }
      csp--
      if (low[v] === index[v]) {
        let size = 0
        let w: number
        do {
          w = stack[--sp] as number
          onStack[w] = 0
          comp[w] = compCount
          size++
        } while (w !== v)
        sizes.push(size)
        compCount++
      }
      if (csp > 0) {
        const u = callNode[csp - 1] as number
        low[u] = Math.min(low[u] as number, low[v] as number)
      }
    }
  }
  // Sizes by comp number (sinks first), for telling a loop from a task on its own.
  return { comp, compCount, compSize: sizes }
}

function countingSort(rank: Int32Array, buckets: number): Int32Array {
  const start = new Int32Array(buckets + 1)
  for (let i = 0; i < rank.length; i++) {
    const k = (rank[i] as number) + 1
    start[k] = (start[k] as number) + 1
  }
  for (let b = 0; b < buckets; b++) start[b + 1] = (start[b + 1] as number) + (start[b] as number)
  const order = new Int32Array(rank.length)
  for (let i = 0; i < rank.length; i++) {
    const b = rank[i] as number
    order[start[b] as number] = i
    start[b] = (start[b] as number) + 1
  }
  return order
}
