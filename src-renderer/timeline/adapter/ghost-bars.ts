// The what-if cascade while a bar is dragged (issue 12, item 1): where the successors would have
// to go to keep every lag, drawn as ghost bars over the chart, frame by frame. One SVG group on
// top of frappe's layers, redrawn whole on each frame (a frame shows at most the window's rows),
// removed when the drag ends; frappe never sees it.
import './ghost-bars.css'
import type { Scene } from './scene'
import type { GhostBar } from './types'
import { milestoneHalf, rowMiddle, xOf } from './units'

const SVG_NS = 'http://www.w3.org/2000/svg'

export class GhostBars {
  private group: SVGGElement | undefined

  constructor(
    private readonly scene: Scene,
    private readonly svg: () => SVGSVGElement,
  ) {}

  /** Draws the ghosts of the tasks whose rows are drawn now; the others are only counted. */
  show(ghosts: readonly GhostBar[]): number {
    const layout = this.scene.layout
    const group = this.layer()
    group.replaceChildren()
    let drawn = 0
    for (const ghost of ghosts) {
      const model = this.scene.byId.get(ghost.id)
      if (!model?.drawn || !Number.isFinite(ghost.startMs) || !Number.isFinite(ghost.endMs))
        continue
      const middle = rowMiddle(layout, model.bar.row)
      const half = layout.barHeight / 2
      const shape = ghost.milestone
        ? diamond(xOf(layout.scale, ghost.endMs), middle, milestoneHalf(layout))
        : rect(
            xOf(layout.scale, ghost.startMs),
            middle - half,
            Math.max(2, xOf(layout.scale, ghost.endMs) - xOf(layout.scale, ghost.startMs)),
            layout.barHeight,
          )
      shape.setAttribute('data-ghost-of', ghost.id)
      group.appendChild(shape)
      drawn += 1
    }
    return drawn
  }

  clear(): void {
    this.group?.remove()
    this.group = undefined
  }

  private layer(): SVGGElement {
    const svg = this.svg()
    if (this.group?.ownerSVGElement !== svg) {
      this.group?.remove()
      this.group = document.createElementNS(SVG_NS, 'g')
      this.group.setAttribute('class', 'tb-ghosts')
      this.group.setAttribute('aria-hidden', 'true')
      this.group.style.pointerEvents = 'none'
    }
    if (this.group.parentNode !== svg) svg.appendChild(this.group)
    return this.group
  }
}

function rect(x: number, y: number, width: number, height: number): SVGRectElement {
  const shape = document.createElementNS(SVG_NS, 'rect')
  shape.setAttribute('class', 'tb-ghost')
  shape.setAttribute('x', String(x))
  shape.setAttribute('y', String(y))
  shape.setAttribute('width', String(width))
  shape.setAttribute('height', String(height))
  shape.setAttribute('rx', '3')
  return shape
}

function diamond(x: number, y: number, half: number): SVGPolygonElement {
  const shape = document.createElementNS(SVG_NS, 'polygon')
  shape.setAttribute('class', 'tb-ghost milestone')
  shape.setAttribute(
    'points',
    `${x},${y - half} ${x + half},${y} ${x},${y + half} ${x - half},${y}`,
  )
  return shape
}
