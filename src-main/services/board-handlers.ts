// IPC handlers of the open board: sync, create and update tasks, dependencies, pending edits.
import type { Task } from '../../src-shared/api'
import type { BoardSnapshot, UpdateTasksResult } from '../../src-shared/ipc'
import { ApiError } from '../api'
import { findConflicts } from '../edits/find-conflicts'
import { findCreatedTasks } from '../edits/find-created-tasks'
import type { IpcHandlers } from '../ipc/ipc-router'
import { syncBoard } from '../sync'
import type { ServiceContext } from './planner-services'
import { knownValuesFor } from './sync-known-values'

type BoardChannels =
  'board:sync' | 'tasks:create' | 'tasks:update' | 'deps:create' | 'deps:delete' | 'edits:pending'

/** Clock skew allowed between this machine and the board when matching new tasks' createdAt. */
const CREATE_SKEW_MS = 10 * 60_000

export function boardHandlers(context: ServiceContext): Pick<IpcHandlers, BoardChannels> {
  const knownTasks = async (profileId: string): Promise<Map<string, Task>> =>
    new Map(((await context.cache.get(profileId))?.tasks ?? []).map((t) => [t.id, t]))

  return {
    'board:sync': async ({ cachedFirst }) => {
      const profileId = await context.currentId()
      const cached = await context.cache.get(profileId)
      if (cachedFirst && cached) return { ...cached, fromCache: true }
      const client = await context.client(profileId)
      const progress = { profileId, requests: 0, tasksLoaded: 0, pendingSlices: 0 }
      try {
        const result = await syncBoard(client, {
          onProgress: (p) => context.emit('sync:progress', { ...progress, ...p }),
          known: knownValuesFor(
            context.definitions(profileId),
            await context.profiles.listsOf(profileId),
            cached?.tasks ?? [],
          ),
        })
        const snapshot: BoardSnapshot = {
          profileId,
          ...result,
          syncedAt: new Date().toISOString(),
          fromCache: false,
        }
        await context.cache.put(snapshot)
        return snapshot
      } catch (error) {
        context.emit('sync:progress', {
          ...progress,
          phase: 'failed',
          message: (error as Error).message,
        })
        throw error
      }
    },

    'tasks:create': async ({ tasks }) => {
      const profileId = await context.currentId()
      const client = await context.client(profileId)
      const knownIds = new Set((await knownTasks(profileId)).keys())
      const since = new Date(Date.now() - CREATE_SKEW_MS).toISOString()
      try {
        await client.createTasks(tasks)
      } catch (error) {
        // Never re-send a create whose outcome is unknown: look for what it made instead.
        if (!(error instanceof ApiError) || error.code !== 'OUTCOME_UNKNOWN') throw error
      }
      return findCreatedTasks(client, tasks, { knownIds, since })
    },

    'tasks:update': async ({ tasks, seen }): Promise<UpdateTasksResult> => {
      const profileId = await context.currentId()
      const client = await context.client(profileId)
      const conflicts = await findConflicts(client, tasks, seen, await knownTasks(profileId))
      const blocked = new Set(conflicts.map((c) => c.taskId))
      const toSend = tasks.filter((t) => t.id === undefined || !blocked.has(t.id))
      const updated = toSend.length > 0 ? await context.sender.submit(profileId, toSend) : []
      return { updated, conflicts }
    },

    'deps:create': async (body) =>
      (await context.client(await context.currentId())).createDependency(body),
    'deps:delete': async (body) => {
      await (await context.client(await context.currentId())).deleteDependency(body)
      return undefined
    },
    'edits:pending': async () => context.sender.pending(await context.currentId()),
  }
}
