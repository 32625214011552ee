// The rows the timeline hands to its chart for the rows in view (timeline-view.tsx). Pure, so it
// is computed during render with no ref to remember the last window.

/**
 * Rows beyond each edge of the view, and the block size the window moves by. 20 made a window
 * of about 80 rows for a view of 21, all drawn again by each filter keystroke that changes the
 * rows shown (docs/benchmarks.md, "Filtering"); 10 made 50 to 60, 7 makes 35 to 42 (a redrawing
 * keystroke's p95 about 15 ms less again). 7 still keeps a fast fling (3 rows a frame) inside
 * the window while a move's bars and arrows wait a frame or two (after-paint.ts): no more
 * frames late than with 10 (app path, 5,000 tasks).
 */
export const OVERSCAN = 7

/**
 * The rows handed to the chart for the rows in view: whole blocks of OVERSCAN rows around them,
 * at least one block beyond each edge. Both ends follow the first row in view (the window's
 * length follows the view's height), so a scroll moves the window once per block: with each end
 * following its own edge of the view, a block's 20 new rows came in at one step and the 20 old
 * ones left at another, two chart renders per block.
 */
export function renderedWindow(
  inView: { first: number; last: number },
  rowCount: number,
): { first: number; last: number } {
  if (rowCount <= 0 || inView.last < inView.first) return { first: 0, last: -1 }
  const block = Math.floor(inView.first / OVERSCAN)
  const blocksInView = Math.ceil((inView.last - inView.first + 1) / OVERSCAN)
  const first = Math.max(0, (block - 1) * OVERSCAN)
  const last = Math.min(rowCount - 1, (block + blocksInView + 2) * OVERSCAN - 1)
  return { first, last }
}
