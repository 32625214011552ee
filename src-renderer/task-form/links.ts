// The link rules of the spec, checked before anything is sent, in the service's own words
// (src-server/store/update-tasks.ts): a task never becomes its own ancestor, subtasks nest at most
// 8 levels deep, a milestone is never a subtask and has no subtasks, and a milestone never belongs
// to a milestone.
import { SERVICE_LIMITS } from '../../src-shared/api/limits'
import type { Task } from '../../src-shared/api/resources'

export const taskKey = (task: Pick<Task, 'projectKey' | 'key'>): string =>
  `${task.projectKey}-${task.key}`

/**
 * Why `parentId` cannot be the parent of `taskId`; undefined when it can ('' always can). A task
 * not created yet (`taskId` undefined) brings `newLevels` levels: itself, and its subtasks.
 */
export function parentProblem(
  tasksById: Readonly<Record<string, Task>>,
  taskId: string | undefined,
  parentId: string,
  newLevels = 1,
): string | undefined {
  if (parentId === '') return undefined
  const task = taskId ? tasksById[taskId] : undefined
  if (task?.type === 'milestone') return 'a milestone cannot be a subtask'
  const parent = tasksById[parentId]
  if (!parent) return 'that task is not on the loaded board'
  if (parent.type === 'milestone')
    return `${taskKey(parent)} is a milestone; milestones have no subtasks`
  // Walk up from the new parent: meeting the task itself means it would become its own ancestor.
  const visited = new Set<string>()
  for (let id = parentId; id !== '' && !visited.has(id); id = tasksById[id]?.parentId ?? '') {
    if (id === taskId) {
      const what = parentId === taskId ? 'the task itself' : 'a subtask of this task'
      return `${taskKey(parent)} is ${what}; a task cannot become its own ancestor`
    }
    visited.add(id)
  }
  // The service's nesting limit: the task and everything below it, under the new parent (the
  // parent and its ancestors are `visited`), must end within it.
  const deepest = visited.size + (taskId === undefined ? newLevels : levelsFrom(tasksById, taskId))
  if (deepest > SERVICE_LIMITS.subtaskDepth)
    return `under ${taskKey(parent)} this task's subtasks would nest ${deepest} levels deep; subtasks nest at most ${SERVICE_LIMITS.subtaskDepth} levels deep`
  return undefined
}

/** Levels of the loaded task and its subtasks below it: 1 for a task with none. */
function levelsFrom(tasksById: Readonly<Record<string, Task>>, taskId: string): number {
  const children = new Map<string, string[]>()
  for (const task of Object.values(tasksById)) {
    if (task.parentId === '') continue
    const siblings = children.get(task.parentId)
    if (siblings) siblings.push(task.id)
    else children.set(task.parentId, [task.id])
  }
  let level = [taskId]
  let levels = 0
  // Bounded: a loaded board may hold a loop the service would refuse; it ends past the limit.
  while (level.length > 0 && levels <= SERVICE_LIMITS.subtaskDepth) {
    levels += 1
    level = level.flatMap((id) => children.get(id) ?? [])
  }
  return levels
}

/** Why `milestoneId` cannot be the milestone of a task of `type`; undefined when it can. */
export function milestoneProblem(
  tasksById: Readonly<Record<string, Task>>,
  type: Task['type'],
  milestoneId: string,
): string | undefined {
  if (milestoneId === '') return undefined
  if (type === 'milestone') return 'a milestone cannot belong to another milestone'
  const milestone = tasksById[milestoneId]
  if (milestone && milestone.type !== 'milestone')
    return `${taskKey(milestone)} is a task, not a milestone`
  return undefined
}

/**
 * How the details panel offers a task's Parent: a picker for a task. A milestone cannot be a
 * subtask, so it picks none, but one another board made a subtask can have that parent cleared
 * (the spec takes parentId "" on any update); hidden, it could never be unlinked.
 */
export function parentChoice(task: Pick<Task, 'type' | 'parentId'>): 'pick' | 'clear' | 'none' {
  if (task.type !== 'milestone') return 'pick'
  return task.parentId !== '' ? 'clear' : 'none'
}
