// How the board is looked at: zoom, where the viewport is (as a day and a row, see
// ../scroll-anchor.ts), collapsed parents, the hovered task, the task whose details are open and
// whether the coverage panel is open.
// Nothing here is reset by a refresh.
import type { ScrollAnchor } from '../scroll-anchor'
import type { SliceCreator } from '../store'

export const ZOOMS = ['day', 'week', 'month', 'quarter', 'year'] as const
export type Zoom = (typeof ZOOMS)[number]

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
}

export const INITIAL_VIEW: ViewData = {
  zoom: 'week',
  anchor: null,
  collapsedIds: [],
  hoverTaskId: null,
  detailsTaskId: null,
  coverageOpen: false,
  reveal: null,
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
    showDetails: (id) => patch({ detailsTaskId: id }),
    showCoverage: (open) => patch({ coverageOpen: open }),
    revealTask: (id) => {
      get().selectTasks([id])
      patch({ reveal: { taskId: id, seq: (get().view.reveal?.seq ?? 0) + 1 } })
    },
  }
}
