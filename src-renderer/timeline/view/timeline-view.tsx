// The timeline: one scroll container with a sticky header and a sticky task tree; only the rows
// in view are rendered, and the frappe-gantt adapter draws only their bars and arrows. Scroll
// position is kept as a day and a row (the store's anchor), so refreshes and zoom changes keep
// the user's place.
//
// Dependencies are drawn from a bar's link handle onto another bar and selected by clicking an
// arrow (its panel: ../../dependencies/dependency-panel.tsx); dragging on an empty stretch of a
// row opens the create dialog for those days.
//
// Where the view looks and when it moves (opening, zoom, Today/Fit, focus and reveal): see
// ./use-timeline-navigation.ts.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { PlannerApi } from '../../../src-shared/ipc'
import { DependencyPanel } from '../../dependencies/dependency-panel'
import { dependencyName, keyNamer } from '../../dependencies/dependency-words'
import { DAY_MS } from '../../../src-shared/schedule/days'
import { anchorFromScroll, applyEdit, usePlanner, usePlannerStore } from '../../state'
import type { TimelineGeometry } from '../../state'
import { createDependency } from '../../state/actions/dependencies'
import { TimelineAdapter } from '../adapter'
import type { SpanSelection } from '../adapter'
import { BAR_HEIGHT, visibleRows } from '../geometry'
import { TimelineHeader } from './timeline-header'
import { scrollGeometry, windowInput } from './timeline-model'
import { whatIfDrag } from '../../what-if/what-if'
import type { DragBase } from '../../what-if/what-if'
import type { TimelineModel } from './timeline-model'
import { TASK_DRAG_TYPE } from '../../unscheduled-tray'
import { TaskTree, TREE_WIDTH } from './task-tree'
import { renderedWindow } from './rendered-window'
import { useTimelineNavigation } from './use-timeline-navigation'
import type { Navigation } from './use-timeline-navigation'

export const HEADER_HEIGHT = 48

interface Latest {
  api: PlannerApi
  store: ReturnType<typeof usePlannerStore>
  geometry: Omit<TimelineGeometry, 'viewportWidth'>
  model: TimelineModel
  nav: Navigation
}

/** Days a task gets when it is dropped from the Unscheduled tray. */
export const SCHEDULED_DAYS = 3

/** Days picked on a row as the create dialog's dates: YYYY-MM-DD, the due day included. */
export function spanDates(span: SpanSelection): { startDate: string; dueDate: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  return { startDate: day(span.startMs), dueDate: day(span.endMs - DAY_MS) }
}

