// Keys that move the view from anywhere in the window: T today, F fit (the selection, else the
// whole board), + and - zoom in and out about the centre of the view. Keys typed into a field, or
// with Ctrl/Cmd/Alt, are never taken; nor while a dialog is open. With a button focused (after a
// click on "Today") they work.
import { useEffect } from 'react'
import type { PlannerStore, Zoom } from '../../state'
import { ZOOMS } from '../../state'
import { typingIn } from '../../task-form/open-keys'

export type NavigationAction = 'today' | 'fit' | 'zoom-in' | 'zoom-out'

export function navigationAction(
  event: Pick<
    KeyboardEvent,
    'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'target'
  >,
): NavigationAction | undefined {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return undefined
  if (typingIn(event.target)) return undefined
  switch (event.key) {
    case 't':
    case 'T':
      return 'today'
    case 'f':
    case 'F':
      return 'fit'
    case '+':
    case '=':
      return 'zoom-in'
    case '-':
      return 'zoom-out'
    default:
      return undefined
  }
}

/** One zoom step closer (-1) or farther (+1); the same zoom at either end. */
export function stepZoom(zoom: Zoom, step: -1 | 1): Zoom {
  const at = ZOOMS.indexOf(zoom)
  return ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, at + step))] ?? zoom
}

export function useNavigationKeys(store: PlannerStore): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = navigationAction(event)
      if (!action) return
      const state = store.getState()
      if (state.view.creating || state.view.detailsTaskId) return
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return
      event.preventDefault()
      if (action === 'today' || action === 'fit') state.jumpTo(action)
      else state.setZoom(stepZoom(state.view.zoom, action === 'zoom-in' ? -1 : 1))
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [store])
}
