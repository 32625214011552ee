// Where the timeline's scroll container looks, and when it moves:
// - the first view opens where the work is (../geometry/navigation.ts, openingView);
// - a zoom change keeps the instant under the pointer (Ctrl+wheel, a touchpad pinch) or at the
//   centre (toolbar, keys) where it was; any other new model keeps the stored anchor (a day and
//   a row), so a refresh or an edit does not move the view;
// - Today and Fit (toolbar, T and F);
// - a task that gets the focus (a row clicked, arrow keys in the tree or on the bars) or is
//   revealed (Find, a drop from the tray) is scrolled into view and its bar highlighted.
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react'
import type { RefObject } from 'react'
import type { PlannerStore } from '../../state'
import { anchorFromScroll, scrollFromAnchor, usePlanner } from '../../state'
import type { BarKey, ClickModifiers, TimelineAdapter } from '../adapter'
import {
  centreAnchor,
  centreScroll,
  fitView,
  openingView,
  rowSpan,
  scrollToShow,
  unionSpan,
  zoomScroll,
  type TimeScale,
} from '../geometry'
import type { TimelineModel } from './timeline-model'
import { scrollGeometry } from './timeline-model'
import { stepZoom } from './navigation-keys'
import { wallClockMs } from '../../local-now'

interface Options {
  store: PlannerStore
  model: TimelineModel
  scroller: RefObject<HTMLDivElement | null>
  adapter: RefObject<TimelineAdapter | null>
  /** The tree's width and the header's height: the chart's viewport is what is left. */
  treeWidth: number
  headerHeight: number
}

/** How long after a bar click or key its focus change counts as theirs, ms. */
const RECENT_MS = 400

/** Wheel travel (px) of Ctrl+wheel or a pinch that makes one zoom step. */
const WHEEL_STEP_PX = 50

export interface Navigation {
  /** At every scroll event: what a zoom and a new model keep their place from. */
  scrolled(left: number, top: number): void
  /** A click on a bar: its focus change is the pointer's, no scroll and no highlight. */
  barClicked(): void
  /** Keys on a focused bar: move through the bars' rows as in the tree, Enter opens. */
  barKey(id: string, key: BarKey, modifiers: ClickModifiers): void
}

