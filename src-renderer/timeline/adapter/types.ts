// The adapter's data types: plain numbers and strings in, whole-day deltas out. No DOM and no
// frappe-gantt in here, so tests and other modules can share them.

/**
 * - 'bar': from startMs to endMs; moved by its body, resized by either end.
 * - 'milestone': a diamond centred on startMs (=== endMs); moves, has no resize handles.
 * - 'summary': a parent's span, drawn dark; never dragged or resized (clicks still count).
 * - 'start-only' / 'due-only': a task with one date, drawn from startMs to endMs as given (the
 *   timeline's geometry gives one day) with a faded fill and dashed outline: it moves by whole
 *   days like a bar, but has no resize handles (an end it does not have cannot be dragged).
 */
export type AdapterBarKind = 'bar' | 'milestone' | 'summary' | 'start-only' | 'due-only'

/** One task's bar. Everything is in UTC milliseconds; x = (ms - scale.startMs) / day * pxPerDay. */
export interface AdapterBar {
  /** The task's id; reported back in clicks, hovers and drag results. */
  id: string
  /** Plain text (title, assignee, status...). The adapter escapes it; it is never parsed as HTML. */
  label: string
  /** Accessible name (plain text: key, title, dates...); the label when absent. */
  name?: string
  startMs: number
  /** Right edge. A milestone is a point: startMs === endMs, the diamond is centred there. */
  endMs: number
  kind: AdapterBarKind
  /**
   * Absolute row index. Rows in [firstRow, firstRow + rowCount) are drawn; a bar outside that
   * range is an anchor only: arrows to it are drawn to its row, the bar itself is not.
   */
  row: number
  /** Extra CSS classes for the bar's group (space-separated), e.g. a status colour class. */
  className?: string
  selected?: boolean
  /** Not draggable or resizable (summary bars always are). Still clickable. */
  locked?: boolean
  /**
   * Can be an end of a new dependency (default true): it gets a link handle past its end, and
   * is a drop target for one. False for what is not a task (a collapsed group's summary).
   */
  linkable?: boolean
  /**
   * A saved baseline's span of the task (UTC ms; a milestone's is a point), drawn as a thin bar
   * under the current one (./baseline-bar.ts). It does not move with a drag: it is the past plan.
   */
  baseline?: { startMs: number; endMs: number }
  /**
   * A parent's summary bar spans its subtasks too, but its dependencies hold between its own
   * dates, as the scheduling core (Problems, the cascade, the critical path) reads them: its
   * arrows start and end there. null: it has no dates of its own, and its dependencies are not
   * judged (drawn from the summary, neither kept nor broken). Absent: the bar's own span.
   */
  dependencyEnd?: { startMs: number; endMs: number; milestone: boolean } | null
}

/** A finish-to-start dependency: the successor may start lagDays after the predecessor ends. */
export interface AdapterLink {
  id: string
  fromId: string
  toId: string
  lagDays: number
  /** Highlighted; changing it alone redraws nothing but the highlight. */
  selected?: boolean
  /** On the critical path: drawn marked (a change redraws the arrows). */
  critical?: boolean
  /** Exact gap (the board's mode): the successor must start exactly at finish + lag. */
  exact?: boolean
  /** Accessible name of the arrow (plain text), e.g. "APP-3 → APP-9". */
  label?: string
}

/** Whole days picked by dragging on an empty stretch of a row: [startMs, endMs), UTC midnights. */
export interface SpanSelection {
  row: number
  startMs: number
  endMs: number
}

export interface AdapterScale {
  /** x = 0: a UTC midnight. */
  startMs: number
  endMs: number
  pxPerDay: number
}

/** Whole days a bar moved (start and end alike) or was resized (one of them). */
export interface DragResult {
  id: string
  startDeltaDays: number
  endDeltaDays: number
}

export interface ClickModifiers {
  shift: boolean
  /** Ctrl, or Cmd on macOS. */
  ctrl: boolean
}

export interface RenderInput {
  /** The window's bars, plus (optionally) the other ends of links that leave the window. */
  bars: readonly AdapterBar[]
  links: readonly AdapterLink[]
  firstRow: number
  rowCount: number
  /**
   * Dependencies that cross the window with neither end in it, left out of `links`: at 50,000
   * tasks they are thousands of lines through every row, which nobody can follow and which cost
   * a frame each. Shown as one count at the edge of the view.
   */
  passing?: number
}

/** A task's span as the what-if cascade would leave it (UTC ms; a milestone's is its point). */
export interface GhostBar {
  id: string
  startMs: number
  endMs: number
  milestone: boolean
}

/** Keys a focused bar hands to the app (moving the focus, opening the task). */
export type BarKey = 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'Enter'

export interface TimelineAdapterOptions {
  scale: AdapterScale
  /** Row pitch in px; bar i sits in row bar.row, vertically centred. */
  rowHeight: number
  barHeight: number
  /**
   * Once per drag, after the release; results[0] is the grabbed bar. Never called for a click.
   * `shift`: Shift was held at the drop. 'undecided': the caller asks the user first, so the
   * bars go back where they were until its answer changes the data. 'unchanged': the drop
   * changes nothing (held at the calendar's ends): the bars go back where they were.
   */
  onDragEnd(results: DragResult[], modifiers: { shift: boolean }): void | 'undecided' | 'unchanged'
  /**
   * A press on a bar that may become a drag: what the user sees now is what the drag is made
   * against (a sync that lands before the drop must not count as seen).
   */
  onDragStart?(): void
  /**
   * While a bar is dragged, at most once per frame: the deltas so far (none after Esc). What it
   * returns is drawn as ghost bars until the drag ends (the what-if cascade).
   */
  onDragMove?(results: DragResult[]): readonly GhostBar[] | void
  onBarClick(id: string, modifiers: ClickModifiers): void
  /** Entering a bar (its rect on screen), and leaving the bars (undefined). */
  onBarHover?(id: string | undefined, rect?: DOMRect): void
  /** A dependency drawn from one bar's link handle onto another: (predecessor, successor). */
  onLinkDraw?(fromId: string, toId: string): void
  /** A click on an arrow, or Enter or Space while it has focus. */
  onLinkClick?(linkId: string): void
  /** Whole days picked by dragging on an empty stretch of a row. */
  onSpanSelect?(span: SpanSelection): void
  /** Arrow keys, Home, End and Enter on a focused bar (Space selects it, as a click). */
  onBarKey?(id: string, key: BarKey, modifiers: ClickModifiers): void
  /**
   * What covers the host's scroll container at its top and left edges (a sticky header, a task
   * tree), px: the count of dependencies passing through is kept clear of them.
   */
  viewInsets?: { top: number; left: number }
}
