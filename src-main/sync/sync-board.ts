// Loads a whole board through a list endpoint that returns at most 100 tasks and has no paging
// (see plan.ts for how slices are cut), then all dependencies, with an honest coverage report.
import type { Dependency, ListTasksFilters, Task } from '../../src-shared/api'
import type {
  CoverageReport,
  SyncProgress,
  TruncatedSlice,
} from '../../src-shared/ipc/board-snapshot'
import { BoardValues } from './known-values'
import type { KnownValues } from './known-values'
import { PAGE, planAfter, planDeferred } from './plan'
import type { Plan } from './plan'
import { describeFilters, queryOf, ROOT_SLICE, truncatedSlice } from './slice'
import type { Slice } from './slice'
import { SliceQueue } from './slice-queue'

export interface BoardReader {
  listTasks(filters: ListTasksFilters): Promise<Task[]>
  listDependencies(): Promise<Dependency[]>
}

export type SyncStep = Omit<SyncProgress, 'profileId'>

export interface SyncOptions {
  onProgress?: (progress: SyncStep) => void
  /** List requests in flight at once (default 4). */
  concurrency?: number
  /** Values the caller knows; see KnownValues. */
  known?: KnownValues
  signal?: AbortSignal
}

export interface SyncResult {
  /** Every task loaded, by due date (undated first), then creation time, project and key. */
  tasks: Task[]
  dependencies: Dependency[]
  /** `requests` counts list requests; the one dependency request is not included. */
  coverage: CoverageReport
}

export async function syncBoard(
  reader: BoardReader,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const { signal } = options
  signal?.throwIfAborted()
  const board = new BoardValues(options.known)
  const loaded = new Map<string, Task>()
  const truncated: TruncatedSlice[] = []
  const assumed: Plan['assumed'] = []
  const unsure: Plan['unsure'] = []
  const queue = new SliceQueue()
  let requests = 0
  const report = (phase: SyncStep['phase'], message?: string) =>
    options.onProgress?.({
      phase,
      requests,
      tasksLoaded: loaded.size,
      pendingSlices: queue.size,
      ...(message !== undefined ? { message } : {}),
    })

  const load = (page: readonly Task[]) => {
    for (const task of page) {
      loaded.set(task.id, task)
      board.add(task)
    }
  }
  const absorb = (next: Plan) => {
    queue.push(...next.slices)
    queue.defer(...next.deferred)
    truncated.push(...next.truncated)
    unsure.push(...next.unsure)
    assumed.push(...next.assumed)
  }
  const handle = (slice: Slice, page: Task[]) => {
    if (!slice.page) {
      load(page)
      if (!inDueOrder(page)) truncated.push(outOfOrder(slice, page.length))
    }
    absorb(planAfter(slice, page, board))
  }
  const request = (filters: ListTasksFilters) => {
    requests += 1
    return reader.listTasks(filters)
  }
  /** A report about a slice: `returned` when asked, else proven full by loaded tasks or asked. */
  const settle = async (slice: Slice, returned: number | undefined, reason: string) => {
    if (returned !== undefined) return truncatedSlice(slice, returned, reason)
    if (board.matching(slice.filters, slice.scope).length >= PAGE) {
      return truncatedSlice(slice, PAGE, reason)
    }
    const page = await abortable(request(slice.filters), signal)
    load(page)
    if (!inDueOrder(page)) truncated.push(outOfOrder(slice, page.length))
    const last = page[PAGE - 1]
    const full = last !== undefined && (slice.scope === 'all' || last.dueDate === '')
    return full ? truncatedSlice(slice, page.length, reason) : undefined
  }

  try {
    report('tasks')
    queue.push(ROOT_SLICE)
    await drain(
      queue,
      { request, handle, deferred: (slices) => absorb(planDeferred(slices, board)) },
      () => report('tasks'),
      options.concurrency ?? 4,
      signal,
    )
    const reports = [
      ...assumed
        .filter(({ name }) => board.contradicted.has(name))
        .map(({ name, slice, returned }) => ({ slice, returned, reason: contradicted(name) })),
      ...unsure.map(({ slice, reason }) => ({ slice, returned: undefined, reason })),
    ]
    for (const { slice, returned, reason } of reports) {
      const settled = await settle(slice, returned, reason)
      if (settled) truncated.push(settled)
    }
    report('dependencies')
    const dependencies = await abortable(reader.listDependencies(), signal)
    const coverage: CoverageReport = {
      complete: truncated.length === 0,
      knownTasks: loaded.size,
      requests,
      truncated,
    }
    report('done')
    return { tasks: [...loaded.values()].sort(byListOrder), dependencies, coverage }
  } catch (error) {
    report('failed', error instanceof Error ? error.message : String(error))
    throw error
  }
}

interface Handlers {
  request: (filters: ListTasksFilters) => Promise<Task[]>
  handle: (slice: Slice, page: Task[]) => void
  /** Splits the deferred slices; called only when nothing is left or in flight. */
  deferred: (slices: Slice[]) => void
}

/** Handles slices until none is left, with at most `concurrency` requests in flight. */
function drain(
  queue: SliceQueue,
  { request, handle, deferred }: Handlers,
  onPage: () => void,
  concurrency: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const limit = Math.max(1, Math.floor(concurrency))
  return new Promise((resolve, reject) => {
    let active = 0
    let idleRounds = 0
    let settled = false
    const finish = (error?: unknown) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', onAbort)
      if (error === undefined) resolve()
      else reject(error)
    }
    const onAbort = () => finish(signal?.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
    const pump = (): void => {
      try {
        for (;;) {
          for (let slice = queue.take(active < limit); slice && !settled;) {
            if (slice.page) {
              handle(slice, slice.page)
            } else {
              const asked = slice
              idleRounds = 0
              active += 1
              request(asked.filters).then((page) => {
                active -= 1
                if (settled) return
                try {
                  handle(asked, page)
                } catch (error) {
                  return finish(error)
                }
                onPage()
                pump()
              }, finish)
            }
            slice = queue.take(active < limit)
          }
          if (settled || active > 0) return
          const batch = queue.takeDeferred()
          if (batch.length === 0) break
          // Every round narrows its slices; this many without a request would be a bug, and
          // it must not hang the process.
          if ((idleRounds += 1) > 1000) throw new Error('the sync plan stopped making progress')
          deferred(batch)
        }
        if (queue.size === 0) finish()
      } catch (error) {
        finish(error)
      }
    }
    pump()
  })
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  signal.throwIfAborted()
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** The order every deduction rests on: due date, undated first. */
function inDueOrder(page: readonly Task[]): boolean {
  return page.every((task, i) => i === 0 || (page[i - 1] as Task).dueDate <= task.dueDate)
}

const outOfOrder = (slice: Slice, returned: number): TruncatedSlice => ({
  query: queryOf(slice),
  description: `${describeFilters(slice)}: the service listed this page out of due-date order, so continuing after its last due date may have skipped tasks`,
  returned,
})

const contradicted = (name: string) =>
  `split by the board's ${name === 'status' ? 'statuses' : 'projects'} as given, but the board has others; tasks of those may be hidden`

function byListOrder(a: Task, b: Task): number {
  const keys: [string | number, string | number][] = [
    [a.dueDate, b.dueDate],
    [a.createdAt, b.createdAt],
    [a.projectKey, b.projectKey],
    [a.key, b.key],
  ]
  for (const [x, y] of keys) if (x !== y) return x < y ? -1 : 1
  return 0
}
