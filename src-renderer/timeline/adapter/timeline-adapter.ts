// The timeline's chart layer: frappe-gantt behind a small typed API. Nothing outside this folder
// knows frappe-gantt is here (see chart-core.ts for what is overridden and why).
//
// The host is a block the React side positions over its chart body (same origin: x = 0 is the
// scale's start, y = 0 is row 0's top) and sizes; the adapter adds one absolutely positioned
// child and draws only the window's rows into it, so render() costs the same at 100 tasks or
// 5,000. The React side draws the header, grid, weekend shading and today line.
//
// Lifecycle: one construction per mount (a second adapter on the same host throws), render() as
// often as the window or the data change, destroy() on unmount: it removes every element and
// every document/window listener, frappe's own included.
//
// Besides moving and resizing bars (drag-session.ts), the user can draw a dependency from a bar's
// link handle onto another bar (link-draw.ts), click an arrow to select it, and drag on an empty
// stretch of a row to pick days (span-select.ts). One gesture at a time; renders wait for it.
// The pointer and keyboard handlers are in adapter-events.ts; keyboard focus on bars and the
// short highlight of a bar brought into view, in bar-focus.ts.
import type { GanttBar } from 'frappe-gantt'
import './timeline-adapter.css'
import { AdapterEvents, barWrapper } from './adapter-events'
import { LaterDraws } from './after-paint'
import type { EventHost } from './adapter-events'
import { BarDecor } from './bar-decor'
import { BarFocus } from './bar-focus'
import { ChartCore, dayViewMode } from './chart-core'
import type { ChartOptions } from './chart-core'
import { DragSession } from './drag-session'
import { GhostBars } from './ghost-bars'
import type { LagArrow } from './lag-arrow'
import { LinkDraw } from './link-draw'
import { PassingCount } from './passing-count'
import { Scene } from './scene'
import { SpanSelect } from './span-select'
import type {
  AdapterScale,
  DragResult,
  GhostBar,
  RenderInput,
  TimelineAdapterOptions,
} from './types'

const hostsInUse = new WeakSet<HTMLElement>()

function validScale(scale: AdapterScale): AdapterScale {
  if (!(scale.pxPerDay > 0) || !(scale.endMs >= scale.startMs)) {
    throw new RangeError(`TimelineAdapter: bad scale ${JSON.stringify(scale)}`)
  }
  return scale
}

export class TimelineAdapter implements EventHost {
  readonly root: HTMLDivElement
  private readonly scene: Scene
  private readonly decor: BarDecor
  readonly drag: DragSession
  readonly link: LinkDraw
  readonly span: SpanSelect
  private readonly chart: ChartCore
  private readonly events: AdapterEvents
  private readonly focus: BarFocus
  private readonly ghosts: GhostBars
  private readonly passing: PassingCount
  private pending: RenderInput | undefined
  private readonly later: LaterDraws
  private rescaled = false
  private renders = 0
  private hovered: string | undefined
  private destroyed = false

  constructor(
    readonly host: HTMLElement,
    private readonly options: TimelineAdapterOptions,
  ) {
    if (hostsInUse.has(host)) {
      throw new Error('TimelineAdapter: this element already has a timeline; destroy() it first')
    }
    const layout = {
      scale: validScale(options.scale),
      rowHeight: options.rowHeight,
      barHeight: options.barHeight,
    }
    this.scene = new Scene(layout)
    this.later = new LaterDraws({
      draw: (input, arrowsLater) => this.draw(input, arrowsLater),
      moveArrows: () => {
        this.chart.moveArrows()
        this.highlightArrows()
      },
      idle: () => !this.destroyed && !this.busy,
      hold: (input) => (this.pending = input),
    })
    this.decor = new BarDecor(this.scene)
    this.drag = new DragSession(this.scene, this.decor, {
      bar: (key) => this.chart.get_bar(key),
      resetFrappeDrag: () => this.chart.resetDrag(),
      finish: (results, modifiers) => this.finishDrag(results, modifiers),
      progress: (results) => this.dragMoved(results),
      started: () => this.options.onDragStart?.(),
    })

    this.link = new LinkDraw({
      origin: host,
      svg: () => this.chart.$svg,
      barAt: (x, y) => this.linkableBarAt(x, y),
      finish: (fromId, toId) => this.options.onLinkDraw?.(fromId, toId),
    })

    this.passing = new PassingCount(host, options.viewInsets ?? { top: 0, left: 0 })
    this.root = document.createElement('div')
    this.root.className = 'tb-timeline'
    this.span = new SpanSelect({
      origin: host,
      layer: this.root,
      layout: () => this.scene.layout,
      rowCount: () => this.scene.rowCount + this.scene.firstRow,
      finish: (span) => this.options.onSpanSelect?.(span),
    })
    host.appendChild(this.root)
    hostsInUse.add(host)

    const chartOptions: ChartOptions = {
      tb: {
        scene: this.scene,
        decor: this.decor,
        companions: (key) => this.drag.companions(key),
        snap: (dx) => this.drag.snap(dx),
      },
      view_modes: [dayViewMode(layout.scale.pxPerDay)],
      bar_height: layout.barHeight,
      padding: layout.rowHeight - layout.barHeight,
      bar_corner_radius: 3,
      container_height: 'auto',
      infinite_padding: false,
      holidays: false,
      lines: 'none',
      popup: false,
      today_button: false,
      view_mode_select: false,
      scroll_to: null,
      readonly_progress: true,
      move_dependencies: true,
      on_date_change: (task) => this.drag.dateChanged(task.id),
    }
    try {
      this.chart = new ChartCore(this.root, [], chartOptions)
    } catch (error) {
      this.root.remove()
      this.passing.remove()
      hostsInUse.delete(host)
      throw error
    }
    // frappe's container would size itself to the grid; ours holds an absolutely placed SVG.
    const { $container, $svg, $popup_wrapper } = this.chart
    $container.style.height = '0'
    $popup_wrapper.hidden = true
    $svg.style.position = 'absolute'
    $svg.style.left = '0'
    $svg.style.overflow = 'visible'

    this.ghosts = new GhostBars(this.scene, () => this.chart.$svg)
    this.focus = new BarFocus(this.root, (id) => this.scene.byId.get(id)?.bar.row)
    this.events = new AdapterEvents(this)
    this.events.attach()
  }

