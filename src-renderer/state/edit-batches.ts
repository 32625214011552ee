// Optimistic edits as pure functions of the store's state: start a batch, settle it (accept,
// roll back some or all of its tasks), and lay the unconfirmed edits over a new snapshot.
//
// What the renderer knows of a task's `updatedAt`, and so what it sends as `seen`:
// - The snapshot's updatedAt is the board's, until this renderer changes the task itself.
// - Once it has (a batch in flight, or accepted or queued since the last snapshot that shows it),
//   the board's updatedAt is one the renderer has never seen: the answer to tasks:update does
//   not carry it. Sending the old one would report our own edit as a conflict (main compares
//   it with the board's, and looks the task up by its old dates). So such a task is left out of
//   `seen`: main then sends it without a conflict check. For that task, until the next sync,
//   the last writer wins; that is the price of not blocking every second drag of the same bar.
// - A snapshot ends this for a task when its updatedAt differs from the one recorded before our
//   write (the sync read the task after our write, or after someone else's). A snapshot with the
//   recorded updatedAt was read before our write landed (a refresh racing a drag, the cached
//   snapshot): our written dates are laid over it, and the task stays out of `seen`.
import { copyTable, idTable } from '../../src-shared/api/id-table'
import type { Task } from '../../src-shared/api/resources'
import type { EditProblem, PendingEdits } from '../../src-shared/ipc/contract'
import type { Command, PatchFields, TaskPatch, TaskTable } from './commands/types'
import {
  applyPatch,
  patchSlot,
  pickSlots,
  sameValue,
  slotsOf,
  taskSlot,
  withSlot,
} from './commands/task-patch'

export interface InFlightBatch {
  id: number
  profileId: string
  /** What it does, for messages: 'move 3 tasks'. */
  label: string
  command: Command
  updates: readonly TaskPatch[]
  /**
   * Per task, the values before this batch of the slots it changes: what a rollback restores.
   * Kept true when an earlier batch rolls back or a snapshot arrives while this one is in flight.
   */
  inverse: readonly TaskPatch[]
}

/** The fields this renderer wrote to a task (the latest value of each slot). */
export type LocalWrite = PatchFields & {
  /** The task's updatedAt on the board before this renderer's first write since the snapshot. */
  seenBefore: string
  /** Main's journal holds it ("will be sent when it can"): not on the board yet. */
  queued: boolean
}

export type MessageKind = 'error' | 'warning' | 'info'

export interface UserMessage {
  id: number
  kind: MessageKind
  text: string
}

export interface EditsData {
  /** Task edits in main's journal for the board shown, from `edits:changed`. */
  pendingCount: number
  /** Those batches, oldest first, with the last error of each (for the status bar's details). */
  pendingBatches: PendingEdits['batches']
  /** Tasks with an edit in the journal: their bars are marked pending. */
  pendingTaskIds: readonly string[]
  /** When the journal tries again on its own, while batches wait. */
  nextRetryAt: string | undefined
  /** Edits the board did not take, waiting for the user (conflicts, refusals). */
  problems: readonly EditProblem[]
  inFlight: readonly InFlightBatch[]
  /** Tasks this renderer changed that no snapshot shows yet, by id. */
  written: Readonly<Record<string, LocalWrite>>
  messages: readonly UserMessage[]
  /** Next id for batches and messages. */
  nextId: number
}

export const EMPTY_EDITS: EditsData = {
  pendingCount: 0,
  pendingBatches: [],
  pendingTaskIds: [],
  nextRetryAt: undefined,
  problems: [],
  inFlight: [],
  written: idTable(),
  messages: [],
  nextId: 1,
}

/** Messages kept; older ones go first. */
export const MESSAGE_LIMIT = 20

/** `seen` for a batch: each task's updatedAt as last synced, except tasks we changed since. */
export function seenFor(
  board: TaskTable & { profileId: string },
  edits: EditsData,
  ids: readonly string[],
): Record<string, string> {
  const ours = new Set(Object.keys(edits.written))
  for (const batch of edits.inFlight)
    if (batch.profileId === board.profileId) for (const update of batch.updates) ours.add(update.id)
  const seen = idTable<string>()
  for (const id of ids) {
    const task = board.tasksById[id]
    if (task && !ours.has(id)) seen[id] = task.updatedAt
  }
  return seen
}

export function addMessages(
  edits: EditsData,
  messages: readonly { kind: MessageKind; text: string }[],
): EditsData {
  if (messages.length === 0) return edits
  const added = messages.map((m, i) => ({ id: edits.nextId + i, kind: m.kind, text: m.text }))
  return {
    ...edits,
    messages: [...edits.messages, ...added].slice(-MESSAGE_LIMIT),
    nextId: edits.nextId + added.length,
  }
}

/**
 * Restores the listed tasks of a settled batch (already removed from `inFlight`). Slot by slot:
 * when a later batch still in flight changed the same slot, the board keeps that later value
 * (the board may still take it: updates are absolute) and the later batch's inverse takes over
 * this batch's "before" value, so that its own rollback lands on what the board really has.
 * Otherwise the slot returns to its value before this batch, unless something else changed it
 * since (then that newer value stands).
 */
