// A saved baseline's span of a task, drawn as a thin bar just under the task's current bar (issue
// 12, item 5), so how far the plan moved shows at a glance. It sits in the bar's group, first (under
// everything else), and is placed once per render: frappe's drag loop does not move it, which is
// right, since it shows where the task was, not where it is going.
import type { GanttBar } from 'frappe-gantt'
import type { BarModel } from './scene'
import type { Layout } from './units'
import { milestoneHalf, rowMiddle, xOf } from './units'

const SVG_NS = 'http://www.w3.org/2000/svg'
/** Thin enough to read as a shadow of the bar, thick enough to see at year zoom. */
export const BASELINE_HEIGHT_PX = 3
const GAP_PX = 1

/** Adds the baseline bar of `model` to frappe's bar group; nothing when it has no baseline. */
export function drawBaseline(bar: GanttBar, model: BarModel, layout: Layout): void {
  const span = model.bar.baseline
  if (!span || !Number.isFinite(span.startMs) || !Number.isFinite(span.endMs)) return
  const rect = document.createElementNS(SVG_NS, 'rect')
  rect.setAttribute('class', 'tb-baseline')
  rect.setAttribute('height', String(BASELINE_HEIGHT_PX))
  rect.setAttribute('data-baseline', 'true')
  placeBaseline(rect, model, layout)
  const title = document.createElementNS(SVG_NS, 'title')
  title.textContent = 'Baseline (saved on this computer)'
  rect.appendChild(title)
  bar.group.insertBefore(rect, bar.group.firstChild)
}

/** Puts a bar's baseline rect (if it has one) where the layout's scale puts its span. */
export function placeBaseline(rect: SVGRectElement, model: BarModel, layout: Layout): void {
  const span = model.bar.baseline
  if (!span) return
  // A milestone's baseline is a point: a tick as wide as its diamond, centred on it.
  const point = span.endMs <= span.startMs
  const half = milestoneHalf(layout)
  const x = point ? xOf(layout.scale, span.startMs) - half : xOf(layout.scale, span.startMs)
  const width = point ? 2 * half : Math.max(2, xOf(layout.scale, span.endMs) - x)
  const y = rowMiddle(layout, model.bar.row) + layout.barHeight / 2 + GAP_PX
  rect.setAttribute('x', String(x))
  rect.setAttribute('y', String(y))
  rect.setAttribute('width', String(width))
}
