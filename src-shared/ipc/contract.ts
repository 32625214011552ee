// The one IPC contract: channel -> request and response schemas. Main validates every request
// with it; the preload and the browser-mode bridge are generated from it; the renderer only
// ever sees these types. Errors are values: nothing throws across IPC.
import { z } from 'zod'
import { CreateDependencyBody, DeleteDependencyBody } from '../api/dependency-bodies'
import { Dependency, UpdatedTaskInfo } from '../api/resources'
import { CreateTaskItem, UpdateTaskItem } from '../api/task-bodies'
import { BoardLists, BoardListsInput } from './board-lists'
import { BoardSnapshot, SyncProgress } from './board-snapshot'

export const IpcErrorCode = z.enum([
  'INVALID_REQUEST',
  'FORBIDDEN_SENDER',
  'KEY_REJECTED',
  'PLAN_OR_PERMISSION',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'NETWORK',
  'TIMEOUT',
  'NOT_FOUND',
  'CONFLICT',
  'OUTCOME_UNKNOWN',
  /** The board could not take an update now; main's journal kept it and will send it. */
  'EDIT_QUEUED',
  'INVALID_RESPONSE',
  'KEYCHAIN_UNAVAILABLE',
  'NO_BOARD',
  'INTERNAL',
])
export type IpcErrorCode = z.infer<typeof IpcErrorCode>

export const IpcError = z.strictObject({ code: IpcErrorCode, message: z.string() })
export type IpcError = z.infer<typeof IpcError>

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

export const BoardProfileView = z.strictObject({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  isCurrent: z.boolean(),
  /** The planner's own local board service. */
  isLocal: z.boolean(),
  hasKey: z.boolean(),
  /** `tb_…abcd`; the key itself never reaches the renderer. */
  maskedKey: z.string(),
  /** The project keys and status names the user gave for this board; empty lists when none. */
  lists: BoardLists,
})
export type BoardProfileView = z.infer<typeof BoardProfileView>

const ProfileId = z.strictObject({ id: z.string().min(1) })

export const ConnectionTest = z.strictObject({
  ok: z.boolean(),
  message: z.string(),
})

export const CreatedTask = z.strictObject({
  /** Index of the item in the request (subtasks are not listed). */
  index: z.number().int(),
  id: z.string(),
  projectKey: z.string(),
  key: z.number().int(),
})

export const CreateTasksResult = z.strictObject({
  created: z.array(CreatedTask),
  /** Items whose outcome could not be established; never re-sent automatically. */
  unknown: z.array(z.strictObject({ index: z.number().int(), title: z.string() })),
})
export type CreateTasksResult = z.infer<typeof CreateTasksResult>

export const EditConflict = z.strictObject({
  taskId: z.string(),
  title: z.string(),
  fields: z.array(z.string()),
  message: z.string(),
})
export type EditConflict = z.infer<typeof EditConflict>

export const UpdateTasksRequest = z.strictObject({
  tasks: z.array(UpdateTaskItem).min(1),
  /** updatedAt of each task as the renderer last saw it, by id: changes since then are conflicts. */
  seen: z.record(z.string(), z.string()).default({}),
})
export type UpdateTasksRequest = z.infer<typeof UpdateTasksRequest>

export const UpdateTasksResult = z.strictObject({
  updated: z.array(UpdatedTaskInfo),
  conflicts: z.array(EditConflict),
})
export type UpdateTasksResult = z.infer<typeof UpdateTasksResult>

export const PendingEdits = z.strictObject({
  count: z.number().int(),
  /** Batches waiting to be sent or retried, oldest first. */
  batches: z.array(
    z.strictObject({
      id: z.string(),
      tasks: z.number().int(),
      createdAt: z.string(),
      lastError: z.string().optional(),
    }),
  ),
})
export type PendingEdits = z.infer<typeof PendingEdits>

/** Request/response channels. Requests that take nothing use z.undefined(). */
export const CHANNELS = {
  'boards:list': { request: z.undefined(), response: z.array(BoardProfileView) },
  'boards:add': {
    request: z.strictObject({
      name: z.string().trim().min(1).max(100),
      baseUrl: z.string().min(1),
      apiKey: z.string().min(1),
    }),
    response: BoardProfileView,
  },
  'boards:remove': { request: ProfileId, response: z.undefined() },
  'boards:select': { request: ProfileId, response: BoardProfileView },
  'boards:test': { request: ProfileId, response: ConnectionTest },
  /** Stores the board's project keys and status names (see board-lists.ts); empty lists clear. */
  'boards:setLists': {
    request: z.strictObject({ profileId: z.string().min(1), ...BoardListsInput.shape }),
    response: BoardProfileView,
  },
  'board:sync': {
    request: z.strictObject({ cachedFirst: z.boolean().default(false) }),
    response: BoardSnapshot,
  },
  'tasks:create': {
    request: z.strictObject({ tasks: z.array(CreateTaskItem).min(1) }),
    response: CreateTasksResult,
  },
  'tasks:update': { request: UpdateTasksRequest, response: UpdateTasksResult },
  'deps:create': { request: CreateDependencyBody, response: Dependency },
  'deps:delete': { request: DeleteDependencyBody, response: z.undefined() },
  'edits:pending': { request: z.undefined(), response: PendingEdits },
} as const

export type Channel = keyof typeof CHANNELS
export type ChannelRequest<C extends Channel> = z.input<(typeof CHANNELS)[C]['request']>
export type ChannelResponse<C extends Channel> = z.infer<(typeof CHANNELS)[C]['response']>

/** Main -> renderer events. */
export const EVENTS = {
  'sync:progress': SyncProgress,
  'edits:changed': PendingEdits,
} as const
export type EventName = keyof typeof EVENTS
export type EventPayload<E extends EventName> = z.infer<(typeof EVENTS)[E]>
