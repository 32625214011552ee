// What the benchmark page (page/bench-page.mts, in Chromium) offers run.ts: plain data only.

export type Chart = 'stock' | 'adapter'

export interface Paint {
  /** From before construction to the end of the synchronous work (and a forced layout). */
  syncMs: number
  /** To the first frame after it: requestAnimationFrame, then a zero timeout. */
  frameMs: number
  /** Elements the chart put into the page. */
  elements: number
}

export interface Point {
  x: number
  y: number
}

export interface FrameSample {
  /** From the mousemove's first listener to the next requestAnimationFrame callback. */
  rafMs: number
  /** ... and on to a zero timeout after it: the frame's style, layout and paint included. */
  frameMs: number
}

export interface BenchPage {
  /** Builds the chart of `tasks` tasks (viewport 1600 x 1000) and times it. */
  firstPaint(chart: Chart, tasks: number): Promise<Paint>
  /** Moves one task by a day in the data and redraws, as after a confirmed edit. */
  refresh(): Promise<Omit<Paint, 'elements'>>
  /**
   * Adapter only (NaN for stock, whose vertical scroll is the page's): scrolls 10 rows down and
   * draws the new window, as after a scroll.
   */
  newWindow(): Promise<Omit<Paint, 'elements'>>
  /** Scrolls a bar with no dependents into view; its middle, in viewport coordinates. */
  dragTarget(): Promise<Point>
  /** How far that bar has moved since, px (checks that the drag really dragged). */
  draggedPx(): number
  /** Starts timing every mousemove; waitFrames resolves once `count` samples are in. */
  probeStart(): void
  waitFrames(count: number): Promise<void>
  probeStop(): FrameSample[]
}
