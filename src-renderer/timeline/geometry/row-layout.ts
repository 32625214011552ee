// The rows shared by the task tree and the chart, so the two line up by construction: a pinned
// band first, then one group per project (in project key order), each parent followed by its
// subtasks depth-first. Collapsing a parent or a group hides what is under it; a parent row
// carries a summary span over all its descendants, hidden or not.
//
// Cost: one pass to index, one to build the tree, one back-to-front for summaries, one sort of
// each child list, one pass to emit rows: O(N log N), and no recursion, so a 20,000-deep chain
// of subtasks cannot overflow the stack.
import type { Task } from '../../../src-shared/api'
import type { TaskExtent } from './task-extent'
import { taskExtent } from './task-extent'

/** The fields row layout reads: any Task fits, and so does a test's literal. */
export type LayoutTask = Pick<
  Task,
  'id' | 'parentId' | 'projectKey' | 'key' | 'startDate' | 'dueDate' | 'type' | 'pinToTop'
>

/** Height of a row in the tree and the chart, px. */
export const ROW_HEIGHT = 32
/** Height of a task bar inside its row, px (centred vertically). */
export const BAR_HEIGHT = 20

/** Id of the pinned band's header row. Group ids carry a prefix no task id of the service has. */
export const PINNED_GROUP_ID = 'group:pinned'

export function projectGroupId(projectKey: string): string {
  return `group:project:${projectKey}`
}

/** A time span in ms since the epoch, from the earliest start to the latest end. */
export interface SpanMs {
  startMs: number
  endMs: number
}

export interface GroupRow {
  kind: 'group'
  /** PINNED_GROUP_ID or projectGroupId(projectKey). */
  id: string
  /** The project, or '' for the pinned band. */
  projectKey: string
  depth: 0
  pinned: boolean
  hasChildren: true
  collapsed: boolean
  /** Span of every scheduled task in the group, for a bar while the group is collapsed. */
  summary: SpanMs | undefined
}

export interface TaskRow<T extends LayoutTask = LayoutTask> {
  kind: 'task'
  id: string
  projectKey: string
  /** Depth under the group: 0 for a top-level task (a pinned subtask is top-level in the band). */
  depth: number
  /** In the pinned band: pinned itself or under a pinned parent. */
  pinned: boolean
  /** Has subtask rows (unscheduled or pinned-away subtasks do not count). */
  hasChildren: boolean
  /** Its subtasks are hidden; only ever true when hasChildren. */
  collapsed: boolean
  /** Id of the task this row is shown under; '' at the top of a group. */
  parentId: string
  task: T
  /** The task's own dates on the timeline; undefined for a dateless parent of dated subtasks. */
  extent: TaskExtent | undefined
  /** Span of all its descendants' extents (shown or hidden); undefined when none is dated. */
  summary: SpanMs | undefined
}

export type Row<T extends LayoutTask = LayoutTask> = GroupRow | TaskRow<T>

/**
 * How siblings are ordered: the order the board gave the tasks in, start date, due date, or key.
 * Dateless parents sort by their subtasks' span; ties go by key.
 */
export type SortOrder = 'board' | 'start' | 'due' | 'key'

export const SORT_ORDERS: readonly SortOrder[] = ['board', 'start', 'due', 'key']

export interface RowLayoutOptions {
  /** Sibling order; default 'start'. */
  sort?: SortOrder
  /**
   * Frozen sibling order (see ./row-order.ts): ranked tasks keep these places whatever their
   * dates now say, so rows do not move under the user while they work; tasks without a rank
   * (new since) follow the ranked ones in `sort` order.
   */
  rank?: ReadonlyMap<string, number>
  /** Task ids whose subtasks are hidden. */
  collapsedTasks?: ReadonlySet<string>
  /** Group ids (PINNED_GROUP_ID, projectGroupId(key)) whose rows are hidden. */
  collapsedGroups?: ReadonlySet<string>
  rowHeight?: number
}

export interface RowLayout<T extends LayoutTask = LayoutTask> {
  rows: Row<T>[]
  /** Row index of every shown row, task ids and group ids alike. Hidden tasks are absent. */
  rowIndexById: Map<string, number>
  /**
   * Tasks with no date and no dated descendant, for the Unscheduled tray, in project key then
   * key order. A dateless parent of dated subtasks keeps its row (it has a summary bar).
   */
  unscheduled: T[]
  rowHeight: number
  /** Total height of all rows, px. */
  height: number
  /** Top edge of row `index`, px. */
  y(index: number): number
  /** Vertical centre of row `index`, px: where bars are centred and arrows attach. */
  centerY(index: number): number
}

const NONE = -1
const NO_CHILDREN: readonly number[] = []

