// Types for frappe-gantt 1.2.2 (pinned exactly in package.json). The package ships none, and the
// adapter relies on internals that no published typing covers: the render pipeline it overrides,
// the Bar objects it decorates, and the drag fields frappe keeps on each bar's rect. Everything
// here was read in node_modules/frappe-gantt/src/ (index.js, bar.js, arrow.js) for 1.2.2; a new
// version must be re-read before the pin moves. Only src-renderer/timeline/adapter/ imports it.
declare module 'frappe-gantt' {
  /** A task as frappe reads it. It adds `_start`, `_end` and `_index` to the object it is given. */
  export interface GanttTask {
    id: string
    /** The label: lean bars (lean-bar.ts) show it as plain text. */
    name: string
    start: Date | string
    end?: Date | string
    progress?: number
    dependencies?: string | string[]
    custom_class?: string
    _start?: Date
    _end?: Date
    /** Row index; frappe sets it to the task's position in the array, the adapter to its row. */
    _index?: number
  }

  export interface GanttViewMode {
    name: string
    /** Unit of one column, e.g. '1d'. */
    step: string
    padding?: string | string[]
    column_width?: number
    date_format?: string
    lower_text?: string | ((date: Date, last: Date | null, lang: string) => string)
    upper_text?: string | ((date: Date, last: Date | null, lang: string) => string)
    thick_line?: (date: Date) => boolean
    snap_at?: string
  }

  export interface GanttOptions {
    view_mode?: string | GanttViewMode
    view_modes?: (string | GanttViewMode)[]
    column_width?: number | null
    bar_height?: number
    padding?: number
    bar_corner_radius?: number
    upper_header_height?: number
    lower_header_height?: number
    container_height?: number | 'auto'
    infinite_padding?: boolean
    holidays?: Record<string, unknown> | false
    lines?: 'both' | 'none' | 'vertical' | 'horizontal'
    move_dependencies?: boolean
    popup?: false | ((context: unknown) => string | false | void)
    popup_on?: 'click' | 'hover'
    readonly?: boolean
    readonly_dates?: boolean
    readonly_progress?: boolean
    scroll_to?: string | null
    today_button?: boolean
    view_mode_select?: boolean
    auto_move_label?: boolean
    on_click?: (task: GanttTask) => void
    on_date_change?: (task: GanttTask, start: Date, end: Date) => void
  }

  export interface GanttConfig {
    step: number
    unit: string
    column_width: number
    header_height: number
    date_format: string
    view_mode: GanttViewMode
    ignored_positions: number[]
    ignored_dates: Date[]
  }

  /** The fields frappe's drag loop keeps on a bar's rect between mousedown and mouseup. */
  export interface DragMarks {
    ox?: number
    oy?: number
    owidth?: number
    finaldx?: number
  }

  /** What frappe calls on each entry of `bar.arrows` while a bar moves. */
  export interface GanttArrowLike {
    element: SVGElement
    update(): void
  }

  /** frappe's Bar (not exported by the package; reached through `gantt.bars`). */
  export interface GanttBar {
    gantt: Gantt
    task: GanttTask
    group: SVGGElement
    bar_group: SVGGElement
    handle_group: SVGGElement
    $bar: SVGRectElement & DragMarks
    $bar_progress?: SVGRectElement
    /** A div per bar in the header, shown on hover. */
    $date_highlight?: HTMLElement
    x: number
    y: number
    width: number
    height: number
    arrows: GanttArrowLike[]
    update_bar_position(change: { x?: number | null; width?: number | null }): void
    update_label_position(): void
    update_handle_position(): void
    update_progressbar_position(): void
    update_arrow_position(): void
  }

  export interface GanttLayers {
    grid: SVGGElement
    arrow: SVGGElement
    progress: SVGGElement
    bar: SVGGElement
  }

  export default class Gantt {
    constructor(
      wrapper: HTMLElement | SVGElement | string,
      tasks: GanttTask[],
      options?: GanttOptions,
    )
    options: GanttOptions & Record<string, unknown>
    config: GanttConfig
    tasks: GanttTask[]
    bars: GanttBar[]
    arrows: GanttArrowLike[]
    layers: GanttLayers
    dependency_map: Record<string, string[]>
    dates: Date[]
    gantt_start: Date
    gantt_end: Date
    upperTexts: HTMLElement[]
    lowerTexts: HTMLElement[]
    $svg: SVGSVGElement
    $container: HTMLDivElement
    $popup_wrapper: HTMLDivElement
    $header?: HTMLDivElement
    $upper_header?: HTMLDivElement
    $lower_header?: HTMLDivElement
    $extras?: HTMLDivElement

    refresh(tasks: GanttTask[]): void
    setup_tasks(tasks: GanttTask[]): void
    update_view_scale(mode: GanttViewMode): void
    setup_gantt_dates(refresh?: boolean): void
    setup_date_values(): void
    setup_layers(): void
    render(): void
    make_grid(): void
    make_dates(): void
    make_grid_extras(): void
    make_bars(): void
    make_arrows(): void
    map_arrows_on_bars(): void
    set_dimensions(): void
    set_scroll_position(date?: unknown): void
    scroll_current(): void
    bind_grid_click(): void
    bind_holiday_labels(): void
    bind_bar_events(): void
    show_popup(options: unknown): void
    get_all_dependent_tasks(taskId: string): string[]
    get_snap_position(dx: number, ox: number): number
    get_bar(id: string): GanttBar | undefined
    get_task(id: string): GanttTask | undefined
    create_el(options: {
      classes: string
      append_to?: Element
      type?: string
      left?: number
      top?: number
      width?: number
      height?: number
    }): HTMLElement
  }
}
