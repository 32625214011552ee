// Sends update batches from the journal, oldest first, one board at a time. Every batch is in the
// journal before anything touches the network (submit), and everything after, the conflict check
// included, runs from the journal, so a board that cannot be reached never costs an edit.
//
// What a failure of a batch leads to (the code decides, see isRetryable in src-shared/ipc):
// - the board could not be reached or could not answer (isRetryable): the batch stays, later
//   batches wait behind it (an older edit never lands after a newer one), and the journal tries
//   again with backoff, when asked (Retry now), after a successful sync, and at start;
// - the board cannot be used as things stand (key rejected, plan or permission, keychain): the
//   batch stays and waits the same way, with the reason shown, until the user acts;
// - the board refused the edit itself (a 4xx naming it: invalid, unknown task, conflict): the
//   batch leaves the journal and is rolled back. If the user is waiting for this answer it is the
//   answer; otherwise it is kept as a problem for the user to see, never dropped silently;
// - the planner failed (an error without a code, a bug): the same as a refusal, said as a bug.
//
// Tasks changed on the board since the user saw them are conflicts: they leave the batch and are
// kept as problems (Keep mine sends them again over the board's version; Take theirs drops them),
// and the rest of the batch goes out.
import type { Task, UpdatedTaskInfo, UpdateTaskItem } from '../../src-shared/api'
import { codeOf, isRetryable } from '../../src-shared/ipc'
import { ApiError } from '../api'
import type {
  EditConflict,
  EditProblem,
  IpcErrorCode,
  PendingEdits,
  UpdateTasksResult,
} from '../../src-shared/ipc'
import { applyUpdate } from '../../src-shared/api/apply-update'
import type { EditJournal, NewProblem, PendingBatch } from './edit-journal'
import { seenWithWaiting } from './seen-with-waiting'
import {
  describeConflict,
  differingFields,
  findConflicts,
  holdsEdit,
  readTasks,
} from './find-conflicts'
import type { TaskLister } from './find-created-tasks'

/** What the sender needs of a board: the API client's list and update calls. */
export interface BoardWriter extends TaskLister {
  updateTasks(tasks: UpdateTaskItem[]): Promise<UpdatedTaskInfo[]>
}

export interface EditSenderOptions {
  journal: EditJournal
  /** The client of a board (may fail: no key, keychain locked, board removed). */
  writer(profileId: string): Promise<BoardWriter>
  /** The journal of a board changed (a batch came, went, failed; a problem came or went). */
  onChange?(pending: PendingEdits): void
  log?(message: string): void
  /** Waits before the journal tries a failed batch again: attempt 1, 2, ... (ms). */
  backoffMs?(attempt: number): number
  /**
   * How long the user waits for an edit's answer before being told it is saved and will be sent
   * (the send goes on in the background). Default 8 s: a drag should not spin for longer.
   */
  answerWithinMs?: number
}

/** Codes after which the batch waits for the user to fix something (it is not the edit's fault). */
const HOLDING: ReadonlySet<IpcErrorCode> = new Set<IpcErrorCode>([
  'KEY_REJECTED',
  'PLAN_OR_PERMISSION',
  'KEYCHAIN_UNAVAILABLE',
  'NO_BOARD',
])

/** 2 s, 4 s, 8 s ... up to a minute. */
const defaultBackoff = (attempt: number) => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt - 1))

