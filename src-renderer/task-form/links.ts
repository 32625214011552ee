// The link rules of the spec, checked before anything is sent, in the service's own words
// (src-server/store/update-tasks.ts): a task never becomes its own ancestor, a milestone is never
// a subtask and has no subtasks, and a milestone never belongs to a milestone.
import type { Task } from '../../src-shared/api/resources'

export const taskKey = (task: Pick<Task, 'projectKey' | 'key'>): string =>
  `${task.projectKey}-${task.key}`

/** Why `parentId` cannot be the parent of `taskId`; undefined when it can ('' always can). */
export function parentProblem(
  tasksById: Readonly<Record<string, Task>>,
  taskId: string | undefined,
  parentId: string,
): string | undefined {
  if (parentId === '') return undefined
  const task = taskId ? tasksById[taskId] : undefined
  if (task?.type === 'milestone') return 'a milestone cannot be a subtask'
  const parent = tasksById[parentId]
  if (!parent) return 'that task is not on the loaded board'
  if (parent.type === 'milestone')
    return `${taskKey(parent)} is a milestone; milestones have no subtasks`
  if (taskId === undefined) return undefined
  // Walk up from the new parent: meeting the task itself means it would become its own ancestor.
  const visited = new Set<string>()
  for (let id = parentId; id !== '' && !visited.has(id); id = tasksById[id]?.parentId ?? '') {
    if (id === taskId) {
      const what = parentId === taskId ? 'the task itself' : 'a subtask of this task'
      return `${taskKey(parent)} is ${what}; a task cannot become its own ancestor`
    }
    visited.add(id)
  }
  return undefined
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
