// Tasks, snapshots and a fake PlannerApi for the renderer state tests.
import type { Task, UpdateTaskItem } from '../../../src-shared/api'
import { buildPlannerApi } from '../../../src-shared/ipc/planner-api'
import type {
  BoardProfileView,
  BoardSnapshot,
  Channel,
  ChannelRequest,
  ChannelResponse,
  EditProblem,
  EventName,
  EventPayload,
  IpcResult,
  PendingEdits,
  PlannerApi,
} from '../../../src-shared/ipc'
import { buildTask } from '../../support/task-builder'

/** The local board's profile as main lists it (the snapshots' profileId), with `fields` over it. */
export function localProfile(fields: Partial<BoardProfileView> = {}): BoardProfileView {
  return {
    id: 'local',
    name: 'Local',
    baseUrl: 'http://127.0.0.1:1',
    isCurrent: true,
    isLocal: true,
    hasKey: true,
    maskedKey: '',
    lists: { projectKeys: [], statuses: [] },
    exactGaps: false,
    cascadeWithoutAsking: false,
    ...fields,
  }
}

export function task(id: string, fields: Partial<Task> = {}): Task {
  return buildTask(id, {
    createdBy: 'ada@example.com',
    updatedAt: '2026-01-02T00:00:00.000Z',
    updatedBy: 'ada@example.com',
    ...fields,
  })
}

/** A board table as commands take it. */
export function table(...tasks: Task[]): { tasksById: Record<string, Task> } {
  return { tasksById: Object.fromEntries(tasks.map((t) => [t.id, t])) }
}

export function snapshot(tasks: Task[], fields: Partial<BoardSnapshot> = {}): BoardSnapshot {
  return {
    profileId: 'local',
    tasks,
    dependencies: [],
    coverage: {
      complete: true,
      knownTasks: tasks.length,
      requests: 1,
      truncated: [],
      wants: [],
    },
    syncedAt: '2026-03-01T10:00:00.000Z',
    fromCache: false,
    ...fields,
  }
}

type Handler<C extends Channel> = (
  request: ChannelRequest<C>,
) => IpcResult<ChannelResponse<C>> | Promise<IpcResult<ChannelResponse<C>>>

export type FakeHandlers = { [C in Channel]?: Handler<C> }

export interface FakePlannerApi {
  api: PlannerApi
  /** Every call, in order. */
  calls: { channel: Channel; request: unknown }[]
  callsOf<C extends Channel>(channel: C): ChannelRequest<C>[]
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
  listeners(event: EventName): number
  handlers: FakeHandlers
}

/** A PlannerApi built like the real ones (buildPlannerApi), answering from `handlers`. */
export function fakePlannerApi(handlers: FakeHandlers = {}): FakePlannerApi {
  const calls: { channel: Channel; request: unknown }[] = []
  const subscribers = new Map<EventName, Set<(payload: unknown) => void>>()
  const api = buildPlannerApi(
    async (channel, request) => {
      calls.push({ channel, request })
      const handler = fake.handlers[channel] as Handler<Channel> | undefined
      if (!handler) return { ok: false, error: { code: 'INTERNAL', message: `no fake ${channel}` } }
      return handler(request as never)
    },
    (event, listener) => {
      const set = subscribers.get(event) ?? new Set()
      subscribers.set(event, set)
      set.add(listener)
      return () => set.delete(listener)
    },
  )
  const fake: FakePlannerApi = {
    api,
    calls,
    handlers,
    callsOf: <C extends Channel>(channel: C) =>
      calls.filter((c) => c.channel === channel).map((c) => c.request as ChannelRequest<C>),
    emit: (event, payload) => subscribers.get(event)?.forEach((listener) => listener(payload)),
    listeners: (event) => subscribers.get(event)?.size ?? 0,
  }
  return fake
}

/** A promise with its resolve, to hold an answer back while the test looks at the store. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/** The journal's news for a board: `count` task edits waiting, in one batch per edit. */
export function pendingOf(count: number, fields: Partial<PendingEdits> = {}): PendingEdits {
  return {
    profileId: 'local',
    count,
    batches: [],
    taskIds: [],
    problems: [],
    ...fields,
  }
}

/**
 * A conflict as main reports it: `items` (mine) held back because `title` was changed on the
 * board to `theirs` (by bob, in `fields`), reported when theirs was made.
 */
export function conflictProblem(
  id: string,
  title: string,
  items: UpdateTaskItem[],
  fields: string[],
  theirs: Task,
): EditProblem {
  return {
    id,
    kind: 'conflict',
    message: `${title} was changed on the board`,
    tasks: items,
    conflict: {
      taskId: theirs.id,
      title,
      fields,
      changedBy: 'bob@example.com',
      changedAt: theirs.updatedAt,
      theirs,
    },
    createdAt: theirs.updatedAt,
  }
}
