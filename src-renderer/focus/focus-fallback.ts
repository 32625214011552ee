// The New task dialog, the details panel and the board menu keep the keyboard. A button that
// removes itself ("Remove tag x", "Remove subtask 2", "Clear parent", "Not a subtask") left the
// focus on the page's body: the dialog's own keys (Esc, and the modal's Tab trap) never saw
// another key, so Tab walked into the toolbar behind the modal and Esc did nothing. Each such
// button hands the focus to a neighbour first (focusNeighbour); useFocusFallback is the safety
// net for the rest.
import { useEffect } from 'react'
import { tabbable } from 'tabbable'

/**
 * Before `from` (a button about to leave the page) goes: the keyboard moves to the control after
 * it in its dialog, else the one before, else the dialog itself.
 */
export function focusNeighbour(from: HTMLElement, scope?: HTMLElement | null): void {
  const dialog = scope ?? from.closest<HTMLElement>('[role="dialog"]')
  if (!dialog) return
  const stops = tabbable(dialog)
  const at = stops.indexOf(from)
  const next = at < 0 ? undefined : (stops[at + 1] ?? stops[at - 1])
  ;(next ?? dialog).focus({ preventScroll: true })
}

/**
 * While the dialog `root` (focusable: tabIndex -1) is on the page, focus that falls from it to
 * the page's body comes back to it. `modal`: whatever made it fall (a press on the dialog's blank
 * space too); otherwise only when the focused element left the page, so that a non-modal panel
 * never pulls the keyboard back from where the user took it. `active`: whether the dialog is
 * open, for one that stays mounted closed (its element appears only then, and the listener with
 * it; read once at mount, the board menu's never attached).
 */
export function useFocusFallback(
  root: React.RefObject<HTMLElement | null>,
  { modal, active = true }: { modal: boolean; active?: boolean },
): void {
  useEffect(() => {
    const element = root.current
    if (!element) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const onFocusOut = (event: FocusEvent) => {
      // Focus that went to another element went somewhere on purpose.
      if (event.relatedTarget !== null) return
      const left = event.target
      clearTimeout(timer)
      // After the render that removed the element, and after any focus its handler gave away.
      timer = setTimeout(() => {
        const active = document.activeElement
        if (active && active !== document.body) return
        if (!element.isConnected) return
        if (!modal && left instanceof Node && left.isConnected) return
        element.focus({ preventScroll: true })
      })
    }
    element.addEventListener('focusout', onFocusOut)
    return () => {
      element.removeEventListener('focusout', onFocusOut)
      clearTimeout(timer)
    }
  }, [root, modal, active])
}
