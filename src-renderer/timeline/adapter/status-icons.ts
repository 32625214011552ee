// The status icons on a bar (issue 13, item 6): a check for done, a marker for started, an
// exclamation for overdue, as inline SVG paths (no glyph depends on a font). They read the
// status classes the model put on the bar (../view/bar-status.ts) and sit in a row at the bar's
// start, or after its end when the label goes outside too (a narrow bar, a milestone).
import { ICON_PATHS, ICON_SIZE } from '../../icons/icon-paths'
import type { IconName } from '../../icons/icon-paths'

const SVG_NS = 'http://www.w3.org/2000/svg'
const GAP_PX = 2
/** Room an icon takes in the row, px. */
export const ICON_STEP_PX = ICON_SIZE + GAP_PX

const BY_CLASS: readonly [string, IconName, string][] = [
  ['status-done', 'check', 'Done'],
  ['status-started', 'started', 'Started'],
  ['overdue', 'overdue', 'Overdue'],
]

export interface StatusIcons {
  element: SVGGElement
  /** Width of the row, px (icons and the gaps after them). */
  width: number
}

/** The icons for a bar group's classes; undefined when it has none. */
export function makeStatusIcons(group: Element): StatusIcons | undefined {
  const names = BY_CLASS.filter(([cls]) => group.classList.contains(cls))
  if (names.length === 0) return undefined
  const element = document.createElementNS(SVG_NS, 'g')
  element.setAttribute('class', 'tb-status-icons')
  names.forEach(([, name, title], i) => {
    const icon = document.createElementNS(SVG_NS, 'g')
    icon.setAttribute('class', `tb-status-icon tb-icon-${name}`)
    icon.setAttribute('transform', `translate(${i * ICON_STEP_PX + ICON_SIZE / 2} 0)`)
    const tooltip = document.createElementNS(SVG_NS, 'title')
    tooltip.textContent = title
    icon.appendChild(tooltip)
    for (const shape of ICON_PATHS[name]) {
      const path = document.createElementNS(SVG_NS, 'path')
      path.setAttribute('d', shape.d)
      path.setAttribute('class', `tb-icon-${shape.paint}`)
      icon.appendChild(path)
    }
    element.appendChild(icon)
  })
  return { element, width: names.length * ICON_STEP_PX }
}

/** Puts the row's left edge at x, centred on cy. */
export function placeStatusIcons(icons: StatusIcons, x: number, cy: number): void {
  icons.element.setAttribute('transform', `translate(${x} ${cy})`)
}
