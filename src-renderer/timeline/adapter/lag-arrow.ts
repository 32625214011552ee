// A dependency arrow in the SVG. frappe's drag loop calls update() on every arrow in a moving
// bar's `arrows` list, so arrows follow their bars live; update() reads the bars' current rects,
// turns them back into whole-day dates and redraws from arrow-geometry.ts.
//
// The drawn paths are thin and take no pointer events; a wide transparent path along the same
// route is what a click (or Tab and Enter) selects the arrow by. Bars lie above the arrow layer,
// so a bar still wins where the two overlap. All arrows share one Tab stop (the chart sets it on
// one of them; arrow keys move between them): a tab through every arrow came before the bars.
//
// Emphasis (arrow-emphasis.css): the arrows of a selected task are "related" and drawn stronger,
// the others dim; an arrow with neither end drawn (passing through the window) is "far" and
// faint; a lag label that would not fit its segment, or would sit on the predecessor's label
// placed after its bar, shows on hover or selection only.
import type { GanttArrowLike, GanttBar } from 'frappe-gantt'
import type { ArrowEnd, ArrowLabel } from './arrow-geometry'
import { arrowPaths } from './arrow-geometry'
import { freeColumnOf } from './arrow-obstacles'
import type { BarModel, Scene } from './scene'
import type { AdapterLink } from './types'
import './arrow-emphasis.css'

const SVG_NS = 'http://www.w3.org/2000/svg'

/** One end as the arrow sees it: a drawn bar (live) or an anchor outside the window (fixed). */
export interface LinkEnd {
  model: BarModel
  bar?: GanttBar
}

type PathPart = 'line' | 'lag' | 'slackBefore' | 'slack'
type TextPart = 'label' | 'missing'

const CLASS: Readonly<Record<PathPart | TextPart, string>> = {
  line: 'tb-arrow-line',
  lag: 'tb-arrow-lag',
  slackBefore: 'tb-arrow-slack',
  slack: 'tb-arrow-slack',
  label: 'tb-arrow-label',
  missing: 'tb-arrow-missing',
}

export class LagArrow implements GanttArrowLike {
  readonly element: SVGGElement
  // Created when first needed: most arrows have no slack or violation, some no lag.
  private readonly paths = new Map<PathPart, SVGPathElement>()
  private readonly texts = new Map<TextPart, SVGTextElement>()
  // What was last written to each path and label: a redraw that changes nothing writes nothing
  // (a window move redraws every kept arrow, most of them as they were).
  private readonly written = new Map<string, string>()
  private state = ''
  private selected = false
  private readonly hit: SVGPathElement

  constructor(
    public link: AdapterLink,
    public from: LinkEnd | undefined,
    public to: LinkEnd | undefined,
    private readonly scene: Scene,
  ) {
    const g = document.createElementNS(SVG_NS, 'g')
    g.setAttribute('data-link-id', link.id)
    g.setAttribute('data-from', link.fromId)
    g.setAttribute('data-to', link.toId)
    this.element = g
    const hit = document.createElementNS(SVG_NS, 'path')
    hit.setAttribute('class', 'tb-arrow-hit')
    hit.setAttribute('tabindex', '-1')
    hit.setAttribute('role', 'button')
    // setAttribute: plain text, never parsed.
    if (link.label) hit.setAttribute('aria-label', link.label)
    g.appendChild(hit)
    this.hit = hit
    this.setSelected(link.selected === true)
    this.update()
  }

  /**
   * The same dependency in a new render, with the same bars drawn at its ends (or none): kept,
   * and redrawn from its new ends. Its route may have changed with the rows drawn between them.
   */
  rebind(link: AdapterLink, from: LinkEnd | undefined, to: LinkEnd | undefined): void {
    this.link = link
    this.from = from
    this.to = to
    this.update()
  }

  /** Sets an attribute unless it already holds that value (as this arrow last wrote it). */
  private write(element: Element, key: string, name: string, value: string): void {
    if (this.written.get(key) === value) return
    this.written.set(key, value)
    element.setAttribute(name, value)
  }

  private end(end: LinkEnd | undefined): ArrowEnd | undefined {
    if (!end) return undefined
    const { model, bar } = end
    // A parent's own dates, not its summary's span (types.ts, dependencyEnd). Summary bars are
    // locked: nothing moves them live.
    const own = model.bar.dependencyEnd
    if (own)
      return {
        startMs: own.startMs,
        endMs: own.endMs,
        row: model.bar.row,
        milestone: own.milestone,
      }
    const range = bar
      ? this.scene.liveRange(
          model,
          Number(bar.$bar.getAttribute('x')),
          Number(bar.$bar.getAttribute('width')),
        )
      : model.bar
    return {
      startMs: range.startMs,
      endMs: range.endMs,
      row: model.bar.row,
      milestone: model.bar.kind === 'milestone',
      ...(own === null ? { unjudged: true } : {}),
    }
  }

