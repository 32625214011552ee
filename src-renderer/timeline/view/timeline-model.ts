// From the board in the store to what the timeline draws: rows, the time scale, and the bars and
// links of the visible window in the adapter's terms. Pure, so it is unit-tested in Node.
import type { Dependency, Task } from '../../../src-shared/api'
import { DAY_MS } from '../../../src-shared/schedule/days'
import { startsAfterDue, taskExtent } from '../../../src-shared/schedule'
import type { BaselineDates } from '../../../src-shared/schedule'
import type { Command } from '../../state/commands'
import type { TimelineGeometry } from '../../state/scroll-anchor'
import type { AdapterBar, AdapterLink, DragResult } from '../adapter/types'
import { statusClasses } from './bar-status'
import {
  dependenciesOfRows,
  indexDependencyRows,
  layoutAfterEdit,
  layoutOfRanking,
  layoutRows,
  paddedRange,
  PX_PER_DAY,
  TimeScale,
  type DependencyRowIndex,
  type Row,
  type RowLayout,
  type SortOrder,
  type TaskRow,
  type Zoom,
} from '../geometry'
import { barLabel, barName } from './task-names'

export interface TimelineModel {
  layout: RowLayout<Task>
  scale: TimeScale
  /** Visible row ids in drawn order (selection ranges, keyboard navigation). */
  rowIds: string[]
  /** Tasks shown only as the parents of a subtask the filters matched: drawn dimmed. */
  contextIds?: ReadonlySet<string>
  /** The planning views' marks (../../schedule/schedule-selectors.ts, selectTimelineMarks). */
  criticalIds?: ReadonlySet<string>
  criticalLinkIds?: ReadonlySet<string>
  /** A milestone's chain is focused: rows outside it are drawn dimmed. */
  focusIds?: ReadonlySet<string>
  /** A shown baseline's dates by task id: thin bars under the current ones. */
  baseline?: ReadonlyMap<string, BaselineDates>
  /** The board's exact-gap mode: an arrow with slack is broken too. */
  exactGaps?: boolean
  /** The instant the model was built for: what "overdue" is measured against. */
  now?: number
}

/** How a model is drawn, for a scroll anchor (../../state/scroll-anchor.ts); the view's width aside. */
export function scrollGeometry(model: TimelineModel): Omit<TimelineGeometry, 'viewportWidth'> {
  return {
    originDay: new Date(model.scale.originMs).toISOString().slice(0, 10),
    pxPerDay: model.scale.pxPerDay,
    rowHeight: model.layout.rowHeight,
    rowIds: model.rowIds,
  }
}

/** What a bar's look depends on besides its task. */
type BarMarks = Pick<TimelineModel, 'contextIds' | 'criticalIds' | 'focusIds' | 'baseline' | 'now'>

/** Half of a wide chart area (px): the work's ends can be scrolled to the middle of the view. */
const CENTRE_ROOM_PX = 1000

/** Row order: the sort, and the frozen rank that keeps rows in place (../geometry/row-order.ts). */
export interface RowOrder {
  sort: SortOrder
  rank: ReadonlyMap<string, number> | null
}

/**
 * The last row layout and what it was made of. A zoom step or the hourly "now" rebuilds the model
 * but not its rows: laying out every task again made a zoom step cost 0.3 s and more at 50,000
 * tasks. Inputs are compared by identity (the store replaces them, never changes them).
 */
let lastLayout:
  | {
      tasks: readonly Task[]
      collapsedIds: readonly string[]
      sort: SortOrder | undefined
      rank: RowOrder['rank'] | undefined
      layout: RowLayout<Task>
    }
  | undefined

function rowLayoutOf(
  tasks: readonly Task[],
  collapsedIds: readonly string[],
  order: RowOrder | undefined,
): RowLayout<Task> {
  const sort = order?.sort
  const rank = order?.rank ?? undefined
  const last = lastLayout
  if (
    last &&
    last.tasks === tasks &&
    last.collapsedIds === collapsedIds &&
    last.sort === sort &&
    last.rank === rank
  ) {
    return last.layout
  }
  const frozen = collapsedIds.length === 0 && sort && rank ? rank : undefined
  // An edit (a drop, a field): the same rows, the edited ones and their ancestors made again.
  const edited =
    frozen && last && last.collapsedIds.length === 0 && last.sort === sort && last.rank === rank
      ? layoutAfterEdit(last, tasks, frozen)
      : undefined
  const ranked = !edited && frozen && sort ? layoutOfRanking(tasks, sort, frozen) : undefined
  const collapsed = new Set(collapsedIds)
  const layout =
    edited ??
    ranked ??
    layoutRows(tasks, {
      collapsedTasks: collapsed,
      collapsedGroups: collapsed,
      sort,
      rank,
    })
  lastLayout = { tasks, collapsedIds, sort, rank, layout }
  return layout
}

/** A span of time in ms since the epoch. */
export interface MsSpan {
  startMs: number
  endMs: number
}

