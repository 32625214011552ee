// frappe-gantt, cut down to what the timeline needs from it: bars, their drag and resize loop,
// and arrows (ours). Everything else a stock chart draws is the React side's (header, grid,
// weekend shading, today line) or not wanted (popup, today button, infinite padding, scrolling),
// so those steps are overridden to do nothing, and the SVG holds only the window's bars and
// arrows. Each override names what it replaces in frappe-gantt 1.2.2 (src/index.js).
//
// The base constructor renders before this class's constructor body runs, so everything the
// overrides read arrives through `options.tb`, and fields set during that first render are
// `declare`d (a class field would be reset to undefined after super() returns).
import Gantt from 'frappe-gantt'
import type { GanttBar, GanttOptions, GanttTask, GanttViewMode } from 'frappe-gantt'
import type { BarDecor } from './bar-decor'
import { buildLeanBars } from './lean-bar'
import { LagArrow, sameArrow } from './lag-arrow'
import type { LinkEnd } from './lag-arrow'
import type { Scene, WindowChange } from './scene'
import { DAY_MS } from '../../../src-shared/schedule/days'

/** What the chart asks the adapter while frappe renders and drags. */
export interface ChartHooks {
  scene: Scene
  decor: BarDecor
  /** Other bars to move with `key` (frappe asks on mousedown; multi-select). */
  companions(key: string): string[]
  /** Whole-day snapping of a drag offset, in px. */
  snap(dx: number): number
}

export type ChartOptions = GanttOptions & { tb: ChartHooks }

type Listener = [type: string, listener: EventListenerOrEventListenerObject, capture: boolean]

/** One column per day, column_width = pxPerDay: frappe's x then agrees with ours. */
export function dayViewMode(pxPerDay: number): GanttViewMode {
  return {
    name: 'tb-day',
    step: '1d',
    padding: '0d',
    column_width: pxPerDay,
    date_format: 'YYYY-MM-DD',
    lower_text: () => '',
    upper_text: () => '',
    snap_at: '1d',
  }
}

export class ChartCore extends Gantt {
  declare options: ChartOptions & Record<string, unknown>
  declare private barByKey: Map<string, GanttBar>
  declare private taskByKey: Map<string, GanttTask>
  declare private documentListeners: Listener[]

  private get tb(): ChartHooks {
    return this.options.tb
  }

  // --- time range and rows -------------------------------------------------------------------

  /** Replaces: the range from the tasks plus padding. Ours is the scale's, fixed. */
  override setup_gantt_dates(): void {
    const { scale } = this.tb.scene.layout
    this.gantt_start = new Date(scale.startMs)
    this.gantt_end = new Date(scale.endMs)
    this.config.date_format = 'YYYY-MM-DD'
  }

  /** Replaces: one Date per column, used only by the header and grid we do not draw. */
  override setup_date_values(): void {
    this.dates = [this.gantt_start, this.gantt_end]
  }

  /** Column width = pxPerDay; no header above the rows (y = 0 is row 0's top). */
  override update_view_scale(mode: GanttViewMode): void {
    super.update_view_scale(mode)
    this.config.column_width = this.tb.scene.layout.scale.pxPerDay
    this.config.header_height = 0
  }

  /** Row = the bar's absolute row, not its position in the array; O(1) lookups by id. */
  override setup_tasks(tasks: GanttTask[]): void {
    super.setup_tasks(tasks)
    this.taskByKey = new Map()
    this.indexTasks(this.tasks)
  }

  private indexTasks(tasks: readonly GanttTask[]): void {
    for (const task of tasks) {
      task._index = this.tb.scene.byKey.get(task.id)?.bar.row ?? 0
      this.taskByKey.set(task.id, task)
    }
  }

