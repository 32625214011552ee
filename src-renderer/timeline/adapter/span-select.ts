// Dragging on an empty stretch of a row (not on a bar or an arrow) picks whole days on that row:
// a band follows the pointer, snapped to days, and the release hands over the span (the
// timeline then offers to create a task over it). A press and release without moving is not a
// span; Esc cancels.
import type { SpanSelection } from './types'
import type { Layout } from './units'
import { DAY_MS } from './units'

/** Pointer travel below which a press and release is a click, not a span. */
const CLICK_SLOP_PX = 3

interface ActiveSpan {
  row: number
  firstDay: number
  lastDay: number
  clientX: number
  band: HTMLDivElement
}

export interface SpanHost {
  /** The element whose top-left corner is the chart's (0, 0); the band is drawn into `layer`. */
  origin: HTMLElement
  layer: HTMLElement
  layout(): Layout
  rowCount(): number
  finish(span: SpanSelection): void
}

export class SpanSelect {
  private active: ActiveSpan | undefined

  constructor(private readonly host: SpanHost) {}

  get busy(): boolean {
    return this.active !== undefined
  }

  private point(event: MouseEvent): { day: number; row: number } {
    const origin = this.host.origin.getBoundingClientRect()
    const { scale, rowHeight } = this.host.layout()
    return {
      day: Math.floor((event.clientX - origin.left) / scale.pxPerDay),
      row: Math.floor((event.clientY - origin.top) / rowHeight),
    }
  }

  /** Mousedown on the chart's background. */
  start(event: MouseEvent): void {
    this.cancel()
    const { day, row } = this.point(event)
    if (row < 0 || row >= this.host.rowCount() || day < 0) return
    const band = document.createElement('div')
    band.className = 'tb-span'
    this.host.layer.appendChild(band)
    this.active = { row, firstDay: day, lastDay: day, clientX: event.clientX, band }
    this.place()
    window.addEventListener('mousemove', this.move, true)
  }

  readonly move = (event: MouseEvent): void => {
    const active = this.active
    if (!active) return
    active.lastDay = Math.max(0, this.point(event).day)
    this.place()
  }

  release(event: MouseEvent): void {
    const active = this.active
    if (!active) return
    this.end()
    if (Math.abs(event.clientX - active.clientX) <= CLICK_SLOP_PX) return
    const { startMs } = this.host.layout().scale
    const first = Math.min(active.firstDay, active.lastDay)
    const last = Math.max(active.firstDay, active.lastDay)
    this.host.finish({
      row: active.row,
      startMs: startMs + first * DAY_MS,
      endMs: startMs + (last + 1) * DAY_MS,
    })
  }

  cancel(): boolean {
    if (!this.active) return false
    this.end()
    return true
  }

  private place(): void {
    const active = this.active
    if (!active) return
    const { scale, rowHeight, barHeight } = this.host.layout()
    const first = Math.min(active.firstDay, active.lastDay)
    const last = Math.max(active.firstDay, active.lastDay)
    const style = active.band.style
    style.left = `${first * scale.pxPerDay}px`
    style.width = `${(last - first + 1) * scale.pxPerDay}px`
    style.top = `${active.row * rowHeight + (rowHeight - barHeight) / 2}px`
    style.height = `${barHeight}px`
  }

  private end(): void {
    const active = this.active
    if (!active) return
    this.active = undefined
    window.removeEventListener('mousemove', this.move, true)
    active.band.remove()
  }
}
