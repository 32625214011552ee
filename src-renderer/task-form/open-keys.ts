// How the task forms open from anywhere in the window: N opens "New task"; Enter opens the
// details of the selected task (the task tree handles Enter itself when it has focus, this covers
// a bar clicked on the chart); a double-click on a bar or a tree row opens its details. Keys typed
// into a field are never taken, nor Enter pressed on a button or a link (it presses that); a
// letter pressed with a button focused (after a click on "Today") is a shortcut all the same.
import { useEffect } from 'react'
import type { PlannerStore } from '../state'

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]'
const PRESSABLE = 'button, a[href]'

const within = (target: EventTarget | null, selector: string): boolean => {
  // Duck-typed, not `instanceof Element`: the rule is tested outside a browser too.
  const element = target as Partial<Element> | null
  return typeof element?.closest === 'function' && element.closest(selector) !== null
}

/** The key goes into a field: text, a choice, a checkbox. */
export function typingIn(target: EventTarget | null): boolean {
  return within(target, EDITABLE)
}

/** What a key does here: 'create', 'details' or nothing. */
export function keyAction(
  event: Pick<
    KeyboardEvent,
    'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'target'
  >,
): 'create' | 'details' | undefined {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return undefined
  if (typingIn(event.target)) return undefined
  if (event.key === 'n' || event.key === 'N') return 'create'
  if (event.key === 'Enter') return within(event.target, PRESSABLE) ? undefined : 'details'
  return undefined
}

export function useTaskFormKeys(store: PlannerStore): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = keyAction(event)
      if (!action) return
      const state = store.getState()
      // A form already open keeps the keys (a dialog's own Enter submits it).
      if (
        state.view.creating ||
        (event.target instanceof Element && event.target.closest('[role="dialog"]'))
      )
        return
      if (action === 'create') {
        event.preventDefault()
        state.openCreate()
      } else {
        const id = state.selection.focusedId ?? state.selection.selectedIds.at(-1)
        if (!id || !state.board.tasksById[id]) return
        event.preventDefault()
        state.showDetails(id)
      }
    }
    const onDoubleClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return
      const row = event.target.closest('.tb-bar[data-task-id], .tree-row[data-task-id]')
      const id = row?.getAttribute('data-task-id')
      if (id && store.getState().board.tasksById[id]) store.getState().showDetails(id)
    }
    window.addEventListener('keydown', onKeyDown)
    document.addEventListener('dblclick', onDoubleClick)
    return () => {
      window.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('dblclick', onDoubleClick)
    }
  }, [store])
}
