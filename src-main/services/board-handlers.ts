// IPC handlers of the open board: sync, create and update tasks, dependencies, and the edit
// journal (pending edits, Retry now, Discard, settling problems). Updates go through the journal
// first (../edits/edit-sender.ts); a snapshot shows the edits still waiting there.
import type { Dependency, Task } from '../../src-shared/api'
import { ApiError } from '../api'
import type { BoardSnapshot } from '../../src-shared/ipc'
import { IpcFailure } from '../../src-shared/ipc/ipc-failure'
import { overlayUpdates } from '../../src-shared/api/apply-update'
import { isAtOrAfter } from '../../src-shared/schedule/days'
import { findCreatedTasks } from '../edits/find-created-tasks'
import { reportCreate, sendCreate } from '../edits/send-create'
import type { IpcHandlers } from '../ipc/ipc-router'
import { syncBoard } from '../sync'
import type { ServiceContext } from './service-context'
import { knownValuesFor } from './sync-known-values'

type BoardChannels =
  | 'board:sync'
  | 'tasks:create'
  | 'tasks:update'
  | 'tasks:check'
  | 'deps:create'
  | 'deps:delete'
  | 'deps:between'
  | 'edits:pending'
  | 'edits:retry'
  | 'edits:discard'
  | 'edits:resolve'

/** Clock skew allowed between this machine and the board when matching new tasks' createdAt. */
const CREATE_SKEW_MS = 10 * 60_000
/**
 * Created tasks remembered per board. Past this the list starts again: by then a sync has put
 * the older ones in the stored snapshot, which names them too.
 */
const NAMED_CREATES_KEPT = 100_000

