// The core's own strategy: no estimates, no use of the list order. It splits along the first
// filter that can narrow the slice (filters every task has first, then dates, then the optional
// ones), one value per bucket or ranges halved at the page's median day. It is slow on big
// boards but simple enough to trust: the property test runs the core with it, and with the
// smart strategy, to show that correctness does not rest on the heuristics.
import type { Task } from '../../src-shared/api'
import type { BoardKnowledge } from './board-knowledge'
import { ALL_DAYS, middleDay, nextDay } from './days'
import { DIMENSIONS } from './dimensions'
import type { DimensionName } from './dimensions'
import type { Decision, SliceView, Strategy } from './strategy'

const ORDER: readonly DimensionName[] = [
  'type',
  'pinToTop',
  'dueDate',
  'startDate',
  'assignedUserEmail',
  'priority',
  'tag',
  'projectKey',
  'status',
]

export const plainStrategy: Strategy = {
  name: 'plain',
  decide({ slice, page, open }: SliceView, board: BoardKnowledge): Decision {
    // Project and status first only when the board's lists make them complete.
    const first = (['projectKey', 'status'] as const).find(
      (name) => open.includes(name) && board.exhaustive(name),
    )
    const name = first ?? (ORDER.find((n) => open.includes(n)) as DimensionName)
    const dimension = DIMENSIONS[name]
    if (dimension.kind === 'range') {
      return {
        kind: 'split',
        dimension: dimension.name as 'dueDate' | 'startDate',
        cuts: halve(dimension.get(slice.filters), page, dimension.of),
      }
    }
    const current = dimension.get(slice.filters)
    if (current) {
      const half = Math.ceil(current.length / 2)
      return {
        kind: 'split',
        dimension: name,
        buckets: [current.slice(0, half), current.slice(half)],
      }
    }
    return { kind: 'split', dimension: name, buckets: board.values(name).map((v) => [v]) }
  },
}

/** Halves a range at the median day of the page's tasks in it (a set range) or not at all. */
function halve(
  range: { from: string; to: string } | undefined,
  page: readonly Task[],
  of: (task: Task) => string[],
): string[] {
  if (!range) return []
  const days = page
    .flatMap(of)
    .filter((d) => d >= range.from && d <= range.to)
    .sort()
  const median = days[Math.floor(days.length / 2)]
  if (median !== undefined && median > range.from) return [median]
  if (range.from === ALL_DAYS.from || median === range.from) return [nextDay(range.from)]
  return [middleDay(range)]
}
