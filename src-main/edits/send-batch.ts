// Sends one batch of the journal and says what became of it (edit-sender.ts queues the batches
// and decides what comes next): its tasks are checked for changes made elsewhere first (conflicts
// leave the batch as problems), the rest is sent, and the tasks are read back after the write
// to learn their new versions. A failure the board may get over keeps the batch (waiting); a
// refusal takes it out (refused). An answer that leaves tasks out is judged by reading them back
// (edit-problems.ts).
import type { Task, UpdatedTaskInfo, UpdateTaskItem } from '../../src-shared/api'
import { applyUpdate } from '../../src-shared/api/apply-update'
import { codeOf, isRetryable } from '../../src-shared/ipc'
import type { EditProblem, IpcErrorCode } from '../../src-shared/ipc'
import { ApiError } from '../api'
import { unconfirmedProblems } from './edit-problems'
import type { NewProblem } from './edit-journal'
import type { EditJournal, PendingBatch } from './edit-journal'
import { describeConflict, findConflicts, holdsEdit, readTasks } from './find-conflicts'
import type { TaskLister } from './find-created-tasks'

/** What the sender needs of a board: the API client's list and update calls. */
export interface BoardWriter extends TaskLister {
  updateTasks(tasks: UpdateTaskItem[]): Promise<UpdatedTaskInfo[]>
}

/** Codes after which the batch waits for the user to fix something (it is not the edit's fault). */
const HOLDING: ReadonlySet<IpcErrorCode> = new Set<IpcErrorCode>([
  'KEY_REJECTED',
  'PLAN_OR_PERMISSION',
  'KEYCHAIN_UNAVAILABLE',
  'NO_BOARD',
])

type Sent = { kind: 'sent'; updated: UpdatedTaskInfo[]; conflicts: EditProblem[] }
type Waiting = { kind: 'waiting'; reason: string; retryAfterMs?: number | undefined }
/**
 * `refused`: the items the board did not take (those held back as conflicts, and those it took
 * before or despite the refusal, are not among them).
 */
type Refused = { kind: 'refused'; error: unknown; refused: UpdateTaskItem[] }
export type Outcome = Sent | Waiting | Refused

export interface BatchSendDeps {
  journal: EditJournal
  writer(profileId: string): Promise<BoardWriter>
  log(message: string): void
}

const itemKey = (item: UpdateTaskItem) => item.id ?? `${item.projectKey}-${item.key}`

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

export class BatchSend {
  constructor(private readonly deps: BatchSendDeps) {}

  private get journal(): EditJournal {
    return this.deps.journal
  }

  private log(message: string): void {
    this.deps.log(message)
  }

  async send(batch: PendingBatch): Promise<Outcome> {
    const { profileId } = batch
    let tasks = batch.tasks
    let writer: BoardWriter | undefined
    const known = new Map(batch.base.map((t) => [t.id, t]))
    let conflicts: EditProblem[] = []
    try {
      writer = await this.deps.writer(profileId)
    } catch (error) {
      // Opening the board (its settings, its key, the files they live in) failed on the
      // planner's side: that is no answer about the edit, so it waits, with the reason shown,
      // whatever the error. (Dropped as a refusal, a settings file that read as having no boards
      // at start drained every board's waiting edits.)
      this.journal.recordFailure(batch.id, messageOf(error))
      return { kind: 'waiting', reason: messageOf(error) }
    }
    try {
      const ids = tasks.flatMap((t) => (t.id === undefined ? [] : [t.id]))
      const ours = this.ownVersions(profileId, ids, known)
      const found = await findConflicts(writer, tasks, batch.seen, known, ours)
      conflicts = found.map((conflict) =>
        this.journal.addProblem(profileId, {
          kind: 'conflict',
          message: describeConflict(conflict),
          tasks: tasks.filter((t) => t.id === conflict.taskId),
          conflict,
        }),
      )
      if (conflicts.length > 0) {
        const blocked = new Set(found.map((c) => c.taskId))
        tasks = tasks.filter((t) => t.id === undefined || !blocked.has(t.id))
        this.journal.narrow(batch.id, tasks)
      }
      const updated = tasks.length > 0 ? await writer.updateTasks(tasks) : []
      this.journal.remove(batch.id)
      await this.learnVersions(writer, profileId, tasks, known)
      return { kind: 'sent', updated, conflicts }
    } catch (error) {
      // Sending the same batch again would get the same answer, for ever: read back instead.
      if (error instanceof ApiError && error.unconfirmed && writer) {
        return this.settleUnconfirmed(batch, writer, tasks, known, conflicts, error)
      }
      const code = codeOf(error)
      if (code !== undefined && (isRetryable(code) || HOLDING.has(code))) {
        this.journal.recordFailure(batch.id, messageOf(error))
        // A board that said when to come back (Retry-After) is not asked earlier.
        const retryAfterMs = error instanceof ApiError ? error.retryAfterMs : undefined
        return { kind: 'waiting', reason: messageOf(error), retryAfterMs }
      }
      // Refused part-way (a batch sent in chunks): the chunks before were applied. Their
      // versions are learned, or the next edit of those tasks reads as someone else's change.
      // The window is told which tasks they were: it keeps them and rolls back the rest.
      this.journal.remove(batch.id)
      if (!(error instanceof ApiError) || !writer) return { kind: 'refused', error, refused: tasks }
      const took = [
        ...tasks.slice(0, error.batch?.completed ?? 0),
        ...(await this.appliedOfRefused(writer, refusedPart(tasks, error), known)),
      ]
      if (took.length === 0) return { kind: 'refused', error, refused: tasks }
      await this.learnVersions(writer, profileId, took, known)
      const appliedIds = took.flatMap((t) => (t.id === undefined ? [] : [t.id]))
      const refused = tasks.filter((t) => !took.includes(t))
      return { kind: 'refused', error: error.with({ appliedIds }), refused }
    }
  }

