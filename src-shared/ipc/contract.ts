// The one IPC contract: channel -> request and response schemas. Main validates every request
// with it; the preload and the browser-mode bridge are generated from it; the renderer only
// ever sees these types. Errors are values: nothing throws across IPC.
import { z } from 'zod'
import { DeleteDependencyBody, SendDependencyBody } from '../api/dependency-bodies'
import { idTable } from '../api/id-table'
import { Dependency, Task, UpdatedTaskInfo } from '../api/resources'
import { CreateTaskItem, UpdateTaskItem } from '../api/task-bodies'
import { SavedView, ViewContent } from '../filters/saved-view'
import { BaselineSummary, SavedBaseline } from '../baselines/saved-baseline'
import { Appearance } from './appearance'
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
  'INVALID_RESPONSE',
  'KEYCHAIN_UNAVAILABLE',
  'NO_BOARD',
  'INTERNAL',
])
export type IpcErrorCode = z.infer<typeof IpcErrorCode>

export const IpcError = z.strictObject({
  code: IpcErrorCode,
  message: z.string(),
  /**
   * The board's own error code, when it gave one (dependency create: SELF_REFERENCE,
   * DUPLICATE, TASKS_NOT_FOUND, CYCLE_DETECTED): several of them share one IPC code (CONFLICT),
   * and the renderer words each differently, naming the tasks.
   */
  serverCode: z.string().optional(),
  /**
   * An update batch the board refused part-way (sent in chunks): the ids of the tasks it took
   * before refusing the rest. They stay changed; the window rolls back only the others.
   */
  applied: z.array(z.string()).optional(),
})
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
  /**
   * The board's dependencies are exact gaps: a successor must start exactly on its
   * predecessor's finish day plus the lag (off: no earlier than that; docs/scheduling.md).
   */
  exactGaps: z.boolean(),
  /** A drop that pushes successors applies the whole cascade without asking (issue 12). */
  cascadeWithoutAsking: z.boolean(),
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
  /** The task as the board listed it when main found it (with its own updatedAt). */
  task: Task.optional(),
})

export const CreateTasksResult = z.strictObject({
  created: z.array(CreatedTask),
  /** Items whose outcome could not be established; never re-sent automatically. */
  unknown: z.array(z.strictObject({ index: z.number().int(), title: z.string() })),
  /**
   * A batch the client sent in parts (the board's batch limit) that failed part-way: the items
   * the board refused or was never sent, and why. The items before them were created, and are
   * in `created` or `unknown`. Absent when every part went through.
   */
  notCreated: z
    .strictObject({
      items: z.array(z.strictObject({ index: z.number().int(), title: z.string() })),
      message: z.string(),
    })
    .optional(),
})
export type CreateTasksResult = z.infer<typeof CreateTasksResult>

/** A task changed on the board since the user last saw it, found before an edit of it was sent. */
export const EditConflict = z.strictObject({
  taskId: z.string(),
  title: z.string(),
  /** Fields that differ between what the user saw and what the board has now. */
  fields: z.array(z.string()),
  /** Who changed it on the board, and when (the board's updatedBy and updatedAt). */
  changedBy: z.string(),
  changedAt: z.string(),
  /** The task as the board has it now; null when it no longer answers the query it was read by. */
  theirs: Task.nullable(),
})
export type EditConflict = z.infer<typeof EditConflict>

/**
 * An edit the board did not take, kept until the user settles it: a conflict (Keep mine sends
 * `tasks` again over the board's version; Take theirs drops it) or a refusal by the board (a 4xx
 * naming the edit, with the board's reason). Never dropped silently, restarts included.
 */
export const EditProblem = z.strictObject({
  id: z.string(),
  /** conflict: changed on the board meanwhile; refused: the board said no (4xx naming the edit);
   *  failed: the planner itself failed sending it (a bug); unreadable: a journal row that no
   *  longer parses. */
  kind: z.enum(['conflict', 'refused', 'failed', 'unreadable']),
  createdAt: z.string(),
  message: z.string(),
  /** What the edit would have written (one item per task). */
  tasks: z.array(UpdateTaskItem),
  conflict: EditConflict.optional(),
})
export type EditProblem = z.infer<typeof EditProblem>

/**
 * A `seen` value that is no version: the user was shown that the task changed on the board (or
 * could not be found where it was) and chose to write over it anyway ("Undo anyway"). Main then
 * sends that task's edit without a conflict check. No updatedAt the board sends is this.
 */
export const ANY_VERSION = '*'

/**
 * updatedAt of tasks as the renderer saw them (or ANY_VERSION), by task ID. The spec makes an ID
 * any string, and a record schema drops a "__proto__" key (an edit of that task then went unchecked for changes
 * made elsewhere), so the entries are read as they are, into a table with no prototype.
 */
export const SeenVersions = z
  .custom<Record<string, string>>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((v) => typeof v === 'string'),
    { message: 'expected an object of task IDs and the updatedAt seen of each' },
  )
  .optional()
  .transform((value) => idTable(Object.entries(value ?? {})))

export const UpdateTasksRequest = z.strictObject({
  tasks: z.array(UpdateTaskItem).min(1),
  /**
   * updatedAt of each task as the renderer last saw it, by id: changes since then are conflicts.
   * A task left out is checked against the version main learned after its last write.
   */
  seen: SeenVersions,
})
export type UpdateTasksRequest = z.infer<typeof UpdateTasksRequest>

