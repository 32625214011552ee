// What one render() draws, in plain numbers: each bar's rect in chart pixels, which bars are in
// the window, and the task objects handed to frappe-gantt. No DOM and no frappe runtime here.
//
// frappe gets fresh objects on every render (it mutates them, and frozen objects make it throw)
// under ids of our own ('b0', 'b1', ...): frappe rewrites ids with spaces and builds CSS
// selectors from them, so board ids never reach it.
import type { GanttTask } from 'frappe-gantt'
import type { AdapterBar, AdapterLink, DragResult, RenderInput } from './types'
import type { Layout } from './units'
import { DAY_MS, milestoneHalf, xOf } from './units'

/** Narrowest rect drawn for a bar (a day at year zoom is half a pixel). */
export const MIN_BAR_PX = 2

export interface BarModel {
  bar: AdapterBar
  /** frappe's id for the bar ('b0', 'b1', ...); '' for an anchor that is not drawn. */
  key: string
  drawn: boolean
  locked: boolean
  /** The rect in chart pixels (for a milestone: the hit target around the diamond). */
  x: number
  width: number
}

/** A bar's dates as they stand, moved by whole days from the rendered ones. */
export interface LiveRange {
  startMs: number
  endMs: number
}

function rectOf(layout: Layout, bar: AdapterBar): { x: number; width: number } {
  if (bar.kind === 'milestone') {
    const half = milestoneHalf(layout)
    return { x: xOf(layout.scale, bar.startMs) - half, width: 2 * half }
  }
  const x = xOf(layout.scale, bar.startMs)
  return { x, width: Math.max(MIN_BAR_PX, xOf(layout.scale, bar.endMs) - x) }
}

/** frappe drops tasks longer than ten years and loops over every day of a bar: keep it bounded. */
function frappeDates(layout: Layout, bar: AdapterBar): { start: Date; end: Date } {
  const lo = layout.scale.startMs - DAY_MS
  const hi = layout.scale.endMs + DAY_MS
  const start = Math.min(Math.max(bar.startMs, lo), hi)
  const end = Math.min(Math.max(bar.endMs, start + DAY_MS), start + 3_000 * DAY_MS)
  return { start: new Date(start), end: new Date(end) }
}

function readable(bar: AdapterBar): boolean {
  return Number.isFinite(bar.startMs) && Number.isFinite(bar.endMs) && Number.isInteger(bar.row)
}

/**
 * The bars drawn or used as anchors: the first bar given for an id wins; one with unreadable
 * numbers is left out (frappe would drop it and log, and arrows to it would get NaN paths); an
 * end before the start is read as the start.
 */
function accepted(bars: readonly AdapterBar[]): AdapterBar[] {
  const seen = new Set<string>()
  const out: AdapterBar[] = []
  for (const bar of bars) {
    if (seen.has(bar.id) || !readable(bar)) continue
    seen.add(bar.id)
    out.push(bar.endMs >= bar.startMs ? bar : { ...bar, endMs: bar.startMs })
  }
  return out
}

/** Everything but dates and selection. */
function sameShape(a: AdapterBar, b: AdapterBar): boolean {
  return a.row === b.row && sameShapeAnyRow(a, b)
}

/** Everything but row, dates and selection. */
function sameShapeAnyRow(a: AdapterBar, b: AdapterBar): boolean {
  return (
    a.id === b.id &&
    a.kind === b.kind &&
    a.label === b.label &&
    (a.className ?? '') === (b.className ?? '') &&
    Boolean(a.locked) === Boolean(b.locked) &&
    (a.linkable ?? true) === (b.linkable ?? true) &&
    a.baseline?.startMs === b.baseline?.startMs &&
    a.baseline?.endMs === b.baseline?.endMs &&
    // Where a parent's arrows start and end (its own dates): a change redraws them.
    (a.dependencyEnd === null) === (b.dependencyEnd === null) &&
    a.dependencyEnd?.startMs === b.dependencyEnd?.startMs &&
    a.dependencyEnd?.endMs === b.dependencyEnd?.endMs &&
    a.dependencyEnd?.milestone === b.dependencyEnd?.milestone
  )
}

