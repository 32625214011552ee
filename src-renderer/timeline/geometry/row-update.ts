// An edit under a frozen row order (./row-order.ts) moves no row, so its layout is the last one
// with the edited tasks' rows and the summaries above them made again. Laying every task out
// again took about 190 ms a drop at 50,000 tasks; this takes what the edited rows and their
// ancestors' rows hold.
//
// Only where the answer is provably what layoutRows(tasks, { sort, rank }) gives; undefined
// otherwise, and the caller lays everything out:
// - the same tasks in the same order, the edited ones changed in nothing that places a row
//   (parent, project, key, type, pinned) and still dated or still not;
// - each edited task and all its ancestors ranked, so their dates order none of them;
// - nothing collapsed, so a task's rows below it are all its descendants but those pinned away
//   to the pinned band, which are looked up: a summary is what all of them span.
import { taskExtent } from './task-extent'
import type { LayoutTask, Row, RowLayout, SpanMs, TaskRow } from './row-layout'

/** Past this share of a board (and this many tasks) edited at once, laying out is as cheap. */
const MOST_EDITED = 1 / 8
const FEW_EDITED = 64

/**
 * What a layout's rows say of its tree, worked out once per layout: each row's group row, and the
 * pinned subtasks that head a subtree in the pinned band, away from their parent (whose summary,
 * and its ancestors' and group's, still covers them), by each such row and by group row. Null
 * where a parent chain runs in a circle (bad data): no edit is laid out from such a layout.
 */
interface RowTree {
  groupOf: Int32Array
  under: Map<number, number[]>
  inGroup: Map<number, number[]>
}
/** By the row index: a layout made by an edit has the same rows in the same places. */
const rowTrees = new WeakMap<ReadonlyMap<string, number>, RowTree | null>()

function rowTreeOf(layout: RowLayout<LayoutTask>): RowTree | null {
  const known = rowTrees.get(layout.rowIndexById)
  if (known !== undefined) return known
  const { rows } = layout
  const groupOf = new Int32Array(rows.length)
  for (let i = 0, group = 0; i < rows.length; i++) {
    if (rows[i]!.kind === 'group') group = i
    groupOf[i] = group
  }
  let tree: RowTree | null = { groupOf, under: new Map(), inGroup: new Map() }
  const add = (map: Map<number, number[]>, at: number, root: number) => {
    const list = map.get(at)
    if (list) list.push(root)
    else map.set(at, [root])
  }
  for (let root = 0; root < rows.length && tree; root++) {
    const row = rows[root]!
    if (row.kind !== 'task' || !row.pinned || row.depth !== 0) continue
    let top = -1
    for (const up of declaredAncestors(layout, root)) {
      if (up === undefined) {
        tree = null
        break
      }
      add(tree.under, up, root)
      top = up
    }
    if (tree && top >= 0) add(tree.inGroup, groupOf[top]!, root)
  }
  rowTrees.set(layout.rowIndexById, tree)
  return tree
}

/**
 * Row indexes of the task's ancestors in the layout's tree, nearest first, and from the head of a
 * subtree in the pinned band on to the parent it left. `undefined` is yielded, and ends the walk,
 * where that cannot be told from the rows: a parent chain that runs in a circle (bad data, which
 * layoutRows cuts at the first task of the circle, so a pinned head's parent may not be its
 * tree's).
 */
function* declaredAncestors(
  layout: RowLayout<LayoutTask>,
  index: number,
): Generator<number | undefined> {
  const { rows, rowIndexById } = layout
  const seen = new Set([index])
  let row = rows[index]!
  let leftBand = false
  while (row.kind === 'task') {
    let parentId = row.parentId
    if (!parentId && row.pinned && row.depth === 0 && rowIndexById.has(row.task.parentId)) {
      parentId = row.task.parentId
      leftBand = true
    }
    const up = parentId ? rowIndexById.get(parentId) : undefined
    if (up === undefined) {
      // The top of the tree: a task with no parent, or one cut from a circle. Only the first is
      // the top of the chain the head in the band left from.
      const declared = row.task.parentId
      if (leftBand && declared !== row.id && rowIndexById.has(declared)) yield undefined
      return
    }
    if (seen.has(up)) {
      yield undefined
      return
    }
    seen.add(up)
    yield up
    row = rows[up]!
  }
}

/** Fields that decide where a task's row is, or whether it has one, besides its dates. */
function samePlace(a: LayoutTask, b: LayoutTask): boolean {
  return (
    a.id === b.id &&
    a.parentId === b.parentId &&
    a.projectKey === b.projectKey &&
    a.key === b.key &&
    a.type === b.type &&
    a.pinToTop === b.pinToTop
  )
}