  /**
   * Draws the window: bars with rows in [firstRow, firstRow + rowCount), and the links that touch
   * them (to bars outside the window when they are given, as a stub otherwise). During a drag the
   * input is kept and drawn when the drag ends.
   *
   * `afterPaint` (a scroll moved the window: only rows beyond the view change): drawn after the
   * next paint, a window move's arrows after the one after (after-paint.ts). Anything else that
   * uses the chart first draws what is still to come (a render, a scale, a mousedown, a key).
   */
  render(input: RenderInput, options: { afterPaint?: boolean } = {}): void {
    if (this.destroyed) return
    if (this.busy) {
      this.pending = input
      return
    }
    if (options.afterPaint) {
      this.later.drawLater(input)
      return
    }
    this.later.supersede()
    this.draw(input)
  }

  /** What a scroll's window move has still to draw, drawn now (events.ts: before a gesture). */
  flushLater(): void {
    if (!this.destroyed) this.later.flush()
  }

  /** What the event handlers call back (the options' callbacks). */
  get callbacks(): TimelineAdapterOptions {
    return this.options
  }

  /**
   * Makes the task's bar the chart's one Tab stop; `focus`: give it keyboard focus, now or as
   * soon as a render draws it.
   */
  focusBar(id: string, focus = false): void {
    if (!this.destroyed) this.focus.setFocus(id, focus)
  }

  /** The task whose bar has keyboard focus, if one has. */
  get focusedBarId(): string | undefined {
    return this.focus.focusedId
  }

  /** A short highlight on the task's bar (it was just brought into view). */
  flashBar(id: string): void {
    if (!this.destroyed) this.focus.flash(id)
  }

  /** Ghost bars over the chart (the what-if cascade of a drop the user is asked about). */
  showGhosts(ghosts: readonly GhostBar[]): void {
    if (this.destroyed) return
    if (ghosts.length > 0) this.ghosts.show(ghosts)
    else this.ghosts.clear()
  }

  /** A gesture is under way (or its result not yet handed over): a render would break it. */
  get busy(): boolean {
    return this.drag.busy || this.link.busy || this.span.busy
  }

