// The adapter's pointer and keyboard handling, apart from its drawing (timeline-adapter.ts): which
// gesture a mousedown starts, clicks on bars and arrows, hover, Esc, and keys on a focused bar or
// arrow. Every listener is added in attach() and removed in detach(), frappe's document listeners
// aside (the adapter's teardown handles those).
import type { GanttBar } from 'frappe-gantt'
import type { DragMode, DragSession } from './drag-session'
import type { LinkDraw } from './link-draw'
import type { BarModel } from './scene'
import type { SpanSelect } from './span-select'
import type { BarKey, ClickModifiers, SpanSelection } from './types'

const BAR_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End', 'Enter'])

export interface EventCallbacks {
  onBarClick(id: string, modifiers: ClickModifiers): void
  onLinkClick?(linkId: string): void
  onSpanSelect?(span: SpanSelection): void
  onBarKey?(id: string, key: BarKey, modifiers: ClickModifiers): void
}

/** What the handlers need of the adapter. */
export interface EventHost {
  readonly root: HTMLElement
  readonly host: HTMLElement
  readonly drag: DragSession
  readonly link: LinkDraw
  readonly span: SpanSelect
  readonly callbacks: EventCallbacks
  /** A gesture is under way: mousedowns start nothing. */
  readonly busy: boolean
  modelOf(wrapper: Element): BarModel | undefined
  bar(key: string): GanttBar | undefined
  hover(id: string | undefined, bar?: GanttBar): void
  /** After a gesture ends: the render it held back. */
  settle(): void
  /** What a scroll's window move has still to draw (after-paint.ts), drawn now. */
  flushLater(): void
}

export function barWrapper(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest('.bar-wrapper') : null
}

function closest(target: EventTarget | null, selector: string): Element | null {
  return target instanceof Element ? target.closest(selector) : null
}

const modifiersOf = (event: MouseEvent | KeyboardEvent): ClickModifiers => ({
  shift: event.shiftKey,
  ctrl: event.ctrlKey || event.metaKey,
})

export class AdapterEvents {
  constructor(private readonly a: EventHost) {}

  attach(): void {
    const { root, host } = this.a
    // Before any gesture or key: the chart drawn whole (a scroll's window move may be in stages).
    host.addEventListener('mousedown', this.flushLater, true)
    root.addEventListener('keydown', this.flushLater, true)
    root.addEventListener('mousedown', this.onMouseDown, true)
    root.addEventListener('click', this.onClick)
    root.addEventListener('mouseover', this.onMouseOver)
    root.addEventListener('mouseout', this.onMouseOut)
    // frappe sets 200 ms hover timers per bar that look up elements a re-render may have
    // removed: its bars never see mouseenter/mouseleave (they do not bubble; capture here).
    root.addEventListener('mouseenter', this.stopForBars, true)
    root.addEventListener('mouseleave', this.stopForBars, true)
    root.addEventListener('keydown', this.onFocusedKey)
    host.addEventListener('mousedown', this.onHostMouseDown)
    window.addEventListener('mouseup', this.onMouseUp, true)
    window.addEventListener('keydown', this.onKeyDown, true)
    window.addEventListener('blur', this.onLost)
    window.addEventListener('mousemove', this.onMouseMove, true)
  }

  detach(): void {
    const { root, host } = this.a
    host.removeEventListener('mousedown', this.flushLater, true)
    root.removeEventListener('keydown', this.flushLater, true)
    root.removeEventListener('keydown', this.onFocusedKey)
    host.removeEventListener('mousedown', this.onHostMouseDown)
    window.removeEventListener('mouseup', this.onMouseUp, true)
    window.removeEventListener('keydown', this.onKeyDown, true)
    window.removeEventListener('blur', this.onLost)
    window.removeEventListener('mousemove', this.onMouseMove, true)
    root.removeEventListener('mousedown', this.onMouseDown, true)
    root.removeEventListener('click', this.onClick)
    root.removeEventListener('mouseover', this.onMouseOver)
    root.removeEventListener('mouseout', this.onMouseOut)
    root.removeEventListener('mouseenter', this.stopForBars, true)
    root.removeEventListener('mouseleave', this.stopForBars, true)
  }

  private readonly flushLater = (): void => this.a.flushLater()

  private readonly onMouseDown = (event: MouseEvent): void => {
    const a = this.a
    const wrapper = barWrapper(event.target)
    const model = wrapper && a.modelOf(wrapper)
    if (!model) return
    const handle = closest(event.target, '.tb-link-handle')
    if (handle) {
      // Ours alone: frappe would start moving the bar.
      event.stopPropagation()
      event.preventDefault()
      if (event.button !== 0 || a.busy || model.bar.linkable === false) return
      a.hover(undefined)
      const [x, y] = ['cx', 'cy'].map((n) => Number(handle.getAttribute(n))) as [number, number]
      a.link.start(model, x, y, event)
      return
    }
    if (event.button !== 0 || model.locked || a.busy) {
      // frappe starts a drag on any button and on every bar: it never sees this one.
      event.stopPropagation()
      return
    }
    const resize = closest(event.target, '.handle')
    const mode: DragMode = resize?.classList.contains('left')
      ? 'resize-left'
      : resize?.classList.contains('right')
        ? 'resize-right'
        : 'move'
    a.hover(undefined)
    a.drag.start(model.key, mode, event.clientX)
  }