export function layoutRows<T extends LayoutTask>(
  tasks: readonly T[],
  options: RowLayoutOptions = {},
): RowLayout<T> {
  const collapsedTasks = options.collapsedTasks ?? new Set<string>()
  const collapsedGroups = options.collapsedGroups ?? new Set<string>()
  const rowHeight = options.rowHeight ?? ROW_HEIGHT

  // Index: the first task with an id wins; a repeated id would otherwise get two rows.
  const list: T[] = []
  const indexById = new Map<string, number>()
  for (const task of tasks) {
    if (indexById.has(task.id)) continue
    indexById.set(task.id, list.length)
    list.push(task)
  }
  const n = list.length
  const at = (i: number): T => list[i] as T
  const extents = list.map((task) => taskExtent(task))

  // Tree: declared children; a missing or self parent makes a root. Child lists are made only
  // for parents: most tasks have none, and 50,000 empty arrays cost more than the rest.
  const declared: (number[] | undefined)[] = new Array<number[] | undefined>(n)
  const declaredRoots: number[] = []
  for (let i = 0; i < n; i++) {
    const p = indexById.get(at(i).parentId)
    if (p === undefined || p === i) declaredRoots.push(i)
    else (declared[p] ??= []).push(i)
  }
  // Walk depth-first from the roots; each task joins the tree where it is first reached. Tasks
  // never reached sit on a parent cycle or below one (bad data): each such cycle is cut at its
  // first task in input order, and what hangs below it stays there, so every task still gets
  // exactly one place, under the parent it names wherever the cut allows.
  const parent = new Int32Array(n).fill(NONE)
  const preorder: number[] = []
  const reached = new Uint8Array(n)
  const walk = (root: number): void => {
    const stack = [root]
    reached[root] = 1
    while (stack.length > 0) {
      const i = stack.pop() as number
      preorder.push(i)
      for (const c of declared[i] ?? NO_CHILDREN) {
        if (reached[c]) continue
        reached[c] = 1
        parent[c] = i
        stack.push(c)
      }
    }
  }
  for (const r of declaredRoots) walk(r)
  for (let i = 0; i < n; i++)
    if (!reached[i]) walk(cycleCut(i, (j) => indexById.get(at(j).parentId)))

  // Summaries, children before parents (reverse preorder): a child's span folds into its
  // parent's summary. Infinity marks "nothing dated yet".
  const sumStart = new Float64Array(n).fill(Infinity)
  const sumEnd = new Float64Array(n).fill(-Infinity)
  for (let k = n - 1; k >= 0; k--) {
    const i = preorder[k] as number
    const p = parent[i] as number
    if (p === NONE) continue
    const e = extents[i]
    const start = Math.min(sumStart[i] as number, e ? e.startMs : Infinity)
    const end = Math.max(sumEnd[i] as number, e ? e.endMs : -Infinity)
    if (start < (sumStart[p] as number)) sumStart[p] = start
    if (end > (sumEnd[p] as number)) sumEnd[p] = end
  }
  const dated = (i: number): boolean => extents[i] !== undefined || sumStart[i] !== Infinity
  const summaryOf = (i: number): SpanMs | undefined =>
    sumStart[i] === Infinity
      ? undefined
      : { startMs: sumStart[i] as number, endMs: sumEnd[i] as number }

  // Pinned band: a pinned task with no pinned ancestor leaves its place and heads a subtree in
  // the band; pinned tasks under it stay where they are in that subtree.
  const inPinned = new Uint8Array(n)
  const pinnedRoot = new Uint8Array(n)
  for (const i of preorder) {
    const p = parent[i] as number
    const above = p !== NONE && inPinned[p] === 1
    inPinned[i] = above || at(i).pinToTop ? 1 : 0
    pinnedRoot[i] = !above && at(i).pinToTop ? 1 : 0
  }

  // Order: the frozen rank first, then the sort (by default the start day, so a tree reads like
  // the chart), then key, project, id for a total order. A dateless parent sorts by its summary.
  const sort = options.sort ?? 'start'
  const rankOf = new Float64Array(n).fill(Infinity)
  if (options.rank) {
    for (let i = 0; i < n; i++) rankOf[i] = options.rank.get(at(i).id) ?? Infinity
  }
  const sortMs = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    sortMs[i] =
      sort === 'start'
        ? (extents[i]?.startMs ?? (sumStart[i] as number))
        : sort === 'due'
          ? (extents[i]?.endMs ?? (sumEnd[i] as number))
          : sort === 'board'
            ? i
            : 0
  }
  const byDate = (a: number, b: number): number => {
    const ra = rankOf[a] as number
    const rb = rankOf[b] as number
    if (ra !== rb) return ra < rb ? -1 : 1
    const da = sortMs[a] as number
    const db = sortMs[b] as number
    if (da !== db) return da < db ? -1 : 1
    const ta = at(a)
    const tb = at(b)
    if (ta.key !== tb.key) return ta.key - tb.key
    return compareStrings(ta.projectKey, tb.projectKey) || compareStrings(ta.id, tb.id)
  }

  // Shown children: dated, not moved to the pinned band.
  const kids: (number[] | undefined)[] = new Array<number[] | undefined>(n)
  const pinnedRoots: number[] = []
  const projectRoots = new Map<string, number[]>()
  const unscheduled: T[] = []
  for (const i of preorder) {
    if (!dated(i)) {
      unscheduled.push(at(i))
      continue
    }
    const p = parent[i] as number
    if (pinnedRoot[i]) pinnedRoots.push(i)
    else if (p !== NONE) (kids[p] ??= []).push(i)
    else {
      const key = at(i).projectKey
      const roots = projectRoots.get(key)
      if (roots) roots.push(i)
      else projectRoots.set(key, [i])
    }
  }
  for (const children of kids) if (children && children.length > 1) children.sort(byDate)

  const rows: Row<T>[] = []
  const rowIndexById = new Map<string, number>()
  const pushRow = (row: Row<T>): void => {
    rowIndexById.set(row.id, rows.length)
    rows.push(row)
  }
  const groupSummary = (roots: number[]): SpanMs | undefined => {
    let start = Infinity
    let end = -Infinity
    for (const r of roots) {
      const e = extents[r]
      start = Math.min(start, sumStart[r] as number, e ? e.startMs : Infinity)
      end = Math.max(end, sumEnd[r] as number, e ? e.endMs : -Infinity)
    }
    return start === Infinity ? undefined : { startMs: start, endMs: end }
  }
  const emitGroup = (id: string, projectKey: string, pinned: boolean, roots: number[]): void => {
    if (roots.length === 0) return
    roots.sort(byDate)
    const collapsed = collapsedGroups.has(id)
    pushRow({
      kind: 'group',
      id,
      projectKey,
      depth: 0,
      pinned,
      hasChildren: true,
      collapsed,
      summary: groupSummary(roots),
    })
    if (collapsed) return
    // Explicit stacks of task and depth; children pushed in reverse so they pop in order.
    const stack: number[] = []
    const depths: number[] = []
    for (let k = roots.length - 1; k >= 0; k--) {
      stack.push(roots[k] as number)
      depths.push(0)
    }
    while (stack.length > 0) {
      const i = stack.pop() as number
      const depth = depths.pop() as number
      const task = at(i)
      const children = kids[i] ?? NO_CHILDREN
      const hasChildren = children.length > 0
      const collapsedHere = hasChildren && collapsedTasks.has(task.id)
      const p = parent[i] as number
      pushRow({
        kind: 'task',
        id: task.id,
        projectKey: task.projectKey,
        depth,
        pinned,
        hasChildren,
        collapsed: collapsedHere,
        parentId: depth === 0 || p === NONE ? '' : at(p).id,
        task,
        extent: extents[i],
        summary: summaryOf(i),
      })
      if (collapsedHere) continue
      for (let k = children.length - 1; k >= 0; k--) {
        stack.push(children[k] as number)
        depths.push(depth + 1)
      }
    }
  }

  emitGroup(PINNED_GROUP_ID, '', true, pinnedRoots)
  const projects = [...projectRoots.keys()].sort(compareStrings)
  for (const key of projects)
    emitGroup(projectGroupId(key), key, false, projectRoots.get(key) ?? [])

  unscheduled.sort(
    (a, b) =>
      compareStrings(a.projectKey, b.projectKey) || a.key - b.key || compareStrings(a.id, b.id),
  )

  return { rows, rowIndexById, unscheduled, ...rowPitch(rowHeight, rows.length) }
}

/**
 * A layout's row geometry. Made outside layoutRows: closures made inside it would keep its whole
 * scope alive (the tree, the summaries, the sort keys: megabytes at 50,000 tasks) as long as the
 * layout lives.
 */
function rowPitch(
  rowHeight: number,
  rowCount: number,
): Pick<RowLayout, 'rowHeight' | 'height' | 'y' | 'centerY'> {
  return {
    rowHeight,
    height: rowCount * rowHeight,
    y: (index) => index * rowHeight,
    centerY: (index) => index * rowHeight + rowHeight / 2,
  }
}

/** Code-unit order: the same on every machine and locale, unlike localeCompare. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Where the parent cycle above task `i` is cut: its first task in input order. `i` was never
 * reached from a root, so its parents run into a cycle (a walk from `i` itself, were it below
 * the cycle, would make it a root and leave its parent's summary without it).
 */
function cycleCut(i: number, parentOf: (j: number) => number | undefined): number {
  const seen = new Set<number>()
  let j = i
  while (!seen.has(j)) {
    seen.add(j)
    j = parentOf(j) as number
  }
  let first = j
  for (let k = parentOf(j) as number; k !== j; k = parentOf(k) as number) first = Math.min(first, k)
  return first
}