  /**
   * A render that keeps some drawn bars (scene.reconcile): those keep their SVG, moved to their
   * new row where it changed; the ones that left are removed and the ones that came get new
   * bars. An arrow whose ends are the same bars (or both still anchors outside the window) keeps
   * its SVG and is redrawn in place, writing only what changed; the others are drawn anew (most
   * arrows of a window have one end outside it). `arrowsNow` false: the caller calls
   * moveArrows() later (a scroll's window move, spread over frames: after-paint.ts).
   */
  moveWindow(change: WindowChange, tasks: GanttTask[], arrowsNow = true): void {
    const leaving = new Set(change.gone)
    for (const key of change.gone) {
      this.barByKey.get(key)?.group.remove()
      this.barByKey.delete(key)
      this.taskByKey.delete(key)
    }
    for (const { model, fromRow } of change.moved) {
      const bar = this.barByKey.get(model.key)
      if (!bar) continue
      bar.task._index = model.bar.row
      this.tb.decor.moveRow(bar, fromRow)
    }
    const keptTasks = this.tasks.filter((task) => !leaving.has(task.id))
    const keptBars = this.bars.filter((bar) => !leaving.has(bar.task.id))
    // frappe's own steps on the new tasks alone: its date parsing, then a Bar for each.
    Gantt.prototype.setup_tasks.call(this, tasks)
    const fresh = this.tasks
    this.indexTasks(fresh)
    const layer = this.layers.bar
    const freshBars = buildLeanBars(this)
    for (const bar of freshBars) this.barByKey.set(bar.task.id, bar)
    this.tasks = [...keptTasks, ...fresh]
    this.bars = [...keptBars, ...freshBars]
    this.putInRowOrder(layer, keptBars, freshBars, change.moved.length > 0)
    this.tb.decor.decorateAll(this.bars)
    this.set_dimensions()
    // Until moveArrows: the arrows of the window before (the new bars have none yet).
    for (const bar of freshBars) bar.arrows = []
    if (arrowsNow) this.moveArrows()
  }

  /**
   * The arrows for the bars of a window move: drawArrows keeps those whose ends are the same
   * bars (or anchors) and redraws them from their ends.
   */
  moveArrows(): void {
    const reusable = new Map<string, LagArrow>()
    for (const arrow of this.arrows as LagArrow[]) reusable.set(arrow.link.id, arrow)
    this.drawArrows(reusable)
    this.map_arrows_on_bars()
  }

  /**
   * A new scale (a zoom) for the bars already drawn: frappe's own start date and column width
   * (its drag turns pixels back into dates with them) and the SVG's size; the adapter moves the
   * bars. A full render rebuilt every bar of the window for it.
   */
  rescale(): void {
    this.setup_gantt_dates()
    this.update_view_scale(this.config.view_mode)
    this.set_dimensions()
  }

  /** Bars in row order in the DOM: the order Tab and the first-bar fallback go by. */
  private putInRowOrder(
    layer: Element,
    kept: readonly GanttBar[],
    fresh: readonly GanttBar[],
    rowsMoved: boolean,
  ): void {
    const rowOf = (bar: GanttBar) => bar.task._index ?? 0
    const byRow = (a: GanttBar, b: GanttBar) => rowOf(a) - rowOf(b)
    if (!rowsMoved) {
      // A scroll: the kept bars are in order already, and the new ones all come before or after
      // them (frappe appended them all).
      const rows = kept.map(rowOf)
      const top = Math.min(...rows)
      const bottom = Math.max(...rows)
      const above = fresh.filter((bar) => rowOf(bar) < top).sort(byRow)
      const below = fresh.filter((bar) => rowOf(bar) > bottom).sort(byRow)
      if (above.length + below.length === fresh.length) {
        if (above.length > 0) layer.prepend(...above.map((bar) => bar.group))
        if (below.length > 1) layer.append(...below.map((bar) => bar.group))
        return
      }
    }
    // Rows moved, or a bar drawn anew among kept ones: all of them, where not in order yet.
    const ordered = [...kept, ...fresh].sort(byRow)
    const groups = [...layer.children].filter((child) => child.classList.contains('bar-wrapper'))
    if (ordered.some((bar, i) => groups[i] !== bar.group)) {
      layer.append(...ordered.map((bar) => bar.group))
    }
  }

