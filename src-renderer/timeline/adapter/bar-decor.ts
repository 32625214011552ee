// What the adapter adds to each of frappe's Bar objects once frappe has built it: the exact rect
// from our own date -> pixel mapping, classes and ARIA, milestone diamonds, hidden handles where
// a bar cannot be resized, label placement without a forced layout per bar, and the link handle
// (a dot past the bar's end) that a new dependency is drawn from.
//
// Bars are decorated per instance (frappe does not export its Bar class), and only through the
// methods its drag loop calls: update_bar_position (moves the rect, then calls
// update_label_position and each arrow's update()).
import type { GanttBar } from 'frappe-gantt'
import { drawBaseline, placeBaseline } from './baseline-bar'
import type { BarModel, Scene } from './scene'
import { makeStatusIcons, placeStatusIcons } from './status-icons'
import type { StatusIcons } from './status-icons'
import { milestoneHalf } from './units'

const SVG_NS = 'http://www.w3.org/2000/svg'
const LABEL_PAD_PX = 5
/** Status icons sit this far inside a bar's start. */
const ICON_INSET_PX = 3
const ICON_SPARE_PX = 16
/** The link handle's centre sits this far right of the bar's end: clear of the resize handle. */
export const LINK_HANDLE_GAP_PX = 12
const LINK_HANDLE_RADIUS_PX = 5
/**
 * Width of a resize handle, px: a target one can hit (frappe's are 3 px). Each reaches 2 px into
 * the bar and the rest outside it, so even a one-day bar at week zoom (16 px) keeps a middle to
 * grab for a move.
 */
export const RESIZE_HANDLE_PX = 8
const HANDLE_INSET_PX = 2
/** The middle of a bar that always moves it, however narrow the bar (px). */
const MIN_GRAB_PX = 4

interface BarParts {
  model: BarModel
  label: SVGTextElement | null
  diamond?: SVGPathElement
  linkHandle?: SVGCircleElement
  icons?: StatusIcons
}

/** Kinds whose ends the user may drag; the others only move. */
function resizable(model: BarModel): boolean {
  return !model.locked && (model.bar.kind === 'bar' || model.bar.kind === 'summary')
}

export class BarDecor {
  private parts = new WeakMap<GanttBar, BarParts>()
  private widths = new WeakMap<SVGTextElement, number>()
  private current: readonly GanttBar[] = []
  private readonly textWidths = new TextWidths()

  constructor(private readonly scene: Scene) {}

  /**
   * Called once per render with every bar drawn: the ones frappe just built are decorated (a
   * window that moved keeps its other bars as they were), and all of them are the bars whose
   * labels are measured together.
   */
  decorateAll(bars: readonly GanttBar[]): void {
    this.current = bars
    const fresh: GanttBar[] = []
    for (const bar of bars) {
      if (this.parts.has(bar)) continue
      const model = this.scene.byKey.get(bar.task.id)
      if (model) {
        this.decorate(bar, model)
        fresh.push(bar)
      }
    }
    // Placed now, not in the frame after as frappe does: a render inside a scroll frame would
    // otherwise paint one frame with each new label at frappe's first guess. After all bars are
    // decorated, so their labels are measured together.
    for (const bar of fresh) this.placeLabel(bar)
  }

  modelOf(bar: GanttBar): BarModel | undefined {
    return this.parts.get(bar)?.model
  }

