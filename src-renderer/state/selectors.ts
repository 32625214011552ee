// Selectors for components. Each returns a value that stays the same object while its inputs do,
// so it can go straight into usePlanner without re-rendering on unrelated changes.
import type { Task } from '../../src-shared/api/resources'
import { boardVocabulary } from '../../src-shared/board/vocabulary'
import type { BoardVocabulary } from '../../src-shared/board/vocabulary'
import type { BoardProfileView } from '../../src-shared/ipc/contract'
import type { PlannerState } from './store'

export const selectBoard = (s: PlannerState) => s.board
export const selectTasksById = (s: PlannerState) => s.board.tasksById
export const selectTask =
  (id: string) =>
  (s: PlannerState): Task | undefined =>
    s.board.tasksById[id]
export const selectZoom = (s: PlannerState) => s.view.zoom
export const selectSelectedIds = (s: PlannerState) => s.selection.selectedIds
export const selectIsSelected = (id: string) => (s: PlannerState) =>
  s.selection.selectedIds.includes(id)
export const selectIsFocused = (id: string) => (s: PlannerState) => s.selection.focusedId === id
export const selectIsCollapsed = (id: string) => (s: PlannerState) =>
  s.view.collapsedIds.includes(id)
export const selectMessages = (s: PlannerState) => s.edits.messages

/**
 * What the status bar shows. Builds an object: use with usePlannerShallow.
 */
export const selectStatusBar = (s: PlannerState) => ({
  profileId: s.board.profileId,
  syncedAt: s.board.syncedAt,
  fromCache: s.board.fromCache,
  loading: s.board.loading,
  progress: s.board.progress,
  coverage: s.board.coverage,
  error: s.board.error,
})

/** The board that is open, as main last listed it; undefined before the first list. */
export const selectCurrentProfile = (s: PlannerState): BoardProfileView | undefined =>
  s.profiles.find((p) => p.isCurrent)
export const selectCoverage = (s: PlannerState) => s.board.coverage
export const selectCoverageOpen = (s: PlannerState) => s.view.coverageOpen

// The vocabulary is rebuilt only when the board's tasks change (one pass over them: ~2 ms at
// 5,000 tasks), not on every selector call.
let vocabularyOf: { tasksById: PlannerState['board']['tasksById']; value: BoardVocabulary } | null =
  null

/** What the board has shown of its projects, statuses, people, tags, milestones and properties. */
export const selectVocabulary = (s: PlannerState): BoardVocabulary => {
  if (vocabularyOf?.tasksById !== s.board.tasksById) {
    vocabularyOf = {
      tasksById: s.board.tasksById,
      value: boardVocabulary(Object.values(s.board.tasksById)),
    }
  }
  return vocabularyOf.value
}