export const UpdateTasksResult = z.strictObject({
  /**
   * 'sent': the board took the batch (less any conflicts). 'queued': the batch is safe in main's
   * journal and will be sent when the board can be reached; `reason` says why it is not yet.
   */
  status: z.enum(['sent', 'queued']),
  updated: z.array(UpdatedTaskInfo),
  /** Tasks of the batch not sent because they changed on the board meanwhile. */
  conflicts: z.array(EditProblem),
  reason: z.string().optional(),
})
export type UpdateTasksResult = z.infer<typeof UpdateTasksResult>

export const PendingEdits = z.strictObject({
  /** The board these edits belong to. */
  profileId: z.string(),
  /** Task edits waiting in the journal. */
  count: z.number().int(),
  /** Batches waiting to be sent or retried, oldest first. */
  batches: z.array(
    z.strictObject({
      id: z.string(),
      tasks: z.number().int(),
      createdAt: z.string(),
      attempts: z.number().int(),
      lastError: z.string().optional(),
    }),
  ),
  /** Tasks with an edit in the journal (their bars are marked pending). */
  taskIds: z.array(z.string()),
  /** Edits the board did not take, waiting for the user. */
  problems: z.array(EditProblem),
  /** When the journal will try again on its own (ISO time), while batches wait. */
  nextRetryAt: z.string().optional(),
})
export type PendingEdits = z.infer<typeof PendingEdits>

export const ResolveProblemRequest = z.strictObject({
  problemId: z.string().min(1),
  /** mine: send my values over the board's; theirs: keep the board's and drop mine. */
  choice: z.enum(['mine', 'theirs']),
})

const SavedViews = z.array(SavedView)

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
  /**
   * Renames a board, moves it to another address or replaces its key; an empty apiKey keeps the
   * stored key. Refused for the local board, and for a move while edits wait for the board.
   */
  'boards:update': {
    request: z.strictObject({
      id: z.string().min(1),
      name: z.string().trim().min(1).max(100),
      baseUrl: z.string().min(1),
      apiKey: z.string(),
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
  /**
   * The board's planning settings: its exact-gap mode, whether a drop applies its cascade
   * without asking (see BoardProfileView). Those left out stay as they are.
   */
  'boards:setPlanning': {
    request: z.strictObject({
      profileId: z.string().min(1),
      exactGaps: z.boolean().optional(),
      cascadeWithoutAsking: z.boolean().optional(),
    }),
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
  /**
   * Which of these tasks changed on the board since the user saw them (`seen`, as for an update)
   * or since the planner's own last write of them; sends nothing. Undo asks the user about these.
   */
  'tasks:check': {
    request: z.strictObject({
      taskIds: z.array(z.string().min(1)).min(1).max(1000),
      seen: SeenVersions,
    }),
    response: z.array(EditConflict),
  },
  'deps:create': { request: SendDependencyBody, response: Dependency },
  'deps:delete': { request: DeleteDependencyBody, response: z.undefined() },
  /**
   * The dependency between two tasks as the board holds it now (read afresh, not from the last
   * sync), or null if there is none. Undo and redo compare it with what the user left.
   */
  'deps:between': {
    request: z.strictObject({
      predecessorId: z.string().min(1),
      successorId: z.string().min(1),
    }),
    response: Dependency.nullable(),
  },
  'edits:pending': { request: z.undefined(), response: PendingEdits },
  /** Sends the current board's waiting edits now, oldest first. */
  'edits:retry': { request: z.undefined(), response: PendingEdits },
  /** Drops the current board's waiting edits (the renderer asked the user first). */
  'edits:discard': { request: z.undefined(), response: PendingEdits },
  /** Settles a problem; for 'mine', the answer of sending the edit again. */
  'edits:resolve': { request: ResolveProblemRequest, response: UpdateTasksResult.nullable() },
  /** A board's saved views (filters, zoom, collapsed rows), sorted by name. */
  'views:list': { request: z.strictObject({ profileId: z.string().min(1) }), response: SavedViews },
  /** Saves a view under its name (replacing one of the same name); the board's views after. */
  'views:save': {
    // The name is checked by main (viewNameProblem), which answers with the rule in words.
    request: z.strictObject({
      profileId: z.string().min(1),
      view: ViewContent.extend({ name: z.string().max(10_000) }),
    }),
    response: SavedViews,
  },
  'views:delete': {
    request: z.strictObject({ profileId: z.string().min(1), name: z.string() }),
    response: SavedViews,
  },
  /**
   * A board's baselines (the planner's own snapshots of every task's dates, kept on this
   * computer: the interface has no history), sorted by name, without their dates.
   */
  'baselines:list': {
    request: z.strictObject({ profileId: z.string().min(1) }),
    response: z.array(BaselineSummary),
  },
  /** One baseline with its dates (to draw it and to measure slip against it). */
  'baselines:get': {
    request: z.strictObject({ profileId: z.string().min(1), name: z.string() }),
    response: SavedBaseline,
  },
  /** Saves a baseline under its name (replacing one of the same name); the list after. */
  'baselines:save': {
    // The name is checked by main (baselineNameProblem), which answers with the rule in words.
    request: z.strictObject({
      profileId: z.string().min(1),
      baseline: z.strictObject({
        name: z.string().max(10_000),
        tasks: SavedBaseline.shape.tasks,
      }),
    }),
    response: z.array(BaselineSummary),
  },
  'baselines:delete': {
    request: z.strictObject({ profileId: z.string().min(1), name: z.string() }),
    response: z.array(BaselineSummary),
  },
  /** The stored look (System when none was chosen yet). */
  'appearance:get': { request: z.undefined(), response: Appearance },
  /** Stores the theme choice; in Electron it also becomes nativeTheme.themeSource. */
  'appearance:set': { request: Appearance, response: Appearance },
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
