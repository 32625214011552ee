// What a planning step hands the driver, and what it may ask of the board it is planning for.
import { SERVICE_LIMITS } from '../../src-shared/api'
import type { ListTasksFilters, Task } from '../../src-shared/api'
import type { TruncatedSlice } from '../../src-shared/ipc/board-snapshot'
import type { DimensionName } from './dimensions'
import type { Slice } from './slice'

export const PAGE = SERVICE_LIMITS.listPage

export interface PlanContext {
  /** Values known now: fixed ones, the caller's lists and every value seen so far. */
  values(name: DimensionName): string[]
  /** Whether every task of the board has one of `values(name)`. */
  exhaustive(name: DimensionName): boolean
  /** Highest task key seen per project (for estimating a slice's size). */
  maxKey: ReadonlyMap<string, number>
  /** Loaded tasks that the query of `filters` returns, counting only `scope`. */
  matching(filters: ListTasksFilters, scope: Slice['scope']): Task[]
}

export interface Plan {
  /** Slices to ask, or to handle at once when they hold their page. */
  slices: Slice[]
  /** Slices (with a page) to split once the board is idle, when more of it is known. */
  deferred: Slice[]
  truncated: TruncatedSlice[]
  /**
   * Reports about guessed slices, never asked: the driver checks at the end that their page is
   * full (from loaded tasks, else by asking) before it names them.
   */
  unsure: { slice: Slice; reason: string }[]
  /** Full slices split by the caller's lists of projects or statuses, taken as complete. */
  assumed: { name: DimensionName; slice: Slice; returned?: number }[]
}

export const plan = (slices: Slice[], more: Partial<Plan> = {}): Plan => ({
  slices,
  deferred: more.deferred ?? [],
  truncated: more.truncated ?? [],
  unsure: more.unsure ?? [],
  assumed: more.assumed ?? [],
})

/** One plan of several. */
export function joinPlans(plans: readonly Plan[]): Plan {
  const all = plan([])
  for (const p of plans) {
    all.slices.push(...p.slices)
    all.deferred.push(...p.deferred)
    all.truncated.push(...p.truncated)
    all.unsure.push(...p.unsure)
    all.assumed.push(...p.assumed)
  }
  return all
}
