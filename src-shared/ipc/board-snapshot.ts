// What the sync engine hands the renderer: the board's tasks and dependencies, and an honest
// account of how complete they are (the list endpoint returns at most 100 tasks and has no paging).
import { z } from 'zod'
import { Dependency, Task } from '../api/resources'

/**
 * A part of the board that may hide tasks: its query returned a full page (100) and the sync
 * could not, or chose not to, prove that it loaded all of it; or its shorter answer left out
 * tasks the board listed elsewhere (the board's answers disagree). Every task the sync did not
 * load matches the query of one of these.
 */
export const TruncatedSlice = z.strictObject({
  /** The list query (as sent) whose matches include the tasks that may be missing. */
  query: z.string(),
  /** Which tasks, in plain words: "tasks with no due date in project WEB, status To Do". */
  description: z.string(),
  /** Why they could not be reached, in plain words. */
  reason: z.string(),
  /** What would help, in plain words; empty when nothing the user can give would. */
  help: z.string(),
  /** Tasks the query returned: a full page, or fewer where the board's answers disagree. */
  returned: z.number().int(),
})
export type TruncatedSlice = z.infer<typeof TruncatedSlice>

export const CoverageReport = z.strictObject({
  /** True when every slice returned fewer than 100 tasks: nothing reachable is missing. */
  complete: z.boolean(),
  /** Tasks loaded: a lower bound of the board's size when incomplete. */
  knownTasks: z.number().int(),
  requests: z.number().int(),
  truncated: z.array(TruncatedSlice),
  /**
   * Board lists that the user could give (board settings) to let the sync reach more: set when
   * a split by projects or statuses had to leave tasks of values never seen unreached.
   */
  wants: z.array(z.enum(['projectKeys', 'statuses'])),
})
export type CoverageReport = z.infer<typeof CoverageReport>

/**
 * The format of every task's `description` the planner holds (snapshots, conflicts, found
 * creates): markdown keeps a description's structure (lists, links, emphasis) in a form that
 * can be edited and written back as it was, where the board's default, text, would flatten it.
 */
export const PLANNER_DESCRIPTION_TYPE = 'markdown' as const

export const BoardSnapshot = z.strictObject({
  profileId: z.string(),
  tasks: z.array(Task),
  dependencies: z.array(Dependency),
  coverage: CoverageReport,
  /** ISO timestamp of the sync that produced it. */
  syncedAt: z.string(),
  /** True when this is the last stored snapshot, shown while a fresh sync runs. */
  fromCache: z.boolean(),
})
export type BoardSnapshot = z.infer<typeof BoardSnapshot>

export const SyncProgress = z.strictObject({
  profileId: z.string(),
  phase: z.enum(['tasks', 'dependencies', 'done', 'failed']),
  requests: z.number().int(),
  tasksLoaded: z.number().int(),
  /** Slices queued but not yet requested. */
  pendingSlices: z.number().int(),
  message: z.string().optional(),
})
export type SyncProgress = z.infer<typeof SyncProgress>
