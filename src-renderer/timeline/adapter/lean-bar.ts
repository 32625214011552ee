// frappe-gantt 1.2.2's Bar, built with only the parts the timeline shows. frappe's own
// constructor also draws a progress rect and a progress handle, puts a date highlight div into
// the header, adds a SMIL <animate> to each rect, parses the label with innerHTML, schedules a
// label measurement for the next frame, and binds six listeners to the bar and two to each
// handle, for events the adapter stops or never asks for; BarDecor then took most of it out. A
// CPU profile of filter keystrokes at 5,000 tasks put frappe's draw() at 88 ms of the adapter's
// 199 ms, a third of it in the progress bar alone.
//
// The objects built here are frappe Bars all the same (frappe's prototype, its set_defaults,
// prepare_wrappers and prepare_values), so frappe's drag loop runs on them unchanged. frappe
// does not export the class: its prototype is taken from one probe bar that frappe builds
// itself (`probeBarPrototype`).
import Gantt from 'frappe-gantt'
import type { GanttBar, GanttTask } from 'frappe-gantt'
import { DAY_MS } from '../../../src-shared/schedule/days'

const SVG_NS = 'http://www.w3.org/2000/svg'
/** frappe's handle size; BarDecor sets the width it wants and places the handles. */
const FRAPPE_HANDLE_PX = 3

/** The frappe steps a lean build calls on the prototype (frappe's names). */
interface FrappeBarSteps {
  set_defaults(gantt: unknown, task: GanttTask): void
  prepare_wrappers(): void
  prepare_values(): void
}

type BarUnderConstruction = GanttBar & FrappeBarSteps & { handles: SVGElement[] }

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  parent: Element,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag)
  for (const name in attributes) element.setAttribute(name, String(attributes[name]))
  parent.appendChild(element)
  return element
}

/**
 * frappe's Bar prototype under the few methods that reach for the parts a lean bar has not got:
 * the progress rect (moved on each drag step, measured on the drop) and the header's date
 * highlight (moved on each drag step; here one shared div that is never in the document).
 */
function leanPrototype(frappePrototype: object): object {
  const methods: ThisType<GanttBar> & Record<string, unknown> = {
    update_progressbar_position(): void {},
    /** frappe: the progress from the progress rect, and x from its box; x from the rect here. */
    compute_progress(this: GanttBar): number {
      this.x = Number(this.$bar.getAttribute('x'))
      return this.task.progress ?? 0
    },
    $date_highlight: document.createElement('div'),
  }
  return Object.assign(Object.create(frappePrototype) as object, methods)
}

/**
 * A frappe Bar for `task` (`prototype` from leanPrototype) with its rect, its label (the task's
 * name as plain text, never parsed) and its two resize handles; `resizable`: false when frappe's
 * options leave out the handles (readonly, readonly_dates, fixed_duration).
 */
function buildLeanBar(
  prototype: object,
  gantt: unknown,
  task: GanttTask,
  resizable: boolean,
): GanttBar {
  const bar = Object.create(prototype) as BarUnderConstruction
  bar.set_defaults(gantt, task)
  bar.prepare_wrappers()
  bar.prepare_values()
  const { x, y, width, height } = bar
  const radius = (gantt as { options: { bar_corner_radius: number } }).options.bar_corner_radius
  bar.$bar = svg(
    'rect',
    { x, y, width, height, rx: radius, ry: radius, class: 'bar' },
    bar.bar_group,
  ) as GanttBar['$bar']
  const label = svg(
    'text',
    { x: x + width / 2, y: y + height / 2, class: 'bar-label' },
    bar.bar_group,
  )
  label.textContent = task.name
  bar.handles = []
  if (resizable) {
    for (const side of ['right', 'left'] as const) {
      const handleX = (side === 'right' ? x + width : x) - FRAPPE_HANDLE_PX / 2
      const attributes = { x: handleX, y: y + height / 4, width: FRAPPE_HANDLE_PX }
      bar.handles.push(
        svg(
          'rect',
          { ...attributes, height: height / 2, rx: 2, ry: 2, class: `handle ${side}` },
          bar.handle_group,
        ),
      )
    }
  }
  return bar
}

/** frappe's Bar prototype under leanPrototype's methods, once probed (the same for every chart). */
let barPrototype: object | undefined

/** A lean bar for each of the chart's tasks, appended to its bar layer in their order. */
export function buildLeanBars(chart: Gantt): GanttBar[] {
  if (chart.tasks.length === 0) return []
  const prototype = (barPrototype ??= leanPrototype(probeBarPrototype(chart)))
  const { readonly, readonly_dates: fixedDates, fixed_duration: fixedLength } = chart.options
  const resizable = !readonly && !fixedDates && !fixedLength
  const added = document.createDocumentFragment()
  const bars = chart.tasks.map((task) => {
    const bar = buildLeanBar(prototype, chart, task, resizable)
    added.appendChild(bar.group)
    return bar
  })
  chart.layers.bar.appendChild(added)
  return bars
}

/**
 * frappe's Bar prototype (the package does not export the class): frappe builds one bar for the
 * chart, which is then thrown away.
 */
function probeBarPrototype(chart: Gantt): object {
  const { tasks, bars } = chart
  const day = chart.gantt_start
  chart.tasks = [
    {
      id: 'tb-probe',
      name: '',
      start: '',
      end: '',
      progress: 0,
      dependencies: [],
      _start: day,
      _end: new Date(day.getTime() + DAY_MS),
      _index: 0,
    },
  ]
  Gantt.prototype.make_bars.call(chart)
  const probe = chart.bars[0]!
  probe.group.remove()
  probe.$date_highlight?.remove()
  chart.tasks = tasks
  chart.bars = bars
  return Object.getPrototypeOf(probe) as object
}