  private decorate(bar: GanttBar, model: BarModel): void {
    const { group } = bar
    const label = bar.bar_group.querySelector<SVGTextElement>('.bar-label')
    const parts: BarParts = { model, label }
    this.parts.set(bar, parts)

    const { kind, className, selected, id } = model.bar
    group.classList.add('tb-bar', `tb-kind-${kind}`)
    if (selected) group.classList.add('is-selected')
    if (model.locked) group.classList.add('is-locked')
    for (const token of (className ?? '').split(/\s+/)) if (token) group.classList.add(token)
    group.setAttribute('data-task-id', id)
    group.setAttribute('role', 'button')
    // setAttribute: plain text, never parsed.
    group.setAttribute('aria-label', model.bar.name ?? model.bar.label)
    if (selected) group.setAttribute('aria-pressed', 'true')

    if (!resizable(model)) {
      for (const handle of bar.handle_group.querySelectorAll<SVGElement>('.handle')) {
        handle.style.display = 'none'
      }
    }
    if (kind === 'milestone') {
      // The rect stays as frappe's hit target and drag handle; the diamond is what shows.
      bar.$bar.style.opacity = '0'
      const diamond = document.createElementNS(SVG_NS, 'path')
      diamond.setAttribute('class', 'tb-diamond')
      const h = milestoneHalf(this.scene.layout)
      diamond.setAttribute('d', `M 0 ${-h} L ${h} 0 L 0 ${h} L ${-h} 0 Z`)
      bar.bar_group.insertBefore(diamond, label)
      parts.diamond = diamond
    }

    drawBaseline(bar, model, this.scene.layout)

    const icons = makeStatusIcons(group)
    if (icons) {
      bar.bar_group.insertBefore(icons.element, label)
      parts.icons = icons
    }

    if (model.bar.linkable !== false) {
      const handle = document.createElementNS(SVG_NS, 'circle')
      // Not frappe's `.handle` class: frappe would start a resize from it.
      handle.setAttribute('class', 'tb-link-handle')
      handle.setAttribute('r', String(LINK_HANDLE_RADIUS_PX))
      const title = document.createElementNS(SVG_NS, 'title')
      title.textContent = 'Drag onto another bar to add a dependency'
      handle.appendChild(title)
      group.appendChild(handle)
      parts.linkHandle = handle
    }

    const moveBar = bar.update_bar_position
    bar.update_bar_position = (change) => {
      // frappe ignores x = 0 (falsy): set it here and let frappe do the rest.
      if (change.x === 0) this.setRect(bar, 0, Number(bar.$bar.getAttribute('width')))
      moveBar.call(bar, { x: change.x === 0 ? null : change.x, width: change.width })
      this.placeExtras(bar)
    }
    bar.update_label_position = () => this.placeLabel(bar)
    bar.update_handle_position = () => this.placeHandles(bar)
    for (const handle of bar.handle_group.querySelectorAll<SVGRectElement>('.handle')) {
      handle.setAttribute('width', String(RESIZE_HANDLE_PX))
    }
    this.placeHandles(bar)

    if (Math.abs(bar.x - model.x) > 0.01 || Math.abs(bar.width - model.width) > 0.01) {
      this.place(bar, model.x, model.width)
    } else {
      this.placeExtras(bar)
    }
  }

  /** After its model changed in place (dates, selection): rect, label and selection. */
  refresh(bar: GanttBar): void {
    const model = this.modelOf(bar)
    if (!model) return
    this.place(bar, model.x, model.width)
    this.placeLabel(bar)
    // Moved in place (new dates): its name says the new dates.
    bar.group.setAttribute('aria-label', model.bar.name ?? model.bar.label)
    const selected = model.bar.selected === true
    bar.group.classList.toggle('is-selected', selected)
    if (selected) bar.group.setAttribute('aria-pressed', 'true')
    else bar.group.removeAttribute('aria-pressed')
  }

  /**
   * After its model's row changed (a filter, a collapse, a re-sort): every part of the bar moves
   * by whole rows, as all of them are placed from its rect's top.
   */
  moveRow(bar: GanttBar, fromRow: number): void {
    const model = this.modelOf(bar)
    if (!model) return
    const dy = (model.bar.row - fromRow) * this.scene.layout.rowHeight
    if (dy === 0) return
    for (const name of ['y', 'cy']) {
      for (const part of bar.group.querySelectorAll(`[${name}]`)) {
        part.setAttribute(name, String(Number(part.getAttribute(name)) + dy))
      }
    }
    bar.y += dy
    this.placeExtras(bar)
    this.placeLabel(bar)
  }

  /** After a new scale (a zoom): the rect, label and baseline where the new scale puts them. */
  rescale(bar: GanttBar): void {
    const model = this.modelOf(bar)
    if (!model) return
    this.place(bar, model.x, model.width)
    this.placeLabel(bar)
    const baseline = bar.group.querySelector<SVGRectElement>(':scope > rect.tb-baseline')
    if (baseline) placeBaseline(baseline, model, this.scene.layout)
  }

  /** Puts a bar's rect (and its handles, progress and diamond) at x, width. */
  place(bar: GanttBar, x: number, width: number): void {
    this.setRect(bar, x, width)
    bar.update_handle_position()
    bar.update_progressbar_position()
    this.placeExtras(bar)
  }

  /** Back to where the last render put it, arrows included (a cancelled drag). */
  restore(bar: GanttBar): void {
    const model = this.modelOf(bar)
    if (!model) return
    this.place(bar, model.x, model.width)
    this.placeLabel(bar)
    bar.update_arrow_position()
  }

  private placeHandles(bar: GanttBar): void {
    const x = Number(bar.$bar.getAttribute('x'))
    const width = Number(bar.$bar.getAttribute('width'))
    const end = x + width
    // Each handle reaches a little into the bar, but never into the middle MIN_GRAB_PX: on a
    // narrow bar (a day at Month zoom, most bars at Year zoom) the two handles covered it all,
    // and pressing it started a resize instead of a move.
    const inset = Math.max(0, Math.min(HANDLE_INSET_PX, (width - MIN_GRAB_PX) / 2))
    const left = bar.handle_group.querySelector('.handle.left')
    const right = bar.handle_group.querySelector('.handle.right')
    left?.setAttribute('x', String(x - RESIZE_HANDLE_PX + inset))
    right?.setAttribute('x', String(end - inset))
  }