export function useTimelineNavigation(o: Options): Navigation {
  const { store, model, scroller, adapter, treeWidth, headerHeight } = o
  const shown = useRef<{ scale: TimeScale; left: number } | null>(null)
  const zoomAnchor = useRef<number | null>(null)
  const lastZoom = useRef<{ anchorMs: number; left: number } | null>(null)
  const centreOn = useRef<number | null>(null)
  const opened = useRef(false)
  // When the last bar click / bar key happened: the focus change that follows is theirs (a
  // click and a key can each take two store updates, so a flag would be used up by the first).
  const pointerAt = useRef(-Infinity)
  const chartKeysAt = useRef(-Infinity)
  const lastFocus = useRef<string | null>(null)
  // Where the last scroll event saw the scroller (the stored anchor is that place), and the
  // model it was drawn for: a scroll not yet reported differs from it.
  const reported = useRef<{ left: number; top: number } | null>(null)
  const lastModel = useRef<TimelineModel | null>(null)

  const setLeft = (element: HTMLElement, left: number) => {
    if (shown.current) shown.current.left = scrollElement(element, { left })
  }

  // A new model: keep the place (zoom about an anchor, or the stored day and row), or open.
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const { scale, layout } = model
    const view = viewportOf(element, treeWidth, headerHeight)
    const before = shown.current
    shown.current = { scale, left: before?.left ?? element.scrollLeft }
    const { anchor } = store.getState().view
    if (centreOn.current !== null) {
      setLeft(element, centreScroll(scale, centreOn.current, view.width))
      centreOn.current = null
    } else if (before && before.scale.zoom !== scale.zoom) {
      // The pointer's instant stays under the pointer; the middle of the chart in view goes to
      // the middle of the new view.
      // Zooming on from where the last zoom left the view (not scrolled since) keeps that zoom's
      // instant: a zoom that could not centre it (a chart narrower than the view) must not lose
      // it, or Week -> Year -> Week would come back elsewhere.
      const pointer = zoomAnchor.current
      const last = lastZoom.current
      if (pointer === null && last && last.left === before.left) {
        setLeft(element, centreScroll(scale, last.anchorMs, view.width))
        lastZoom.current = { anchorMs: last.anchorMs, left: element.scrollLeft }
      } else {
        const at = pointer ?? centreAnchor(before.scale, before.left, view.width)
        const target = pointer ?? view.width / 2
        const place = zoomScroll(before.scale, scale, before.left, at, view.width, target)
        setLeft(element, place.scrollLeft)
        // Only a centre zoom's instant is the one a next toolbar zoom centres on: a pointer zoom
        // kept its instant under the pointer, anywhere in the view, and centring on it next
        // would jump (Ctrl+wheel, then Day -> Quarter -> Week, came back weeks away).
        lastZoom.current =
          pointer === null ? { anchorMs: place.anchorMs, left: element.scrollLeft } : null
      }
    } else if (!opened.current && layout.rows.length > 0) {
      const days = view.width / scale.pxPerDay
      const opening = openingView(layout.rows.map(rowSpan), wallClockMs(), days)
      setLeft(element, centreScroll(scale, opening.centreMs, view.width))
      const rowsInView = Math.floor(view.height / layout.rowHeight)
      if (opening.firstRow >= rowsInView - 1) {
        scrollElement(element, { top: Math.max(0, (opening.firstRow - 1) * layout.rowHeight) })
      }
    } else if (anchor) {
      // Scrolled since the last scroll event (the user or this hook, in this frame): the stored
      // place is older than the view, which is read instead, in the model it was scrolled in.
      const previous = lastModel.current
      const place =
        previous && unreportedScroll(element, reported.current)
          ? anchorFromScroll(
              { scrollLeft: element.scrollLeft, scrollTop: element.scrollTop },
              { ...scrollGeometry(previous), viewportWidth: view.width },
            )
          : anchor
      const geometry = { ...scrollGeometry(model), viewportWidth: view.width }
      const position = scrollFromAnchor(place, geometry)
      setLeft(element, position.scrollLeft)
      scrollElement(element, { top: position.scrollTop })
    } else {
      setLeft(element, centreScroll(scale, wallClockMs(), view.width))
    }
    zoomAnchor.current = null
    lastModel.current = model
    if (layout.rows.length > 0) opened.current = true
  }, [model, store, scroller, treeWidth, headerHeight])

  /** Scrolls the least that shows the task's row and bar; true when it had a row. */
  const show = useCallback(
    (id: string, centre: boolean) => {
      const element = scroller.current
      const index = model.layout.rowIndexById.get(id)
      if (!element || index === undefined) return false
      const row = model.layout.rows[index]!
      const span = rowSpan(row)
      const view = viewportOf(element, treeWidth, headerHeight)
      const top = index * model.layout.rowHeight
      const bottom = top + model.layout.rowHeight
      const left = span ? model.scale.xOfMs(span.startMs) : element.scrollLeft + view.width / 2
      const right = span ? model.scale.xOfMs(span.endMs) : left
      const at = { left: element.scrollLeft, top: element.scrollTop }
      const next = centre
        ? {
            left: Math.max(0, (left + right) / 2 - view.width / 2),
            top: Math.max(0, (top + bottom) / 2 - view.height / 2),
          }
        : scrollToShow(at, view, { left, right, top, bottom })
      setLeft(element, next.left)
      scrollElement(element, { top: next.top })
      return true
    },
    [model, scroller, treeWidth, headerHeight],
  )

  // Find, a drop from the tray: centre the task and highlight it (once per request; again after
  // a re-layout that opened a collapsed parent, since the row only exists from then on).
  const reveal = usePlanner((s) => s.view.reveal)
  const revealed = useRef(0)
  useLayoutEffect(() => {
    if (!reveal || reveal.seq === revealed.current) return
    if (!show(reveal.taskId, true)) return
    revealed.current = reveal.seq
    adapter.current?.flashBar(reveal.taskId)
  }, [reveal, show, adapter])

  // The focused task (tree click, arrow keys in the tree or on the bars): into view, highlighted.
  const focusedId = usePlanner((s) => s.selection.focusedId)
  useLayoutEffect(() => {
    // Only a new focus moves the view: a re-layout (an edit) must not pull it back.
    if (!focusedId || focusedId === lastFocus.current) return
    lastFocus.current = focusedId
    const now = performance.now()
    adapter.current?.focusBar(focusedId, now - chartKeysAt.current < RECENT_MS)
    if (now - pointerAt.current < RECENT_MS) return
    if (show(focusedId, false)) adapter.current?.flashBar(focusedId)
  }, [focusedId, show, adapter])

  // Today and Fit.
  const jump = usePlanner((s) => s.view.jump)
  const jumped = useRef(0)
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element || !jump || jump.seq === jumped.current) return
    jumped.current = jump.seq
    const view = viewportOf(element, treeWidth, headerHeight)
    if (jump.kind === 'today') {
      setLeft(element, centreScroll(model.scale, wallClockMs(), view.width))
      return
    }
    const { selectedIds } = store.getState().selection
    const index = model.layout.rowIndexById
    const picked = selectedIds.filter((id) => index.has(id))
    const rows = picked.length > 0 ? picked.map((id) => model.layout.rows[index.get(id)!]!) : null
    const span = unionSpan((rows ?? model.layout.rows).map(rowSpan))
    if (!span) return
    const fit = fitView(span, view.width)
    if (rows) {
      const first = Math.min(...picked.map((id) => index.get(id)!))
      scrollElement(element, { top: Math.max(0, (first - 1) * model.layout.rowHeight) })
    }
    if (fit.zoom === model.scale.zoom)
      setLeft(element, centreScroll(model.scale, fit.centreMs, view.width))
    else {
      centreOn.current = fit.centreMs
      store.getState().setZoom(fit.zoom)
    }
  }, [jump, model, store, scroller, treeWidth, headerHeight])

  // Ctrl+wheel and a touchpad pinch (Chromium sends it as Ctrl+wheel): zoom about the pointer.
  // Plain and horizontal wheel scrolling stay the browser's.
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    let travel = 0
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return
      event.preventDefault()
      travel += event.deltaMode === 1 ? event.deltaY * 20 : event.deltaY
      if (Math.abs(travel) < WHEEL_STEP_PX) return
      const step = travel < 0 ? -1 : 1
      travel = 0
      const state = store.getState()
      const next = stepZoom(state.view.zoom, step)
      if (next === state.view.zoom) return
      const x = event.clientX - element.getBoundingClientRect().left - treeWidth
      zoomAnchor.current = Math.max(0, Math.min(x, element.clientWidth - treeWidth))
      state.setZoom(next)
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [scroller, store, treeWidth])

  return {
    scrolled: (left, top) => {
      if (shown.current) shown.current.left = left
      reported.current = { left, top }
    },
    barClicked: () => {
      pointerAt.current = performance.now()
    },
    barKey: (id, key, modifiers) => {
      const state = store.getState()
      if (key === 'Enter') {
        state.showDetails(id)
        return
      }
      // Only rows with a bar: the keys stay on the chart.
      const ids = model.rowIds.filter((rowId) => {
        const index = model.layout.rowIndexById.get(rowId)
        return index !== undefined && rowSpan(model.layout.rows[index]!) !== undefined
      })
      if (state.selection.focusedId !== id) state.selectTasks([id])
      chartKeysAt.current = performance.now()
      const move = ({ ArrowUp: 'up', ArrowDown: 'down', Home: 'first', End: 'last' } as const)[key]
      state.moveFocus(move, ids, modifiers)
    },
  }
}

