// What the adapter's browser test page (page/adapter-page.mts) offers the Node side of the test:
// plain data only, so this file type-checks without the DOM.
import type {
  AdapterScale,
  ClickModifiers,
  DragResult,
  RenderInput,
  SpanSelection,
} from '../../../src-renderer/timeline/adapter/types'
export type { AdapterBar, AdapterLink } from '../../../src-renderer/timeline/adapter/types'
export type { AdapterScale, ClickModifiers, DragResult, RenderInput, SpanSelection }

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

export interface BarView {
  id: string
  /** The rect's attributes, chart pixels (absolute rows). */
  x: number
  y: number
  width: number
  height: number
  /** The rect on screen relative to the host's top-left corner. */
  inHost: Box
  classes: string[]
  /** What the label shows. */
  labelText: string
  /** Elements inside the label (markup that got parsed): must be 0. */
  labelElements: number
  diamond: boolean
  /** Resize handles not hidden. */
  handles: number
  ariaLabel: string | null
  /** Still the element that was there at the last mark() (moved in place, not rebuilt). */
  marked: boolean
  /** Status icons drawn (check, started, overdue), left to right, host-relative screen x. */
  statusIcons: { name: string; x: number; width: number }[]
  /** The label on screen relative to the host. */
  labelBox: Box
}

export interface ArrowView {
  linkId: string
  from: string
  to: string
  classes: string[]
  lagLabel: string
  missingLabel: string
  line: string
  lag: string
  /** The slack's runs joined, in their order along the arrow. */
  slack: string
  /** The slack's path elements, one path data each. */
  slackPaths: string[]
}

export interface Recorded {
  dragEnds: DragResult[][]
  clicks: { id: string; modifiers: ClickModifiers }[]
  hovers: (string | null)[]
  /** Dependencies drawn: [predecessor, successor]. */
  linkDraws: [string, string][]
  linkClicks: string[]
  spans: SpanSelection[]
  /** Keys on a focused bar handed to the app: [task id, key]. */
  barKeys: [string, string][]
}

/** What the chart holds: bar ids, and arrow (link) ids. */
export interface Drawn {
  bars: string[]
  arrows: string[]
}

export interface MountOptions {
  scale: AdapterScale
  rowHeight: number
  barHeight: number
  /** What the page's onDragEnd answers (by default nothing: it takes the drop). */
  dragAnswer?: 'undecided' | 'unchanged'
}

export interface PageApi {
  mount(options: MountOptions): void
  /** A second adapter on the same host: the error message, or '' if it did not throw. */
  mountAgain(options: MountOptions): string
  render(input: RenderInput): void
  /** Renders and reads the bars in the same task: as the first frame after it will paint them. */
  renderThenBars(input: RenderInput): BarView[]
  /**
   * Renders with `afterPaint` (a scroll's window move) and says what is drawn, as bar and arrow
   * ids: at once, after the next frame and after the one after. `then`: 'mousedown' on the host,
   * a plain 'render' of `next`, or a keydown of `key` on what has focus, right after the call,
   * instead of waiting.
   */
  renderAfterPaint(
    input: RenderInput,
    then?: { mousedown?: boolean; next?: RenderInput; key?: string },
  ): Promise<Drawn[]>
  /** Renders deep-frozen input (as immer hands it out); the keys of each bar afterwards. */
  renderFrozen(input: RenderInput): string[][]
  setScale(scale: AdapterScale): void
  /** The task whose bar is the chart's Tab stop (the planner's focused task), as its view sets it. */
  focusBar(id: string): void
  destroy(): void
  bars(): BarView[]
  /** Marks the bar elements now in the page. */
  mark(): void
  arrows(): ArrowView[]
  /** The bar's rect on screen (viewport coordinates). */
  screenBox(id: string): Box
  /** The bar's link handle (the dot past its end) on screen. */
  linkHandleBox(id: string): Box
  /** A point on screen on the arrow's route that a click reaches (no bar above it). */
  arrowPoint(linkId: string): { x: number; y: number }
  /** Elements of the rubber band and of the span band now drawn, and bars marked as targets. */
  gestureMarks(): { rubber: number; span: number; targets: string[] }
  recorded(): Recorded
  clearRecorded(): void
  /** Elements under the host (and <img> among them), Intl.DateTimeFormat constructions, XSS flag. */
  counts(): { hostElements: number; images: number; intlFormats: number; xssRan: boolean }
}
