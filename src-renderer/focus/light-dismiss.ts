// A toolbar popup (Save view, Views, Save baseline, Baselines) closes when the pointer is pressed
// outside the controls that own it, as a menu does. Left open, two popups from different parts of
// the toolbar stood side by side, each with its own "Save" and "Cancel": the user (and a screen
// reader's list of buttons) could not tell which form a "Save" belonged to.
import { useEffect } from 'react'

/**
 * While `open`, a pointer press outside `owner` (the popups' buttons and the popups themselves)
 * calls `dismiss`. Presses inside are the owner's: its buttons already toggle its popups.
 */
export function useLightDismiss(
  owner: React.RefObject<HTMLElement | null>,
  open: boolean,
  dismiss: () => void,
): void {
  // Re-added when `dismiss` changes (each render of an open popup's owner): cheap, and only while
  // a popup is open.
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target
      if (target instanceof Node && owner.current?.contains(target)) return
      dismiss()
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => document.removeEventListener('pointerdown', onPointerDown, true)
  }, [owner, open, dismiss])
}