  // --- what a stock chart draws and we do not ------------------------------------------------

  /** frappe re-creates an "extras" div (a scroll-back button) on each render: keep it hidden. */
  override setup_layers(): void {
    super.setup_layers()
    if (this.$extras) this.$extras.hidden = true
  }

  /**
   * Replaces: grid background, rows, header and side header (today button). frappe's own Bar (the
   * probe in lean-bar.ts) puts a date highlight into the lower header: give it a hidden one.
   */
  override make_grid(): void {
    const header = document.createElement('div')
    header.className = 'grid-header'
    header.hidden = true
    const upper = document.createElement('div')
    const lower = document.createElement('div')
    header.append(upper, lower)
    this.$container.appendChild(header)
    this.$header = header
    this.$upper_header = upper
    this.$lower_header = lower
  }

  /** Replaces: header dates (two Intl.DateTimeFormat per call in frappe's format()). */
  override make_dates(): void {
    this.upperTexts = []
    this.lowerTexts = []
  }

  /** Replaces: holiday/weekend highlights, ticks and today highlight. */
  override make_grid_extras(): void {}

  override bind_grid_click(): void {}
  override bind_holiday_labels(): void {}
  override show_popup(): void {}
  override set_scroll_position(): void {}
  override scroll_current(): void {}

  /**
   * Replaces: width from the date columns and a forced layout. The SVG spans the host (the whole
   * chart; bars sit at their absolute row), so a window move leaves its size alone: sizing it to
   * the window's rows made every move lay out and repaint all that was drawn (3 ms at 5,000).
   */
  override set_dimensions(): void {
    const { scale } = this.tb.scene.layout
    const width = String(Math.max(0, ((scale.endMs - scale.startMs) / DAY_MS) * scale.pxPerDay))
    const svg = this.$svg
    if (svg.getAttribute('width') !== width) svg.setAttribute('width', width)
  }

  // --- bars and arrows -----------------------------------------------------------------------

  /** Replaces: frappe's Bar for each task, with only the parts we show (lean-bar.ts). */
  override make_bars(): void {
    this.bars = buildLeanBars(this)
    this.barByKey = new Map(this.bars.map((bar) => [bar.task.id, bar]))
    this.tb.decor.decorateAll(this.bars)
  }

  /** Replaces: arrows from task.dependencies (ids only, no lag). Ours come from the links. */
  override make_arrows(): void {
    this.drawArrows(new Map())
  }

  /** The window's arrows; `reusable`: arrows already in the layer, kept when still the same. */
  private drawArrows(reusable: ReadonlyMap<string, LagArrow>): void {
    const { scene } = this.tb
    const arrows: LagArrow[] = []
    const end = (id: string): LinkEnd | undefined => {
      const model = scene.byId.get(id)
      if (!model) return undefined
      return { model, bar: model.drawn ? this.barByKey.get(model.key) : undefined }
    }
    const first = scene.firstRow
    const last = first + scene.rowCount - 1
    for (const link of scene.input.links) {
      if (link.fromId === link.toId) continue
      const from = end(link.fromId)
      const to = end(link.toId)
      if (!from?.bar && !to?.bar) {
        // Neither end drawn: only an arrow passing through the window shows.
        if (!from || !to) continue
        const rows = [from.model.bar.row, to.model.bar.row]
        if (Math.max(...rows) < first || Math.min(...rows) > last) continue
      }
      const kept = reusable.get(link.id)
      if (
        kept &&
        from?.bar === kept.from?.bar &&
        to?.bar === kept.to?.bar &&
        sameArrow(kept.link, link)
      ) {
        // Its ends may have moved (a row change, an anchor's new model) and the rows between
        // them changed: redrawn, writing only what differs.
        kept.rebind(link, from, to)
        arrows.push(kept)
        continue
      }
      kept?.element.remove()
      const arrow = new LagArrow(link, from, to, scene)
      this.layers.arrow.appendChild(arrow.element)
      arrows.push(arrow)
    }
    const drawn = new Set(arrows)
    for (const arrow of reusable.values()) if (!drawn.has(arrow)) arrow.element.remove()
    // The old Tab stop, if kept, steps down (one query, not one per kept arrow: a window move
    // keeps most of them).
    for (const hit of this.layers.arrow.querySelectorAll('.tb-arrow-hit[tabindex="0"]')) {
      hit.setAttribute('tabindex', '-1')
    }
    this.arrows = arrows
    // One Tab stop for all arrows (the one with keyboard focus, kept through the draw, else the
    // selected one, else the first); arrow keys move on from it (adapter-events.ts).
    const selected = new Set(scene.input.links.filter((l) => l.selected).map((l) => l.id))
    const active = document.activeElement
    const stop =
      arrows.find((arrow) => active !== null && arrow.element.contains(active)) ??
      arrows.find((arrow) => selected.has(arrow.link.id)) ??
      arrows[0]
    stop?.element.querySelector('.tb-arrow-hit')?.setAttribute('tabindex', '0')
  }

