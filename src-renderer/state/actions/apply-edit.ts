// An edit, end to end: applied to the store at once (optimistic), sent to main as ONE
// tasks:update batch (main journals it before anything else), then settled by main's answer:
// - sent: kept; the tasks count as changed by us until a snapshot shows it (see
//   ../edit-batches.ts for why that decides what `seen` holds);
// - queued (the board cannot be reached now): kept, marked pending; main's journal sends it later;
// - some tasks in conflict (changed on the board meanwhile): those show the board's version, and
//   main keeps each conflict as a problem (Keep mine / Take theirs); the rest are kept;
// - an error (the board refused the edit, or the planner failed): rolled back, with a message
//   saying what and why. Main answers an error only when the edit is not in its journal.
import { copyTable } from '../../../src-shared/api/id-table'
import type { Task } from '../../../src-shared/api/resources'
import type { IpcErrorCode, IpcResult, UpdateTasksResult } from '../../../src-shared/ipc/contract'
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import { describeCommand, runCommand } from '../commands/run-command'
import type { Command, TaskPatch } from '../commands/types'
import type { EditsData, InFlightBatch, MessageKind } from '../edit-batches'
import { addMessages, recordWrites, rollBack, seenFor } from '../edit-batches'
import type { PlannerStore } from '../store'

export type EditOutcome =
  | { status: 'unchanged' }
  | { status: 'saved' }
  | { status: 'queued'; message: string }
  | {
      status: 'rejected'
      code: IpcErrorCode
      message: string
      /** Refused part-way: the tasks the board took before refusing the rest (kept). */
      applied?: string[]
    }
  | { status: 'partial'; conflicts: string[] }

export interface ApplyEditOptions {
  /** Record the edit for undo (default). Undo and redo themselves do not. */
  record?: boolean
  /** updatedAt values to send as seen, over the store's (undo after the user said "anyway"). */
  seen?: Readonly<Record<string, string>>
  /** What the edit is called (messages, undo) when not `command`: a drop's absolute dates. */
  describedAs?: Command
}

export async function applyEdit(
  store: PlannerStore,
  api: PlannerApi,
  command: Command,
  options: ApplyEditOptions = {},
): Promise<EditOutcome> {
  const batch = startBatch(store, command, options.describedAs)
  if (!batch) return { status: 'unchanged' }
  let answer: IpcResult<UpdateTasksResult>
  try {
    answer = await api.calls.tasksUpdate({
      tasks: [...batch.updates],
      seen: { ...batch.seen, ...options.seen },
    })
  } catch (error) {
    // The API never throws by contract; a broken bridge must still not leave a phantom edit.
    answer = { ok: false, error: { code: 'INTERNAL', message: String(error) } }
  }
  // Its latest inverse: a snapshot or an earlier rollback may have rewritten it meanwhile.
  const latest = store.getState().edits.inFlight.find((b) => b.id === batch.id) ?? batch
  const outcome = settle(store, batch, answer)
  if (options.record !== false) recordEdit(store, latest, outcome)
  // An undo or redo held back in part: its entry describes those tasks too (a Keep mine of
  // one records no step of its own, ./edit-journal.ts).
  else if (answer.ok) store.getState().undoHeldBack(answer.value.conflicts.map((p) => p.id))
  return outcome
}