export function TimelineView({
  api,
  model,
}: {
  api: PlannerApi
  model: TimelineModel
}): React.JSX.Element {
  const store = usePlannerStore()
  const dependencies = usePlanner((s) => s.board.dependencies)
  const tasksById = usePlanner((s) => s.board.tasksById)
  const selectedDependencyId = usePlanner((s) => s.selectedDependencyId)
  const selectedIds = usePlanner((s) => s.selection.selectedIds)
  const pendingTaskIds = usePlanner((s) => s.edits.pendingTaskIds)
  const inFlight = usePlanner((s) => s.edits.inFlight)
  const scroller = useRef<HTMLDivElement>(null)
  const host = useRef<HTMLDivElement>(null)
  const adapter = useRef<TimelineAdapter | null>(null)
  const [viewport, setViewport] = useState({ top: 0, left: 0, width: 1200, height: 700 })

  // The rendered window is the rows in view plus at least OVERSCAN on each side, in blocks of
  // OVERSCAN rows: it moves only when the rows in view cross a block, so scrolling within it
  // costs no chart render (a new window is a 20-50 ms frappe render at 5,000 tasks). A pure
  // function of the scroll position (no ref written during render).
  const inView = visibleRows({
    scrollTop: viewport.top,
    viewportHeight: viewport.height - HEADER_HEIGHT,
    rowHeight: model.layout.rowHeight,
    rowCount: model.layout.rows.length,
  })
  const rows = renderedWindow(inView, model.layout.rows.length)

  const geometry = useMemo(() => scrollGeometry(model), [model])

  const nav = useTimelineNavigation({
    store,
    model,
    scroller,
    adapter,
    treeWidth: TREE_WIDTH,
    headerHeight: HEADER_HEIGHT,
  })
  // Where the navigation's layout effect (just above) left the scroller for a new model: it may
  // have scrolled to keep the same rows in view. Read here, where that effect has just forced a
  // layout and nothing has changed the page since; read later, after setScale below has changed
  // the chart, it forced a second layout of the page (about 26 ms per zoom step at 50,000).
  const placed = useRef<{ model: TimelineModel; top: number } | null>(null)
  useLayoutEffect(() => {
    const element = scroller.current
    placed.current = element ? { model, top: element.scrollTop } : null
  }, [model])

  // What the adapter's callbacks (made once, with the adapter) use: always this render's, never
  // the first render's api, store or navigation.
  const latest = useRef<Latest>({ api, store, geometry, model, nav })
  useLayoutEffect(() => {
    latest.current = { api, store, geometry, model, nav }
  })

  // One adapter per mount; it is told everything through render() and setScale(). A layout
  // effect, as is setScale's below: a new model's window is drawn in a layout effect (see
  // drawWindow), which needs both done first.
  useLayoutEffect(() => {
    if (!host.current) return
    const first = latest.current.model
    // The board as it was when the press began: the drop's versions seen (see onDragStart).
    let dragBase: DragBase | undefined
    // Stateless: made per gesture from the latest store and api.
    const whatIf = () =>
      whatIfDrag(
        latest.current.store,
        latest.current.api,
        (ghosts) => adapter.current?.showGhosts(ghosts),
        () => latest.current.model.layout.rowIndexById,
      )
    const instance = new TimelineAdapter(host.current, {
      scale: {
        startMs: first.scale.originMs,
        endMs: first.scale.originMs + first.scale.dayCount * DAY_MS,
        pxPerDay: first.scale.pxPerDay,
      },
      rowHeight: first.layout.rowHeight,
      barHeight: BAR_HEIGHT,
      // The sticky header and tree: the count of arrows passing through stays clear of them.
      viewInsets: { top: HEADER_HEIGHT, left: TREE_WIDTH },
      // The what-if cascade: ghost bars while dragging, then apply all, this task only, or
      // discard (src-renderer/what-if).
      onDragMove: (results) => whatIf().move(results, dragBase),
      onDragStart: () => {
        const { board, edits } = latest.current.store.getState()
        dragBase = { board, edits }
      },
      onDragEnd: (results, modifiers) => whatIf().drop(results, modifiers, dragBase),
      onBarClick: (id, modifiers) => {
        latest.current.nav.barClicked()
        const { store, geometry } = latest.current
        store.getState().clickTask(id, modifiers, geometry.rowIds)
      },
      onBarKey: (id, key, modifiers) => latest.current.nav.barKey(id, key, modifiers),
      onBarHover: (id) => latest.current.store.getState().hoverTask(id ?? null),
      onLinkDraw: (predecessorId, successorId) => {
        const { store, api } = latest.current
        // Only tasks are ends of a dependency (a group's summary bar is not linkable anyway).
        const { tasksById: tasks } = store.getState().board
        if (!(predecessorId in tasks) || !(successorId in tasks)) return
        void createDependency(store, api, { predecessorId, successorId, lagDays: 0 })
      },
      onLinkClick: (id) => latest.current.store.getState().selectDependency(id),
      onSpanSelect: (span) => latest.current.store.getState().openCreate(spanDates(span)),
    })
    adapter.current = instance
    return () => {
      instance.destroy()
      adapter.current = null
    }
    // The adapter lives as long as the view; later changes go through setScale/render, and its
    // callbacks read `latest`.
  }, [])

  useLayoutEffect(() => {
    adapter.current?.setScale({
      startMs: model.scale.originMs,
      endMs: model.scale.originMs + model.scale.dayCount * DAY_MS,
      pxPerDay: model.scale.pxPerDay,
    })
  }, [model.scale])

  const selected = useMemo(() => new Set(selectedIds), [selectedIds])
  // Marked pending: edits waiting in the journal, not those being saved right now.
  const pending = useMemo(() => {
    const saving = new Set(inFlight.flatMap((b) => b.updates.map((u) => u.id)))
    return new Set(pendingTaskIds.filter((id) => !saving.has(id)))
  }, [pendingTaskIds, inFlight])
  const keyOf = useMemo(() => keyNamer(tasksById, dependencies), [tasksById, dependencies])
  // The last window handed to the adapter, and what it was made of: one handed over again
  // unchanged is not drawn again.
  const drawn = useRef<readonly unknown[]>([])
  const drawWindow = useCallback(() => {
    // A new model is drawn at the rows where the navigation left the scroller (see `placed`):
    // the window from the state's scroll position would be drawn now and then again when the
    // scroll event catches up. Otherwise the state is the scroller's.
    const top =
      drawn.current[0] !== model && placed.current?.model === model
        ? placed.current.top
        : viewport.top
    const shownRows =
      top !== viewport.top
        ? renderedWindow(
            visibleRows({
              scrollTop: top,
              viewportHeight: viewport.height - HEADER_HEIGHT,
              rowHeight: model.layout.rowHeight,
              rowCount: model.layout.rows.length,
            }),
            model.layout.rows.length,
          )
        : rows
    const windowArgs = [
      model,
      dependencies,
      shownRows.first,
      shownRows.last,
      selected,
      pending,
    ] as const
    const parts = [...windowArgs, tasksById, keyOf, selectedDependencyId]
    const same = parts.map((p, i) => i < drawn.current.length && p === drawn.current[i])
    if (same.every(Boolean)) return
    // Only the window's rows changed, and the rows in view are drawn already (a scroll, not a
    // jump): the rows that come and go are beyond the view, so the chart draws them after the
    // frames that show the scroll (the adapter's afterPaint).
    const [, , drawnFirst = Infinity, drawnLast = -Infinity] = drawn.current as number[]
    const rowsOnly =
      same.every((s, i) => s || i === 2 || i === 3) &&
      inView.first >= drawnFirst &&
      inView.last <= drawnLast
    drawn.current = parts
    const input = windowInput(...windowArgs)
    adapter.current?.render(
      {
        ...input,
        // A bar that is not a task (a collapsed group) is no end of a dependency.
        bars: input.bars.map((bar) => (bar.id in tasksById ? bar : { ...bar, linkable: false })),
        links: input.links.map((link) => ({
          ...link,
          label: `Dependency ${dependencyName(keyOf, link.fromId, link.toId)}, lag ${link.lagDays} ${link.lagDays === 1 ? 'day' : 'days'}`,
          selected: link.id === selectedDependencyId,
        })),
      },
      { afterPaint: rowsOnly },
    )
  }, [
    model,
    dependencies,
    rows,
    inView,
    viewport,
    selected,
    pending,
    tasksById,
    keyOf,
    selectedDependencyId,
  ])
  // A new model (a filter keystroke, an edit, a zoom): drawn in the commit's own task, before
  // the frame is painted, so tree and chart change together (drawn after the paint, the chart
  // cost a second layout of the page).
  useLayoutEffect(() => {
    if (drawn.current[0] !== model) drawWindow()
  }, [drawWindow, model])
  // Anything else (a scroll step, a selection) after the paint: a scroll step's tree rows and
  // chart bars then fall in two frames, each shorter (the window reaches past the view, so the
  // chart is never behind where it shows).
  useEffect(() => drawWindow(), [drawWindow])

  // Scroll-driven state at most once per animation frame: a scroll event can come several
  // times a frame, and each setViewport re-renders the whole view.
  const scrollFrame = useRef<number | null>(null)
  useEffect(
    () => () => {
      if (scrollFrame.current !== null) cancelAnimationFrame(scrollFrame.current)
    },
    [],
  )
  const onScroll = () => {
    const element = scroller.current
    if (!element) return
    // Zoom and a new model read the place at once (no render depends on it): a new model in the
    // frame after this event (a Refresh's answer) keeps the place scrolled to, not the one before.
    const at = { scrollLeft: element.scrollLeft, scrollTop: element.scrollTop }
    nav.scrolled(at.scrollLeft, at.scrollTop)
    const { store, geometry } = latest.current
    store
      .getState()
      .setScrollAnchor(
        anchorFromScroll(at, { ...geometry, viewportWidth: element.clientWidth - TREE_WIDTH }),
      )
    if (scrollFrame.current !== null) return
    scrollFrame.current = requestAnimationFrame(() => {
      scrollFrame.current = null
      setViewport({
        top: element.scrollTop,
        left: element.scrollLeft,
        width: element.clientWidth,
        height: element.clientHeight,
      })
    })
  }

  const onDrop = (event: React.DragEvent<HTMLDivElement>) => {
    const id = event.dataTransfer.getData(TASK_DRAG_TYPE)
    const element = host.current
    if (!id || !element) return
    event.preventDefault()
    const x = event.clientX - element.getBoundingClientRect().left
    const startDay = model.scale.dayAtX(x)
    void applyEdit(store, api, { kind: 'scheduleTask', id, startDay, days: SCHEDULED_DAYS })
    // Its new row may be anywhere: scroll to it and highlight it.
    store.getState().revealTask(id)
  }

  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const measure = () =>
      setViewport((v) => ({ ...v, width: element.clientWidth, height: element.clientHeight }))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const chartWidth = model.scale.width
  const chartHeight = model.layout.height
  return (
    <div className="timeline" ref={scroller} onScroll={onScroll} data-testid="timeline">
      <div
        className="timeline-canvas"
        style={{ width: TREE_WIDTH + chartWidth, height: HEADER_HEIGHT + chartHeight }}
      >
        <TimelineHeader
          scale={model.scale}
          left={viewport.left}
          width={viewport.width - TREE_WIDTH}
          height={HEADER_HEIGHT}
        />
        <TaskTree
          rows={model.layout.rows}
          first={rows.first}
          last={rows.last}
          rowHeight={model.layout.rowHeight}
          top={0}
          rowIds={model.rowIds}
        />
        <div
          className="chart-background"
          style={{ left: TREE_WIDTH, top: HEADER_HEIGHT, width: chartWidth, height: chartHeight }}
        >
          {model.scale.weekendSpans(viewport.left, viewport.left + viewport.width).map((span) => (
            <div key={span.x} className="weekend" style={{ left: span.x, width: span.width }} />
          ))}
          <div
            className="today-line"
            style={{ left: model.scale.todayX(model.now ?? model.scale.originMs) }}
            title="Today"
          />
        </div>
        <div
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes(TASK_DRAG_TYPE)) event.preventDefault()
          }}
          onDrop={onDrop}
          className="chart-host"
          ref={host}
          style={{ left: TREE_WIDTH, top: HEADER_HEIGHT, width: chartWidth, height: chartHeight }}
        />
      </div>
      <DependencyPanel api={api} />
    </div>
  )
}
