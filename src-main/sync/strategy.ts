// The seam between the core (driver, complete splits, honest report) and the heuristics that
// save requests. The core calls a strategy only for a slice whose query came back full (100
// tasks), so the strategy decides how to cut it, whether to leave it for when the board is idle
// (more is known then), or to stop and report it. Whatever it answers, the core keeps the
// report honest: a slice that is not split into complete children is named as one that may hide
// tasks.
import type { Task } from '../../src-shared/api'
import type { BoardKnowledge } from './board-knowledge'
import type { DimensionName } from './dimensions'
import type { Slice } from './slice'
import type { SplitRequest } from './splits'

export type Decision =
  | ({ kind: 'split' } & SplitRequest)
  /** Ask again once nothing else is left to ask: the board is better known then. */
  | { kind: 'wait' }
  /** Report the slice: proving it complete is not worth the requests (say why). */
  | { kind: 'stop'; reason: string }

export interface SliceView {
  slice: Slice
  /** The full page its query returned, in the service's order. */
  page: readonly Task[]
  /** Filters that could still narrow the slice (the core computed them). */
  open: readonly DimensionName[]
  /** Whether the slice already waited once (a second wait is refused). */
  waited: boolean
}

export interface Strategy {
  readonly name: string
  decide(view: SliceView, board: BoardKnowledge): Decision
}
