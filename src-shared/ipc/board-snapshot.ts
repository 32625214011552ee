// What the sync engine hands the renderer: the board's tasks and dependencies, and an honest
// account of how complete they are (the list endpoint returns at most 100 tasks and has no paging).
import { z } from 'zod'
import { Dependency, Task } from '../api/resources'

export const TruncatedSlice = z.strictObject({
  /** The query that still returned 100 tasks and could not be split further. */
  query: z.string(),
  /** A person-readable description, e.g. "project WEB, status Done, due 2026-03-01: 100+ tasks". */
  description: z.string(),
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
})
export type CoverageReport = z.infer<typeof CoverageReport>

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