/** Where a board's work lies: the span of every dated task's bar; undefined when none is dated. */
export function workSpan(tasks: Iterable<Task>): MsSpan | undefined {
  let startMs = Infinity
  let endMs = -Infinity
  for (const task of tasks) {
    const extent = taskExtent(task)
    if (!extent) continue
    if (extent.startMs < startMs) startMs = extent.startMs
    if (extent.endMs > endMs) endMs = extent.endMs
  }
  return startMs <= endMs ? { startMs, endMs } : undefined
}

/** What a model takes from its rows, once per row layout. */
interface RowsSummary {
  ids: string[]
  /** The span of every row's bar; undefined when no row has one. */
  span: MsSpan | undefined
}

/**
 * Kept per row layout: a zoom step or the hourly "now" reuses the layout, and so its ids (the
 * same array, so that what depends on them is not worked out again) and its span (a pass over
 * every row: about 7 ms a zoom step at 50,000 tasks).
 */
const rowsSummaries = new WeakMap<RowLayout<Task>, RowsSummary>()

/**
 * The rows' ids, one array per row index: a layout made from the one before by an edit
 * (layoutAfterEdit) shares its row index and so its rows, in the same order, and gets the same
 * array, so that what depends on them (selection ranges, the scroll anchor) holds.
 */
const rowIdsByIndex = new WeakMap<ReadonlyMap<string, number>, string[]>()

function rowIdsOf(layout: RowLayout<Task>): string[] {
  let ids = rowIdsByIndex.get(layout.rowIndexById)
  if (!ids) {
    ids = layout.rows.map((r) => r.id)
    rowIdsByIndex.set(layout.rowIndexById, ids)
  }
  return ids
}

function rowsSummaryOf(layout: RowLayout<Task>): RowsSummary {
  const known = rowsSummaries.get(layout)
  if (known) return known
  let startMs = Infinity
  let endMs = -Infinity
  for (const row of layout.rows) {
    const span = row.kind === 'task' ? (row.extent ?? row.summary) : row.summary
    if (!span) continue
    if (span.startMs < startMs) startMs = span.startMs
    if (span.endMs > endMs) endMs = span.endMs
  }
  const summary = {
    ids: rowIdsOf(layout),
    span: startMs <= endMs ? { startMs, endMs } : undefined,
  }
  rowsSummaries.set(layout, summary)
  return summary
}

/**
 * `cover`: a span the time scale always includes, such as the whole board's work (workSpan),
 * so that filtering, which changes `tasks`, leaves the scale, the header and the place the user
 * scrolled to as they were.
 */
export function buildModel(
  tasks: readonly Task[],
  collapsedIds: readonly string[],
  zoom: Zoom,
  now: number,
  order?: RowOrder,
  cover?: MsSpan,
): TimelineModel {
  const layout = rowLayoutOf(tasks, collapsedIds, order)
  const rows = rowsSummaryOf(layout)
  const from = Math.min(
    now - 30 * DAY_MS,
    cover?.startMs ?? Infinity,
    rows.span?.startMs ?? Infinity,
  )
  const to = Math.max(now + 60 * DAY_MS, cover?.endMs ?? -Infinity, rows.span?.endMs ?? -Infinity)
  // Room to centre any instant of the work: a chart barely wider than the view (quarter, year)
  // pinned a zoom's anchor to the chart's edge instead of the view's middle, and the next zoom
  // then came back weeks away from what was in the middle.
  const room = (CENTRE_ROOM_PX / PX_PER_DAY[zoom]) * DAY_MS
  const range = paddedRange(zoom, from - room, to + room)
  return {
    layout,
    scale: new TimeScale(zoom, range.startDay, range.endDay),
    rowIds: rows.ids,
    now,
  }
}

/** `pending`: an edit of the task waits in main's journal (the board could not be reached). */
function barClass(
  task: Task,
  pending: ReadonlySet<string>,
  marks: BarMarks = {},
  endMs?: number,
): string {
  return [
    'task',
    `priority-${task.priority || 'none'}`,
    ...statusClasses(task, endMs, marks.now),
    task.pinToTop ? 'pinned' : '',
    pending.has(task.id) ? 'pending' : '',
    marks.contextIds?.has(task.id) ? 'filter-context' : '',
    marks.criticalIds?.has(task.id) ? 'critical' : '',
    marks.focusIds && !marks.focusIds.has(task.id) ? 'focus-dim' : '',
  ]
    .filter(Boolean)
    .join(' ')
}