  setScale(scale: AdapterScale): void {
    if (this.destroyed) return
    this.later.flush()
    const layout = { ...this.scene.layout, scale: validScale(scale) }
    this.drag.cancel()
    this.link.cancel()
    this.span.cancel()
    this.scene.layout = layout
    if (this.drag.busy) {
      // Every rect moves: the draw held back for the drop is a full one (scene.update() would
      // see the same bars).
      this.rescaled = true
      this.pending ??= this.scene.input
      return
    }
    // The same bars at a new scale: each moved in place, arrows redrawn from the new rects.
    this.scene.rescale()
    this.chart.rescale()
    for (const model of this.scene.byKey.values()) {
      const bar = this.chart.get_bar(model.key)
      if (bar) this.decor.rescale(bar)
    }
    for (const arrow of this.chart.arrows) arrow.update()
  }

  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.later.drop()
    this.drag.dispose()
    this.ghosts.clear()
    this.link.cancel()
    this.span.cancel()
    this.events.detach()
    this.focus.dispose()
    this.chart.teardown()
    this.root.remove()
    this.passing.remove()
    this.pending = undefined
    this.scene.load({ bars: [], links: [], firstRow: 0, rowCount: 0 })
    hostsInUse.delete(this.host)
  }

  /**
   * A full frappe render (it rebuilds the SVG), or, when only dates or selection changed (an
   * edit, a click, a drop), the changed bars moved in place and the arrows redrawn.
   */
  private draw(input: RenderInput, arrowsLater = false): void {
    this.pending = undefined
    this.focus.remember()
    this.renders += 1
    this.passing.show(input.passing ?? 0)
    const changed = this.rescaled ? undefined : this.scene.update(input)
    if (changed) {
      for (const model of changed) {
        const bar = model.drawn ? this.chart.get_bar(model.key) : undefined
        if (bar) this.decor.refresh(bar)
      }
      if (changed.length > 0) for (const arrow of this.chart.arrows) arrow.update()
    } else {
      const kept = this.rescaled ? undefined : this.scene.reconcile(input)
      if (kept) {
        // Rows that moved (a filter, a collapse) are in view: their arrows cannot wait.
        const now = !arrowsLater || kept.moved.length > 0
        this.chart.moveWindow(kept, this.scene.frappeTasks(kept.added), now)
        if (!now) this.later.arrowsLater()
      } else {
        this.rescaled = false
        this.scene.load(input)
        this.chart.refresh(this.scene.frappeTasks())
      }
    }
    if (!this.later.arrowsDue) this.highlightArrows()
    if (this.hovered !== undefined && !this.scene.byId.get(this.hovered)?.drawn) {
      this.hover(undefined)
    }
    this.focus.apply()
  }

  /** Arrow highlights: a changed selection alone keeps the arrows (scene.update). */
  private highlightArrows(): void {
    const selected = new Set(this.scene.input.links.filter((l) => l.selected).map((l) => l.id))
    let related = false
    for (const arrow of this.chart.arrows as LagArrow[]) {
      arrow.setSelected(selected.has(arrow.link.id))
      related ||= arrow.related
    }
    // The other arrows dim while some are related (arrow-emphasis.css). A class on their layer,
    // not `:has(.is-related)` on the chart: that made every arrow inserted by a window move
    // restyle all arrows (about 1.5 ms of style a move at 5,000 tasks).
    this.chart.layers.arrow.classList.toggle('tb-has-related', related)
  }

  /** After a link or span gesture: the render it held back. */
  settle(): void {
    if (!this.destroyed && !this.busy && this.pending) this.draw(this.pending)
  }

  private linkableBarAt(clientX: number, clientY: number) {
    const element = barWrapper(document.elementFromPoint(clientX, clientY))
    const model = element && this.root.contains(element) ? this.modelOf(element) : undefined
    if (!element || !model || model.bar.linkable === false) return undefined
    return { model, element }
  }

  private dragMoved(results: DragResult[]): void {
    if (this.destroyed || !this.options.onDragMove) return
    const ghosts = this.options.onDragMove(results)
    if (ghosts && ghosts.length > 0) this.ghosts.show(ghosts)
    else this.ghosts.clear()
  }

  private finishDrag(results: DragResult[], modifiers: { shift: boolean }): void {
    if (this.destroyed) return
    this.ghosts.clear()
    // A drag let go where it began: the preview said something moves; now nothing does.
    if (results.length === 0) this.options.onDragMove?.([])
    const before = this.renders
    const base = this.pending ?? this.scene.input
    // Whether the caller takes the drop: not while it asks, nor when the drop changes nothing
    // (the data stays as it is, so no render would put the bars back).
    let taken = true
    try {
      if (results.length > 0) {
        const answer = this.options.onDragEnd(results, modifiers)
        taken = answer !== 'undecided' && answer !== 'unchanged'
      }
    } finally {
      // Unless the caller drew already: draw what it is about to (the dropped positions), so
      // the next drag and a cancel start from there; or, while it asks, where they were.
      if (!this.destroyed && !taken) this.putBack(results)
      if (!this.destroyed && this.renders === before) {
        if (results.length > 0) this.draw(taken ? Scene.shifted(base, results) : base)
        else if (this.pending) this.draw(this.pending)
      }
    }
  }

  /** The dragged bars back where their data puts them (frappe moved the rects, not the data). */
  private putBack(results: readonly DragResult[]): void {
    for (const { id } of results) {
      const model = this.scene.byId.get(id)
      const bar = model?.drawn ? this.chart.get_bar(model.key) : undefined
      if (bar) this.decor.restore(bar)
    }
  }

  modelOf(wrapper: Element) {
    return this.scene.byKey.get(wrapper.getAttribute('data-id') ?? '')
  }

  bar(key: string): GanttBar | undefined {
    return this.chart.get_bar(key)
  }

  hover(id: string | undefined, bar?: GanttBar): void {
    if (id === this.hovered) return
    this.hovered = id
    this.options.onBarHover?.(id, bar?.$bar.getBoundingClientRect())
  }
}
