// The renderer's state: one zustand store of five slices (board, view, selection, edits,
// profiles), pure edit commands that return their inverse, and the async actions that talk to
// main.
export * from './commands'
export { createPlannerStore } from './store'
export type { PlannerState, PlannerStore } from './store'
export type { BoardData, BoardSlice } from './slices/board-slice'
export { EMPTY_BOARD } from './slices/board-slice'
export type { JumpKind, RowSort, ViewData, ViewSlice, Zoom } from './slices/view-slice'
export { SORT_CHOICES, ZOOMS } from './slices/view-slice'
export type { SelectionSlice } from './slices/selection-slice'
export type { EditsSlice } from './slices/edits-slice'
export type { ProfilesSlice } from './slices/profiles-slice'
export type { FiltersData, FiltersSlice } from './slices/filters-slice'
export type {
  ScheduleData,
  SchedulePanel,
  ScheduleSlice,
  ShownBaseline,
} from './slices/schedule-slice'
export type { HistoryData, HistoryEntry, HistorySlice, UndoStep } from './slices/history-slice'
export * from './selection-logic'
export * from './scroll-anchor'
export type { EditsData, InFlightBatch, LocalWrite, MessageKind, UserMessage } from './edit-batches'
export { loadBoard } from './actions/load-board'
export type { LoadBoardOptions } from './actions/load-board'
export { applyEdit } from './actions/apply-edit'
export { discardEdits, resolveProblem, retryEdits } from './actions/edit-journal'
export type { EditOutcome } from './actions/apply-edit'
export { connectEditEvents } from './actions/connect-events'
export { loadProfiles, saveBoardLists } from './actions/board-lists'
export type { SaveBoardListsResult } from './actions/board-lists'
export * from './selectors'
export {
  PlannerStoreContext,
  plannerStore,
  usePlanner,
  usePlannerShallow,
  usePlannerStore,
} from './use-planner'
export { findTasks } from './find-tasks'
export { redoLast, undoLast, nextEntry } from './actions/undo-redo'
export { answerQuestion, askUser } from './actions/ask-user'
export type { Answer } from './actions/ask-user'
export type { Question, QuestionChoice } from './slices/question-slice'
