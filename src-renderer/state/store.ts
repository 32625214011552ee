// The planner's one store: eleven slices combined (zustand's slices pattern), each owning one key of
// the state plus the synchronous actions that change it. Async work (talking to main) lives in
// plain functions in ./actions that take the store and the API. Vanilla zustand, so the store
// runs and is tested without React; ./use-planner.ts binds it to components.
import { createStore } from 'zustand/vanilla'
import type { StateCreator, StoreApi } from 'zustand/vanilla'
import { createBoardSlice } from './slices/board-slice'
import type { BoardSlice } from './slices/board-slice'
import { createEditsSlice } from './slices/edits-slice'
import type { EditsSlice } from './slices/edits-slice'
import { createFiltersSlice } from './slices/filters-slice'
import type { FiltersSlice } from './slices/filters-slice'
import { createProfilesSlice } from './slices/profiles-slice'
import type { ProfilesSlice } from './slices/profiles-slice'
import { createSelectionSlice } from './slices/selection-slice'
import type { SelectionSlice } from './slices/selection-slice'
import { createHistorySlice } from './slices/history-slice'
import type { HistorySlice } from './slices/history-slice'
import { createMenuSlice } from './slices/menu-slice'
import type { MenuSlice } from './slices/menu-slice'
import { createScheduleSlice } from './slices/schedule-slice'
import type { ScheduleSlice } from './slices/schedule-slice'
import { createQuestionSlice } from './slices/question-slice'
import type { QuestionSlice } from './slices/question-slice'
import { createViewSlice } from './slices/view-slice'
import { createWhatIfSlice } from './slices/what-if-slice'
import type { WhatIfSlice } from './slices/what-if-slice'
import type { ViewSlice } from './slices/view-slice'

export type PlannerState = BoardSlice &
  ViewSlice &
  SelectionSlice &
  EditsSlice &
  ProfilesSlice &
  HistorySlice &
  QuestionSlice &
  MenuSlice &
  WhatIfSlice &
  FiltersSlice &
  ScheduleSlice
export type PlannerStore = StoreApi<PlannerState>
export type SliceCreator<T> = StateCreator<PlannerState, [], [], T>

export function createPlannerStore(): PlannerStore {
  return createStore<PlannerState>()((...a) => ({
    ...createBoardSlice(...a),
    ...createViewSlice(...a),
    ...createSelectionSlice(...a),
    ...createEditsSlice(...a),
    ...createProfilesSlice(...a),
    ...createFiltersSlice(...a),
    ...createHistorySlice(...a),
    ...createQuestionSlice(...a),
    ...createMenuSlice(...a),
    ...createWhatIfSlice(...a),
    ...createScheduleSlice(...a),
  }))
}