  /** Replaces: an O(bars x arrows) filter. */
  override map_arrows_on_bars(): void {
    const byBar = new Map<GanttBar, LagArrow[]>()
    for (const arrow of this.arrows as LagArrow[]) {
      for (const end of [arrow.from, arrow.to]) {
        if (!end?.bar) continue
        const list = byBar.get(end.bar)
        if (list) list.push(arrow)
        else byBar.set(end.bar, [arrow])
      }
    }
    for (const bar of this.bars) bar.arrows = byBar.get(bar) ?? []
  }

  /** Replaces: Array.find (O(N) per call, O(N^2) in frappe's loops). */
  override get_bar(id: string): GanttBar | undefined {
    return this.barByKey?.get(id)
  }

  override get_task(id: string): GanttTask | undefined {
    return this.taskByKey?.get(id)
  }

  // --- dragging -------------------------------------------------------------------------------

  /** Replaces: direct dependents. A drag moves the other selected bars instead (or nothing). */
  override get_all_dependent_tasks(taskId: string): string[] {
    return this.tb.companions(taskId)
  }

  /** Replaces: truncating snap with ignored-date handling. Nearest whole day. */
  override get_snap_position(dx: number): number {
    return this.tb.snap(dx)
  }

  /** frappe adds an anonymous document mouseup listener here and never removes it: keep it. */
  override bind_bar_events(): void {
    const added: Listener[] = []
    const doc = document
    const original = doc.addEventListener
    const hadOwn = Object.prototype.hasOwnProperty.call(doc, 'addEventListener')
    doc.addEventListener = function (
      this: Document,
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) {
      added.push([type, listener, typeof options === 'boolean' ? options : !!options?.capture])
      original.call(this, type, listener, options)
    } as Document['addEventListener']
    try {
      super.bind_bar_events()
    } finally {
      if (hadOwn) doc.addEventListener = original
      else delete (doc as Partial<Pick<Document, 'addEventListener'>>).addEventListener
    }
    this.documentListeners = added
  }

  /** Ends frappe's own drag state (its document mouseup listener), without a real mouseup. */
  resetDrag(): void {
    for (const [type, listener] of this.documentListeners ?? []) {
      if (type !== 'mouseup') continue
      const event = new MouseEvent('mouseup')
      if (typeof listener === 'function') listener.call(document, event)
      else listener.handleEvent(event)
    }
  }

  /** What frappe has no method for: remove its document listeners. */
  teardown(): void {
    for (const [type, listener, capture] of this.documentListeners ?? []) {
      document.removeEventListener(type, listener, capture)
    }
    this.documentListeners = []
    this.barByKey = new Map()
    this.taskByKey = new Map()
  }
}
