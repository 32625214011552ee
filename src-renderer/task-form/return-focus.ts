// A panel or dialog that takes the keyboard gives it back when it closes (Esc, Save, Create,
// Close): to what had focus when it opened (the task tree, a bar, a toolbar button), else to the
// task tree. Left to the browser, focus fell to the page's body: the next arrow key scrolled the
// page, and a screen reader lost its place.
import { useLayoutEffect } from 'react'

export function useReturnFocus(root: React.RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const element = root.current
    return () => {
      // Runs before the panel leaves the page: focus inside it (or already on the body) is the
      // panel's to hand back; focus the user moved elsewhere stays there.
      const active = document.activeElement
      if (active && active !== document.body && !element?.contains(active)) return
      const target =
        opener?.isConnected && !element?.contains(opener)
          ? opener
          : document.querySelector<HTMLElement>('[role="tree"]')
      target?.focus({ preventScroll: true })
    }
  }, [root])
}
