// An edit, end to end: applied to the store at once (optimistic), sent to main as ONE
// tasks:update batch, then settled by main's answer:
// - accepted: kept; the tasks count as changed by us until a snapshot shows it (see
//   ../edit-batches.ts for why that decides what `seen` holds);
// - refused: rolled back, with a message saying what and why;
// - some tasks in conflict (changed on the board meanwhile): those roll back, each with main's
//   message, the rest are kept;
// - kept by main's journal for later (network down, board busy): kept, with main's message.
import type { IpcErrorCode, IpcResult, UpdateTasksResult } from '../../../src-shared/ipc/contract'
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import { describeCommand, runCommand } from '../commands/run-command'
import type { Command } from '../commands/types'
import type { EditsData, InFlightBatch, MessageKind } from '../edit-batches'
import { addMessages, recordWrites, rollBack, seenFor } from '../edit-batches'
import type { PlannerStore } from '../store'

export type EditOutcome =
  | { status: 'unchanged' }
  | { status: 'saved' }
  | { status: 'queued'; message: string }
  | { status: 'rejected'; code: IpcErrorCode; message: string }
  | { status: 'partial'; conflicts: string[] }

/** Main's edit journal kept the batch to send later (src-main/edits/edit-sender.ts). */
export function isQueuedAnswer(error: { code: IpcErrorCode; message: string }): boolean {
  return error.code === 'EDIT_QUEUED'
}

export async function applyEdit(
  store: PlannerStore,
  api: PlannerApi,
  command: Command,
): Promise<EditOutcome> {
  const batch = startBatch(store, command)
  if (!batch) return { status: 'unchanged' }
  let answer: IpcResult<UpdateTasksResult>
  try {
    answer = await api.calls.tasksUpdate({
      tasks: [...batch.updates],
      seen: batch.seen,
    })
  } catch (error) {
    // The API never throws by contract; a broken bridge must still not leave a phantom edit.
    answer = { ok: false, error: { code: 'INTERNAL', message: String(error) } }
  }
  return settle(store, batch, answer)
}

function startBatch(
  store: PlannerStore,
  command: Command,
): (InFlightBatch & { seen: Record<string, string> }) | undefined {
  const state = store.getState()
  const result = runCommand(state.board, command)
  if (result.updates.length === 0) return undefined
  const ids = result.updates.map((u) => u.id)
  const batch: InFlightBatch = {
    id: state.edits.nextId,
    profileId: state.board.profileId,
    label: describeCommand(state.board, command, ids),
    command,
    updates: result.updates,
    inverse: result.inverse.kind === 'setDates' ? result.inverse.dates : [],
  }
  // `seen` before this batch joins the in-flight list, which would hide its own tasks.
  const seen = seenFor(state.board, state.edits, ids)
  store.setState({
    board: result.next,
    edits: {
      ...state.edits,
      inFlight: [...state.edits.inFlight, batch],
      nextId: state.edits.nextId + 1,
    },
  })
  return { ...batch, seen }
}

function settle(
  store: PlannerStore,
  batch: InFlightBatch,
  answer: IpcResult<UpdateTasksResult>,
): EditOutcome {
  const state = store.getState()
  const ids = batch.updates.map((u) => u.id)
  const edits = { ...state.edits, inFlight: state.edits.inFlight.filter((b) => b.id !== batch.id) }
  // The batch's latest inverse (a snapshot or an earlier rollback may have rewritten it).
  const settled = state.edits.inFlight.find((b) => b.id === batch.id) ?? batch
  // The user switched boards meanwhile: the shown board is not the one the batch changed, so
  // only the messages apply.
  const here = state.board.profileId === batch.profileId

  let rollBackIds: string[] = []
  let keepIds: string[] = []
  let queued = false
  const messages: { kind: MessageKind; text: string }[] = []
  let outcome: EditOutcome
  if (answer.ok) {
    const conflicts = answer.value.conflicts
    const conflicted = new Set(conflicts.map((c) => c.taskId))
    rollBackIds = ids.filter((id) => conflicted.has(id))
    keepIds = ids.filter((id) => !conflicted.has(id))
    for (const conflict of conflicts) messages.push({ kind: 'error', text: conflict.message })
    outcome =
      conflicts.length > 0
        ? { status: 'partial', conflicts: conflicts.map((c) => c.taskId) }
        : { status: 'saved' }
  } else if (isQueuedAnswer(answer.error)) {
    keepIds = ids
    queued = true
    messages.push({
      kind: 'warning',
      text: `Could not ${batch.label} yet: ${answer.error.message}`,
    })
    outcome = { status: 'queued', message: answer.error.message }
  } else {
    rollBackIds = ids
    messages.push({
      kind: 'error',
      text: `Could not ${batch.label}: ${answer.error.message}`,
    })
    outcome = { status: 'rejected', code: answer.error.code, message: answer.error.message }
  }

  let board = state.board
  let next: EditsData = edits
  if (here) {
    const rolled = rollBack(board, next, settled, new Set(rollBackIds))
    board = rolled.board
    next = recordWrites(board, rolled.edits, settled, new Set(keepIds), queued)
  }
  store.setState({ board, edits: addMessages(next, messages) })
  return outcome
}