/** Drawn the same but maybe on another row: its SVG can be kept and moved down or up. */
function sameDrawing(a: AdapterBar, b: AdapterBar): boolean {
  return (
    sameShapeAnyRow(a, b) &&
    a.startMs === b.startMs &&
    a.endMs === b.endMs &&
    Boolean(a.selected) === Boolean(b.selected)
  )
}

/** Everything but selection (a click on an arrow changes only its highlight). */
function sameLinks(a: readonly AdapterLink[], b: readonly AdapterLink[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!
    const y = b[i]!
    if (
      x.id !== y.id ||
      x.fromId !== y.fromId ||
      x.toId !== y.toId ||
      x.lagDays !== y.lagDays ||
      Boolean(x.critical) !== Boolean(y.critical) ||
      Boolean(x.exact) !== Boolean(y.exact) ||
      (x.label ?? '') !== (y.label ?? '')
    ) {
      return false
    }
  }
  return true
}

/** A drawn bar kept across a render, on another row than before. */
export interface MovedBar {
  model: BarModel
  fromRow: number
}

/**
 * What a render changed in the drawn bars when some of them stay: the window moved (a scroll),
 * or the rows changed (a filter, a collapse, a re-sort). Bars drawn the same before and after
 * keep their models and keys (their SVG is kept); the others leave and come anew.
 */
export interface WindowChange {
  /** Newly drawn bars, with keys of their own. */
  added: BarModel[]
  /** frappe keys of the bars that left the window or changed. */
  gone: string[]
  /** Kept bars whose row changed. */
  moved: MovedBar[]
}

export class Scene {
  input: RenderInput = { bars: [], links: [], firstRow: 0, rowCount: 0 }
  /** The next key a newly drawn bar gets: keys stay unique while bars come and go. */
  private nextKey = 0
  /** Drawn bars by frappe id. */
  readonly byKey = new Map<string, BarModel>()
  /** Every bar given (drawn or anchor) by task id. */
  readonly byId = new Map<string, BarModel>()

  constructor(public layout: Layout) {}

  get firstRow(): number {
    return this.input.firstRow
  }

  get rowCount(): number {
    return this.input.rowCount
  }

  load(input: RenderInput): void {
    this.input = input
    this.nextKey = 0
    this.byKey.clear()
    this.byId.clear()
    const end = input.firstRow + input.rowCount
    for (const bar of accepted(input.bars)) {
      const drawn = bar.row >= input.firstRow && bar.row < end
      const model = this.newModel(bar, drawn)
      this.byId.set(bar.id, model)
      if (drawn) this.byKey.set(model.key, model)
    }
  }

  /**
   * The same window, bars, rows, labels and links as drawn, only dates or selection changed (an
   * edit, a click): updates the models in place and returns those that changed, for the adapter
   * to move in the DOM instead of rebuilding it. Undefined when anything else differs.
   */
  update(input: RenderInput): BarModel[] | undefined {
    const old = this.input
    if (input.firstRow !== old.firstRow || input.rowCount !== old.rowCount) return undefined
    if (!sameLinks(input.links, old.links)) return undefined
    const bars = accepted(input.bars)
    if (bars.length !== this.byId.size) return undefined
    const models = [...this.byId.values()]
    for (let i = 0; i < bars.length; i += 1) {
      if (!sameShape(bars[i]!, models[i]!.bar)) return undefined
    }
    const changed: BarModel[] = []
    for (let i = 0; i < bars.length; i += 1) {
      const bar = bars[i]!
      const model = models[i]!
      const prev = model.bar
      model.bar = bar
      if (
        bar.startMs !== prev.startMs ||
        bar.endMs !== prev.endMs ||
        Boolean(bar.selected) !== Boolean(prev.selected) ||
        // Its accessible name (it says the dates and the assignee) is set again on refresh.
        bar.name !== prev.name
      ) {
        Object.assign(model, rectOf(this.layout, bar))
        changed.push(model)
      }
    }
    this.input = input
    return changed
  }

