// Selected tasks and keyboard focus; the rules are in ../selection-logic.ts. Row order is not
// the store's to know (it depends on grouping and collapsing): callers pass the rows in.
import type { ClickModifiers, FocusMove, SelectionData } from '../selection-logic'
import { clickSelection, EMPTY_SELECTION, moveFocusSelection } from '../selection-logic'
import type { SliceCreator } from '../store'

export interface SelectionSlice {
  selection: SelectionData
  /** A click on a task's row or bar; `rowIds`: all rows in drawn order. */
  clickTask(id: string, modifiers: ClickModifiers, rowIds: readonly string[]): void
  /** Arrow keys, Home and End over the visible rows in drawn order. */
  moveFocus(move: FocusMove, visibleRowIds: readonly string[], modifiers?: ClickModifiers): void
  selectTasks(ids: readonly string[]): void
  clearSelection(): void
}

export const createSelectionSlice: SliceCreator<SelectionSlice> = (set) => ({
  selection: EMPTY_SELECTION,
  clickTask: (id, modifiers, rowIds) =>
    set((s) => ({ selection: clickSelection(s.selection, id, modifiers, rowIds) })),
  moveFocus: (move, visibleRowIds, modifiers) =>
    set((s) => ({ selection: moveFocusSelection(s.selection, move, visibleRowIds, modifiers) })),
  selectTasks: (ids) =>
    set((s) => ({
      selection: {
        selectedIds: [...new Set(ids)],
        anchorId: ids[0] ?? null,
        focusedId: ids.at(-1) ?? s.selection.focusedId,
      },
    })),
  clearSelection: () => set((s) => ({ selection: { ...s.selection, selectedIds: [] } })),
})
