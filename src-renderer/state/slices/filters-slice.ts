// The Filters panel's text (what the user typed, see ../../filters/filter-draft.ts), whether the
// panel is open, and the board's saved views as main last listed them. Filtering itself is
// derived from this and the board (selectFilterOutcome), never stored, so a sync or an edit
// re-filters with nothing to keep in step.
import type { SavedView } from '../../../src-shared/filters/saved-view'
import { draftOf, EMPTY_DRAFT } from '../../filters/filter-draft'
import type { DraftField, FilterDraft } from '../../filters/filter-draft'
import type { SliceCreator } from '../store'

export interface FiltersData {
  draft: FilterDraft
  panelOpen: boolean
  /** The board these views (and this draft) belong to; '' before the first listing. */
  viewsProfileId: string
  views: readonly SavedView[]
  /** The view last applied or saved, while its filters are unchanged; null otherwise. */
  activeView: string | null
}

export interface FiltersSlice {
  filters: FiltersData
  setFilterField<F extends DraftField>(field: F, value: FilterDraft[F]): void
  /** '' removes the property's filter. */
  setPropertyFilter(name: string, value: string): void
  clearFilters(): void
  openFilters(open: boolean): void
  /** Main's list of a board's views; another board's list also clears this board's filters. */
  viewsListed(profileId: string, views: readonly SavedView[], active?: string | null): void
  /** Shows a saved view: its filters, zoom and collapsed rows. */
  applyView(view: SavedView): void
}

export const INITIAL_FILTERS: FiltersData = {
  draft: EMPTY_DRAFT,
  panelOpen: false,
  viewsProfileId: '',
  views: [],
  activeView: null,
}

export const createFiltersSlice: SliceCreator<FiltersSlice> = (set, get) => {
  const patchDraft = (draft: Partial<FilterDraft>) =>
    set((s) => ({
      filters: { ...s.filters, draft: { ...s.filters.draft, ...draft }, activeView: null },
    }))
  return {
    filters: INITIAL_FILTERS,
    setFilterField: (field, value) => patchDraft({ [field]: value }),
    setPropertyFilter: (name, value) =>
      set((s) => {
        const { [name]: _old, ...rest } = s.filters.draft.properties
        const properties = value === '' ? rest : { ...rest, [name]: value }
        return {
          filters: { ...s.filters, draft: { ...s.filters.draft, properties }, activeView: null },
        }
      }),
    clearFilters: () =>
      set((s) => ({ filters: { ...s.filters, draft: EMPTY_DRAFT, activeView: null } })),
    // The Filters panel and the details panel take the same place at the window's right (and
    // repeat labels such as "Project" and "Status"): opening one closes the other.
    // The details panel it closes is parked: it comes back, as the user left it, on close.
    openFilters: (open) => {
      set((s) => ({
        filters: { ...s.filters, panelOpen: open },
        ...(open && s.view.detailsTaskId !== null
          ? {
              view: {
                ...s.view,
                detailsTaskId: null,
                parkedDetails: { taskId: s.view.detailsTaskId },
              },
            }
          : {}),
      }))
      if (!open) get().unparkDetails()
    },
    viewsListed: (profileId, views, active) =>
      set((s) => {
        // Another board's statuses, people and properties differ: its filters start empty.
        const sameBoard = s.filters.viewsProfileId === profileId
        return {
          filters: {
            ...s.filters,
            viewsProfileId: profileId,
            views,
            draft: sameBoard ? s.filters.draft : EMPTY_DRAFT,
            activeView: active !== undefined ? active : sameBoard ? s.filters.activeView : null,
          },
        }
      }),
    applyView: (view) =>
      set((s) => ({
        filters: { ...s.filters, draft: draftOf(view.filters), activeView: view.name },
        view: { ...s.view, zoom: view.zoom, collapsedIds: [...view.collapsedIds] },
      })),
  }
}
