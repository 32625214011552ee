// Before an update batch goes out, the tasks it edits are read again and compared with what the
// user saw (their updatedAt). A task changed elsewhere meanwhile is a conflict: reported with the
// fields that differ, and not overwritten. The list endpoint has no id filter, so tasks are read
// with narrow queries built from their last known project, status, type and dates.
import { SERVICE_LIMITS } from '../../src-shared/api'
import type { DayRange, ListTasksFilters, Task, UpdateTaskItem } from '../../src-shared/api'
import type { EditConflict } from '../../src-shared/ipc'
import type { TaskLister } from './find-created-tasks'

/** Task fields an update can change, by the update field that changes them. */
const COMPARED: (keyof Task)[] = [
  'title',
  'description',
  'status',
  'assignedUserEmail',
  'priority',
  'pinToTop',
  'tags',
  'startDate',
  'dueDate',
  'properties',
  'milestoneId',
  'parentId',
]

const utcDay = (timestamp: string) => timestamp.slice(0, 10)

function rangeOf(days: string[]): DayRange {
  const sorted = [...days].sort()
  return { from: sorted[0] as string, to: sorted.at(-1) as string }
}

/** Groups known tasks into list queries that should each return them all. */
function queriesFor(tasks: Task[]): { filters: ListTasksFilters; tasks: Task[] }[] {
  const groups = new Map<string, Task[]>()
  for (const task of tasks) {
    const by = task.dueDate ? 'due' : task.startDate ? 'start' : 'none'
    const key = JSON.stringify([task.projectKey, task.status, task.type, by])
    groups.set(key, [...(groups.get(key) ?? []), task])
  }
  return [...groups.values()].map((group) => {
    const [first] = group as [Task]
    const filters: ListTasksFilters = {
      projectKey: [first.projectKey],
      status: [first.status],
      type: first.type,
    }
    if (first.dueDate) filters.dueDate = rangeOf(group.map((t) => utcDay(t.dueDate)))
    else if (first.startDate) filters.startDate = rangeOf(group.map((t) => utcDay(t.startDate)))
    return { filters, tasks: group }
  })
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export async function findConflicts(
  lister: TaskLister,
  edits: readonly UpdateTaskItem[],
  seen: Readonly<Record<string, string>>,
  known: ReadonlyMap<string, Task>,
): Promise<EditConflict[]> {
  const checked = edits.flatMap((edit) => {
    const task = edit.id === undefined ? undefined : known.get(edit.id)
    return task && seen[task.id] !== undefined ? [task] : []
  })
  const conflicts: EditConflict[] = []
  for (const { filters, tasks } of queriesFor(checked)) {
    const remote = new Map((await lister.listTasks(filters)).map((t) => [t.id, t]))
    const complete = remote.size < SERVICE_LIMITS.listPage
    for (const task of tasks) {
      const now = remote.get(task.id)
      if (!now) {
        // Missing from a complete answer: its project, status, type or dates changed elsewhere.
        if (complete)
          conflicts.push({
            taskId: task.id,
            title: task.title,
            fields: ['status', 'dueDate', 'startDate'],
            message: `${task.title} was moved or changed on the board since you last loaded it; reload to see it.`,
          })
        continue
      }
      if (now.updatedAt === seen[task.id]) continue
      const fields = COMPARED.filter((field) => !same(now[field], task[field]))
      conflicts.push({
        taskId: task.id,
        title: task.title,
        fields,
        message: `${task.title} was changed on the board by ${now.updatedBy || 'someone'} at ${now.updatedAt}${fields.length ? ` (${fields.join(', ')})` : ''}; your change was not sent.`,
      })
    }
  }
  return conflicts
}
