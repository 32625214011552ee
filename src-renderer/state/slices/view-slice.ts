// How the board is looked at: zoom, where the viewport is (as a day and a row, see
// ../scroll-anchor.ts), collapsed parents, the hovered task, the task whose details are open and
// whether the coverage panel is open, the New task dialog and the creates whose tasks the board
// has not shown yet, the row order (kept while the user works: see
// ../../timeline/geometry/row-order.ts) and the Today / Fit requests to the timeline.
// Nothing here is reset by a refresh.
import { sameRanks } from '../../timeline/geometry/row-order'
import type { ScrollAnchor } from '../scroll-anchor'
import type { SliceCreator } from '../store'

export const ZOOMS = ['day', 'week', 'month', 'quarter', 'year'] as const
export type Zoom = (typeof ZOOMS)[number]

/** Sibling order of the rows (the geometry's SortOrder): board order, start, due date, key. */
export const SORT_CHOICES = ['board', 'start', 'due', 'key'] as const
export type RowSort = (typeof SORT_CHOICES)[number]

/** Where the timeline is asked to go: today, or to fit the board (or the selection). */
export type JumpKind = 'today' | 'fit'

/** What the New task dialog starts with (a drag on an empty row gives dates, a row its parent). */
export interface CreatePrefill {
  startDate?: string
  dueDate?: string
  parentId?: string
  milestoneId?: string
}

/**
 * A created task main could not find again (the create's outcome is unknown): shown as "created,
 * not yet seen" until a sync shows a task of that project and title made since `since`. Never
 * re-sent.
 */
export interface UnseenCreate {
  id: number
  projectKey: string
  title: string
  /** When the create was sent (ISO): older tasks of the same title are not it. */
  since: string
}

export interface ViewData {
  zoom: Zoom
  /** null until the timeline first reports a scroll: it then centres on today. */
  anchor: ScrollAnchor | null
  collapsedIds: readonly string[]
  hoverTaskId: string | null
  detailsTaskId: string | null
  /** The board coverage panel (the status bar's Details). */
  coverageOpen: boolean
  /** A task to bring into view (Find); `seq` counts requests, so the same task can be asked again. */
  reveal: { taskId: string; seq: number } | null
  /** The New task dialog, open with these starting values; null when closed. */
  creating: CreatePrefill | null
  unseenCreates: readonly UnseenCreate[]
  sort: RowSort
  /** Each task's frozen place among its siblings; null until the first board has loaded. */
  rowRank: ReadonlyMap<string, number> | null
  /** A Today or Fit request; `seq` counts them, so the same one can be asked again. */
  jump: { kind: JumpKind; seq: number } | null
  /**
   * A details panel that gave its place to the Filters panel or the New task dialog: it comes
   * back when they close, with what the user had typed (`form`, the panel's own state, kept
   * only when it held changes). Esc, Close or Save of the panel drop it.
   */
  parkedDetails: { taskId: string; form?: unknown } | null
}

export interface ViewSlice {
  view: ViewData
  /** Changes the zoom only: the anchor stays, so the same day and row stay in view. */
  setZoom(zoom: Zoom): void
  setScrollAnchor(anchor: ScrollAnchor): void
  toggleCollapsed(id: string): void
  setCollapsed(id: string, collapsed: boolean): void
  hoverTask(id: string | null): void
  showDetails(id: string | null): void
  showCoverage(open: boolean): void
  /** Selects the task and asks the timeline to scroll it into view. */
  revealTask(id: string): void
  openCreate(prefill?: CreatePrefill): void
  closeCreate(): void
  /** Keeps (or with null, drops) what a parked details panel held; see ViewData.parkedDetails. */
  parkDetails(parked: { taskId: string; form?: unknown } | null): void
  /** Brings back the details panel a Filters panel or New task dialog took the place of. */
  unparkDetails(): void
  noteUnseenCreates(items: readonly Omit<UnseenCreate, 'id'>[]): void
  dismissUnseenCreate(id: number): void
  /** A new row order (taken on Refresh or a sort change; see timeline/view/resort-rows.ts). */
  setRowOrder(sort: RowSort, rank: ReadonlyMap<string, number>): void
  jumpTo(kind: JumpKind): void
}