  /**
   * Carries the drawn bars that stay over to `input`: any render but the first and a rescale
   * (update() catches the cheapest case first). Undefined when no drawn bar stays, where a full
   * render costs the same.
   */
  reconcile(input: RenderInput): WindowChange | undefined {
    const end = input.firstRow + input.rowCount
    const inNew = (row: number) => row >= input.firstRow && row < end
    const bars = accepted(input.bars)
    const previous = new Map(this.byId)
    const staying = new Set<string>()
    const added: BarModel[] = []
    const moved: MovedBar[] = []
    const models: BarModel[] = []
    for (const bar of bars) {
      const drawn = inNew(bar.row)
      const before = previous.get(bar.id)
      if (drawn && before?.drawn && sameDrawing(bar, before.bar)) {
        if (bar.row !== before.bar.row) moved.push({ model: before, fromRow: before.bar.row })
        staying.add(before.key)
        models.push(before)
      } else {
        const model = this.newModel(bar, drawn)
        if (drawn) added.push(model)
        models.push(model)
      }
    }
    if (staying.size === 0) return undefined
    // Models are written only now: moved bars' rows above were read from before.
    bars.forEach((bar, i) => (models[i]!.bar = bar))
    this.input = input
    this.byId.clear()
    for (const model of models) this.byId.set(model.bar.id, model)
    const gone: string[] = []
    for (const [key] of [...this.byKey]) {
      if (staying.has(key)) continue
      gone.push(key)
      this.byKey.delete(key)
    }
    for (const model of added) this.byKey.set(model.key, model)
    return { added, gone, moved }
  }

  /** A bar's model, with a key of its own when it is drawn (an anchor's key is ''). */
  private newModel(bar: AdapterBar, drawn: boolean): BarModel {
    return {
      bar,
      key: drawn ? `b${this.nextKey++}` : '',
      drawn,
      locked: bar.locked === true || bar.kind === 'summary',
      ...rectOf(this.layout, bar),
    }
  }

  /** After a new scale: every bar's rect where the layout's scale now puts it. */
  rescale(): void {
    for (const model of this.byId.values()) Object.assign(model, rectOf(this.layout, model.bar))
  }

  /** New task objects for frappe, one per drawn bar (or per bar given). */
  frappeTasks(models: Iterable<BarModel> = this.byKey.values()): GanttTask[] {
    const tasks: GanttTask[] = []
    for (const model of models) {
      tasks.push({
        id: model.key,
        name: model.bar.label,
        ...frappeDates(this.layout, model.bar),
        progress: 0,
        dependencies: [],
      })
    }
    return tasks
  }

  /** Dates of a drawn bar whose rect now sits at (x, width): whole days from the rendered ones. */
  liveRange(model: BarModel, x: number, width: number): LiveRange {
    const ppd = this.layout.scale.pxPerDay
    const startDays = Math.round((x - model.x) / ppd)
    const endDays =
      model.bar.kind === 'milestone'
        ? startDays
        : Math.round((x + width - model.x - model.width) / ppd)
    return {
      startMs: model.bar.startMs + startDays * DAY_MS,
      endMs: model.bar.endMs + endDays * DAY_MS,
    }
  }

  /** The same rendered input with dragged bars moved, as the caller is about to render it. */
  static shifted(input: RenderInput, results: readonly DragResult[]): RenderInput {
    const byId = new Map(results.map((r) => [r.id, r]))
    return {
      ...input,
      bars: input.bars.map((bar) => {
        const r = byId.get(bar.id)
        if (!r) return bar
        return {
          ...bar,
          startMs: bar.startMs + r.startDeltaDays * DAY_MS,
          endMs: bar.endMs + r.endDeltaDays * DAY_MS,
        }
      }),
    }
  }
}