function barsOfRow(
  row: Row<Task>,
  index: number,
  selected: ReadonlySet<string>,
  pending: ReadonlySet<string>,
  marks?: BarMarks,
): AdapterBar[] {
  if (row.kind === 'group') {
    if (!row.collapsed || !row.summary) return []
    return [
      {
        id: row.id,
        label: `${row.projectKey || 'Pinned'} (collapsed)`,
        ...row.summary,
        kind: 'summary',
        row: index,
        locked: true,
      },
    ]
  }
  const taskRow = row as TaskRow<Task>
  const { task, extent, summary } = taskRow
  if (taskRow.hasChildren && summary) {
    const startMs = Math.min(summary.startMs, extent?.startMs ?? summary.startMs)
    const endMs = Math.max(summary.endMs, extent?.endMs ?? summary.endMs)
    return [
      {
        id: task.id,
        label: barLabel(task),
        name: barName(task),
        startMs,
        endMs,
        kind: 'summary',
        row: index,
        locked: true,
        selected: selected.has(task.id),
        className: barClass(task, pending, marks, extent?.endMs ?? endMs),
        dependencyEnd: extent
          ? { startMs: extent.startMs, endMs: extent.endMs, milestone: extent.kind === 'milestone' }
          : null,
      },
    ]
  }
  if (!extent) return []
  const saved = marks?.baseline?.get(task.id)
  const baseline = saved ? taskExtent({ ...saved, type: task.type }) : undefined
  return [
    {
      id: task.id,
      label: barLabel(task),
      name: barName(task),
      startMs: extent.startMs,
      endMs: extent.endMs,
      kind: extent.kind,
      row: index,
      // Start after due (another board's data): its edges are the other way round, and any
      // move keeps both dates, which the board refuses; fixed in its details, not dragged.
      ...(extent.inverted || startsAfterDue(task) ? { locked: true } : {}),
      selected: selected.has(task.id),
      className: barClass(task, pending, marks, extent.endMs),
      ...(baseline ? { baseline: { startMs: baseline.startMs, endMs: baseline.endMs } } : {}),
    },
  ]
}

/**
 * One index per row index and dependency list (both are replaced, never changed, on edits). By
 * the row index, not the layout: a layout made by an edit keeps its rows, and so its index.
 */
const dependencyIndexes = new WeakMap<
  ReadonlyMap<string, number>,
  { dependencies: readonly Dependency[]; index: DependencyRowIndex<Dependency> }
>()

function dependencyIndex(
  layout: RowLayout<Task>,
  dependencies: readonly Dependency[],
): DependencyRowIndex<Dependency> {
  const known = dependencyIndexes.get(layout.rowIndexById)
  if (known?.dependencies === dependencies) return known.index
  const index = indexDependencyRows(dependencies, layout.rowIndexById, layout.rows.length)
  dependencyIndexes.set(layout.rowIndexById, { dependencies, index })
  return index
}

/**
 * The adapter's input for rows [first, last]: their bars, the links with an end among them and
 * the bars at those links' far ends (anchors, not drawn). Links with neither end in the rows
 * are only counted (`passing`): at 50,000 tasks they were most of what was handed over.
 */
export function windowInput(
  model: TimelineModel,
  dependencies: readonly Dependency[],
  first: number,
  last: number,
  selected: ReadonlySet<string>,
  pending: ReadonlySet<string> = new Set(),
): {
  bars: AdapterBar[]
  links: AdapterLink[]
  firstRow: number
  rowCount: number
  passing: number
} {
  const { rows, rowIndexById } = model.layout
  const bars: AdapterBar[] = []
  for (let i = first; i <= last; i += 1)
    bars.push(...barsOfRow(rows[i]!, i, selected, pending, model))
  const links: AdapterLink[] = []
  const present = new Set(bars.map((b) => b.id))
  const { touching, passing } = dependenciesOfRows(
    dependencyIndex(model.layout, dependencies),
    first,
    last,
  )
  for (const dep of touching) {
    for (const id of [dep.predecessorId, dep.successorId]) {
      if (present.has(id)) continue
      const index = rowIndexById.get(id)!
      bars.push(...barsOfRow(rows[index]!, index, selected, pending, model))
      present.add(id)
    }
    if (present.has(dep.predecessorId) && present.has(dep.successorId)) {
      links.push({
        id: dep.id,
        fromId: dep.predecessorId,
        toId: dep.successorId,
        lagDays: dep.lagDays,
        ...(model.criticalLinkIds?.has(dep.id) ? { critical: true } : {}),
        ...(model.exactGaps ? { exact: true } : {}),
      })
    }
  }
  return { bars, links, firstRow: first, rowCount: Math.max(0, last - first + 1), passing }
}

/** A drop's whole-day deltas as one edit command (one batch), or nothing. */
export function commandFromDrag(results: readonly DragResult[]): Command | undefined {
  const moved = results.filter((r) => r.startDeltaDays !== 0 || r.endDeltaDays !== 0)
  if (moved.length === 0) return undefined
  const [first] = moved as [DragResult]
  if (moved.length === 1 && first.startDeltaDays !== first.endDeltaDays) {
    return first.startDeltaDays !== 0
      ? { kind: 'resizeTask', id: first.id, edge: 'start', days: first.startDeltaDays }
      : { kind: 'resizeTask', id: first.id, edge: 'end', days: first.endDeltaDays }
  }
  return { kind: 'moveTasks', ids: moved.map((r) => r.id), days: first.startDeltaDays }
}