  private setRect(bar: GanttBar, x: number, width: number): void {
    bar.$bar.setAttribute('x', String(x))
    bar.$bar.setAttribute('width', String(width))
    bar.x = x
    bar.width = width
  }

  /** The diamond and the link handle follow the rect (frappe moves only its own parts). */
  private placeExtras(bar: GanttBar): void {
    const parts = this.parts.get(bar)
    if (!parts) return
    const x = Number(bar.$bar.getAttribute('x'))
    const cy = Number(bar.$bar.getAttribute('y')) + this.scene.layout.barHeight / 2
    if (parts.diamond) {
      const cx = x + milestoneHalf(this.scene.layout)
      parts.diamond.setAttribute('transform', `translate(${cx} ${cy})`)
    }
    if (parts.linkHandle) {
      const end = x + Number(bar.$bar.getAttribute('width'))
      parts.linkHandle.setAttribute('cx', String(end + LINK_HANDLE_GAP_PX))
      parts.linkHandle.setAttribute('cy', String(cy))
    }
  }

  /**
   * Inside the bar when it fits, else to its right. Label widths are measured once per render for
   * all bars together (one layout), then reused while dragging: frappe's own placement calls
   * getBBox per bar per move, a forced layout each.
   */
  private placeLabel(bar: GanttBar): void {
    const parts = this.parts.get(bar)
    const label = parts?.label
    if (!parts || !label) return
    let width = this.widths.get(label)
    if (width === undefined) {
      this.measureLabels()
      width = this.widths.get(label) ?? 0
    }
    const x = Number(bar.$bar.getAttribute('x'))
    const w = Number(bar.$bar.getAttribute('width'))
    const milestone = parts.model.bar.kind === 'milestone'
    // Status icons go first, inside the bar when they fit, else right after it, before the label.
    const icons = parts.icons
    const iconRoom = icons?.width ?? 0
    // Inside only with room to spare: a bar filled by its icons is hard to grab and to read.
    const iconsInside = !milestone && iconRoom + ICON_SPARE_PX <= w
    if (icons) {
      const cy = Number(bar.$bar.getAttribute('y')) + this.scene.layout.barHeight / 2
      placeStatusIcons(icons, iconsInside ? x + ICON_INSET_PX : x + w + LABEL_PAD_PX, cy)
    }
    const before = iconsInside ? ICON_INSET_PX + iconRoom : 0
    const inside = !milestone && width + 2 * LABEL_PAD_PX + before <= w
    const outsideAt = x + w + LABEL_PAD_PX + (iconsInside ? 0 : iconRoom)
    label.setAttribute('x', String(inside ? x + before + (w - before - width) / 2 : outsideAt))
    if (label.classList.contains('big') !== !inside) {
      label.classList.toggle('big', !inside)
      // Its arrows show their lag label only where this label is not (lag-arrow.ts).
      for (const arrow of bar.arrows ?? []) arrow.update()
    }
  }

  private measureLabels(): void {
    for (const bar of this.current) {
      const label = this.parts.get(bar)?.label
      if (label && !this.widths.has(label)) {
        this.widths.set(label, label.isConnected ? this.textWidths.of(label) : 0)
      }
    }
  }
}

/**
 * Label widths by font and text, measured on a canvas: no layout at all. getComputedTextLength
 * forced a layout of the whole page once per render, after frappe had just added a window of
 * bars (most of a scroll frame's time at 5,000 tasks), and each new window measured its labels
 * again although most of them were in the window before. Canvas text and SVG text are shaped by
 * the same engine: the widths agree to a fraction of a pixel.
 */
export class TextWidths {
  private readonly known = new Map<string, number>()
  private context: CanvasRenderingContext2D | null | undefined
  /** The font of the first label measured: labels share one (timeline-adapter.css). */
  private font: string | undefined

  of(label: SVGTextElement): number {
    const text = label.textContent ?? ''
    if (text === '') return 0
    this.font ??= fontOf(label)
    const key = `${this.font}\n${text}`
    let width = this.known.get(key)
    if (width === undefined) {
      this.context ??= document.createElement('canvas').getContext('2d')
      if (!this.context) return label.getComputedTextLength()
      this.context.font = this.font
      width = this.context.measureText(text).width
      // Names are bounded by the board; a board switch or long session keeps it from growing.
      if (this.known.size >= MAX_KNOWN_WIDTHS) this.known.clear()
      this.known.set(key, width)
    }
    return width
  }
}

const MAX_KNOWN_WIDTHS = 100_000

/** The CSS font of an element (a style recalc, not a layout). */
function fontOf(element: Element): string {
  const style = getComputedStyle(element)
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
}