/**
 * The layout of `tasks` from the last one, laid out with `rank` (nothing collapsed) from
 * `last.tasks`; undefined where that cannot be proved (see the top of this file).
 */
export function layoutAfterEdit<T extends LayoutTask>(
  last: { tasks: readonly T[]; layout: RowLayout<T> },
  tasks: readonly T[],
  rank: ReadonlyMap<string, number>,
): RowLayout<T> | undefined {
  const { layout } = last
  if (tasks.length !== last.tasks.length) return undefined
  const edited: [before: T, after: T][] = []
  for (let i = 0; i < tasks.length; i++) {
    const before = last.tasks[i] as T
    const after = tasks[i] as T
    if (before === after) continue
    if (!samePlace(before, after)) return undefined
    edited.push([before, after])
  }
  if (edited.length === 0) return layout
  const most = Math.max(FEW_EDITED, tasks.length * MOST_EDITED)
  const tree = edited.length > most ? null : rowTreeOf(layout)
  if (!tree) return undefined

  const { rows, rowIndexById } = layout
  const replaced = new Map<number, Row<T>>()
  const unscheduled = new Map<T, T>()
  const ancestors = new Set<number>()
  const groups = new Set<number>()
  for (const [before, after] of edited) {
    const index = rowIndexById.get(after.id)
    const extent = taskExtent(after)
    if (index === undefined) {
      // Unscheduled: it stays so only while it has no dates (it has no dated subtask either).
      if (extent || !layout.unscheduled.includes(before)) return undefined
      unscheduled.set(before, after)
      continue
    }
    const row = rows[index] as TaskRow<T>
    // A repeated id: the row is another task's (the first with that id).
    if (row.kind !== 'task' || row.task !== before) return undefined
    if (!extent !== !row.extent || !rank.has(after.id)) return undefined
    replaced.set(index, { ...row, task: after, extent })
    groups.add(tree.groupOf[index]!)
    for (const up of declaredAncestors(layout, index)) {
      if (up === undefined || !rank.has(rows[up]!.id)) return undefined
      ancestors.add(up)
      groups.add(tree.groupOf[up]!)
    }
  }
  const current = (i: number) => replaced.get(i) ?? (rows[i] as Row<T>)
  // A subtree pinned away: its head's dates and what is below it.
  const spanOfAway = (roots: readonly number[] | undefined) =>
    (roots ?? []).map((root) =>
      union((current(root) as TaskRow<T>).extent, spanBelow(rows, current, root, 0)),
    )
  for (const index of ancestors) {
    const row = current(index) as TaskRow<T>
    const below = spanBelow(rows, current, index, row.depth)
    const summary = union(below, ...spanOfAway(tree.under.get(index)))
    if (!sameSpan(summary, row.summary)) replaced.set(index, { ...row, summary })
  }
  for (const index of groups) {
    const row = current(index)
    const below = spanBelow(rows, current, index, -1)
    const summary = union(below, ...spanOfAway(tree.inGroup.get(index)))
    if (!sameSpan(summary, row.summary)) replaced.set(index, { ...row, summary } as Row<T>)
  }

  const next = rows.slice()
  for (const [index, row] of replaced) next[index] = row
  return {
    ...layout,
    rows: next,
    unscheduled:
      unscheduled.size > 0
        ? layout.unscheduled.map((task) => unscheduled.get(task) ?? task)
        : layout.unscheduled,
  }
}

/**
 * What the task rows below row `index` that are deeper than `depth` span (a task's descendants,
 * or with -1 a group's rows): the rows up to the next one as shallow, or the next group.
 */
function spanBelow<T extends LayoutTask>(
  rows: readonly Row<T>[],
  current: (i: number) => Row<T>,
  index: number,
  depth: number,
): SpanMs | undefined {
  let startMs = Infinity
  let endMs = -Infinity
  for (let i = index + 1; i < rows.length; i++) {
    const row = current(i)
    if (row.kind === 'group' || row.depth <= depth) break
    if (!row.extent) continue
    if (row.extent.startMs < startMs) startMs = row.extent.startMs
    if (row.extent.endMs > endMs) endMs = row.extent.endMs
  }
  return startMs === Infinity ? undefined : { startMs, endMs }
}

function union(...spans: (SpanMs | undefined)[]): SpanMs | undefined {
  let startMs = Infinity
  let endMs = -Infinity
  for (const span of spans) {
    if (!span) continue
    if (span.startMs < startMs) startMs = span.startMs
    if (span.endMs > endMs) endMs = span.endMs
  }
  return startMs === Infinity ? undefined : { startMs, endMs }
}

function sameSpan(a: SpanMs | undefined, b: SpanMs | undefined): boolean {
  return (
    a === b ||
    (a !== undefined && b !== undefined && a.startMs === b.startMs && a.endMs === b.endMs)
  )
}
