// Creating tasks: ONE tasks:create batch to main, which sends it and then finds the new tasks
// with a list query (the service does not return them). Each task found is shown at once, as the
// board listed it to main. A sync follows in the background only when something is still missing:
// subtasks (main does not look for them) or a task main could not find, which is shown as
// "created, not yet seen", never as a second row, and is never re-sent. The subtasks that sync
// shows are named in the create's undo step: undo moves the tasks the create made, and no other
// task someone has put under them.
import { toCanonicalTimestamp } from '../../../src-shared/api/dates'
import { copyTable, idTable } from '../../../src-shared/api/id-table'
import type { Task } from '../../../src-shared/api/resources'
import type { CreateTaskItem } from '../../../src-shared/api/task-bodies'
import type { CreateTasksResult, IpcErrorCode, IpcResult } from '../../../src-shared/ipc/contract'
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import type { CreatedSubtaskTitles } from '../slices/history-slice'
import type { PlannerStore } from '../store'
import { loadBoard } from './load-board'

export type CreateOutcome =
  | {
      status: 'created'
      tasks: { id: string; projectKey: string; key: number }[]
      unknown: string[]
    }
  | { status: 'rejected'; code: IpcErrorCode; message: string }

export async function createTasks(
  store: PlannerStore,
  api: PlannerApi,
  items: readonly CreateTaskItem[],
  options: { resync?: boolean } = {},
): Promise<CreateOutcome> {
  const since = new Date().toISOString()
  const profileId = store.getState().board.profileId
  // Tasks shown before: none of them is a subtask this create made.
  const before = new Set(Object.keys(store.getState().board.tasksById))
  let answer: IpcResult<CreateTasksResult>
  try {
    answer = await api.calls.tasksCreate({ tasks: [...items] })
  } catch (error) {
    // The API never throws by contract; a broken bridge still must not look like a create.
    answer = { ok: false, error: { code: 'INTERNAL', message: String(error) } }
  }
  if (!answer.ok)
    return { status: 'rejected', code: answer.error.code, message: answer.error.message }

  const state = store.getState()
  const { created, unknown, notCreated } = answer.value
  const here = state.board.profileId === profileId
  if (here && created.length > 0) {
    const tasksById = copyTable(state.board.tasksById)
    const taskIds = [...state.board.taskIds]
    for (const found of created) {
      const item = items[found.index]
      if (!item || tasksById[found.id]) continue
      // The board's own version when main found it (its updatedAt is what a next edit is
      // checked against); else the planner's best picture until the sync brings it.
      tasksById[found.id] = found.task ?? shownTask(item, found, since)
      taskIds.push(found.id)
    }
    store.setState({ board: { ...state.board, tasksById, taskIds } })
  }
  if (unknown.length > 0) {
    state.noteUnseenCreates(
      unknown.map((u) => ({ projectKey: items[u.index]?.projectKey ?? '', title: u.title, since })),
    )
    state.addMessage(
      'info',
      `Created, not yet seen: ${unknown.map((u) => `"${u.title}"`).join(', ')}. The board took ` +
        'the request but did not list the new task yet; it is not sent again. The next sync ' +
        'shows it.',
    )
  }
  if (notCreated && notCreated.items.length > 0) {
    // A batch sent in parts that failed part-way: the parts before stay created (above).
    state.addMessage(
      'warning',
      `Not created: ${notCreated.items.map((u) => `"${u.title}"`).join(', ')}. ${notCreated.message}`,
    )
  }
  const keys = created.map((c) => `${c.projectKey}-${c.key}`)
  let entryId: number | undefined
  if (created.length > 0) {
    // Undo of a create asks first (the interface has no delete): ../actions/undo-redo.ts.
    entryId = store.getState().recordHistory({
      label: `create ${keys.join(', ')}`,
      undo: {
        kind: 'retireCreated',
        taskIds: created.map((c) => c.id),
        subtaskTitles: subtaskTitlesOf(items, created),
      },
      redo: null,
      madeOn: profileId,
    })
  }
  // A sync is needed only for what main could not hand over: subtasks (never looked up) and
  // tasks it could not find. On a large board a full sync is many requests.
  const incomplete =
    unknown.length > 0 ||
    created.some((c) => !c.task) ||
    items.some((item) => (item.subtasks?.length ?? 0) > 0)
  // Identified in the same task as the snapshot that shows them: an undo pressed then moves them.
  const onSnapshot = () => {
    if (entryId === undefined || store.getState().board.profileId !== profileId) return
    const ids = createdSubtasks(store.getState().board, before, items, created)
    store.getState().createdSubtasksFound(entryId, ids)
  }
  if (options.resync ?? incomplete) void loadBoard(store, api, { cachedFirst: false, onSnapshot })
  return {
    status: 'created',
    tasks: created.map(({ id, projectKey, key }) => ({ id, projectKey, key })),
    unknown: unknown.map((u) => u.title),
  }
}

