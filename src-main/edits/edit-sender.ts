// Sends update batches from the journal, oldest first, one board at a time. Every batch is in the
// journal before anything touches the network (submit), and everything after, the conflict check
// included, runs from the journal, so a board that cannot be reached never costs an edit.
//
// What a failure of a batch leads to (the code decides, see isRetryable in src-shared/ipc):
// - the board could not be reached or could not answer (isRetryable): the batch stays, later
//   batches wait behind it (an older edit never lands after a newer one), and the journal tries
//   again with backoff, when asked (Retry now), after a successful sync, and at start;
// - the board cannot be used as things stand (key rejected, plan or permission, keychain, or the
//   planner could not open the board's settings or files at all): the batch stays and waits the
//   same way, with the reason shown, until the user acts;
// - the board refused the edit itself (a 4xx naming it: invalid, unknown task, conflict): the
//   batch leaves the journal and is rolled back. If the user is waiting for this answer it is the
//   answer; otherwise it is kept as a problem for the user to see, never dropped silently;
// - the planner failed (an error without a code, a bug): the same as a refusal, said as a bug.
//
// Tasks changed on the board since the user saw them are conflicts: they leave the batch and are
// kept as problems (Keep mine sends them again over the board's version; Take theirs drops them),
// and the rest of the batch goes out.
import type { Task, UpdateTaskItem } from '../../src-shared/api'
import type { EditConflict, PendingEdits, UpdateTasksResult } from '../../src-shared/ipc'
import { refusalProblem } from './edit-problems'
import type { EditJournal, PendingBatch } from './edit-journal'
import { findConflicts } from './find-conflicts'
import { RetryTimers } from './retry-timers'
import { seenWithWaiting } from './seen-with-waiting'
import { BatchSend, messageOf } from './send-batch'
import type { BoardWriter, Outcome } from './send-batch'

export type { BoardWriter } from './send-batch'

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

/** 2 s, 4 s, 8 s ... up to a minute. */
const defaultBackoff = (attempt: number) => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt - 1))

export class EditSender {
  private readonly queues = new Map<string, Promise<unknown>>()
  private readonly timers = new RetryTimers()
  private readonly batches: BatchSend
  /**
   * Batches whose submit still waits for their answer: their own flush, queued behind any flush
   * running now, sends them and answers. A retry that ran first and sent one would keep a
   * refusal as a problem while the submit, finding its batch gone, answered "sent".
   */
  private readonly awaited = new Set<string>()

  constructor(private readonly options: EditSenderOptions) {
    this.batches = new BatchSend({
      journal: options.journal,
      writer: (profileId) => options.writer(profileId),
      log: (message) => this.log(message),
    })
  }

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
    return this.send(
      this.journal.append(
        profileId,
        tasks,
        seenWithWaiting(this.journal, profileId, tasks, seen),
        base,
      ),
    )
  }

  /** Sends a batch just journalled, after any earlier ones, and answers as submit does. */
  private async send(batch: PendingBatch): Promise<UpdateTasksResult> {
    const { profileId } = batch
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
    this.timers.clear(profileId)
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
      this.timers.clear(profileId)
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
    const problem = this.journal.problems(profileId).find((p) => p.id === problemId)
    if (!problem || choice === 'theirs' || problem.tasks.length === 0) {
      this.journal.removeProblem(profileId, problemId)
      this.changed(profileId)
      return null
    }
    const theirs = problem.conflict?.theirs
    const seen = theirs ? { [theirs.id]: theirs.updatedAt } : {}
    // The problem leaves and its edit is journalled again in one write: a crash (or a full
    // disk) between two writes had lost the edit the user chose to keep.
    const batch = this.journal.inOneWrite(() => {
      this.journal.removeProblem(profileId, problemId)
      return this.journal.append(
        profileId,
        problem.tasks,
        seenWithWaiting(this.journal, profileId, problem.tasks, seen),
        theirs ? [theirs] : [],
      )
    })
    return this.send(batch)
  }

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
    const known = new Map(base.map((t) => [t.id, t]))
    const ours = this.batches.ownVersions(profileId, ids, known)
    return findConflicts(
      writer,
      ids.map((id) => ({ id })),
      seen,
      known,
      ours,
    )
  }

  /**
   * A task the planner just made, as the board listed it: its first version, so that its edits
   * (and their undos) are checked for changes made elsewhere before the next sync stores it.
   */
  noteCreated(profileId: string, task: Task): void {
    this.journal.putVersion(profileId, task)
  }

  /** Tasks as read back after the planner's own writes (newer than a snapshot taken before). */
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
    const at = this.timers.at(profileId)
    const summary = this.journal.summary(profileId)
    return at !== undefined && summary.batches.length > 0
      ? { ...summary, nextRetryAt: new Date(at).toISOString() }
      : summary
  }

  close(): void {
    this.timers.close()
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
        const outcome = await this.batches.send(batch)
        if (outcome.kind === 'waiting') {
          this.scheduleRetry(profileId, batch.attempts + 1, outcome.retryAfterMs)
          return outcome
        }
        if (outcome.kind === 'refused' && (!isTarget || answered.value))
          this.keepRefusal(batch, outcome.error, outcome.refused)
        if (isTarget) return outcome
        result = outcome
      }
      this.timers.clear(profileId)
      return targetId === undefined ? result : { kind: 'sent', updated: [], conflicts: [] }
    } finally {
      this.changed(profileId)
    }
  }

  private keepRefusal(
    batch: PendingBatch,
    error: unknown,
    refused: readonly UpdateTaskItem[],
  ): void {
    // Nothing left to settle: every item was taken, or held back as a conflict of its own.
    if (refused.length === 0) return
    const problem = this.journal.addProblem(batch.profileId, refusalProblem(batch, error, refused))
    this.log(problem.message)
  }

  private scheduleRetry(profileId: string, attempt: number, atLeastMs = 0): void {
    const wait = Math.max(atLeastMs, (this.options.backoffMs ?? defaultBackoff)(attempt))
    this.timers.schedule(profileId, wait, () => {
      void this.retry(profileId).catch((error: unknown) =>
        this.log(`Waiting edits could not be sent: ${messageOf(error)}`),
      )
    })
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