  private setPath(part: PathPart, d: string): void {
    let path = this.paths.get(part)
    if (!path) {
      if (!d) return
      path = document.createElementNS(SVG_NS, 'path')
      path.setAttribute('class', CLASS[part])
      // Under the hit path and the labels; the slack's runs in their order along the arrow.
      const next = part === 'slackBefore' ? (this.paths.get('slack') ?? this.hit) : this.hit
      this.element.insertBefore(path, next)
      this.paths.set(part, path)
    }
    this.write(path, part, 'd', d)
  }

  private setText(part: TextPart, label: ArrowLabel | undefined): void {
    let text = this.texts.get(part)
    if (!text) {
      if (!label) return
      text = document.createElementNS(SVG_NS, 'text')
      text.setAttribute('class', CLASS[part])
      this.element.appendChild(text)
      this.texts.set(part, text)
    }
    if (!label) {
      if (text.textContent !== '') text.textContent = ''
      return
    }
    this.write(text, `${part}.x`, 'x', String(label.x))
    this.write(text, `${part}.y`, 'y', String(label.y))
    // textContent, never markup.
    if (text.textContent !== label.text) text.textContent = label.text
  }

  /** Also after a selection of bars changed (the arrow's "related" look follows its ends). */
  setSelected(selected: boolean): void {
    this.selected = selected
    this.setClass()
    if (selected) this.hit.setAttribute('aria-pressed', 'true')
    else this.hit.removeAttribute('aria-pressed')
  }

  /** An end is a selected task: drawn stronger, and the other arrows dim. */
  get related(): boolean {
    return this.from?.model.bar.selected === true || this.to?.model.bar.selected === true
  }

  private setClass(): void {
    const related = this.related
    const far = !this.from?.bar && !this.to?.bar
    const classes = [
      'tb-arrow',
      this.state ? `is-${this.state}` : '',
      this.selected ? 'is-selected' : '',
      this.link.critical ? 'is-critical' : '',
      related ? 'is-related' : '',
      far ? 'is-far' : '',
    ]
    const value = classes.filter(Boolean).join(' ')
    if (this.element.getAttribute('class') !== value) this.element.setAttribute('class', value)
  }

  /** The predecessor's label sits after its bar, where the lag segment and its label are. */
  private predecessorLabelOutside(): boolean {
    return this.from?.bar?.bar_group.querySelector('.bar-label.big') != null
  }

  update(): void {
    const paths = arrowPaths(
      this.scene.layout,
      this.end(this.from),
      this.end(this.to),
      this.link.lagDays,
      freeColumnOf(this.scene),
      this.link.exact === true,
    )
    if (!paths) return
    if (paths.state !== this.state) {
      this.state = paths.state
      this.setClass()
    }
    // The arrowhead shares the solid path.
    const line = `${paths.line} ${paths.head}`.trim()
    this.setPath('line', line)
    this.setPath('lag', paths.lag)
    // Each run of the slack is its own path. A dotted path of two runs on rows far apart (the
    // predecessor an anchor thousands of rows away) is one paint op whose bounds cover every tile
    // between, and Skia dashes a path of several runs in full for each tile it rasters: at
    // 50,000 tasks that was most of a scroll frame's raster. A single horizontal run is first
    // cut to the tile, and a run outside the window is in no tile at all.
    const [first = '', second = ''] = paths.slack.split(/ (?=M )/)
    this.setPath('slackBefore', second ? first : '')
    this.setPath('slack', second || first)
    this.write(this.hit, 'hit', 'd', [line, paths.lag, paths.slack].filter(Boolean).join(' '))
    this.setText('label', paths.lagLabel)
    this.setText('missing', paths.missingLabel)
    const hoverOnly =
      paths.lagLabel !== undefined &&
      (paths.lagLabel.fits === false || this.predecessorLabelOutside())
    this.texts.get('label')?.classList.toggle('is-hover-only', hoverOnly)
    this.setClass()
  }
}

/** Everything an arrow draws from its link, but the highlight (set on every draw). */
export function sameArrow(a: AdapterLink, b: AdapterLink): boolean {
  return (
    a.fromId === b.fromId &&
    a.toId === b.toId &&
    a.lagDays === b.lagDays &&
    Boolean(a.critical) === Boolean(b.critical) &&
    Boolean(a.exact) === Boolean(b.exact) &&
    (a.label ?? '') === (b.label ?? '')
  )
}
