// Selection as pure functions of the previous selection and the rows on screen, the way file
// lists work: a plain click selects one row, Ctrl/Cmd toggles one, Shift selects the range from
// the anchor (the last row clicked without Shift) to the clicked row, Ctrl+Shift adds that range.
// Arrow keys move the focus: plain moves the selection with it, Shift extends the range from the
// anchor, Ctrl moves the focus alone (Ctrl+click or Space on the focused row then toggles it).

export interface SelectionData {
  /** Selected task ids: in row order after a range, in click order after toggles. */
  selectedIds: readonly string[]
  /** Where a Shift range starts. */
  anchorId: string | null
  /** The row with keyboard focus. */
  focusedId: string | null
}

export interface ClickModifiers {
  shift?: boolean
  ctrl?: boolean
  /** Cmd on macOS: the same as Ctrl here. */
  meta?: boolean
}

export type FocusMove = 'up' | 'down' | 'first' | 'last'

export const EMPTY_SELECTION: SelectionData = { selectedIds: [], anchorId: null, focusedId: null }

/** Rows from `a` to `b` inclusive, in row order; undefined when either is not a row. */
function rangeOf(rowIds: readonly string[], a: string, b: string): string[] | undefined {
  const i = rowIds.indexOf(a)
  const j = rowIds.indexOf(b)
  if (i < 0 || j < 0) return undefined
  return rowIds.slice(Math.min(i, j), Math.max(i, j) + 1)
}

function union(a: readonly string[], b: readonly string[]): string[] {
  const seen = new Set(a)
  return [...a, ...b.filter((id) => !seen.has(id))]
}

/** The selection after clicking row `id`; `rowIds` are the rows in their drawn order. */
export function clickSelection(
  selection: SelectionData,
  id: string,
  modifiers: ClickModifiers,
  rowIds: readonly string[],
): SelectionData {
  const toggle = Boolean(modifiers.ctrl || modifiers.meta)
  if (modifiers.shift && selection.anchorId !== null) {
    const range = rangeOf(rowIds, selection.anchorId, id)
    if (range) {
      return {
        selectedIds: toggle ? union(selection.selectedIds, range) : range,
        anchorId: selection.anchorId,
        focusedId: id,
      }
    }
  }
  if (toggle) {
    const selected = selection.selectedIds.includes(id)
    return {
      selectedIds: selected
        ? selection.selectedIds.filter((s) => s !== id)
        : [...selection.selectedIds, id],
      anchorId: id,
      focusedId: id,
    }
  }
  return { selectedIds: [id], anchorId: id, focusedId: id }
}

/** The selection after an arrow key (or Home/End) over the visible rows, in their order. */
export function moveFocusSelection(
  selection: SelectionData,
  move: FocusMove,
  visibleRowIds: readonly string[],
  modifiers: ClickModifiers = {},
): SelectionData {
  const last = visibleRowIds.length - 1
  if (last < 0) return selection
  const at = selection.focusedId === null ? -1 : visibleRowIds.indexOf(selection.focusedId)
  let index: number
  if (move === 'first') index = 0
  else if (move === 'last') index = last
  // No focus on screen yet (none, or its row was collapsed away): start from the near end.
  else if (at < 0) index = move === 'down' ? 0 : last
  else index = Math.min(last, Math.max(0, at + (move === 'down' ? 1 : -1)))
  const focusedId = visibleRowIds[index] as string

  if (modifiers.ctrl || modifiers.meta) return { ...selection, focusedId }
  if (modifiers.shift) {
    const anchorId = selection.anchorId ?? selection.focusedId ?? focusedId
    const range = rangeOf(visibleRowIds, anchorId, focusedId)
    if (range) return { selectedIds: range, anchorId, focusedId }
  }
  return { selectedIds: [focusedId], anchorId: focusedId, focusedId }
}

/** Drops ids that no longer exist (after a sync); the same object when nothing went. */
export function pruneSelection(
  selection: SelectionData,
  exists: (id: string) => boolean,
): SelectionData {
  const selectedIds = selection.selectedIds.filter(exists)
  const anchorId =
    selection.anchorId !== null && exists(selection.anchorId) ? selection.anchorId : null
  const focusedId =
    selection.focusedId !== null && exists(selection.focusedId) ? selection.focusedId : null
  if (
    selectedIds.length === selection.selectedIds.length &&
    anchorId === selection.anchorId &&
    focusedId === selection.focusedId
  )
    return selection
  return { selectedIds, anchorId, focusedId }
}
