// Loads a whole board through a list endpoint that returns at most 100 tasks and has no paging,
// then all dependencies, with an honest coverage report. The driver asks slices (at most
// `concurrency` at once), and for each full page asks the strategy how to cut it; the core's
// splits keep every task some slice's responsibility, so the report names every part of the
// board that may hide tasks, whatever the service's list order. README.md follows one slice.
import { patientReader } from './rate-limits'
import { yearOneReader } from './year-zero'
import type { Sleep } from './rate-limits'
import type { Dependency, ListTasksFilters, Task } from '../../src-shared/api'
import type { CoverageReport, SyncProgress } from '../../src-shared/ipc/board-snapshot'
import { BoardKnowledge } from './board-knowledge'
import type { KnownValues } from './board-knowledge'
import type { DimensionName } from './dimensions'
import { recheckSuspects } from './recheck'
import type { Suspect } from './recheck'
import { contradictions, REASONS, reportSlice, unlistedEndpoints } from './report'
import type { ListName, Reported } from './report'
import { isOpen, leftOut, queryOf, ROOT_SLICE } from './slice'
import type { Slice } from './slice'
import { smartStrategy } from './smart-strategy'
import { split } from './splits'
import type { Strategy } from './strategy'
import { PAGE } from './tuning'
import { abortable } from './abortable'
import { runPool } from './work-pool'

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
  /**
   * The tasks of the board's last snapshot, on a refresh: the strategy plans its cuts from where
   * they lay (a board changes little between two syncs). Only what this sync's own replies hold
   * is loaded or proven, however old or wrong the prior.
   */
  prior?: readonly Task[]
  signal?: AbortSignal
  /** How full slices are cut (default: the smart strategy; tests also run the plain one). */
  strategy?: Strategy
  /** How the sync waits out a board's rate limit (tests pass a fake; see rate-limits.ts). */
  sleep?: Sleep
}

export interface SyncResult {
  /** Every task loaded, by due date (undated first), then creation time, project and key. */
  tasks: Task[]
  dependencies: Dependency[]
  /** `requests` counts list requests; the one dependency request is not included. */
  coverage: CoverageReport
}

/** The filters a slice may still be split along, in the order strategies are shown them. */
const DIMENSION_ORDER: readonly DimensionName[] = [
  'dueDate',
  'type',
  'pinToTop',
  'projectKey',
  'status',
  'assignedUserEmail',
  'priority',
  'tag',
  'startDate',
]

interface Job {
  slice: Slice
  waited: boolean
  /** The full pages whose splits made this slice, root first (none for the root): see leftOut. */
  ancestorPages: readonly (readonly Task[])[]
}

