// The board as the filters leave it: what the timeline and tree show, what matched, and the
// counts for "N of M tasks shown". Derived from the store on demand and remembered while its
// inputs stay the same objects. Most keystrokes do not change what is shown (a trailing comma, a
// half-typed value that matches nothing, like the one before): then the same `shown` array comes
// back, so the timeline's layout of every task (the costly part at 5,000 tasks) is not redone.
import type { PropertyType } from '../../src-shared/api/enums'
import type { Task } from '../../src-shared/api'
import { compileFilters, filterBoard } from '../../src-shared/filters'
import { propertyTypes } from '../../src-shared/board/vocabulary'
import type { BoardVocabulary } from '../../src-shared/board/vocabulary'
import { selectVocabulary } from '../state/selectors'
import type { PlannerState } from '../state/store'
import { readDraft } from './filter-draft'
import type { FilterDraft, ReadDraft } from './filter-draft'

export interface FilterOutcome extends ReadDraft {
  /** Every task of the board in board order, filtered or not (the same array while the board is). */
  all: readonly Task[]
  /** Matching tasks and, for context, their parents, in board order. */
  shown: readonly Task[]
  matched: number
  total: number
  /** Parents shown only because a subtask matches (drawn dimmed). */
  contextIds: ReadonlySet<string>
  /**
   * Properties a filter names that no loaded task has (a saved view's, renamed or removed on
   * the board): each such filter matches no task, and the user is told so beside the count.
   */
  unknownProperties: readonly string[]
}

const NONE: ReadonlySet<string> = new Set()

const NO_PROPERTIES: BoardVocabulary = {
  projectKeys: [],
  statuses: [],
  assignees: [],
  tags: [],
  milestones: [],
  properties: [],
}

/**
 * The types, with a property no loaded task has (a saved view's) read as a Checkbox where its
 * filter is `true` or `false`: the board reads an unset checkbox as unchecked, so "false"
 * matches every task there; read as Text, it matched none.
 */
function withUnseenChecks(types: Map<string, PropertyType>, draft: FilterDraft) {
  const unseen = Object.entries(draft.properties).filter(
    ([name, text]) => !types.has(name) && /^(true|false)$/.test(text.trim()),
  )
  if (unseen.length === 0) return types
  const all = new Map(types)
  for (const [name] of unseen) all.set(name, 'Checkbox')
  return all
}

export function filterTasks(
  tasks: readonly Task[],
  draft: FilterDraft,
  vocabulary: BoardVocabulary,
  /** The task of an id, as `tasks` has it (the store's table); filterBoard makes one otherwise. */
  lookup?: (id: string) => Task | undefined,
): FilterOutcome {
  const seen = propertyTypes(vocabulary)
  const types = withUnseenChecks(seen, draft)
  const read = readDraft(draft, types)
  const unknownProperties = unknownPropertiesOf(read, seen)
  if (read.count === 0)
    return {
      ...read,
      all: tasks,
      shown: tasks,
      matched: tasks.length,
      total: tasks.length,
      contextIds: NONE,
      unknownProperties,
    }
  const compiled = compileFilters(read.filters, types)
  const { shown, matchedIds, contextIds } = filterBoard(tasks, compiled.test, lookup)
  return {
    ...read,
    all: tasks,
    shown,
    matched: matchedIds.size,
    total: tasks.length,
    contextIds,
    unknownProperties,
  }
}

/**
 * The filtered properties no loaded task has, each given its word in `read.problems`. "false"
 * matches every task there (an unset checkbox reads as unchecked), so it needs none.
 */
function unknownPropertiesOf(read: ReadDraft, seen: ReadonlyMap<string, PropertyType>): string[] {
  const unknown = Object.entries(read.filters.properties ?? {})
    .filter(([name, raw]) => !seen.has(name) && raw !== 'false')
    .map(([name]) => name)
  for (const name of unknown)
    read.problems[`prop:${name}`] =
      `No loaded task has a property named ${name}: this filter matches no task.`
  return unknown
}

const sameTasks = (a: readonly Task[], b: readonly Task[]) =>
  a.length === b.length && a.every((task, i) => task === b[i])
const sameIds = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((id) => b.has(id))

let last: {
  taskIds: PlannerState['board']['taskIds']
  tasksById: PlannerState['board']['tasksById']
  draft: FilterDraft
  tasks: readonly Task[]
  outcome: FilterOutcome
} | null = null

/** The filtered board; the same object while the board and the filters are unchanged. */
export function selectFilterOutcome(s: PlannerState): FilterOutcome {
  const { taskIds, tasksById } = s.board
  const { draft } = s.filters
  const sameBoard = last !== null && last.taskIds === taskIds && last.tasksById === tasksById
  if (sameBoard && last!.draft === draft) return last!.outcome
  const tasks = sameBoard
    ? last!.tasks
    : taskIds.map((id) => tasksById[id]).filter((t): t is Task => t !== undefined)
  // The vocabulary (a pass over every task's properties, the costliest part of a first paint
  // at 50,000 tasks after the row layout) tells only the property filters' types.
  const vocabulary = Object.keys(draft.properties).length > 0 ? selectVocabulary(s) : NO_PROPERTIES
  // Own keys only: a parent id such as "constructor" names no task (the table is a plain object).
  const taskOf = (id: string) => (Object.hasOwn(tasksById, id) ? tasksById[id] : undefined)
  let outcome = filterTasks(tasks, draft, vocabulary, taskOf)
  const before = last?.outcome
  if (
    before &&
    before.shown !== outcome.shown &&
    sameTasks(before.shown, outcome.shown) &&
    sameIds(before.contextIds, outcome.contextIds)
  ) {
    outcome = { ...outcome, shown: before.shown, contextIds: before.contextIds }
  }
  last = { taskIds, tasksById, draft, tasks, outcome }
  return outcome
}

export const selectContextIds = (s: PlannerState): ReadonlySet<string> =>
  selectFilterOutcome(s).contextIds