/**
 * Scrolls the timeline's container (an effect's DOM write, through its ref); the scrollLeft it
 * took, clamped by the browser.
 */
function scrollElement(element: HTMLElement, to: { left?: number; top?: number }): number {
  if (to.left !== undefined) element.scrollLeft = to.left
  if (to.top !== undefined) element.scrollTop = to.top
  return element.scrollLeft
}

/**
 * The scroller is not where the last scroll event saw it: scrolled since, and the event is yet
 * to come. A position the browser clamped (the content shrank under a view at its far end) is
 * not a scroll.
 */
function unreportedScroll(
  element: HTMLElement,
  reported: { left: number; top: number } | null,
): boolean {
  if (!reported) return false
  const { scrollLeft: left, scrollTop: top } = element
  const clampedTop = top < reported.top && top >= element.scrollHeight - element.clientHeight - 1
  const clampedLeft = left < reported.left && left >= element.scrollWidth - element.clientWidth - 1
  return (top !== reported.top && !clampedTop) || (left !== reported.left && !clampedLeft)
}

/** The chart's part of the container (less the tree and the header). */
function viewportOf(element: HTMLElement, treeWidth: number, headerHeight: number) {
  return {
    width: Math.max(1, element.clientWidth - treeWidth),
    height: Math.max(1, element.clientHeight - headerHeight),
  }
}
