// A menu or panel opened from the chart (the Menu key on a focused bar or arrow, Enter on an
// arrow) gives the keyboard back to that bar or arrow when it closes. useReturnFocus hands it
// back to an HTML opener only: a bar or an arrow is SVG, so the keyboard went to the task tree
// and the user had to find their place in the chart again.
import { useLayoutEffect } from 'react'
import type { PlannerStore } from '../state'

/**
 * Call before useReturnFocus(root, open): this one's cleanup runs first, and focus it gives back
 * to the chart is focus useReturnFocus leaves where it is. A bar or arrow whose task or
 * dependency has left the board (deleted from its panel) is not given it: useReturnFocus's
 * answer (the task tree) stands.
 */
export function useReturnFocusToChart(
  root: React.RefObject<HTMLElement | null>,
  open: boolean,
  store: PlannerStore,
): void {
  useLayoutEffect(() => {
    if (!open) return
    // Read as the menu or panel is drawn, before its own focus call takes the keyboard.
    const opener = document.activeElement
    const element = root.current
    if (!(opener instanceof SVGElement)) return
    const linkId = opener.closest('[data-link-id]')?.getAttribute('data-link-id')
    const taskId = opener.closest('[data-task-id]')?.getAttribute('data-task-id')
    if (!linkId && !taskId) return
    return () => {
      const active = document.activeElement
      // Focus the user moved elsewhere stays there; focus inside, or fallen to the body, is ours.
      if (active && active !== document.body && !element?.contains(active)) return
      const { board } = store.getState()
      const there = linkId
        ? board.dependencies.some((d) => d.id === linkId)
        : taskId !== null && taskId !== undefined && board.tasksById[taskId] !== undefined
      if (there && opener.isConnected) opener.focus({ preventScroll: true })
    }
  }, [root, open, store])
}