export const INITIAL_VIEW: ViewData = {
  zoom: 'week',
  anchor: null,
  collapsedIds: [],
  hoverTaskId: null,
  detailsTaskId: null,
  coverageOpen: false,
  reveal: null,
  creating: null,
  unseenCreates: [],
  sort: 'start',
  rowRank: null,
  jump: null,
  parkedDetails: null,
}

export const createViewSlice: SliceCreator<ViewSlice> = (set, get) => {
  const patch = (view: Partial<ViewData>) => set((s) => ({ view: { ...s.view, ...view } }))
  return {
    view: INITIAL_VIEW,
    setZoom: (zoom) => patch({ zoom }),
    setScrollAnchor: (anchor) => patch({ anchor }),
    toggleCollapsed: (id) => get().setCollapsed(id, !get().view.collapsedIds.includes(id)),
    setCollapsed: (id, collapsed) => {
      const ids = get().view.collapsedIds
      if (ids.includes(id) === collapsed) return
      patch({ collapsedIds: collapsed ? [...ids, id] : ids.filter((c) => c !== id) })
    },
    hoverTask: (id) => patch({ hoverTaskId: id }),
    // One form at a time: the details panel takes the Filters panel's place, and the New task
    // dialog (modal) closes both, so no label is on the page twice.
    showDetails: (id) => {
      // Closed by the user, or another task opened: a panel parked earlier is dropped. The same
      // task opened again comes back as it was left.
      const parked = get().view.parkedDetails
      patch({
        detailsTaskId: id,
        parkedDetails: id !== null && parked?.taskId === id ? parked : null,
      })
      if (id !== null && get().filters.panelOpen) get().openFilters(false)
    },
    showCoverage: (open) => patch({ coverageOpen: open }),
    revealTask: (id) => {
      get().selectTasks([id])
      patch({ reveal: { taskId: id, seq: (get().view.reveal?.seq ?? 0) + 1 } })
    },
    openCreate: (prefill = {}) => {
      const open = get().view.detailsTaskId
      patch({
        creating: { ...prefill },
        detailsTaskId: null,
        ...(open !== null ? { parkedDetails: { taskId: open } } : {}),
      })
      if (get().filters.panelOpen) set((s) => ({ filters: { ...s.filters, panelOpen: false } }))
    },
    closeCreate: () => {
      patch({ creating: null })
      get().unparkDetails()
    },
    parkDetails: (parkedDetails) => patch({ parkedDetails }),
    unparkDetails: () => {
      const { parkedDetails, detailsTaskId, creating } = get().view
      if (!parkedDetails || detailsTaskId !== null || creating || get().filters.panelOpen) return
      // A task gone from the board meanwhile (a sync, a board switch) has no panel to come back.
      if (!(parkedDetails.taskId in get().board.tasksById)) {
        patch({ parkedDetails: null })
        return
      }
      patch({ detailsTaskId: parkedDetails.taskId })
    },
    noteUnseenCreates: (items) => {
      const shown = get().view.unseenCreates
      let next = shown.reduce((max, u) => Math.max(max, u.id), 0)
      patch({ unseenCreates: [...shown, ...items.map((item) => ({ ...item, id: (next += 1) }))] })
    },
    dismissUnseenCreate: (id) =>
      patch({ unseenCreates: get().view.unseenCreates.filter((u) => u.id !== id) }),
    setRowOrder: (sort, rank) => {
      // The same order again (a load resorts as each snapshot arrives and once more at its end)
      // changes nothing: a new map would lay out and draw the whole board again.
      const { sort: before, rowRank } = get().view
      if (before === sort && rowRank && sameRanks(rowRank, rank)) return
      patch({ sort, rowRank: rank })
    },
    jumpTo: (kind) => patch({ jump: { kind, seq: (get().view.jump?.seq ?? 0) + 1 } }),
  }
}
