// One drag (move or resize) from mousedown to mouseup, around frappe's own drag loop, which has
// no drag-end event: frappe fires on_date_change per bar per snapped step while dragging and an
// on_click after the drop. This collects the bars that moved, and on the release (not before)
// hands over one list of whole-day deltas; it swallows the click that follows, and Esc puts the
// bars back and ends frappe's drag with no result.
//
// The deltas come from the rects, not from frappe's dates: frappe converts x back to dates in
// local time and truncates, and its end is "exclusive minus one second".
import type { GanttBar } from 'frappe-gantt'
import type { BarDecor } from './bar-decor'
import type { Scene } from './scene'
import type { DragResult } from './types'
import { DAY_MS } from './units'

export type DragMode = 'move' | 'resize-left' | 'resize-right'

interface ActiveDrag {
  key: string
  mode: DragMode
  /** The grabbed bar first, then the others frappe moves with it. */
  keys: string[]
  /** Bars frappe reported a date change for. */
  changed: Set<string>
  clientX: number
}

export interface DragHost {
  bar(key: string): GanttBar | undefined
  /** Ends frappe's internal drag state (after Esc). */
  resetFrappeDrag(): void
  /** After the release's events are through: the deltas (possibly none), and Shift at the drop. */
  finish(results: DragResult[], modifiers: { shift: boolean }): void
  /** The deltas so far, at most once per frame while the drag goes on (the what-if preview). */
  progress?(results: DragResult[]): void
  /** A press on a bar that may become a drag: the board as it is now is the one dragged. */
  started?(): void
}

/** Pointer travel below which a press and release is a click, not a drag. */
const CLICK_SLOP_PX = 3

export class DragSession {
  private active: ActiveDrag | undefined
  private ending: ReturnType<typeof setTimeout> | undefined
  private cancelled = false
  private swallow = false
  private frame: number | undefined

  constructor(
    private readonly scene: Scene,
    private readonly decor: BarDecor,
    private readonly host: DragHost,
  ) {}

  /** A drag is under way or its result not yet handed over: re-rendering would break it. */
  get busy(): boolean {
    return this.active !== undefined || this.ending !== undefined
  }

  get dragging(): boolean {
    return this.active !== undefined
  }

  /** The click after a drag (or a cancelled one) is not a click on the bar. */
  get swallowingClick(): boolean {
    return this.swallow
  }

  /** Mousedown on a draggable bar, before frappe's own handler sees it. */
  start(key: string, mode: DragMode, clientX: number): void {
    this.active = { key, mode, keys: [key], changed: new Set(), clientX }
    this.cancelled = false
    this.host.started?.()
  }

  /** frappe asks which bars move with the grabbed one: the other selected, unlocked ones. */
  companions(key: string): string[] {
    const active = this.active
    if (!active || active.key !== key || active.mode !== 'move') return []
    if (!this.scene.byKey.get(key)?.bar.selected) return []
    const others: string[] = []
    for (const model of this.scene.byKey.values()) {
      if (model.key !== key && model.bar.selected && !model.locked) others.push(model.key)
    }
    active.keys = [key, ...others]
    return others
  }

  /** Nearest whole day; a resize never shrinks a bar to nothing or past its other end. */
  snap(dx: number): number {
    const ppd = this.scene.layout.scale.pxPerDay
    let days = Math.round(dx / ppd)
    const active = this.active
    const model = active && this.scene.byKey.get(active.key)
    if (active && model && active.mode !== 'move') {
      days =
        active.mode === 'resize-right'
          ? Math.max(days, -shrinkRoom(model.bar))
          : Math.min(days, shrinkRoom(model.bar))
    }
    return days * ppd
  }

  dateChanged(key: string): void {
    this.active?.changed.add(key)
    // frappe reports each bar of each snapped step: one preview per frame is enough.
    if (this.host.progress && this.frame === undefined) {
      this.frame = requestAnimationFrame(() => {
        this.frame = undefined
        const active = this.active
        if (active) this.host.progress?.(this.results(active))
      })
    }
  }

