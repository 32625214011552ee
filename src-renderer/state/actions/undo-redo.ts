// Undo and redo (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, the toolbar's Undo and Redo): runs the newest
// entry's step (../slices/history-slice.ts) and moves the entry across only when the step went
// through. Each is written back like any edit:
// - a task edit goes back as its inverse batch, absolute values. Before it is sent, the tasks
//   are checked twice for changes made elsewhere since: here, the values the step being undone
//   (or redone) wrote are compared with the tasks as shown now (a sync shows a colleague's
//   change, and also makes main forget its read-back of our write: its check then compares with
//   a version that already holds that change and finds nothing); and main reads the tasks again
//   (tasks:check). A task changed elsewhere is listed to the user, who says whether to undo
//   anyway. Unreachable board: the batch is journaled as usual, and main checks it when sent;
// - dependencies are deleted or created again (a lag change is delete-then-create), after the
//   board's dependency between the two tasks is read afresh: one changed elsewhere since is put
//   to the user too (./undo-dependency.ts);
// - a created task cannot be deleted through the interface: undo asks which status to move it
//   to, and says so plainly. That cannot be redone.
import { isAtOrAfter, parseInstant } from '../../../src-shared/schedule/days'
import { idTable } from '../../../src-shared/api/id-table'
import type { Task } from '../../../src-shared/api/resources'
import { ANY_VERSION } from '../../../src-shared/ipc/contract'
import type { EditConflict } from '../../../src-shared/ipc/contract'
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import { PLANNER_DESCRIPTION_TYPE } from '../../../src-shared/ipc/board-snapshot'
import { selectVocabulary } from '../selectors'
import { seenFor } from '../edit-batches'
import { applyPatch, pickSlots, slotsOf, taskSlot } from '../commands/task-patch'
import type { Command, Slot, TaskPatch } from '../commands/types'
import type { CreatedSubtaskTitles, HistoryEntry, UndoStep } from '../slices/history-slice'
import type { PlannerStore } from '../store'
import { applyEdit } from './apply-edit'
import { askUser } from './ask-user'
import { runDependencyStep } from './undo-dependency'

type Direction = 'undo' | 'redo'

export function undoLast(store: PlannerStore, api: PlannerApi): Promise<boolean> {
  return runNewest(store, api, 'undo')
}

export function redoLast(store: PlannerStore, api: PlannerApi): Promise<boolean> {
  return runNewest(store, api, 'redo')
}

/** The entry Undo (or Redo) would run now, for the toolbar's labels; undefined when none. */
export function nextEntry(
  history: { past: readonly HistoryEntry[]; future: readonly HistoryEntry[] },
  profileId: string,
  direction: Direction,
): HistoryEntry | undefined {
  const entry = (direction === 'undo' ? history.past : history.future).at(-1)
  if (!entry || entry.profileId !== profileId) return undefined
  if (direction === 'redo' && !entry.redo) return undefined
  return entry
}

/** How long Undo waits for an edit still being sent (main answers within 8 s: sent or queued). */
const ANSWER_WAIT_MS = 15_000