export async function syncBoard(
  boardReader: BoardReader,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const { signal } = options
  signal?.throwIfAborted()
  const reader = patientReader(yearOneReader(boardReader), { signal, sleep: options.sleep })
  const strategy = options.strategy ?? smartStrategy
  const board = new BoardKnowledge(options.known, options.prior)
  /** Pages by query: a rest slice (same query as its parent) and repeated queries cost nothing. */
  const answered = new Map<string, Task[]>()
  const reported: Reported[] = []
  const waiting: Job[] = []
  const suspects: Suspect[] = []
  let requests = 0
  let rootFull = false

  const progress = (phase: SyncStep['phase'], pending: number, message?: string) =>
    options.onProgress?.({
      phase,
      requests,
      tasksLoaded: board.size,
      pendingSlices: pending,
      ...(message !== undefined ? { message } : {}),
    })

  /** What a page of `job` leads to: nothing (proven or reported), or more jobs. */
  const handle = (job: Job, page: Task[]): Job[] => {
    const { slice } = job
    board.add(page)
    answered.set(queryOf(slice), page)
    if (page.length < PAGE) {
      // Every match is on the page: proven, in any order, if the board's answers agree: a task
      // of the parent's page (the board said it matches the parent) that this slice owns, and
      // that this page left out, says otherwise (a filter that misses what the board stores,
      // say NULL for "not pinned"), unless it moved meanwhile (checked at the end).
      const unlisted = leftOut(slice, page, job.ancestorPages)
      if (unlisted.length > 0) suspects.push({ slice, returned: page.length, unlisted })
      return []
    }
    if (slice === ROOT_SLICE) rootFull = true
    const report = (reason: string) => {
      reported.push(reportSlice(slice, reason, board))
      return []
    }
    // Tasks with a project or status never seen: no query can name them.
    if (slice.without.some((ex) => ex.name === 'projectKey' || ex.name === 'status')) {
      return report(REASONS.unlisted)
    }
    const open = DIMENSION_ORDER.filter((name) => isOpen(slice, name))
    if (open.length === 0) return report(REASONS.crowded)
    const decision = strategy.decide({ slice, page, open, waited: job.waited }, board)
    if (decision.kind === 'stop') return report(decision.reason)
    if (decision.kind === 'wait') {
      if (job.waited) throw new Error(`sync: strategy ${strategy.name} waited twice`)
      waiting.push({ ...job, waited: true })
      return []
    }
    const { children, rest } = split(slice, decision, board)
    // A rest slice's page is its parent's (the same query): not listed twice.
    const ancestorPages =
      job.ancestorPages.at(-1) === page ? job.ancestorPages : [...job.ancestorPages, page]
    const next = children.map((child) => ({ slice: child, waited: false, ancestorPages }))
    return rest ? [{ slice: rest, waited: job.waited, ancestorPages }, ...next] : next
  }

  try {
    progress('tasks', 1)
    await runPool<Job, Task>({
      initial: [{ slice: ROOT_SLICE, waited: false, ancestorPages: [] }],
      concurrency: options.concurrency ?? 4,
      signal,
      cached: (job) => answered.get(queryOf(job.slice)),
      fetch: (job) => {
        requests += 1
        return reader.listTasks(job.slice.filters)
      },
      handle,
      whenIdle: () => waiting.splice(0),
      onPage: (pending) => progress('tasks', pending + waiting.length),
    })
    // Replies that left out tasks they should hold, less tasks moved or gone meanwhile (each
    // asked about once more: recheck.ts; those requests count as the sync's).
    const concurrency = options.concurrency ?? 4
    const ask = (filters: ListTasksFilters) => {
      requests += 1
      return reader.listTasks(filters)
    }
    reported.push(...(await recheckSuspects(suspects, board, ask, { concurrency, signal })))
    if (rootFull) reported.push(...contradictions(board, ROOT_SLICE))
    progress('dependencies', 0)
    const dependencies = oncePerId(await abortable(reader.listDependencies(), signal))
    // "Complete" rests on pages under 100 holding every match; the dependencies can show
    // otherwise (a service with shorter pages, a task moved between slices meanwhile).
    if (reported.length === 0) {
      const unlisted = unlistedEndpoints(dependencies, (id) => board.has(id), ROOT_SLICE)
      if (unlisted) reported.push(unlisted)
    }
    const wants = new Set<ListName>(reported.flatMap((r) => r.wants))
    const coverage: CoverageReport = {
      complete: reported.length === 0,
      knownTasks: board.size,
      requests,
      truncated: reported.map((r) => r.entry),
      wants: (['projectKeys', 'statuses'] as const).filter((w) => wants.has(w)),
    }
    progress('done', 0)
    return { tasks: board.tasks().sort(byListOrder), dependencies, coverage }
  } catch (error) {
    progress('failed', 0, error instanceof Error ? error.message : String(error))
    throw error
  }
}

/**
 * Each dependency once: a board that lists one twice (the same id) had one of its arrows lost in
 * the chart's redraw, and Problems and menus named it twice.
 */
function oncePerId(dependencies: Dependency[]): Dependency[] {
  const seen = new Set<string>()
  return dependencies.filter((d) => !seen.has(d.id) && Boolean(seen.add(d.id)))
}

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