  /** Mouseup (window, capture phase: before frappe's own handlers). */
  release(event: MouseEvent): void {
    const active = this.active
    if (!active && !this.cancelled) return
    this.active = undefined
    this.stopFrame()
    const results = active ? this.results(active) : []
    const modifiers = { shift: event.shiftKey }
    const dragged =
      this.cancelled ||
      results.length > 0 ||
      Math.abs(event.clientX - (active?.clientX ?? 0)) > CLICK_SLOP_PX
    this.cancelled = false
    this.swallow = dragged
    // The click (if any) is dispatched in the same task as this mouseup; hand over after it.
    clearTimeout(this.ending)
    this.ending = setTimeout(() => {
      this.ending = undefined
      this.swallow = false
      this.host.finish(results, modifiers)
    }, 0)
  }

  /** Esc: bars back where they were, frappe's drag ended, no result. */
  cancel(): boolean {
    const active = this.active
    if (!active) return false
    this.active = undefined
    this.stopFrame()
    this.host.progress?.([])
    for (const key of new Set([...active.keys, ...active.changed])) {
      const bar = this.host.bar(key)
      if (!bar) continue
      this.decor.restore(bar)
      // frappe's svg mouseup re-reads finaldx; nothing moved.
      bar.$bar.finaldx = 0
    }
    this.host.resetFrappeDrag()
    this.cancelled = true
    return true
  }

  private stopFrame(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame)
    this.frame = undefined
  }

  dispose(): void {
    this.stopFrame()
    clearTimeout(this.ending)
    this.ending = undefined
    this.active = undefined
    this.cancelled = false
    this.swallow = false
  }

  private results(active: ActiveDrag): DragResult[] {
    const results: DragResult[] = []
    for (const key of new Set([...active.keys, ...active.changed])) {
      const bar = this.host.bar(key)
      const model = this.scene.byKey.get(key)
      if (!bar || !model) continue
      const live = this.scene.liveRange(
        model,
        Number(bar.$bar.getAttribute('x')),
        Number(bar.$bar.getAttribute('width')),
      )
      let startDeltaDays = Math.round((live.startMs - model.bar.startMs) / DAY_MS)
      let endDeltaDays = Math.round((live.endMs - model.bar.endMs) / DAY_MS)
      // A resize moves one edge of the grabbed bar, whatever the rect reads: a rect frappe left
      // at its old width (it skips a width of 0) read as both edges moved, and a resize of the
      // start was written as a move of both dates.
      if (key === active.key && active.mode === 'resize-left') endDeltaDays = 0
      if (key === active.key && active.mode === 'resize-right') startDeltaDays = 0
      if (startDeltaDays !== 0 || endDeltaDays !== 0) {
        results.push({ id: model.bar.id, startDeltaDays, endDeltaDays })
      }
    }
    return results
  }
}

/**
 * Whole days an edge may move inward: what the resize command allows (resize-task.ts), so that
 * what is written is where the edge was let go. The command keeps start <= due as timestamps: a
 * bar that ends at a midnight is a date-only due (its bar ends the day after the due), and a bar
 * starting at 09:00 before it has a day less room than its drawn span. A one-date bar cannot
 * shrink. Nor does a bar shrink to nothing: a due with a time whole days after the start keeps
 * a day (start 09:00, due 09:00 the next day cannot shrink; frappe skips a width of 0, and the
 * rect then read as a move).
 */
function shrinkRoom(bar: { kind: string; startMs: number; endMs: number }): number {
  if (bar.kind !== 'bar') return 0
  const span = (bar.endMs - bar.startMs) / DAY_MS
  const dateOnlyDue = bar.endMs % DAY_MS === 0
  return Math.max(0, dateOnlyDue ? Math.floor(span - 1 + 1e-9) : Math.ceil(span - 1e-9) - 1)
}
