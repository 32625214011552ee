// A panel, popup, menu or dialog that takes the keyboard gives it back when it closes (Esc, Save,
// Close, a menu item, a deleted dependency): to what had focus when it opened (the task tree, a
// bar, a toolbar button), else to the task tree. Left to the browser, focus fell to the page's
// body: the next arrow key scrolled the page, and a screen reader lost its place.
import { useLayoutEffect, useState } from 'react'

/** What has the keyboard; the page's body is no one. */
const activeElement = () =>
  document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null

/**
 * `open` is for a component that stays mounted while its panel comes and goes (it renders
 * nothing when closed); a component that mounts with its panel leaves it true.
 */
export function useReturnFocus(root: React.RefObject<HTMLElement | null>, open = true): void {
  // The opener is read while rendering the opening: by the time effects run, a field's autoFocus
  // (or the panel's own focus call) has already taken the focus.
  const [opener, setOpener] = useState(() => (open ? activeElement() : null))
  const [openedFor, setOpenedFor] = useState(open)
  if (open !== openedFor) {
    setOpenedFor(open)
    setOpener(open ? activeElement() : null)
  }
  useLayoutEffect(() => {
    if (!open) return
    const element = root.current
    return () => {
      // Focus inside the panel, or already on the body (the panel's elements may have left the
      // page first), is the panel's to hand back; focus the user moved elsewhere stays there.
      const active = document.activeElement
      if (active && active !== document.body && !element?.contains(active)) return
      const tree = document.querySelector<HTMLElement>('[role="tree"]')
      if (opener?.isConnected && !element?.contains(opener)) opener.focus({ preventScroll: true })
      // An opener that cannot take focus now (disabled, hidden) leaves it on the body.
      if (document.activeElement !== opener) tree?.focus({ preventScroll: true })
    }
  }, [root, open, opener])
}
