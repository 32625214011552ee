// A modal dialog (New task, a question, Export, Import) keeps Tab and Shift+Tab inside it: past
// its last control Tab comes back to its first, as the ARIA dialog pattern asks. Left to the
// browser, Tab walked on into the toolbar and the timeline behind the backdrop, where the
// keyboard user could act on a board the dialog is meant to hold still.
// Which elements take Tab (visible, enabled, not tabindex=-1, one per radio group) is the
// `tabbable` library's answer, not ours.
import { tabbable } from 'tabbable'

/** A dialog's onKeyDown calls this first; it acts only on Tab at either end of the dialog. */
export function keepTabInside(event: React.KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey) return
  const dialog = event.currentTarget
  const stops = tabbable(dialog)
  if (stops.length === 0) {
    event.preventDefault()
    return
  }
  const active = document.activeElement
  // On the dialog itself (it takes focus when it opens) or lost: Tab starts at an end.
  const lost = !active || active === dialog || !dialog.contains(active)
  const follows = (stop: Element) =>
    Boolean(active && active.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_FOLLOWING)
  const precedes = (stop: Element) =>
    Boolean(active && active.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_PRECEDING)
  if (event.shiftKey && (lost || !stops.some(precedes))) {
    event.preventDefault()
    stops.at(-1)?.focus()
  } else if (!event.shiftKey && (lost || !stops.some(follows))) {
    event.preventDefault()
    stops[0]?.focus()
  }
}

/**
 * A modal dialog's backdrop keeps the focus where it is when pressed: a press there would put it
 * on the page's body, outside the dialog, from where Tab walks into the window behind.
 */
export function keepFocusOnBackdrop(event: React.MouseEvent<HTMLElement>): void {
  if (event.target === event.currentTarget) event.preventDefault()
}
