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
import type { GanttBar } from 'frappe-gantt'
import './timeline-adapter.css'
import { BarDecor } from './bar-decor'
import { ChartCore, dayViewMode } from './chart-core'
import type { ChartOptions } from './chart-core'
import { DragSession } from './drag-session'
import type { DragMode } from './drag-session'
import { Scene } from './scene'
import type { AdapterScale, ClickModifiers, DragResult, RenderInput } from './types'

export interface TimelineAdapterOptions {
  scale: AdapterScale
  /** Row pitch in px; bar i sits in row bar.row, vertically centred. */
  rowHeight: number
  barHeight: number
  /** Once per drag, after the release; results[0] is the grabbed bar. Never called for a click. */
  onDragEnd(results: DragResult[]): void
  onBarClick(id: string, modifiers: ClickModifiers): void
  /** Entering a bar (its rect on screen), and leaving the bars (undefined). */
  onBarHover?(id: string | undefined, rect?: DOMRect): void
}

const hostsInUse = new WeakSet<HTMLElement>()

function validScale(scale: AdapterScale): AdapterScale {
  if (!(scale.pxPerDay > 0) || !(scale.endMs >= scale.startMs)) {
    throw new RangeError(`TimelineAdapter: bad scale ${JSON.stringify(scale)}`)
  }
  return scale
}

function barWrapper(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest('.bar-wrapper') : null
}

export class TimelineAdapter {
  private readonly root: HTMLDivElement
  private readonly scene: Scene
  private readonly decor: BarDecor
  private readonly drag: DragSession
  private readonly chart: ChartCore
  private pending: RenderInput | undefined
  private rescaled = false
  private renders = 0
  private hovered: string | undefined
  private destroyed = false

  constructor(
    private readonly host: HTMLElement,
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
    this.decor = new BarDecor(this.scene)
    this.drag = new DragSession(this.scene, this.decor, {
      bar: (key) => this.chart.get_bar(key),
      resetFrappeDrag: () => this.chart.resetDrag(),
      finish: (results) => this.finishDrag(results),
    })

    this.root = document.createElement('div')
    this.root.className = 'tb-timeline'
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

    this.root.addEventListener('mousedown', this.onMouseDown, true)
    this.root.addEventListener('click', this.onClick)
    this.root.addEventListener('mouseover', this.onMouseOver)
    this.root.addEventListener('mouseout', this.onMouseOut)
    // frappe sets 200 ms hover timers per bar that look up elements a re-render may have
    // removed: its bars never see mouseenter/mouseleave (they do not bubble; capture here).
    this.root.addEventListener('mouseenter', this.stopForBars, true)
    this.root.addEventListener('mouseleave', this.stopForBars, true)
    window.addEventListener('mouseup', this.onMouseUp, true)
    window.addEventListener('keydown', this.onKeyDown, true)
  }

  /**
   * Draws the window: bars with rows in [firstRow, firstRow + rowCount), and the links that touch
   * them (to bars outside the window when they are given, as a stub otherwise). During a drag the
   * input is kept and drawn when the drag ends.
   */
  render(input: RenderInput): void {
    if (this.destroyed) return
    if (this.drag.busy) {
      this.pending = input
      return
    }
    this.draw(input)
  }

