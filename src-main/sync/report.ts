// The coverage report's entries: for each part of the board that may hide tasks, which tasks
// (in words), why the sync could not reach them, and what the user could give that would help.
import type { Task } from '../../src-shared/api'
import type { TruncatedSlice } from '../../src-shared/ipc/board-snapshot'
import type { BoardKnowledge } from './board-knowledge'
import { PAGE } from './tuning'
import { describeSlice, isExcluded, isOpen, queryOf } from './slice'
import type { Slice } from './slice'

export type ListName = 'projectKeys' | 'statuses'

export interface Reported {
  entry: TruncatedSlice
  /** Board lists that, given, would let the sync reach this part. */
  wants: ListName[]
}

const LIST_WORDS: Record<ListName, string> = { projectKeys: 'project', statuses: 'status' }

function helpFor(wants: readonly ListName[]): string {
  if (wants.length === 0) return ''
  const words = wants.map((w) => LIST_WORDS[w]).join(' and ')
  return `Giving the board's ${words} list${wants.length > 1 ? 's' : ''} in the board's settings would help.`
}

/** The lists that would let the sync split `slice` further, or reach its tasks at all. */
function listsThatHelp(slice: Slice, board: BoardKnowledge): ListName[] {
  const wants: ListName[] = []
  if (
    !board.givenAsComplete('projectKey') &&
    (isExcluded(slice, 'projectKey') || isOpen(slice, 'projectKey'))
  ) {
    wants.push('projectKeys')
  }
  if (
    !board.givenAsComplete('status') &&
    (isExcluded(slice, 'status') || isOpen(slice, 'status'))
  ) {
    wants.push('statuses')
  }
  return wants
}

export function reportSlice(slice: Slice, reason: string, board: BoardKnowledge): Reported {
  const wants = listsThatHelp(slice, board)
  return {
    entry: {
      query: queryOf(slice),
      description: describeSlice(slice),
      reason,
      help: helpFor(wants),
      returned: PAGE,
    },
    wants,
  }
}

export const REASONS = {
  crowded:
    'a full page of them share every value the service can filter on, so no query can list them all',
  unlisted: 'a list query can only name values, and tasks with a value never seen cannot be named',
  contradicted: (values: string) =>
    `the list given for this board leaves out ${values}, which the board uses; tasks with such values may be missing`,
} as const

/**
 * The entry for a reply of fewer than 100 tasks that left out tasks its query should return,
 * tasks its parent's page listed: the board's answers disagree with each other, so its page
 * proves nothing (its filter does not return every task it holds). `still`: asked about again
 * (recheck.ts), the board still lists them unchanged; `unchecked`: not asked about again (past the
 * cap, or the request failed). No
 * list the user could give helps.
 */
export function reportDisagreement(
  slice: Slice,
  still: readonly Task[],
  unchecked: readonly Task[],
  returned: number,
): Reported {
  const all = [...still, ...unchecked]
  const n = all.length
  const named = all
    .slice(0, 3)
    .map((task) => `${task.projectKey}-${task.key}`)
    .join(', ')
  const listed =
    unchecked.length === 0
      ? 'that the board still lists unchanged elsewhere'
      : still.length === 0
        ? `that the board listed elsewhere (not asked about again, to see whether ${n === 1 ? 'it' : 'they'} moved meanwhile: too many, or the board did not answer)`
        : `that the board listed elsewhere (${still.length} still listed unchanged; ${unchecked.length} not asked about again: too many, or the board did not answer)`
  return {
    entry: {
      query: queryOf(slice),
      description: describeSlice(slice),
      reason: `the board's answers disagree with each other: this query did not return ${n} ${n === 1 ? 'task' : 'tasks'} that it should (${named}${n > 3 ? ', …' : ''}) and ${listed}, so its filter may leave out other tasks too`,
      help: 'Refresh; if this stays, the board does not return every task its filters match, and tasks may be missing.',
      returned,
    },
    wants: [],
  }
}

/**
 * The entry for tasks the board's dependencies name but no list returned, when every slice was
 * proven complete: proof rests on a page of fewer than 100 tasks holding every match, and a
 * service whose pages are shorter (the spec says "at most 100") breaks it, as does a task moved
 * between slices while the sync ran. Undefined when there are none.
 */
export function unlistedEndpoints(
  dependencies: readonly { predecessorId: string; successorId: string }[],
  loaded: (id: string) => boolean,
  root: Slice,
): Reported | undefined {
  const missing = new Set<string>()
  for (const d of dependencies)
    for (const id of [d.predecessorId, d.successorId]) if (!loaded(id)) missing.add(id)
  if (missing.size === 0) return undefined
  const n = missing.size
  return {
    entry: {
      query: queryOf(root),
      description: `${n} ${n === 1 ? 'task that a dependency names' : 'tasks that dependencies name'}, and any others like ${n === 1 ? 'it' : 'them'}`,
      reason:
        "no list query returned them: the board's pages may hold fewer than 100 tasks, or they changed while the planner loaded",
      help: 'Refresh; if they stay missing, the board lists fewer tasks a page than the interface says.',
      returned: PAGE,
    },
    wants: [],
  }
}

/** Entries for lists given as complete that loaded tasks contradicted. */
export function contradictions(board: BoardKnowledge, root: Slice): Reported[] {
  const out: Reported[] = []
  for (const [name, values] of board.contradicted) {
    const list: ListName = name === 'projectKey' ? 'projectKeys' : 'statuses'
    const named = [...values].sort().join(', ')
    out.push({
      entry: {
        query: queryOf(root),
        description: `tasks in ${name === 'projectKey' ? 'projects' : 'statuses'} not in the list given (${named})`,
        reason: REASONS.contradicted(named),
        help: `Updating the board's ${LIST_WORDS[list]} list in the board's settings would help.`,
        returned: PAGE,
      },
      wants: [list],
    })
  }
  return out
}
