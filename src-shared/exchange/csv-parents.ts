// Subtasks from a CSV file: a row whose parent column names another row's id becomes that row's
// subtask, so the planner's own export (its `id` and `parentId` columns) re-imports as the tree it
// was. Only rows of the same file can be parents: the interface creates no subtask of a task
// already on the board. A parent that is not imported, a milestone on either end (the interface's
// milestone rule), a loop, or nesting deeper than the board takes leaves the row at the top
// level, and the plan says so.
import { SERVICE_LIMITS } from '../api'
import type { ImportPlan, PlanTask } from './import-plan'

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
  for (const task of plan.roots) {
    const id = rowId(task)
    if (id !== '' && !byId.has(id)) byId.set(id, task)
  }
  const parentOf = new Map<PlanTask, PlanTask>()
  const left: string[] = []
  for (const task of plan.roots) {
    const wanted = parentId(task)
    if (wanted === '') continue
    const parent = byId.get(wanted)
    if (!parent)
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
  // A loop (A under B under A) is cut where it is found: that row stays at the top.
  for (const task of plan.roots) {
    const seen = new Set<PlanTask>([task])
    for (let at = parentOf.get(task); at; at = parentOf.get(at)) {
      if (at === task) {
        parentOf.delete(task)
        left.push(`${task.source}: its parents lead back to it`)
        break
      }
      if (seen.has(at)) break
      seen.add(at)
    }
  }
  // Levels as the board counts them (a top-level task is level 1).
  const level = new Map<PlanTask, number>()
  const levelOf = (task: PlanTask): number => {
    const known = level.get(task)
    if (known !== undefined) return known
    const parent = parentOf.get(task)
    let value = parent ? levelOf(parent) + 1 : 1
    if (value > SERVICE_LIMITS.subtaskDepth) {
      parentOf.delete(task)
      left.push(
        `${task.source}: under its parent it would nest ${value} levels deep; subtasks nest at most ${SERVICE_LIMITS.subtaskDepth} levels deep`,
      )
      value = 1
    }
    level.set(task, value)
    return value
  }
  for (const task of plan.roots) levelOf(task)

  const roots: PlanTask[] = []
  for (const task of plan.roots) {
    const parent = parentOf.get(task)
    if (parent) parent.children.push(task)
    else roots.push(task)
  }
  plan.roots = roots
  if (left.length > 0)
    plan.notes.push(`Imported at the top level instead of as a subtask: ${left.join('; ')}.`)
}