export function boardHandlers(context: ServiceContext): Pick<IpcHandlers, BoardChannels> {
  /** Per board, the tasks creates have named since the planner started (see tasks:create). */
  const namedCreates = new Map<string, Set<string>>()
  const { syncs } = context
  /** The board's stored snapshot, for the address the board has now. */
  const stored = async (profileId: string) =>
    context.cache.get(profileId, await context.profiles.addressOf(profileId))
  const knownTasks = async (profileId: string): Promise<Map<string, Task>> =>
    new Map(((await stored(profileId))?.tasks ?? []).map((t) => [t.id, t]))

  /**
   * The snapshot as the planner knows the board now (a new object only when that differs): the
   * planner's own writes since it was taken (tasks read back after them) and then the edits still
   * waiting in the journal, laid over it. A stored snapshot otherwise shows a bar where it was
   * before an edit the board has since taken.
   */
  const withPending = (snapshot: BoardSnapshot): BoardSnapshot => {
    const written = new Map(
      context.sender.writtenVersions(snapshot.profileId).map((t) => [t.id, t]),
    )
    const waiting = context.sender.waitingUpdates(snapshot.profileId)
    const newer = (task: Task) => {
      const ours = written.get(task.id)
      return ours && !isAtOrAfter(task.updatedAt, ours.updatedAt) ? ours : undefined
    }
    if (waiting.length === 0 && !snapshot.tasks.some(newer)) return snapshot
    const tasks = snapshot.tasks.map((task) => newer(task) ?? task)
    return { ...snapshot, tasks: overlayUpdates(tasks, waiting).tasks }
  }

  return {
    'board:sync': async ({ cachedFirst }) => {
      const profileId = await context.currentId()
      const address = await context.profiles.addressOf(profileId)
      const cached = await context.cache.get(profileId, address)
      if (cachedFirst && cached) return withPending({ ...cached, fromCache: true })
      const client = await context.client(profileId)
      const progress = { profileId, requests: 0, tasksLoaded: 0, pendingSlices: 0 }
      const run = syncs.start(profileId)
      try {
        const result = await syncBoard(client, {
          signal: run.signal,
          onProgress: (p) => context.emit('sync:progress', { ...progress, ...p }),
          known: knownValuesFor(
            context.definitions(profileId),
            await context.profiles.listsOf(profileId),
            cached?.tasks ?? [],
          ),
          // The board as the last sync left it: where to cut its due dates (never a proof).
          ...(cached ? { prior: cached.tasks } : {}),
        })
        // Moved to another address, or removed, while it loaded: what was read is not this
        // board's (any more), and it is neither stored nor taken as seen.
        const now = await context.profiles.addressOf(profileId)
        if (now === null || now !== address) {
          throw new IpcFailure(
            now === null ? 'NOT_FOUND' : 'CONFLICT',
            now === null
              ? 'The board was removed while it loaded.'
              : 'The board moved to another address while it loaded; Refresh loads it from there.',
          )
        }
        const snapshot: BoardSnapshot = {
          profileId,
          ...result,
          syncedAt: new Date().toISOString(),
          fromCache: false,
        }
        // Stored for the next start, if it can be: a full disk or a folder that cannot be
        // written costs the stored copy, not the board just loaded.
        await context.cache
          .put(snapshot, now)
          .catch((error: unknown) =>
            console.warn(`The board's snapshot could not be stored: ${String(error)}`),
          )
        context.sender.snapshotTaken(profileId, snapshot.tasks)
        // The board answered: edits waiting for it go now, in the background.
        void context.sender.retry(profileId).catch(() => undefined)
        return withPending(snapshot)
      } catch (caught) {
        // Stopped because another board was opened, or this one removed or moved: an answer
        // nobody waits for, not a bug.
        const error = run.signal.aborted
          ? new IpcFailure(
              'CONFLICT',
              `The sync of this board was stopped: ${stopReason(run.signal)}.`,
            )
          : caught
        context.emit('sync:progress', {
          ...progress,
          phase: 'failed',
          message: (error as Error).message,
        })
        throw error
      } finally {
        run.done()
      }
    },

    'tasks:create': async ({ tasks }) => {
      const profileId = await context.currentId()
      const client = await context.client(profileId)
      // Tasks an earlier create already named (an import's earlier batches, same titles within
      // the last minutes) are known too: the stored snapshot does not hold them yet.
      const named = namedCreates.get(profileId) ?? new Set<string>()
      namedCreates.set(profileId, named)
      const knownIds = new Set([...(await knownTasks(profileId)).keys(), ...named])
      const since = new Date(Date.now() - CREATE_SKEW_MS).toISOString()
      const stop = await sendCreate(client, tasks)
      // Never re-send a create whose outcome is unknown: look for what it made instead.
      const looked = tasks.slice(0, stop?.lookUpTo ?? tasks.length)
      const found = await findCreatedTasks(client, looked, { knownIds, since })
      if (named.size > NAMED_CREATES_KEPT) named.clear()
      for (const created of found.created) {
        named.add(created.id)
        // Not in the stored snapshot until the next sync: known from here, for the checks.
        if (created.task) context.sender.noteCreated(profileId, created.task)
      }
      return reportCreate(tasks, found, stop)
    },

    'tasks:update': async ({ tasks, seen }) => {
      const profileId = await context.currentId()
      // What the user saw of each task, journaled with the edit: its checks run from there.
      const known = await knownTasks(profileId)
      const base = tasks.flatMap((t) => {
        const task = t.id === undefined ? undefined : known.get(t.id)
        return task ? [task] : []
      })
      return context.sender.submit(profileId, tasks, seen, base)
    },

    'tasks:check': async ({ taskIds, seen }) => {
      const profileId = await context.currentId()
      const known = await knownTasks(profileId)
      const base = taskIds.flatMap((id) => known.get(id) ?? [])
      return context.sender.changedSince(profileId, taskIds, seen, base)
    },

    'deps:create': async (body) => {
      const client = await context.client(await context.currentId())
      try {
        return await client.createDependency(body)
      } catch (error) {
        // The board may have made it and the answer was lost: a POST is never sent again, so
        // look for it (by the predecessor's dependencies, the list's one filter), as the
        // error promises. Found with the same lag, it is the one this request made: the
        // planner would not have asked for a pair the board already held (DUPLICATE).
        // Either end may be named by id or by project key and key (an import names keys).
        if (!(error instanceof ApiError && error.code === 'OUTCOME_UNKNOWN')) throw error
        const predecessor = endOf(
          body.predecessorId,
          body.predecessorProjectKey,
          body.predecessorKey,
        )
        const successor = endOf(body.successorId, body.successorProjectKey, body.successorKey)
        if (!predecessor || !successor) throw error
        const found = await client
          .listDependencies(
            predecessor.id !== undefined
              ? { taskId: predecessor.id }
              : { taskProjectKey: predecessor.projectKey, taskKey: predecessor.key },
          )
          .catch(() => [] as Dependency[])
        const made = found.find(
          (d) =>
            isEnd(predecessor, d.predecessorId, d.predecessorProjectKey, d.predecessorKey) &&
            isEnd(successor, d.successorId, d.successorProjectKey, d.successorKey) &&
            d.lagDays === (body.lagDays ?? 0),
        )
        if (made) return made
        throw error
      }
    },
    'deps:delete': async (body) => {
      const client = await context.client(await context.currentId())
      try {
        await client.deleteDependency(body)
      } catch (error) {
        // Refused because it is gone already (deleted elsewhere, or by an attempt whose answer
        // was lost), in whatever words and status the board uses: what was asked is done.
        if (!(error instanceof ApiError && GONE_MAYBE.has(error.code))) throw error
        const all = await client.listDependencies().catch(() => undefined)
        if (!all || all.some((d) => d.id === body.id)) throw error
      }
      return undefined
    },
    // By the predecessor's dependencies: the interface filters by one task, not by a pair.
    'deps:between': async ({ predecessorId, successorId }) => {
      const client = await context.client(await context.currentId())
      const found = await client.listDependencies({ taskId: predecessorId })
      return (
        found.find((d) => d.predecessorId === predecessorId && d.successorId === successorId) ??
        null
      )
    },
    'edits:pending': async () => context.sender.pending(await context.currentId()),
    'edits:retry': async () => context.sender.retry(await context.currentId()),
    'edits:discard': async () => context.sender.discard(await context.currentId()),
    'edits:resolve': async ({ problemId, choice }) =>
      context.sender.resolve(await context.currentId(), problemId, choice),
  }
}

function stopReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason
  return reason instanceof Error && reason.message !== '' ? reason.message : 'it was cancelled'
}

/** Refusals of a delete that may mean "no such dependency" (the spec gives no status codes). */
const GONE_MAYBE: ReadonlySet<string> = new Set(['NOT_FOUND', 'INVALID_REQUEST', 'CONFLICT'])

type DependencyEnd = { id: string } | { id?: undefined; projectKey: string; key: number }

function endOf(
  id: string | undefined,
  projectKey: string | undefined,
  key: number | undefined,
): DependencyEnd | undefined {
  if (id !== undefined) return { id }
  return projectKey !== undefined && key !== undefined ? { projectKey, key } : undefined
}

function isEnd(end: DependencyEnd, id: string, projectKey: string, key: number): boolean {
  return end.id !== undefined ? end.id === id : end.projectKey === projectKey && end.key === key
}
