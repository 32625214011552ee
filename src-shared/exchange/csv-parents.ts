// Subtasks from a CSV file: a row whose parent column names another row's id becomes that row's
// subtask, so the planner's own export (its `id` and `parentId` columns) re-imports as the tree it
// was. Only rows of the same file can be parents: the interface creates no subtask of a task
// already on the board. A parent that is not imported, an id on more than one row, a milestone
// on either end (the interface's milestone rule), a loop, nesting deeper than the board takes, or
// a tree larger than one create batch leaves the row at the top level, and the plan says so.
import { SERVICE_LIMITS } from '../api'
import type { ImportPlan, PlanTask } from './import-plan'
import { planTasks } from './import-plan'
import { someOf } from './note-lists'

/** Rows named in the note on rows left at the top, and in each list of rows sharing an id. */
const NAMED_ROWS = 10
const NAMED_TWINS = 3

/**
 * Nests `plan.roots` (one task per imported row, in file order) by their rows' parent ids.
 * `rowId` and `parentId` give each task's id and parent id cells ('' when empty).
 */
export function nestByParent(
  plan: Pick<ImportPlan, 'roots' | 'notes'>,
  rowId: (task: PlanTask) => string,
  parentId: (task: PlanTask) => string,
): void {
  const byId = new Map<string, PlanTask>()
  const repeated = new Map<string, PlanTask[]>()
  for (const task of plan.roots) {
    const id = rowId(task)
    if (id === '') continue
    const first = byId.get(id)
    if (!first) byId.set(id, task)
    else {
      // Pushed, not copied: a copy per row is quadratic in the rows sharing an id.
      const twins = repeated.get(id)
      if (twins) twins.push(task)
      else repeated.set(id, [first, task])
    }
  }
  // Each id's rows in words once, shortened: written whole into each child's note, 20,000 rows
  // of one id made a note of gigabytes and ran out of memory.
  const twinWords = new Map<string, string>()
  const twinsOf = (id: string) => {
    let words = twinWords.get(id)
    if (words === undefined) {
      const sources = repeated.get(id)!.map((t) => t.source)
      words = someOf(sources, ', ', NAMED_TWINS)
      twinWords.set(id, words)
    }
    return words
  }
  const parentOf = new Map<PlanTask, PlanTask>()
  const left: string[] = []
  for (const task of plan.roots) {
    const wanted = parentId(task)
    if (wanted === '') continue
    const parent = byId.get(wanted)
    if (repeated.has(wanted))
      left.push(`${task.source}: its parent id ${wanted} is on ${twinsOf(wanted)}`)
    else if (!parent)
      left.push(`${task.source}: its parent ${wanted} is not a row imported from this file`)
    else if (parent === task) left.push(`${task.source}: it names itself as its parent`)
    // The interface's milestone rule: a milestone is no subtask, and a milestone's subtasks are
    // ignored (they would be lost).
    else if (task.item.type === 'milestone')
      left.push(`${task.source}: a milestone cannot be a subtask`)
    else if (parent.item.type === 'milestone')
      left.push(
        `${task.source}: its parent ${parent.source} is a milestone, which takes no subtasks`,
      )
    else parentOf.set(task, parent)
  }

  // Levels as the board counts them (a top-level task is level 1), breadth first from the rows
  // with no parent: no recursion, each row once (a file may chain thousands of rows). A row that
  // would nest too deep starts again at the top.
  const limit = SERVICE_LIMITS.subtaskDepth
  const childrenOf = new Map<PlanTask, PlanTask[]>()
  for (const [child, parent] of parentOf) {
    const siblings = childrenOf.get(parent)
    if (siblings) siblings.push(child)
    else childrenOf.set(parent, [child])
  }
  const level = new Map<PlanTask, number>()
  const spread = (top: PlanTask) => {
    const queue: PlanTask[] = [top]
    level.set(top, 1)
    for (let i = 0; i < queue.length; i++) {
      const row = queue[i]!
      for (const child of childrenOf.get(row) ?? []) {
        let value = level.get(row)! + 1
        if (value > limit) {
          parentOf.delete(child)
          left.push(
            `${child.source}: under its parent it would nest ${value} levels deep; subtasks nest at most ${limit} levels deep`,
          )
          value = 1
        }
        level.set(child, value)
        queue.push(child)
      }
    }
  }
  for (const task of plan.roots) if (!parentOf.has(task)) spread(task)
  // What no top-level row reaches hangs in a loop (A under B under A), or under one: the loop is
  // cut at a row on it, which then heads its rows at the top.
  for (const task of plan.roots) {
    if (level.has(task)) continue
    const seen = new Set<PlanTask>()
    let at = task
    while (!seen.has(at)) {
      seen.add(at)
      at = parentOf.get(at)!
    }
    const parent = parentOf.get(at)!
    parentOf.delete(at)
    childrenOf.set(
      parent,
      childrenOf.get(parent)!.filter((c) => c !== at),
    )
    left.push(`${at.source}: its parents lead back to it`)
    spread(at)
  }

  let roots: PlanTask[] = []
  for (const task of plan.roots) {
    const parent = parentOf.get(task)
    if (parent) parent.children.push(task)
    else roots.push(task)
  }
  // One tree is one create request: a tree larger than a batch goes flat instead.
  roots = roots.flatMap((root) => {
    const tree = planTasks({ roots: [root] })
    if (tree.length <= SERVICE_LIMITS.batchItems) return [root]
    left.push(
      `${root.source} and its ${tree.length - 1} subtasks: more than the ${SERVICE_LIMITS.batchItems} tasks one request creates`,
    )
    for (const task of tree) task.children = []
    return tree
  })
  plan.roots = roots
  if (left.length > 0)
    plan.notes.push(
      `Imported at the top level instead of as a subtask: ${someOf(left, '; ', NAMED_ROWS)}.`,
    )
}
