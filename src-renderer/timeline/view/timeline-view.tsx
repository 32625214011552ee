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
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { PlannerApi } from '../../../src-shared/ipc'
import { DependencyPanel } from '../../dependencies/dependency-panel'
import { dependencyName, keyNamer } from '../../dependencies/dependency-words'
import { DAY_MS } from '../../../src-shared/schedule/days'
import { anchorFromScroll, applyEdit, usePlanner, usePlannerStore } from '../../state'
import { createDependency } from '../../state/actions/dependencies'
import { TimelineAdapter } from '../adapter'
import type { SpanSelection } from '../adapter'
import { BAR_HEIGHT, visibleRows } from '../geometry'
import { TimelineHeader } from './timeline-header'
import { windowInput } from './timeline-model'
import { whatIfDrag } from '../../what-if/what-if'
import type { TimelineModel } from './timeline-model'
import { TASK_DRAG_TYPE } from '../../unscheduled-tray'
import { TaskTree, TREE_WIDTH } from './task-tree'
import { useTimelineNavigation } from './use-timeline-navigation'
import type { Navigation } from './use-timeline-navigation'

export const HEADER_HEIGHT = 48
const OVERSCAN = 20

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

  // The rendered window is the rows in view plus OVERSCAN on each side, moved only when the rows
  // in view leave it: scrolling within it costs no chart render (a new window is a 20-50 ms
  // frappe render at 5,000 tasks). Recomputed during render from the previous window: the ref
  // only remembers it, the result depends on props and state alone.
  const inView = visibleRows({
    scrollTop: viewport.top,
    viewportHeight: viewport.height - HEADER_HEIGHT,
    rowHeight: model.layout.rowHeight,
    rowCount: model.layout.rows.length,
  })
  const rendered = useRef({ first: 0, last: -1, rowCount: -1 })
  const rowCount = model.layout.rows.length
  if (
    rendered.current.rowCount !== rowCount ||
    inView.first < rendered.current.first ||
    inView.last > rendered.current.last
  ) {
    rendered.current = {
      first: Math.max(0, inView.first - OVERSCAN),
      last: Math.min(rowCount - 1, inView.last + OVERSCAN),
      rowCount,
    }
  }
  const rows = rendered.current

  const geometry = useMemo(
    () => ({
      originDay: new Date(model.scale.originMs).toISOString().slice(0, 10),
      pxPerDay: model.scale.pxPerDay,
      rowHeight: model.layout.rowHeight,
      rowIds: model.rowIds,
    }),
    [model],
  )

  // One adapter per mount; it is told everything through render() and setScale().
  useEffect(() => {
    if (!host.current) return
    const whatIf = whatIfDrag(store, api, (ghosts) => adapter.current?.showGhosts(ghosts))
    const instance = new TimelineAdapter(host.current, {
      scale: {
        startMs: model.scale.originMs,
        endMs: model.scale.originMs + model.scale.dayCount * 86_400_000,
        pxPerDay: model.scale.pxPerDay,
      },
      rowHeight: model.layout.rowHeight,
      barHeight: BAR_HEIGHT,
      // The what-if cascade: ghost bars while dragging, then apply all, this task only, or
      // discard (src-renderer/what-if).
      onDragMove: (results) => whatIf.move(results),
      onDragEnd: (results, modifiers) => whatIf.drop(results, modifiers),
      onBarClick: (id, modifiers) => {
        navigation.current?.barClicked()
        store.getState().clickTask(id, modifiers, geometryRef.current.rowIds)
      },
      onBarKey: (id, key, modifiers) => navigation.current?.barKey(id, key, modifiers),
      onBarHover: (id) => store.getState().hoverTask(id ?? null),
      onLinkDraw: (predecessorId, successorId) => {
        // Only tasks are ends of a dependency (a group's summary bar is not linkable anyway).
        const { tasksById: tasks } = store.getState().board
        if (!(predecessorId in tasks) || !(successorId in tasks)) return
        void createDependency(store, api, { predecessorId, successorId, lagDays: 0 })
      },
      onLinkClick: (id) => store.getState().selectDependency(id),
      onSpanSelect: (span) => store.getState().openCreate(spanDates(span)),
    })
    adapter.current = instance
    return () => {
      instance.destroy()
      adapter.current = null
    }
    // The adapter lives as long as the view; later changes go through setScale/render.
  }, [])
  const geometryRef = useRef(geometry)
  geometryRef.current = geometry

  useEffect(() => {
    adapter.current?.setScale({
      startMs: model.scale.originMs,
      endMs: model.scale.originMs + model.scale.dayCount * 86_400_000,
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
  useEffect(() => {
    const input = windowInput(model, dependencies, rows.first, rows.last, selected, pending)
    adapter.current?.render({
      ...input,
      // A bar that is not a task (a collapsed group) is no end of a dependency.
      bars: input.bars.map((bar) => (bar.id in tasksById ? bar : { ...bar, linkable: false })),
      links: input.links.map((link) => ({
        ...link,
        label: `Dependency ${dependencyName(keyOf, link.fromId, link.toId)}`,
        selected: link.id === selectedDependencyId,
      })),
    })
  }, [
    model,
    dependencies,
    rows.first,
    rows.last,
    selected,
    pending,
    tasksById,
    keyOf,
    selectedDependencyId,
  ])

  const nav = useTimelineNavigation({
    store,
    model,
    scroller,
    adapter,
    treeWidth: TREE_WIDTH,
    headerHeight: HEADER_HEIGHT,
  })
  // The adapter's callbacks (made once) reach the latest navigation through this ref.
  const navigation = useRef<Navigation | null>(null)
  useLayoutEffect(() => {
    navigation.current = nav
  })

  const onScroll = () => {
    const element = scroller.current
    if (!element) return
    const next = {
      top: element.scrollTop,
      left: element.scrollLeft,
      width: element.clientWidth,
      height: element.clientHeight,
    }
    setViewport(next)
    nav.scrolled(next.left)
    store
      .getState()
      .setScrollAnchor(
        anchorFromScroll(
          { scrollLeft: next.left, scrollTop: next.top },
          { ...geometry, viewportWidth: next.width - TREE_WIDTH },
        ),
      )
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
            style={{ left: model.scale.todayX(Date.now()) }}
            title="Today"
          />
        </div>
        <div
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes(TASK_DRAG_TYPE)) event.preventDefault()
          }}
          onDrop={(event) => {
            const id = event.dataTransfer.getData(TASK_DRAG_TYPE)
            if (!id || !host.current) return
            event.preventDefault()
            const x = event.clientX - host.current.getBoundingClientRect().left
            const startDay = model.scale.dayAtX(x)
            void applyEdit(store, api, { kind: 'scheduleTask', id, startDay, days: SCHEDULED_DAYS })
            // Its new row may be anywhere: scroll to it and highlight it.
            store.getState().revealTask(id)
          }}
          className="chart-host"
          ref={host}
          style={{ left: TREE_WIDTH, top: HEADER_HEIGHT, width: chartWidth, height: chartHeight }}
        />
      </div>
      <DependencyPanel api={api} />
    </div>
  )
}