export function rollBack<B extends TaskTable>(
  board: B,
  edits: EditsData,
  batch: InFlightBatch,
  ids: ReadonlySet<string>,
): { board: B; edits: EditsData } {
  let tasksById: Record<string, Task> | undefined
  let inFlight = edits.inFlight
  for (const before of batch.inverse) {
    if (!ids.has(before.id)) continue
    const sent = batch.updates.find((u) => u.id === before.id)
    for (const slot of slotsOf(before)) {
      const later = inFlight.findIndex(
        (b) =>
          b.id > batch.id &&
          b.inverse.some((i) => i.id === before.id && patchSlot(i, slot) !== undefined),
      )
      if (later >= 0) {
        const next = inFlight[later] as InFlightBatch
        const inverse = next.inverse.map((i) =>
          i.id === before.id ? withSlot(i, slot, patchSlot(before, slot)) : i,
        )
        inFlight = inFlight.map((b, k) => (k === later ? { ...next, inverse } : b))
        continue
      }
      const task = (tasksById ?? board.tasksById)[before.id]
      if (!task || !sent || !showsSlot(task, sent, slot)) continue
      tasksById ??= copyTable(board.tasksById)
      tasksById[before.id] = applyPatch(task, pickSlots(before, [slot]))
    }
  }
  return {
    board: tasksById ? { ...board, tasksById } : board,
    edits: inFlight === edits.inFlight ? edits : { ...edits, inFlight },
  }
}

/** The task still shows what `sent` wrote to the slot (nothing newer replaced it). */
function showsSlot(
  task: Task,
  sent: PatchFields,
  slot: ReturnType<typeof slotsOf>[number],
): boolean {
  const shown = applyPatch(task, pickSlots(sent, [slot]))
  return sameValue(shown, task)
}

/** Records the fields of accepted (or queued) tasks of a batch as this renderer's own writes. */
export function recordWrites(
  board: TaskTable,
  edits: EditsData,
  batch: InFlightBatch,
  ids: ReadonlySet<string>,
  queued: boolean,
): EditsData {
  const written = copyTable(edits.written)
  for (const update of batch.updates) {
    const task = board.tasksById[update.id]
    if (!ids.has(update.id) || !task) continue
    const previous = written[update.id]
    let write: LocalWrite = {
      ...previous,
      seenBefore: previous?.seenBefore ?? task.updatedAt,
      queued: queued || (previous?.queued ?? false),
    }
    for (const slot of slotsOf(update)) write = withSlot(write, slot, patchSlot(update, slot))
    written[update.id] = write
  }
  return { ...edits, written }
}

/**
 * A new snapshot's tasks with this renderer's unconfirmed edits laid over them: first the writes
 * the snapshot does not show yet (see the top of this file), then the batches still in flight,
 * oldest first, each batch's inverse rewritten to the values it now replaces (unless the snapshot
 * already shows the batch's own values: its recorded inverse stays). Another board's
 * snapshot keeps none of them (batches of the old board settle without touching this one).
 */
export function overlayEdits(
  snapshotTasks: readonly Task[],
  profileId: string,
  edits: EditsData,
  sameBoard: boolean,
): { tasksById: Record<string, Task>; edits: EditsData } {
  const tasksById = idTable<Task>()
  for (const task of snapshotTasks) tasksById[task.id] = task
  if (!sameBoard) {
    // The journal's marks were the old board's; the new board's come with its edits:pending.
    const cleared = { pendingCount: 0, pendingBatches: [], pendingTaskIds: [], problems: [] }
    return {
      tasksById,
      edits: { ...edits, ...cleared, nextRetryAt: undefined, written: idTable() },
    }
  }

  const written = idTable<LocalWrite>()
  for (const [id, write] of Object.entries(edits.written)) {
    const task = tasksById[id]
    if (!task || task.updatedAt !== write.seenBefore) continue
    written[id] = write
    tasksById[id] = applyPatch(task, pickSlots(write, slotsOf(write)))
  }
  const inFlight = edits.inFlight.map((batch) => {
    if (batch.profileId !== profileId) return batch
    const inverse: TaskPatch[] = []
    for (const update of batch.updates) {
      const task = tasksById[update.id]
      if (!task) continue
      const earlier = batch.inverse.find((i) => i.id === update.id)
      let before: TaskPatch = { id: update.id }
      for (const slot of slotsOf(update)) {
        // A snapshot that already holds what this batch writes (the board took it before the
        // sync read the task, or main laid its journal over the snapshot) says nothing of the
        // value it replaced: the one recorded before stands (for a rollback, and for undo).
        const kept = earlier && showsSlot(task, update, slot) ? patchSlot(earlier, slot) : undefined
        before = withSlot(before, slot, kept !== undefined ? kept : taskSlot(task, slot))
      }
      inverse.push(before)
      tasksById[update.id] = applyPatch(task, update)
    }
    return { ...batch, inverse }
  })
  return { tasksById, edits: { ...edits, written, inFlight } }
}
