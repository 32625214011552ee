// What the app-path benchmark's page script (page/app-mock.mts) offers app-path.ts.

export type ScrollAxis = 'x' | 'y'

export interface Sample {
  /** From the input to the next frame after the app's handlers (its style, layout and paint). */
  frameMs: number
  /** ... and on to the frame after that: work the app left to a later task is inside. */
  settledMs: number
}

export interface AppProbe {
  /** When the mock handed the board to the renderer (performance.now()). */
  snapshotAt: number
  /** When the chart's first bar was in the DOM. */
  firstBarsAt: number
  /** ... and the frame after it had been painted. */
  firstFrameAt: number
  /** While true, every mousemove, keydown and mouseup is sampled into these. */
  recording?: boolean
  moves: Sample[]
  keys: Sample[]
  ups: Sample[]
  timeline(): HTMLElement | null
  /** Scrolls the timeline by `px` and times the frame that shows it. */
  scrollStep(axis: ScrollAxis, px: number): Promise<Sample>
  /**
   * Scrolls by `px` in each of `frames` animation frames (a fling); the times between the frames'
   * callbacks, ms.
   */
  scrollRun(axis: ScrollAxis, px: number, frames: number): Promise<number[]>
  /** Clicks the status bar's Refresh and times until the reloaded board is drawn. */
  refresh(): Promise<Sample>
}
