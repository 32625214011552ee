// The user's hold on main's edit journal: Retry now, Discard (after asking, in the status bar),
// and settling a problem (Keep mine / Take theirs). Also what the board shows when the journal
// reports a new problem: a conflict shows the board's version; a refusal (or a failure of the
// planner) reloads the board, since only the board knows what it now holds.
import { applyUpdate } from '../../../src-shared/api/apply-update'
import { copyTable, idTable } from '../../../src-shared/api/id-table'
import type { Task } from '../../../src-shared/api/resources'
import type { EditProblem, PendingEdits } from '../../../src-shared/ipc/contract'
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import { describeCommand, runCommand } from '../commands/run-command'
import type { Command, TaskPatch } from '../commands/types'
import { queuedSteps } from '../slices/history-items'
import type { PlannerStore } from '../store'
import { loadBoard } from './load-board'

export async function retryEdits(store: PlannerStore, api: PlannerApi): Promise<void> {
  const result = await api.calls.editsRetry(undefined)
  if (result.ok) received(store, api, result.value)
  else
    store
      .getState()
      .addMessage('error', `Could not retry the waiting edits: ${result.error.message}`)
}

/** Drops the board's waiting edits (the caller asked the user), then shows the board as it is. */
export async function discardEdits(store: PlannerStore, api: PlannerApi): Promise<void> {
  // What is queued now is what the discard drops. Read before asking: main reports its empty
  // journal (edits:changed) before it answers, and that news marks every queued write and step
  // as landed.
  const before = store.getState()
  const queuedWrites = new Set(
    Object.entries(before.edits.written).flatMap(([id, w]) => (w.queued ? [id] : [])),
  )
  const steps = queuedSteps(before.history, before.board.profileId)
  const result = await api.calls.editsDiscard(undefined)
  if (!result.ok) {
    store
      .getState()
      .addMessage('error', `Could not discard the waiting edits: ${result.error.message}`)
    return
  }
  // Writes this window kept for the journal are gone with it, and so are their undo steps.
  store.setState((s) => ({
    edits: {
      ...s.edits,
      written: idTable(
        Object.entries(s.edits.written).filter(([id, w]) => !w.queued && !queuedWrites.has(id)),
      ),
    },
  }))
  store.getState().dropDiscardedSteps(result.value.profileId, steps)
  received(store, api, result.value)
  await loadBoard(store, api, { cachedFirst: true })
}

export async function resolveProblem(
  store: PlannerStore,
  api: PlannerApi,
  problemId: string,
  choice: 'mine' | 'theirs',
): Promise<void> {
  const problem = store.getState().edits.problems.find((p) => p.id === problemId)
  const profileId = store.getState().board.profileId
  const result = await api.calls.editsResolve({ problemId, choice })
  if (!result.ok) {
    store.getState().addMessage('error', `Could not settle the edit: ${result.error.message}`)
    return
  }
  if (choice === 'mine' && problem && result.value) {
    // Mine went out again (or waits in the journal): show it, except where it conflicted anew.
    const conflicted = new Set(result.value.conflicts.map((p) => p.conflict?.taskId))
    const kept = problem.tasks.filter((t) => t.id === undefined || !conflicted.has(t.id))
    // Held back anew from an undo or redo: still that undo's (no step of its own).
    if (store.getState().history.undoProblems.includes(problem.id))
      store.getState().undoHeldBack(result.value.conflicts.map((p) => p.id))
    // Undoable, before it is shown: the board shows the version mine writes over.
    recordKept(store, profileId, problem.id, kept, result.value.status === 'queued')
    showItems(store, kept)
    showTheirs(store, result.value.conflicts)
  }
  if (choice === 'theirs' && problem) {
    // Settled: no step adds it later (a Keep mine of a later edit of the task is not this).
    store.getState().tookTheirs(profileId, problem.id, patchesOf(problem.tasks))
  }
  const pending = await api.calls.editsPending(undefined)
  if (pending.ok) received(store, api, pending.value)
}

/** Takes the journal's news, and shows on the board what new problems mean. */
export function received(store: PlannerStore, api: PlannerApi, pending: PendingEdits): void {
  const before = new Set(store.getState().edits.problems.map((p) => p.id))
  const shown = store.getState().board.profileId === pending.profileId
  store.getState().pendingChanged(pending)
  if (!shown) return
  const fresh = pending.problems.filter((p) => !before.has(p.id))
  // Queued edits that became problems did not land: their writes are no longer laid over the
  // board (a refused title came back after the reload), and their steps are no longer undone.
  const unlanded = new Set(
    fresh.flatMap((p) => p.tasks.flatMap((t) => (t.id === undefined ? [] : [t.id]))),
  )
  if (unlanded.size > 0) {
    store.setState((s) => ({
      edits: {
        ...s.edits,
        written: idTable(Object.entries(s.edits.written).filter(([id]) => !unlanded.has(id))),
      },
    }))
    store.getState().dropUnlandedSteps(
      pending.profileId,
      fresh.map((p) => p.tasks),
    )
  }
  if (pending.count === 0) store.getState().landQueuedSteps(pending.profileId)
  showTheirs(store, fresh)
  if (fresh.some((p) => p.kind === 'refused' || p.kind === 'failed'))
    void loadBoard(store, api, { cachedFirst: false })
}

function showTheirs(store: PlannerStore, problems: readonly EditProblem[]): void {
  const theirs: Task[] = problems.flatMap((p) => (p.conflict?.theirs ? [p.conflict.theirs] : []))
  if (theirs.length === 0) return
  store.setState((s) => {
    const tasksById = copyTable(s.board.tasksById)
    for (const task of theirs) if (tasksById[task.id]) tasksById[task.id] = task
    return { board: { ...s.board, tasksById } }
  })
}

/**
 * Keep mine went out (or waits in the journal): one more change to undo. It joins the step of
 * the edit it was part of (an "Apply all" whose successor was held back as a conflict: undo then
 * put back every task but that one), or is a step of its own; or none, when main held it back
 * from an undo or redo (the entry that ran describes it).
 */
function recordKept(
  store: PlannerStore,
  profileId: string,
  problemId: string,
  items: EditProblem['tasks'],
  queued: boolean,
): void {
  const state = store.getState()
  const held = patchesOf(items)
  const patches = held.filter((item) => state.board.tasksById[item.id])
  const command: Command = { kind: 'updateFields', updates: patches }
  const result =
    state.board.profileId === profileId && patches.length > 0
      ? runCommand(state.board, command)
      : undefined
  // Called also when nothing is to be recorded: an undo's problem is settled all the same.
  state.keptMine({
    profileId,
    problemId,
    held,
    label: describeCommand(
      state.board,
      command,
      (result?.updates ?? []).map((u) => u.id),
    ),
    updates: result?.inverse.kind === 'updateFields' ? result.updates : [],
    inverse: result?.inverse.kind === 'updateFields' ? result.inverse.updates : [],
    queued,
  })
}

/** A problem's items with an id, as patches. */
function patchesOf(items: EditProblem['tasks']): TaskPatch[] {
  return items.flatMap((item) => (item.id !== undefined ? [{ ...item, id: item.id }] : []))
}

function showItems(store: PlannerStore, items: EditProblem['tasks']): void {
  if (items.length === 0) return
  store.setState((s) => {
    const tasksById = copyTable(s.board.tasksById)
    for (const item of items) {
      const task = item.id === undefined ? undefined : tasksById[item.id]
      if (task) tasksById[task.id] = applyUpdate(task, item)
    }
    return { board: { ...s.board, tasksById } }
  })
}
