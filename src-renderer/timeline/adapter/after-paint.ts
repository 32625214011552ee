// A scroll's window move, spread over the frames after it. Drawn at once, its bars, its arrows and
// the task tree's new rows made one frame of about 30 ms at 5,000 tasks (two frames' time) every
// block of rows; in stages, each frame has a part: the tree's rows, then the chart's bars, then
// their arrows. The window reaches a block (OVERSCAN rows, rendered-window.ts) past each edge of
// the view, so what waits is out of sight.
import type { RenderInput } from './types'

/** Runs `work` in the task after the next frame (its style, layout and paint); the canceller. */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
  }
}

/** What the stages call on the adapter. */
export interface StagedChart {
  /** Draws the input; `arrowsLater`: a window move's arrows wait for arrowsLater(). */
  draw(input: RenderInput, arrowsLater: boolean): void
  /** The arrows of the window move drawn last. */
  moveArrows(): void
  /** Destroyed or in a gesture: no stage runs then (a gesture's render waits for its end). */
  idle(): boolean
  /** Where a stage's input goes while a gesture holds renders back. */
  hold(input: RenderInput): void
}

export class LaterDraws {
  /** The input still to draw, or (no input) a window move's arrows still to move. */
  private later: { cancel: () => void; input?: RenderInput } | undefined

  constructor(private readonly chart: StagedChart) {}

  /** Draws `input` after the next paint (a newer one replaces it), its arrows a paint later. */
  drawLater(input: RenderInput): void {
    this.drop()
    const cancel = afterNextPaint(() => {
      this.later = undefined
      if (this.chart.idle()) this.chart.draw(input, true)
      else this.chart.hold(input)
    })
    this.later = { cancel, input }
  }

  /** Moves the arrows of the bars just drawn after the next paint. */
  arrowsLater(): void {
    this.drop()
    const cancel = afterNextPaint(() => {
      this.later = undefined
      this.chart.moveArrows()
    })
    this.later = { cancel }
  }

  get arrowsDue(): boolean {
    return this.later !== undefined && this.later.input === undefined
  }

  /** Before a newer input is drawn: the input still to draw is dropped, due arrows are moved. */
  supersede(): void {
    if (this.later?.input) this.drop()
    else this.flush()
  }

  /** Everything still to come, drawn now (something is about to use the chart). */
  flush(): void {
    const later = this.later
    if (!later) return
    this.drop()
    if (!later.input) this.chart.moveArrows()
    else if (this.chart.idle()) this.chart.draw(later.input, false)
    else this.chart.hold(later.input)
  }

  drop(): void {
    this.later?.cancel()
    this.later = undefined
  }
}