/** An edit the board took (or main queued) becomes undoable, for the tasks it kept. */
function recordEdit(store: PlannerStore, batch: InFlightBatch, outcome: EditOutcome): void {
  if (outcome.status === 'unchanged') return
  const state = store.getState()
  if (state.board.profileId !== batch.profileId) return
  // What landed: all but the tasks in conflict, or of a refused batch only the part it took.
  const landed = (id: string) =>
    outcome.status === 'rejected'
      ? (outcome.applied ?? []).includes(id)
      : outcome.status !== 'partial' || !outcome.conflicts.includes(id)
  const updates = batch.updates.filter((u) => landed(u.id))
  const inverse = batch.inverse.filter((u) => landed(u.id))
  if (updates.length === 0) return
  // Held back as conflicts: a Keep mine later adds them to this step (./edit-journal.ts).
  const heldBack =
    outcome.status === 'partial'
      ? batch.updates.filter((u) => outcome.conflicts.includes(u.id))
      : []
  state.recordHistory({
    label: batch.label,
    undo: { kind: 'tasks', command: { kind: 'updateFields', updates: inverse } },
    redo: { kind: 'tasks', command: { kind: 'updateFields', updates } },
    // Not landed yet: dropped if it never does (./edit-journal.ts).
    ...(outcome.status === 'queued' ? { queued: updates.map((u) => u.id) } : {}),
    ...(heldBack.length > 0 ? { heldBack } : {}),
  })
}

function startBatch(
  store: PlannerStore,
  command: Command,
  describedAs: Command = command,
): (InFlightBatch & { seen: Record<string, string> }) | undefined {
  const state = store.getState()
  const result = runCommand(state.board, command)
  if (result.updates.length === 0) return undefined
  const ids = result.updates.map((u) => u.id)
  const batch: InFlightBatch = {
    id: state.edits.nextId,
    profileId: state.board.profileId,
    label: describeCommand(state.board, describedAs, ids),
    command,
    updates: result.updates,
    inverse: inverseItems(result.inverse),
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

/** The items of a command's inverse (always setDates or updateFields). */
function inverseItems(inverse: Command): TaskPatch[] {
  if (inverse.kind === 'setDates') return [...inverse.dates]
  if (inverse.kind === 'updateFields') return [...inverse.updates]
  return []
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
  const theirs = new Map<string, Task>()
  const messages: { kind: MessageKind; text: string }[] = []
  let outcome: EditOutcome
  if (answer.ok) {
    const conflicted = new Set<string>()
    for (const problem of answer.value.conflicts) {
      if (!problem.conflict) continue
      conflicted.add(problem.conflict.taskId)
      if (problem.conflict.theirs) theirs.set(problem.conflict.taskId, problem.conflict.theirs)
    }
    rollBackIds = ids.filter((id) => conflicted.has(id))
    keepIds = ids.filter((id) => !conflicted.has(id))
    queued = answer.value.status === 'queued'
    outcome =
      conflicted.size > 0
        ? { status: 'partial', conflicts: [...conflicted] }
        : queued
          ? { status: 'queued', message: answer.value.reason ?? '' }
          : { status: 'saved' }
  } else {
    // Refused part-way (sent in chunks): what the board took before stays, the rest goes back.
    const applied = new Set(answer.error.applied ?? [])
    rollBackIds = ids.filter((id) => !applied.has(id))
    keepIds = ids.filter((id) => applied.has(id))
    const part = keepIds.length > 0 ? ` (${keepIds.length} of ${ids.length} tasks were saved)` : ''
    messages.push({
      kind: 'error',
      text: `Could not ${batch.label}${part}: ${answer.error.message}`,
    })
    outcome = { status: 'rejected', code: answer.error.code, message: answer.error.message }
    if (keepIds.length > 0) outcome.applied = keepIds
  }

  let board = state.board
  let next: EditsData = edits
  if (here) {
    const rolled = rollBack(board, next, settled, new Set(rollBackIds))
    board = rolled.board
    // A task in conflict shows the board's version: Take theirs is what the user sees until
    // they choose Keep mine.
    if (theirs.size > 0) {
      const tasksById = copyTable(board.tasksById)
      for (const [id, task] of theirs) if (tasksById[id]) tasksById[id] = task
      board = { ...board, tasksById }
    }
    next = recordWrites(board, rolled.edits, settled, new Set(keepIds), queued)
  }
  store.setState({ board, edits: addMessages(next, messages) })
  // The answer names each updated task's URL: what "Copy link" makes every task's link from.
  if (answer.ok) store.getState().taskUrlsNamed(batch.profileId, answer.value.updated)
  return outcome
}
