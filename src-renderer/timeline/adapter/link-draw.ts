// Drawing a new dependency: press on a bar's link handle (the dot past its end), drag, release on
// another bar. A rubber-band line follows the pointer and the bar under it is marked as the
// target; releasing on nothing (or on the bar it started from) does nothing, and Esc cancels.
// frappe never sees the press (the adapter stops it), so no bar moves meanwhile.
//
// Coordinates: the SVG's user units are the chart's pixels, whose origin is the host's top-left
// corner (see chart-core.ts set_dimensions), so a pointer's chart position is its offset from
// the host.
import type { BarModel } from './scene'

const SVG_NS = 'http://www.w3.org/2000/svg'
const TARGET_CLASS = 'is-link-target'

export interface LinkDrawHost {
  /** The element whose top-left corner is the chart's (0, 0). */
  origin: HTMLElement
  /** Where the rubber band is drawn (the chart's SVG, as it is now). */
  svg(): SVGSVGElement
  /** The linkable bar under a point on screen, with its group element. */
  barAt(clientX: number, clientY: number): { model: BarModel; element: Element } | undefined
  finish(fromId: string, toId: string): void
}

interface ActiveLink {
  from: BarModel
  line: SVGLineElement
  target: Element | undefined
}

export class LinkDraw {
  private active: ActiveLink | undefined
  private swallow = false

  constructor(private readonly host: LinkDrawHost) {}

  get busy(): boolean {
    return this.active !== undefined
  }

  /** The click that ends a link drag is not a click on a bar. */
  get swallowingClick(): boolean {
    return this.swallow
  }

  /** Mousedown on `from`'s link handle, centred at (x, y) in chart pixels. */
  start(from: BarModel, x: number, y: number, event: MouseEvent): void {
    this.cancel()
    const line = document.createElementNS(SVG_NS, 'line')
    line.setAttribute('class', 'tb-link-rubber')
    line.setAttribute('x1', String(x))
    line.setAttribute('y1', String(y))
    this.host.svg().appendChild(line)
    this.active = { from, line, target: undefined }
    this.move(event)
    window.addEventListener('mousemove', this.move, true)
  }

  readonly move = (event: MouseEvent): void => {
    const active = this.active
    if (!active) return
    const origin = this.host.origin.getBoundingClientRect()
    active.line.setAttribute('x2', String(event.clientX - origin.left))
    active.line.setAttribute('y2', String(event.clientY - origin.top))
    const found = this.host.barAt(event.clientX, event.clientY)
    const target = found && found.model !== active.from ? found.element : undefined
    if (target === active.target) return
    active.target?.classList.remove(TARGET_CLASS)
    target?.classList.add(TARGET_CLASS)
    active.target = target
  }

  /** Mouseup: a dependency to the bar under the pointer, if there is one. */
  release(event: MouseEvent): void {
    const active = this.active
    if (!active) return
    this.end()
    this.swallow = true
    setTimeout(() => (this.swallow = false), 0)
    const found = this.host.barAt(event.clientX, event.clientY)
    if (found && found.model !== active.from)
      this.host.finish(active.from.bar.id, found.model.bar.id)
  }

  /** Esc, a re-scale, destroy(): no dependency. */
  cancel(): boolean {
    if (!this.active) return false
    this.end()
    return true
  }

  private end(): void {
    const active = this.active
    if (!active) return
    this.active = undefined
    window.removeEventListener('mousemove', this.move, true)
    active.line.remove()
    active.target?.classList.remove(TARGET_CLASS)
  }
}
