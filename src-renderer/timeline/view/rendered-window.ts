// The rows the timeline hands to its chart for the rows in view (timeline-view.tsx). Pure, so it
// is computed during render with no ref to remember the last window.

/** Rows beyond each edge of the view, and the block size the window moves by. */
export const OVERSCAN = 20

/**
 * The rows handed to the chart for the rows in view: whole blocks of OVERSCAN rows around them,
 * at least one block beyond each edge.
 */
export function renderedWindow(
  inView: { first: number; last: number },
  rowCount: number,
): { first: number; last: number } {
  if (rowCount <= 0 || inView.last < inView.first) return { first: 0, last: -1 }
  const first = Math.max(0, (Math.floor(inView.first / OVERSCAN) - 1) * OVERSCAN)
  const last = Math.min(rowCount - 1, (Math.floor(inView.last / OVERSCAN) + 2) * OVERSCAN - 1)
  return { first, last }
}