  /** On the chart's background (not a bar, not an arrow): a span of days on that row. */
  private readonly onHostMouseDown = (event: MouseEvent): void => {
    const a = this.a
    if (event.button !== 0 || a.busy || !a.callbacks.onSpanSelect) return
    if (closest(event.target, '.bar-wrapper, .tb-arrow')) return
    // No text selection in the tree while dragging across.
    event.preventDefault()
    a.span.start(event)
  }

  private readonly onMouseUp = (event: MouseEvent): void => {
    if (event.button !== 0) return
    this.a.drag.release(event)
    this.a.link.release(event)
    this.a.span.release(event)
    this.a.settle()
  }

  /**
   * A gesture whose mouseup will never come (the window lost the focus mid-drag, or the button
   * was released where no mouseup reached the page) is cancelled as Esc cancels it: left open,
   * every render was held and the next click anywhere wrote the drag where the bar was left.
   */
  private readonly onLost = (): void => {
    const a = this.a
    if (a.drag.cancel() || a.link.cancel() || a.span.cancel()) a.settle()
  }

  private readonly onMouseMove = (event: MouseEvent): void => {
    if ((event.buttons & 1) === 0) this.onLost()
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return
    const a = this.a
    if (a.drag.cancel() || a.link.cancel() || a.span.cancel()) {
      event.preventDefault()
      event.stopPropagation()
      a.settle()
    }
  }

  /**
   * Keys on what has focus in the chart: Enter or Space on an arrow selects it, as a click does,
   * and the arrow keys move to the next or previous arrow (all arrows are one Tab stop);
   * on a bar, Space selects it (Ctrl/Shift as with the mouse) and the arrow keys, Home, End and
   * Enter go to the app, which moves the focus through the rows as the task tree does.
   */
  private readonly onFocusedKey = (event: KeyboardEvent): void => {
    const a = this.a
    const arrow = closest(event.target, '.tb-arrow-hit') && closest(event.target, '.tb-arrow')
    const linkId = arrow?.getAttribute('data-link-id')
    if (linkId) {
      const step = ARROW_STEPS[event.key]
      if (step !== undefined && event.target instanceof SVGElement) {
        event.preventDefault()
        moveArrowStop(event.target, step)
        return
      }
      if (event.key !== 'Enter' && event.key !== ' ') return
      event.preventDefault()
      a.callbacks.onLinkClick?.(linkId)
      return
    }
    const wrapper = event.target instanceof Element && event.target.closest('.bar-wrapper')
    // By the task id on the element, not the drawn model: the catch-up draw this key set off
    // (flushLater, capture phase) may have taken the bar's row out of the window, and the key
    // was still pressed on that task's bar.
    const id = wrapper ? (a.modelOf(wrapper)?.bar.id ?? wrapper.getAttribute('data-task-id')) : null
    if (!id || a.busy) return
    if (event.key === ' ') {
      event.preventDefault()
      a.callbacks.onBarClick(id, modifiersOf(event))
    } else if (BAR_KEYS.has(event.key) && a.callbacks.onBarKey) {
      event.preventDefault()
      a.callbacks.onBarKey(id, event.key as BarKey, modifiersOf(event))
    }
  }

  private readonly onClick = (event: MouseEvent): void => {
    const a = this.a
    if (a.drag.swallowingClick || a.link.swallowingClick) {
      event.stopPropagation()
      return
    }
    const arrow = closest(event.target, '.tb-arrow')
    const linkId = arrow?.getAttribute('data-link-id')
    if (linkId) {
      a.callbacks.onLinkClick?.(linkId)
      return
    }
    const wrapper = barWrapper(event.target)
    const model = wrapper && a.modelOf(wrapper)
    if (!model) return
    a.callbacks.onBarClick(model.bar.id, modifiersOf(event))
  }

  private readonly onMouseOver = (event: MouseEvent): void => {
    const a = this.a
    if (a.drag.dragging || a.link.busy) return
    const wrapper = barWrapper(event.target)
    const model = wrapper && a.modelOf(wrapper)
    if (!model) return
    a.hover(model.bar.id, a.bar(model.key))
  }

  private readonly onMouseOut = (event: MouseEvent): void => {
    if (this.a.drag.dragging || barWrapper(event.relatedTarget)) return
    this.a.hover(undefined)
  }

  private readonly stopForBars = (event: Event): void => {
    if (event.target instanceof Element && event.target.classList.contains('bar-wrapper')) {
      event.stopPropagation()
    }
  }
}

/** Arrow keys on a focused arrow: which way through the arrows (in drawing order). */
const ARROW_STEPS: Readonly<Record<string, number>> = {
  ArrowDown: 1,
  ArrowRight: 1,
  ArrowUp: -1,
  ArrowLeft: -1,
}

/** Roving tabindex over the arrows' hit paths: the one focused next is the arrows' Tab stop. */
function moveArrowStop(from: SVGElement, step: number): void {
  const layer = from.closest('svg') ?? from.ownerDocument
  const stops = [...layer.querySelectorAll<SVGElement>('.tb-arrow-hit')]
  const at = stops.indexOf(from)
  const next = stops[at + step]
  if (at < 0 || !next) return
  from.setAttribute('tabindex', '-1')
  next.setAttribute('tabindex', '0')
  next.focus()
}
