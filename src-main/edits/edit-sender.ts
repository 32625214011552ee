// Sends update batches through the journal, in order. A batch that fails for a passing reason
// (network, timeout, busy server) stays in the journal and later batches queue behind it, so an
// older edit never lands after a newer one. A batch the board refuses for good (bad input,
// unknown task) is dropped from the journal: sending it again cannot succeed, and the renderer
// rolls it back.
import type { UpdatedTaskInfo, UpdateTaskItem } from '../../src-shared/api'
import type { IpcErrorCode, PendingEdits } from '../../src-shared/ipc'
import { ipcCodeOf } from '../ipc/ipc-router'
import type { EditJournal, PendingBatch } from './edit-journal'

export type SendUpdate = (profileId: string, tasks: UpdateTaskItem[]) => Promise<UpdatedTaskInfo[]>

/** Failures worth trying again later; anything else is a final answer. */
const PASSING: ReadonlySet<string> = new Set<IpcErrorCode>([
  'NETWORK',
  'TIMEOUT',
  'SERVER_ERROR',
  'RATE_LIMITED',
  'INVALID_RESPONSE',
])

/** The batch is safe in the journal and will be sent later; the renderer keeps the change. */
export class EditQueuedError extends Error {
  readonly ipcCode: IpcErrorCode = 'EDIT_QUEUED'
  /** Why it could not be sent now. */
  readonly causeCode: IpcErrorCode
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(
      `The board could not take the change now (${reason}). It is saved and will be sent when it can.`,
    )
    this.causeCode = ipcCodeOf(cause) ?? 'NETWORK'
  }
}

function isPassing(error: unknown): boolean {
  return PASSING.has(ipcCodeOf(error) ?? 'NETWORK')
}

export class EditSender {
  private readonly queues = new Map<string, Promise<unknown>>()

  constructor(
    private readonly journal: EditJournal,
    private readonly sendUpdate: SendUpdate,
    private readonly onChange: (profileId: string, pending: PendingEdits) => void = () => {},
    /** An earlier batch (e.g. left by a crash) that the board refused for good. */
    private readonly onDropped: (batch: PendingBatch, error: unknown) => void = () => {},
  ) {}

  /** Journals the batch, then sends it after any earlier ones. Resolves with the board's answer. */
  submit(profileId: string, tasks: UpdateTaskItem[]): Promise<UpdatedTaskInfo[]> {
    const batch = this.journal.append(profileId, tasks)
    this.changed(profileId)
    return this.enqueue(profileId, () => this.flushThrough(profileId, batch.id))
  }

  /** Sends whatever a crash or an outage left in the journal. */
  replay(profileId: string): Promise<void> {
    return this.enqueue(profileId, async () => {
      await this.flushThrough(profileId, undefined).catch((error: unknown) => {
        if (!(error instanceof EditQueuedError)) throw error
      })
    })
  }

  pending(profileId: string): PendingEdits {
    return this.journal.summary(profileId)
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

  /** Sends pending batches oldest first, up to and including `targetId` (all when undefined). */
  private async flushThrough(
    profileId: string,
    targetId: string | undefined,
  ): Promise<UpdatedTaskInfo[]> {
    for (const batch of this.journal.pending(profileId)) {
      if (batch.id === targetId) return this.sendOne(batch)
      try {
        await this.sendOne(batch)
      } catch (error) {
        // A passing failure stops the queue (order matters); a final refusal of an older batch
        // must not become the answer to this one.
        if (error instanceof EditQueuedError) throw error
        this.onDropped(batch, error)
      }
    }
    return []
  }

  private async sendOne(batch: PendingBatch): Promise<UpdatedTaskInfo[]> {
    try {
      const answer = await this.sendUpdate(batch.profileId, batch.tasks)
      this.journal.remove(batch.id)
      return answer
    } catch (error) {
      if (isPassing(error)) {
        this.journal.recordFailure(batch.id, error instanceof Error ? error.message : String(error))
        throw new EditQueuedError(error)
      }
      this.journal.remove(batch.id)
      throw error
    } finally {
      this.changed(batch.profileId)
    }
  }

  private changed(profileId: string): void {
    this.onChange(profileId, this.journal.summary(profileId))
  }
}
