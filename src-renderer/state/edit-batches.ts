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
import type { Task } from '../../src-shared/api/resources'
import type { EditProblem, PendingEdits } from '../../src-shared/ipc/contract'
import type { Command, DateUpdate, TaskDates, TaskTable } from './commands/types'
import { DATE_FIELDS } from './commands/change-dates'

export interface InFlightBatch {
  id: number
  profileId: string
  /** What it does, for messages: 'move 3 tasks'. */
  label: string
  command: Command
  updates: readonly DateUpdate[]
  /**
   * Per task, the dates before this batch: what a rollback restores. Kept true when an earlier
   * batch rolls back or a snapshot arrives while this one is in flight.
   */
  inverse: readonly TaskDates[]
}

export interface LocalWrite {
  /** The task's updatedAt on the board before this renderer's first write since the snapshot. */
  seenBefore: string
  startDate?: string
  dueDate?: string
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
  written: {},
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
  const seen: Record<string, string> = {}
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

type Dates = Pick<TaskDates, 'startDate' | 'dueDate'>

const fieldsOf = (item: Dates) => DATE_FIELDS.filter((field) => item[field] !== undefined)

/**
 * Restores the listed tasks of a settled batch (already removed from `inFlight`). Field by field:
 * when a later batch still in flight changed the same field, the board keeps that later value
 * (the board may still take it: updates are absolute) and the later batch's inverse takes over
 * this batch's "before" value, so that its own rollback lands on what the board really has.
 * Otherwise the field returns to its value before this batch, unless something else changed it
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
    for (const field of fieldsOf(before)) {
      const later = inFlight.findIndex(
        (b) =>
          b.id > batch.id && b.inverse.some((i) => i.id === before.id && i[field] !== undefined),
      )
      if (later >= 0) {
        const next = inFlight[later] as InFlightBatch
        const inverse = next.inverse.map((i) =>
          i.id === before.id ? { ...i, [field]: before[field] } : i,
        )
        inFlight = inFlight.map((b, k) => (k === later ? { ...next, inverse } : b))
        continue
      }
      const task = (tasksById ?? board.tasksById)[before.id]
      if (!task || task[field] !== sent?.[field]) continue
      tasksById ??= { ...board.tasksById }
      tasksById[before.id] = { ...task, [field]: before[field] }
    }
  }
  return {
    board: tasksById ? { ...board, tasksById } : board,
    edits: inFlight === edits.inFlight ? edits : { ...edits, inFlight },
  }
}

/** Records the dates of accepted (or queued) tasks of a batch as this renderer's own writes. */
export function recordWrites(
  board: TaskTable,
  edits: EditsData,
  batch: InFlightBatch,
  ids: ReadonlySet<string>,
  queued: boolean,
): EditsData {
  const written = { ...edits.written }
  for (const update of batch.updates) {
    const task = board.tasksById[update.id]
    if (!ids.has(update.id) || !task) continue
    const previous = written[update.id]
    const write: LocalWrite = {
      ...previous,
      seenBefore: previous?.seenBefore ?? task.updatedAt,
      queued: queued || (previous?.queued ?? false),
    }
    for (const field of fieldsOf(update)) write[field] = update[field]
    written[update.id] = write
  }
  return { ...edits, written }
}

/**
 * A new snapshot's tasks with this renderer's unconfirmed edits laid over them: first the writes
 * the snapshot does not show yet (see the top of this file), then the batches still in flight,
 * oldest first, each batch's inverse rewritten to the values it now replaces. Another board's
 * snapshot keeps none of them (batches of the old board settle without touching this one).
 */
export function overlayEdits(
  snapshotTasks: readonly Task[],
  profileId: string,
  edits: EditsData,
  sameBoard: boolean,
): { tasksById: Record<string, Task>; edits: EditsData } {
  const tasksById: Record<string, Task> = {}
  for (const task of snapshotTasks) tasksById[task.id] = task
  if (!sameBoard) {
    // The journal's marks were the old board's; the new board's come with its edits:pending.
    const cleared = { pendingCount: 0, pendingBatches: [], pendingTaskIds: [], problems: [] }
    return { tasksById, edits: { ...edits, ...cleared, nextRetryAt: undefined, written: {} } }
  }

  const written: Record<string, LocalWrite> = {}
  for (const [id, write] of Object.entries(edits.written)) {
    const task = tasksById[id]
    if (!task || task.updatedAt !== write.seenBefore) continue
    written[id] = write
    const dates: Dates = {}
    for (const field of fieldsOf(write)) dates[field] = write[field]
    tasksById[id] = { ...task, ...dates }
  }
  const inFlight = edits.inFlight.map((batch) => {
    if (batch.profileId !== profileId) return batch
    const inverse: TaskDates[] = []
    for (const update of batch.updates) {
      const task = tasksById[update.id]
      if (!task) continue
      const before: TaskDates = { id: update.id }
      const dates: Dates = {}
      for (const field of fieldsOf(update)) {
        before[field] = task[field]
        dates[field] = update[field]
      }
      inverse.push(before)
      tasksById[update.id] = { ...task, ...dates }
    }
    return { ...batch, inverse }
  })
  return { tasksById, edits: { ...edits, written, inFlight } }
}
