// Selected tasks and keyboard focus; the rules are in ../selection-logic.ts. Row order is not
// the store's to know (it depends on grouping and collapsing): callers pass the rows in.
// A dependency (an arrow) can be selected instead of tasks: one at a time, and choosing either
// kind drops the other, so Delete and Esc always act on what is highlighted.
import type { ClickModifiers, FocusMove, SelectionData } from '../selection-logic'
import { clickSelection, EMPTY_SELECTION, moveFocusSelection } from '../selection-logic'
import type { SliceCreator } from '../store'

export interface SelectionSlice {
  selection: SelectionData
  /** The selected dependency's id (its arrow highlighted, its panel open); null when none. */
  selectedDependencyId: string | null
  /** A click on a task's row or bar; `rowIds`: all rows in drawn order. */
  clickTask(id: string, modifiers: ClickModifiers, rowIds: readonly string[]): void
  /** Arrow keys, Home and End over the visible rows in drawn order. */
  moveFocus(move: FocusMove, visibleRowIds: readonly string[], modifiers?: ClickModifiers): void
  selectTasks(ids: readonly string[]): void
  clearSelection(): void
  /** Selects one dependency (tasks are deselected), or none. */
  selectDependency(id: string | null): void
}

const noTasks = (s: { selection: SelectionData }): SelectionData =>
  s.selection.selectedIds.length === 0 ? s.selection : { ...s.selection, selectedIds: [] }

export const createSelectionSlice: SliceCreator<SelectionSlice> = (set) => ({
  selection: EMPTY_SELECTION,
  selectedDependencyId: null,
  clickTask: (id, modifiers, rowIds) =>
    set((s) => ({
      selection: clickSelection(s.selection, id, modifiers, rowIds),
      selectedDependencyId: null,
    })),
  moveFocus: (move, visibleRowIds, modifiers) =>
    set((s) => ({ selection: moveFocusSelection(s.selection, move, visibleRowIds, modifiers) })),
  selectTasks: (ids) =>
    set((s) => ({
      selection: {
        selectedIds: [...new Set(ids)],
        anchorId: ids[0] ?? null,
        focusedId: ids.at(-1) ?? s.selection.focusedId,
      },
      selectedDependencyId: ids.length > 0 ? null : s.selectedDependencyId,
    })),
  clearSelection: () => set((s) => ({ selection: { ...s.selection, selectedIds: [] } })),
  selectDependency: (id) =>
    set((s) =>
      id === null
        ? { selectedDependencyId: null }
        : { selection: noTasks(s), selectedDependencyId: id },
    ),
})