async function runNewest(
  store: PlannerStore,
  api: PlannerApi,
  direction: Direction,
): Promise<boolean> {
  const start = store.getState()
  if (start.history.busy) return false
  if (!nextEntry(start.history, start.board.profileId, direction) && !sending(start)) return false
  start.setHistoryBusy(true)
  try {
    // An edit still being sent becomes the newest entry once answered: undoing the one before
    // it meanwhile wrote over it, unchecked, and the edit then landed on top.
    if (!(await answered(store))) {
      store
        .getState()
        .addMessage(
          'error',
          `An edit is still being sent, and ${direction === 'undo' ? 'Undo' : 'Redo'} stopped waiting for its answer. Try again once it is answered.`,
        )
      return false
    }
    const state = store.getState()
    const entry = nextEntry(state.history, state.board.profileId, direction)
    if (!entry) return false
    const step = direction === 'undo' ? entry.undo : entry.redo
    if (!step) return false
    const since = state.history.nextId
    // What the entry's last run left on the board: the other step's values.
    const left = direction === 'undo' ? entry.redo : entry.undo
    const done = await runStep(store, api, step, entry.label, direction, left)
    if (!done) return false
    // Another board shown meanwhile: the step found none of its tasks there, so nothing is done.
    if (store.getState().board.profileId !== entry.profileId) return false
    // This entry, not the newest: the user may have edited while the step ran.
    store.getState().settleEntry(entry, direction === 'undo' ? 'past' : 'future', since)
    store.getState().announce(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${entry.label}.`)
    return true
  } finally {
    store.getState().setHistoryBusy(false)
  }
}

const sending = (state: ReturnType<PlannerStore['getState']>) =>
  state.edits.inFlight.some((batch) => batch.profileId === state.board.profileId)

/** Resolves true once no edit of the board shown waits for main's answer (false: gave up). */
function answered(store: PlannerStore): Promise<boolean> {
  if (!sending(store.getState())) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe()
      resolve(false)
    }, ANSWER_WAIT_MS)
    const unsubscribe = store.subscribe((state) => {
      if (sending(state)) return
      clearTimeout(timer)
      unsubscribe()
      resolve(true)
    })
  })
}

async function runStep(
  store: PlannerStore,
  api: PlannerApi,
  step: UndoStep,
  label: string,
  direction: Direction,
  left: UndoStep | null,
): Promise<boolean> {
  switch (step.kind) {
    case 'tasks': {
      const wrote = left?.kind === 'tasks' ? itemsOf(left.command) : []
      return runTaskCommand(store, api, step.command, label, direction, wrote)
    }
    case 'createDependency':
    case 'deleteDependency':
    case 'setLag':
      return runDependencyStep(store, api, step, label, direction)
    case 'retireCreated':
      return retireCreated(store, api, step)
  }
}

const keyOf = (task: Task | undefined, id: string) => (task ? `${task.projectKey}-${task.key}` : id)

function itemsOf(command: Command): readonly TaskPatch[] {
  if (command.kind === 'updateFields') return command.updates
  if (command.kind === 'setDates') return command.dates
  return []
}

async function runTaskCommand(
  store: PlannerStore,
  api: PlannerApi,
  command: Command,
  label: string,
  direction: Direction,
  wrote: readonly TaskPatch[],
): Promise<boolean> {
  const ids = itemsOf(command).map((item) => item.id)
  const { board, edits } = store.getState()
  const verb = direction === 'undo' ? 'Undo' : 'Redo'
  // A task the board no longer shows (deleted elsewhere, or not loaded): nothing could be
  // written to it, so the step is not done and stays where it is.
  const missing = ids.filter((id) => !Object.hasOwn(board.tasksById, id))
  if (missing.length > 0) {
    store
      .getState()
      .addMessage(
        'error',
        `Could not ${verb.toLowerCase()} ${label}: ${missing.length === 1 ? 'a task it changed is' : `${missing.length} tasks it changed are`} no longer on the board as loaded (deleted, or not loaded). Refresh, then try again.`,
      )
    return false
  }
  const seen = seenFor(board, edits, ids)
  const override = idTable<string>()
  // Read before the check is awaited: what the user was shown when they pressed Undo.
  const local = changedHere(board.tasksById, wrote)
  const checked = ids.length > 0 ? await api.calls.tasksCheck({ taskIds: ids, seen }) : undefined
  const remote = checked?.ok ? checked.value : []
  // Main's word first (it read the board just now); the renderer's for the tasks it missed.
  const changes = [...remote, ...local.filter((c) => !remote.some((r) => r.taskId === c.taskId))]
  if (changes.length > 0) {
    const answer = await askUser(store, {
      title: `${verb} ${label}?`,
      message:
        `Changed on the board since your edit; ${direction === 'undo' ? 'undoing' : 'redoing'} ` +
        'writes your earlier values over these changes:',
      details: changes.map((c) => describeChange(c, board.tasksById[c.taskId])),
      choices: [
        { value: 'anyway', label: `${verb} anyway` },
        { value: 'cancel', label: 'Cancel' },
      ],
    })
    if (answer?.choice !== 'anyway') return false
    // The user has seen these versions: main's check lets them through. A task no longer
    // where it was has no version to name (the interface cannot look a task up by id): the
    // user agreed to write over whatever it is now. A change only the renderer saw is in the
    // version a sync showed, which `seen` already names.
    for (const change of remote) override[change.taskId] = change.changedAt || ANY_VERSION
  }
  const outcome = await applyEdit(store, api, command, { record: false, seen: override })
  // 'partial': some tasks were held back as conflicts (kept as problems, shown to the user);
  // the step is not done, and running it again rewrites only absolute values.
  return outcome.status !== 'rejected' && outcome.status !== 'partial'
}

function describeChange(change: EditConflict, task: Task | undefined): string {
  const key = keyOf(task, change.taskId)
  if (!change.theirs)
    return `${key} ${change.title}: moved or changed so it is no longer where it was`
  const fields = change.fields.length > 0 ? ` (${change.fields.join(', ')})` : ''
  const when = change.changedAt ? ` at ${change.changedAt}` : ''
  return `${key} ${change.title}: changed by ${change.changedBy || 'someone'}${when}${fields}`
}

/**
 * The tasks shown now that no longer hold what `wrote` (the step last run) wrote to them, as
 * main words a change made elsewhere: who and when are the shown task's last change.
 */
function changedHere(
  tasksById: Readonly<Record<string, Task>>,
  wrote: readonly TaskPatch[],
): EditConflict[] {
  const changes: EditConflict[] = []
  for (const patch of wrote) {
    const task = tasksById[patch.id]
    if (!task) continue
    const fields = slotsOf(patch).filter((slot) => !showsWritten(task, patch, slot))
    if (fields.length === 0) continue
    changes.push({
      taskId: task.id,
      title: task.title,
      fields: fields.map((slot) => slot.replace(/^property:/, '')),
      changedBy: task.updatedBy,
      changedAt: task.updatedAt,
      theirs: task,
    })
  }
  return changes
}

/** The task shows what the patch wrote to the slot, as far as the planner can tell. */
function showsWritten(task: Task, patch: TaskPatch, slot: Slot): boolean {
  const shown = taskSlot(task, slot)
  const written = taskSlot(applyPatch(task, pickSlots(patch, [slot])), slot)
  if (slot === 'description') {
    // The board converts a description written in another format than the one the planner
    // reads it in: only a markdown one can be compared, and the board may trim it.
    if ((patch.descriptionType ?? 'text') !== PLANNER_DESCRIPTION_TYPE) return true
    const text = (v: unknown) => String((v as { content: string }).content).trim()
    return text(shown) === text(written)
  }
  return sameAsWritten(slot, shown, written)
}

/**
 * A value the board shows is the one written, in the board's own spelling, where the board may
 * respell it: a title trimmed, an address in lower case (the assignee; a property may be a
 * Person), a date as the instant it names (a day written comes back as midnight UTC, a
 * timestamp without milliseconds or with an offset), tags and multi-select values as a set (a
 * board keeps each once, in its own order). Compared as plain JSON, each of these read as a
 * change made elsewhere, and Undo asked about a change nobody made. Nothing looser: a title
 * whose case someone changed, or tags whose spaces they changed, is their change.
 */
function sameAsWritten(slot: Slot, shown: unknown, written: unknown): boolean {
  if (shown === written) return true
  const property = slot.startsWith('property:')
  if (typeof shown === 'string' && typeof written === 'string') {
    if (slot === 'title') return shown.trim() === written.trim()
    if (slot === 'assignedUserEmail' || (property && written.includes('@')))
      return shown.toLowerCase() === written.toLowerCase()
    if (slot === 'startDate' || slot === 'dueDate' || property) {
      const [at, was] = [parseInstant(shown), parseInstant(written)]
      return at !== undefined && at === was
    }
    return false
  }
  if ((slot === 'tags' || property) && Array.isArray(shown) && Array.isArray(written)) {
    const [mine, theirs] = [new Set(written), new Set(shown)]
    return mine.size === theirs.size && [...mine].every((value) => theirs.has(value))
  }
  return JSON.stringify(shown) === JSON.stringify(written)
}

/**
 * The subtasks a create made, found when no sync named them right after it: under each created
 * task, by the titles asked for, among tasks made no earlier than their parent (by the board's
 * own createdAt; a colleague's older task moved under it is theirs), each taken once.
 */
function subtasksByTitle(
  board: { tasksById: Readonly<Record<string, Task>> },
  step: Extract<UndoStep, { kind: 'retireCreated' }>,
  named: readonly string[],
): string[] {
  if (!step.subtaskTitles) return []
  const children = new Map<string, Task[]>()
  for (const task of Object.values(board.tasksById)) {
    if (!task.parentId) continue
    children.set(task.parentId, [...(children.get(task.parentId) ?? []), task])
  }
  const found: string[] = []
  const walk = (parent: Task, subtasks: readonly CreatedSubtaskTitles[]) => {
    for (const sub of subtasks) {
      const candidates = (children.get(parent.id) ?? []).filter(
        (t) =>
          !found.includes(t.id) &&
          t.title.trim() === sub.title.trim() &&
          // Made by whoever made the parent, and no earlier than it.
          (!parent.createdBy || !t.createdBy || t.createdBy === parent.createdBy) &&
          (!parent.createdAt || !t.createdAt || isAtOrAfter(t.createdAt, parent.createdAt)),
      )
      // One a sync already named first, then the earliest made.
      const task =
        candidates.find((t) => named.includes(t.id)) ??
        candidates.sort((a, b) =>
          a.createdAt === b.createdAt ? 0 : isAtOrAfter(a.createdAt, b.createdAt) ? 1 : -1,
        )[0]
      if (!task) continue
      found.push(task.id)
      walk(task, sub.subtasks)
    }
  }
  for (const [id, subtasks] of Object.entries(step.subtaskTitles)) {
    const parent = board.tasksById[id]
    if (parent) walk(parent, subtasks)
  }
  return found
}

async function retireCreated(
  store: PlannerStore,
  api: PlannerApi,
  step: Extract<UndoStep, { kind: 'retireCreated' }>,
): Promise<boolean> {
  const { board, edits } = store.getState()
  // Only the tasks this create made (its subtasks once a sync named them), as loaded now: a
  // task someone else put under one of them is theirs.
  // Those a sync named, and any others found by title (a sync may have named only some).
  const named = step.subtaskIds ?? []
  const subtaskIds = [...new Set([...named, ...subtasksByTitle(board, step, named)])].filter((id) =>
    Object.hasOwn(board.tasksById, id),
  )
  const tasks = [...step.taskIds, ...subtaskIds].flatMap((id) => board.tasksById[id] ?? [])
  const subtasks = subtaskIds.length
  const keys =
    step.taskIds.map((id) => keyOf(board.tasksById[id], id)).join(', ') +
    (subtasks > 0 ? ` and ${subtasks} ${subtasks === 1 ? 'subtask' : 'subtasks'}` : '')
  // As for any undo: changes made elsewhere since are put to the user before anything is sent.
  const ids = tasks.map((t) => t.id)
  const checked =
    ids.length > 0
      ? await api.calls.tasksCheck({ taskIds: ids, seen: seenFor(board, edits, ids) })
      : undefined
  const changes = checked?.ok ? checked.value : []
  const statuses = selectVocabulary(store.getState()).statuses
  const current = tasks[0]?.status ?? statuses[0] ?? ''
  const answer = await askUser(store, {
    title: `Undo create ${keys}?`,
    message:
      'The board has no way to delete a task, so undo cannot remove it. It can move it to a ' +
      'status of your choice instead (for example one your board treats as cancelled or done).' +
      (changes.length > 0 ? ' Changed on the board since it was created:' : ''),
    ...(changes.length > 0
      ? { details: changes.map((c) => describeChange(c, board.tasksById[c.taskId])) }
      : {}),
    pick: { label: 'New status', options: statuses, initial: current },
    choices: [
      { value: 'move', label: 'Move to status' },
      { value: 'cancel', label: 'Cancel' },
    ],
  })
  if (answer?.choice !== 'move' || !answer.picked) return false
  if (tasks.length === 0) return true
  // The user has seen these changes and chose to move the tasks anyway.
  const override = idTable<string>()
  for (const change of changes) override[change.taskId] = change.changedAt || ANY_VERSION
  const status = answer.picked
  const outcome = await applyEdit(
    store,
    api,
    { kind: 'updateFields', updates: tasks.map((t) => ({ id: t.id, status })) },
    { record: false, seen: override },
  )
  // 'partial': some were held back as conflicts (kept as problems): the step is not done.
  return outcome.status !== 'rejected' && outcome.status !== 'partial'
}