type Sent = { kind: 'sent'; updated: UpdatedTaskInfo[]; conflicts: EditProblem[] }
type Waiting = { kind: 'waiting'; reason: string; retryAfterMs?: number | undefined }
type Refused = { kind: 'refused'; error: unknown }
type Outcome = Sent | Waiting | Refused

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export class EditSender {
  private readonly queues = new Map<string, Promise<unknown>>()
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; at: number }>()
  /**
   * Batches whose submit still waits for their answer: their own flush, queued behind any flush
   * running now, sends them and answers. A retry that ran first and sent one would keep a
   * refusal as a problem while the submit, finding its batch gone, answered "sent".
   */
  private readonly awaited = new Set<string>()
  private closed = false

  constructor(private readonly options: EditSenderOptions) {}

  private get journal(): EditJournal {
    return this.options.journal
  }

  /**
   * Journals the batch (with what the user saw), then sends it after any earlier ones. Resolves
   * 'sent' with the board's answer, or 'queued' when it must wait (the board cannot be reached,
   * or did not answer within `answerWithinMs`). Rejects only when the board refused the edit or
   * the planner failed: the batch is then no longer in the journal.
   */
  async submit(
    profileId: string,
    tasks: UpdateTaskItem[],
    seen: Record<string, string>,
    base: Task[],
  ): Promise<UpdateTasksResult> {
    const batch = this.journal.append(
      profileId,
      tasks,
      seenWithWaiting(this.journal, profileId, tasks, seen),
      base,
    )
    this.awaited.add(batch.id)
    this.changed(profileId)
    const answered = { value: false }
    const sending = this.enqueue(profileId, () => this.flush(profileId, batch.id, answered))
    const within = this.options.answerWithinMs ?? 8_000
    let timer: NodeJS.Timeout | undefined
    const slow = new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => resolve('slow'), within)
    })
    try {
      const outcome = await Promise.race([sending, slow])
      if (outcome === 'slow') {
        answered.value = true
        this.awaited.delete(batch.id)
        return {
          status: 'queued',
          updated: [],
          conflicts: [],
          reason: 'The board is slow to answer; the change is saved and is still being sent.',
        }
      }
      if (outcome.kind === 'sent')
        return { status: 'sent', updated: outcome.updated, conflicts: outcome.conflicts }
      if (outcome.kind === 'waiting')
        return { status: 'queued', updated: [], conflicts: [], reason: outcome.reason }
      throw outcome.error
    } finally {
      clearTimeout(timer)
      this.awaited.delete(batch.id)
    }
  }

  /** Sends a board's waiting batches now (start, Retry now, after a sync, a timer). */
  retry(profileId: string): Promise<PendingEdits> {
    this.clearTimer(profileId)
    return this.enqueue(profileId, async () => {
      await this.flush(profileId, undefined, { value: true })
      return this.pending(profileId)
    })
  }

  /** Sends every board's waiting batches, oldest board first (at start). */
  async retryAll(): Promise<void> {
    for (const profileId of this.journal.boardsWithPending()) {
      await this.retry(profileId).catch((error: unknown) =>
        this.log(`Waiting edits could not be sent yet: ${messageOf(error)}`),
      )
    }
  }

  /** Drops a board's waiting batches (after the user agreed). */
  discard(profileId: string): Promise<PendingEdits> {
    return this.enqueue(profileId, async () => {
      this.clearTimer(profileId)
      this.journal.discard(profileId)
      return this.changed(profileId)
    })
  }

  /**
   * Settles a problem: 'theirs' drops it; 'mine' sends its edit again, checked against the
   * board's version the conflict showed (so only a change made after that is a new conflict).
   */
  async resolve(
    profileId: string,
    problemId: string,
    choice: 'mine' | 'theirs',
  ): Promise<UpdateTasksResult | null> {
    const problem = this.journal.removeProblem(profileId, problemId)
    this.changed(profileId)
    if (!problem || choice === 'theirs' || problem.tasks.length === 0) return null
    const theirs = problem.conflict?.theirs
    const seen = theirs ? { [theirs.id]: theirs.updatedAt } : {}
    return this.submit(profileId, problem.tasks, seen, theirs ? [theirs] : [])
  }

  /** Tasks as read back after the planner's own writes (newer than a snapshot taken before). */
  /**
   * Which of these tasks changed on the board since the user last saw them (`seen`) or since
   * the planner's own last write of them, without sending anything: undo asks the user about
   * these first. Throws what the board's read throws (unreachable, refused key...).
   */
  async changedSince(
    profileId: string,
    ids: readonly string[],
    seen: Readonly<Record<string, string>>,
    base: readonly Task[],
  ): Promise<EditConflict[]> {
    const writer = await this.options.writer(profileId)
    const versions = this.journal.versions(profileId, ids)
    const known = new Map(base.map((t) => [t.id, t]))
    for (const [id, task] of versions) known.set(id, task)
    const ours = new Map([...versions].map(([id, task]) => [id, task.updatedAt]))
    return findConflicts(
      writer,
      ids.map((id) => ({ id })),
      seen,
      known,
      ours,
    )
  }

  writtenVersions(profileId: string): Task[] {
    return this.journal.allVersions(profileId)
  }

  /** A fresh snapshot shows the board: versions it already shows are no longer needed. */
  snapshotTaken(profileId: string, tasks: readonly Task[]): void {
    this.journal.pruneVersions(profileId, tasks)
  }

  /** The update items still in the journal for a board, batch by batch, oldest first. */
  waitingUpdates(profileId: string): UpdateTaskItem[][] {
    return this.journal.pending(profileId).map((b) => b.tasks)
  }

  pending(profileId: string): PendingEdits {
    const timer = this.timers.get(profileId)
    const summary = this.journal.summary(profileId)
    return timer && summary.batches.length > 0
      ? { ...summary, nextRetryAt: new Date(timer.at).toISOString() }
      : summary
  }

  close(): void {
    this.closed = true
    for (const profileId of [...this.timers.keys()]) this.clearTimer(profileId)
  }

  private enqueue<T>(profileId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(profileId) ?? Promise.resolve()
    const next = previous.then(work, work)
    this.queues.set(
      profileId,
      next.catch(() => undefined),
    )
    return next
  }

  /**
   * Sends waiting batches oldest first, through `targetId` (all when undefined), and says what
   * became of the target. A batch that must wait stops the queue. `answered`: nobody waits for
   * the target's own answer any more, so its refusal becomes a problem too.
   */
  private async flush(
    profileId: string,
    targetId: string | undefined,
    answered: { value: boolean },
  ): Promise<Outcome> {
    let result: Outcome = { kind: 'sent', updated: [], conflicts: [] }
    try {
      for (const batch of this.journal.pending(profileId)) {
        const isTarget = batch.id === targetId
        // A retry stops at a batch whose submit waits: that submit's flush comes next, sends it
        // and the ones after it (newer submits, each with its flush queued), and answers. The
        // timer stays set, in case that flush already ran and left the batch waiting.
        if (targetId === undefined && this.awaited.has(batch.id)) {
          this.scheduleRetry(profileId, batch.attempts + 1)
          return result
        }
        const outcome = await this.sendOne(batch)
        if (outcome.kind === 'waiting') {
          this.scheduleRetry(profileId, batch.attempts + 1, outcome.retryAfterMs)
          return outcome
        }
        if (outcome.kind === 'refused' && (!isTarget || answered.value))
          this.keepRefusal(batch, outcome.error)
        if (isTarget) return outcome
        result = outcome
      }
      this.clearTimer(profileId)
      return targetId === undefined ? result : { kind: 'sent', updated: [], conflicts: [] }
    } finally {
      this.changed(profileId)
    }
  }

  private async sendOne(batch: PendingBatch): Promise<Outcome> {
    const { profileId } = batch
    let tasks = batch.tasks
    let writer: BoardWriter | undefined
    const known = new Map(batch.base.map((t) => [t.id, t]))
    let conflicts: EditProblem[] = []
    try {
      writer = await this.options.writer(profileId)
      const ids = tasks.flatMap((t) => (t.id === undefined ? [] : [t.id]))
      const versions = this.journal.versions(profileId, ids)
      for (const [id, task] of versions) known.set(id, task)
      const ours = new Map([...versions].map(([id, task]) => [id, task.updatedAt]))
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
      this.journal.remove(batch.id)
      return { kind: 'refused', error }
    }
  }

  /**
   * The board answered an update as a success without naming some of the tasks sent (a board may
   * leave out a task the edit did not change, or one it skipped). Each of those is read back: one
   * that holds the edit is done; one that does not (or cannot be found) is kept as a problem with
   * the board's version, to send again or drop, instead of the whole batch being sent again for
   * ever behind every later edit. Items of chunks not sent yet stay in the batch.
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
    const unconfirmed = new Set(error.unconfirmed)
    const sentUpTo = error.batch ? error.batch.failedTo : tasks.length
    const checked = [...unconfirmed].flatMap((item) => {
      const task = item.id === undefined ? undefined : known.get(item.id)
      return task ? [task] : []
    })
    let found: Map<string, Task>
    try {
      found = (await readTasks(writer, checked)).found
    } catch (readError) {
      // Not known now either way: the batch waits, and is read back again on the next try.
      this.journal.recordFailure(batch.id, messageOf(readError))
      return { kind: 'waiting', reason: messageOf(readError) }
    }
    const problems: EditProblem[] = []
    for (const item of unconfirmed) {
      const base = item.id === undefined ? undefined : known.get(item.id)
      const now = base ? found.get(base.id) : undefined
      if (base && now && holdsEdit(now, base, item)) {
        unconfirmed.delete(item)
        continue
      }
      const title =
        base?.title ?? (item.id ? `The task with id ${item.id}` : `${item.projectKey}-${item.key}`)
      const fields = base && now ? differingFields(now, applyUpdate(base, item)) : []
      problems.push(
        this.journal.addProblem(profileId, {
          kind: 'refused',
          message: `${title}: the board answered your change as saved without naming the task, and read back it does not hold the change${fields.length > 0 ? ` (${fields.join(', ')})` : ''}, so your change was not saved.`,
          tasks: [item],
          ...(base && item.id !== undefined
            ? {
                conflict: {
                  taskId: item.id,
                  title: base.title,
                  fields,
                  changedBy: now?.updatedBy ?? '',
                  changedAt: now?.updatedAt ?? '',
                  theirs: now ?? null,
                },
              }
            : {}),
        }),
      )
    }
    const done = tasks.slice(0, sentUpTo).filter((item) => !unconfirmed.has(item))
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

  private keepRefusal(batch: PendingBatch, error: unknown): void {
    // A failure without a code is the planner's own: said as a bug, never as the board's answer.
    const bug = codeOf(error) === undefined
    const what = `An edit of ${batch.tasks.length} task${batch.tasks.length === 1 ? '' : 's'} made at ${batch.createdAt}`
    const problem: NewProblem = {
      kind: bug ? 'failed' : 'refused',
      message: bug
        ? `${what} was not sent: the planner failed while sending it (a bug): ${messageOf(error)}`
        : `${what} was refused by the board: ${messageOf(error)}`,
      tasks: batch.tasks,
    }
    this.journal.addProblem(batch.profileId, problem)
    this.log(problem.message)
  }

  private scheduleRetry(profileId: string, attempt: number, atLeastMs = 0): void {
    if (this.closed) return
    this.clearTimer(profileId)
    const wait = Math.max(atLeastMs, (this.options.backoffMs ?? defaultBackoff)(attempt))
    const timer = setTimeout(() => {
      this.timers.delete(profileId)
      void this.retry(profileId).catch((error: unknown) =>
        this.log(`Waiting edits could not be sent: ${messageOf(error)}`),
      )
    }, wait)
    timer.unref?.()
    this.timers.set(profileId, { timer, at: Date.now() + wait })
  }

  private clearTimer(profileId: string): void {
    const entry = this.timers.get(profileId)
    if (entry) clearTimeout(entry.timer)
    this.timers.delete(profileId)
  }

  private changed(profileId: string): PendingEdits {
    const pending = this.pending(profileId)
    this.options.onChange?.(pending)
    return pending
  }

  private log(message: string): void {
    ;(this.options.log ?? console.warn)(message)
  }
}
