// What the planner child (planner-process.ts) and the benchmark (refresh.ts) tell each other.
import type { ProfileSummary } from './profile-summary'

/** The planner process's memory and event loop over one refresh. */
export interface Sample {
  /** Highest heap used and RSS seen while the refresh ran (sampled every 20 ms). */
  peakHeapUsed: number
  peakRss: number
  /** After the refresh and a full garbage collection: what the planner keeps. */
  heapUsedAfterGc: number
  rssAfterGc: number
  /** The planner's event loop: longest delay and 99th percentile while the refresh ran. */
  loopDelayMaxMs: number
  loopDelayP99Ms: number
  /** Where the main thread spent the refresh (profile-summary.ts), when asked for. */
  profile?: ProfileSummary
}

export type ToParent =
  | { type: 'ready'; url: string; token: string; startMs: number }
  | { type: 'reset' }
  | { type: 'sample'; sample: Sample }

export type ToPlanner =
  /** Start measuring a refresh (and profiling it, when `profile`). */
  { type: 'reset'; profile?: boolean } | { type: 'sample'; profile?: boolean } | { type: 'stop' }