/**
 * The subtasks of `items` that the board shows under the tasks created for them: by parent and
 * title, among tasks not shown before the create (a task someone else moved under a new one was
 * there before), each taken once, nested subtasks included.
 */
function createdSubtasks(
  board: { taskIds: readonly string[]; tasksById: Readonly<Record<string, Task>> },
  before: ReadonlySet<string>,
  items: readonly CreateTaskItem[],
  created: readonly { index: number; id: string }[],
): string[] {
  const found: string[] = []
  const taken = new Set<string>()
  const fresh = board.taskIds.flatMap((id) => (before.has(id) ? [] : (board.tasksById[id] ?? [])))
  const walk = (parentId: string, subtasks: readonly CreateTaskItem[] | undefined) => {
    for (const sub of subtasks ?? []) {
      const task = fresh.find(
        (t) => !taken.has(t.id) && t.parentId === parentId && t.title.trim() === sub.title.trim(),
      )
      if (!task) continue
      taken.add(task.id)
      found.push(task.id)
      walk(task.id, sub.subtasks)
    }
  }
  for (const c of created) walk(c.id, items[c.index]?.subtasks)
  return found
}

/** The task as the planner shows it until the board's own version arrives with the next sync. */
function shownTask(
  item: CreateTaskItem,
  found: { id: string; projectKey: string; key: number },
  now: string,
): Task {
  const milestone = item.type === 'milestone'
  const date = (value: string | undefined) => (value ? (toCanonicalTimestamp(value) ?? '') : '')
  return {
    id: found.id,
    parentId: '',
    projectKey: found.projectKey,
    key: found.key,
    title: item.title,
    description: item.descriptionType === 'text' ? item.descriptionContent : '',
    coverImageUrl: '',
    assignedUserEmail: milestone ? '' : (item.assignedUserEmail ?? '').toLowerCase(),
    startDate: milestone ? '' : date(item.startDate),
    dueDate: date(item.dueDate),
    status: item.status ?? '',
    tags: milestone ? [] : [...new Set(item.tags ?? [])],
    pinToTop: milestone ? false : (item.pinToTop ?? false),
    priority: milestone ? '' : (item.priority ?? ''),
    type: item.type ?? 'task',
    milestoneId: milestone ? '' : (item.milestoneId ?? ''),
    createdAt: now,
    createdBy: '',
    updatedAt: now,
    updatedBy: '',
    startedAt: '',
    startedBy: '',
    endedAt: '',
    endedBy: '',
    properties: milestone ? {} : { ...(item.properties ?? {}) },
  }
}

/** The subtasks asked for under each created task, by title (see retireCreated's step). */
function subtaskTitlesOf(
  items: readonly CreateTaskItem[],
  created: readonly { index: number; id: string }[],
): Record<string, CreatedSubtaskTitles[]> | undefined {
  const titles = (subtasks: readonly CreateTaskItem[] | undefined): CreatedSubtaskTitles[] =>
    (subtasks ?? []).map((sub) => ({ title: sub.title, subtasks: titles(sub.subtasks) }))
  const byParent = idTable<CreatedSubtaskTitles[]>()
  for (const c of created) {
    const subtasks = titles(items[c.index]?.subtasks)
    if (subtasks.length > 0) byParent[c.id] = subtasks
  }
  return Object.keys(byParent).length > 0 ? byParent : undefined
}