  /**
   * The board answered without naming some tasks (edit-problems.ts): those it holds are
   * done, the others problems; items of chunks not sent yet stay in the batch.
   */
  private async settleUnconfirmed(
    batch: PendingBatch,
    writer: BoardWriter,
    tasks: readonly UpdateTaskItem[],
    known: ReadonlyMap<string, Task>,
    conflicts: EditProblem[],
    error: ApiError,
  ): Promise<Outcome> {
    const { profileId } = batch
    let found: NewProblem[]
    try {
      found = await unconfirmedProblems(writer, error.unconfirmed ?? [], known)
    } catch (readError) {
      // Not known now either way: the batch waits, and the next try sends it whole again (its
      // updates carry absolute values, so what the board took already is only written again).
      this.journal.recordFailure(batch.id, messageOf(readError))
      return { kind: 'waiting', reason: messageOf(readError) }
    }
    const problems = found.map((p) => this.journal.addProblem(profileId, p))
    // By task, not by object: the client checked (and so copied) the items it sent.
    const notHeld = new Set(found.flatMap((p) => p.tasks.map(itemKey)))
    const sentUpTo = error.batch ? error.batch.failedTo : tasks.length
    const done = tasks.slice(0, sentUpTo).filter((item) => !notHeld.has(itemKey(item)))
    await this.learnVersions(writer, profileId, done, known)
    const unsent = tasks.slice(sentUpTo)
    if (unsent.length > 0) {
      this.journal.narrow(batch.id, unsent)
      this.journal.recordFailure(batch.id, error.message)
      return { kind: 'waiting', reason: error.message }
    }
    this.journal.remove(batch.id)
    return { kind: 'sent', updated: [], conflicts: [...conflicts, ...problems] }
  }

  /**
   * The items of a refused request of several that the board applied all the same: the spec
   * does not say a board applies a batch all or nothing. Read back; none when that fails.
   */
  private async appliedOfRefused(
    writer: BoardWriter,
    refused: readonly UpdateTaskItem[],
    known: ReadonlyMap<string, Task>,
  ): Promise<UpdateTaskItem[]> {
    const checkable = refused.filter((item) => item.id !== undefined && known.has(item.id))
    if (refused.length < 2 || checkable.length === 0) return []
    try {
      const { found } = await readTasks(
        writer,
        checkable.map((item) => known.get(item.id!)!),
      )
      return checkable.filter((item) => {
        const now = found.get(item.id!)
        const seen = known.get(item.id!)!
        // Changed by this edit: it held other values before, and holds the edit's now.
        return now !== undefined && !holdsEdit(seen, seen, item) && holdsEdit(now, seen, item)
      })
    } catch {
      return []
    }
  }

  /**
   * After a write, reads the tasks back to learn their new updatedAt: the next edit of them is
   * checked against it. A failure here costs only that check (the write itself is done).
   */
  private async learnVersions(
    writer: BoardWriter,
    profileId: string,
    tasks: readonly UpdateTaskItem[],
    known: ReadonlyMap<string, Task>,
  ): Promise<void> {
    const expected = tasks.flatMap((item) => {
      const task = item.id === undefined ? undefined : known.get(item.id)
      return task ? [applyUpdate(task, item)] : []
    })
    if (expected.length === 0) return
    try {
      const { found } = await readTasks(writer, expected)
      for (const task of found.values()) this.journal.putVersion(profileId, task)
    } catch (error) {
      this.log(`Could not read back the tasks just written: ${messageOf(error)}`)
    }
  }

  /**
   * The versions main read back after its own last writes of these tasks, by id; each is put in
   * `known` too, over what the renderer sent (it is newer).
   */
  ownVersions(profileId: string, ids: readonly string[], known: Map<string, Task>) {
    const versions = this.journal.versions(profileId, ids)
    for (const [id, task] of versions) known.set(id, task)
    return new Map([...versions].map(([id, task]) => [id, task.updatedAt]))
  }
}

/** The items of the request the board refused: the failed chunk, or the whole batch. */
function refusedPart(tasks: readonly UpdateTaskItem[], error: ApiError): UpdateTaskItem[] {
  return error.batch ? tasks.slice(error.batch.failedFrom, error.batch.failedTo) : [...tasks]
}