  setScale(scale: AdapterScale): void {
    if (this.destroyed) return
    const layout = { ...this.scene.layout, scale: validScale(scale) }
    this.drag.cancel()
    this.scene.layout = layout
    // Every rect moves: the next draw is a full one (scene.update() would see the same bars).
    this.rescaled = true
    if (this.drag.busy) this.pending ??= this.scene.input
    else this.draw(this.scene.input)
  }

  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.drag.dispose()
    window.removeEventListener('mouseup', this.onMouseUp, true)
    window.removeEventListener('keydown', this.onKeyDown, true)
    this.root.removeEventListener('mousedown', this.onMouseDown, true)
    this.root.removeEventListener('click', this.onClick)
    this.root.removeEventListener('mouseover', this.onMouseOver)
    this.root.removeEventListener('mouseout', this.onMouseOut)
    this.root.removeEventListener('mouseenter', this.stopForBars, true)
    this.root.removeEventListener('mouseleave', this.stopForBars, true)
    this.chart.teardown()
    this.root.remove()
    this.pending = undefined
    this.scene.load({ bars: [], links: [], firstRow: 0, rowCount: 0 })
    hostsInUse.delete(this.host)
  }

  /**
   * A full frappe render (it rebuilds the SVG), or, when only dates or selection changed (an
   * edit, a click, a drop), the changed bars moved in place and the arrows redrawn.
   */
  private draw(input: RenderInput): void {
    this.pending = undefined
    this.renders += 1
    const changed = this.rescaled ? undefined : this.scene.update(input)
    if (changed) {
      for (const model of changed) {
        const bar = model.drawn ? this.chart.get_bar(model.key) : undefined
        if (bar) this.decor.refresh(bar)
      }
      if (changed.length > 0) for (const arrow of this.chart.arrows) arrow.update()
    } else {
      this.rescaled = false
      this.scene.load(input)
      this.chart.refresh(this.scene.frappeTasks())
    }
    if (this.hovered !== undefined && !this.scene.byId.get(this.hovered)?.drawn) {
      this.hover(undefined)
    }
  }

  private finishDrag(results: DragResult[]): void {
    if (this.destroyed) return
    const before = this.renders
    const base = this.pending ?? this.scene.input
    try {
      if (results.length > 0) this.options.onDragEnd(results)
    } finally {
      // Unless the caller drew already: draw what it is about to (the dropped positions), so
      // the next drag and a cancel start from there.
      if (!this.destroyed && this.renders === before) {
        if (results.length > 0) this.draw(Scene.shifted(base, results))
        else if (this.pending) this.draw(this.pending)
      }
    }
  }

  private modelOf(wrapper: Element) {
    return this.scene.byKey.get(wrapper.getAttribute('data-id') ?? '')
  }

  private hover(id: string | undefined, bar?: GanttBar): void {
    if (id === this.hovered) return
    this.hovered = id
    this.options.onBarHover?.(id, bar?.$bar.getBoundingClientRect())
  }

  private readonly onMouseDown = (event: MouseEvent): void => {
    const wrapper = barWrapper(event.target)
    const model = wrapper && this.modelOf(wrapper)
    if (!model) return
    if (event.button !== 0 || model.locked || this.drag.busy) {
      // frappe starts a drag on any button and on every bar: it never sees this one.
      event.stopPropagation()
      return
    }
    const handle = event.target instanceof Element ? event.target.closest('.handle') : null
    const mode: DragMode = handle?.classList.contains('left')
      ? 'resize-left'
      : handle?.classList.contains('right')
        ? 'resize-right'
        : 'move'
    this.hover(undefined)
    this.drag.start(model.key, mode, event.clientX)
  }

  private readonly onMouseUp = (event: MouseEvent): void => {
    if (event.button === 0) this.drag.release(event)
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.drag.cancel()) {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  private readonly onClick = (event: MouseEvent): void => {
    if (this.drag.swallowingClick) {
      event.stopPropagation()
      return
    }
    const wrapper = barWrapper(event.target)
    const model = wrapper && this.modelOf(wrapper)
    if (!model) return
    this.options.onBarClick(model.bar.id, {
      shift: event.shiftKey,
      ctrl: event.ctrlKey || event.metaKey,
    })
  }

  private readonly onMouseOver = (event: MouseEvent): void => {
    if (this.drag.dragging) return
    const wrapper = barWrapper(event.target)
    const model = wrapper && this.modelOf(wrapper)
    if (!model) return
    this.hover(model.bar.id, this.chart.get_bar(model.key))
  }

  private readonly onMouseOut = (event: MouseEvent): void => {
    if (this.drag.dragging || barWrapper(event.relatedTarget)) return
    this.hover(undefined)
  }

  private readonly stopForBars = (event: Event): void => {
    if (event.target instanceof Element && event.target.classList.contains('bar-wrapper')) {
      event.stopPropagation()
    }
  }
}
