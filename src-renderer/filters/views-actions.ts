// Saved views over IPC: list a board's views, save the current filters, zoom, collapsed rows and Sort
// under a name, delete one. Plain async functions taking the store and the API (see
// ../state/actions). A bad name is caught here first with main's own rule, so nothing is sent.
import type { PlannerApi } from '../../src-shared/ipc'
import { viewNameProblem } from '../../src-shared/filters/saved-view'
import type { ViewContent } from '../../src-shared/filters/saved-view'
import type { PlannerStore } from '../state'
import { selectFilterOutcome } from './filter-outcome'

export type ViewResult = { ok: true; message: string } | { ok: false; message: string }

export async function loadViews(store: PlannerStore, api: PlannerApi, profileId: string) {
  const result = await api.calls.viewsList({ profileId })
  // A board switched meanwhile: this answer is about a board no longer shown.
  if (store.getState().board.profileId !== profileId) return
  if (result.ok) store.getState().viewsListed(profileId, result.value)
  else store.getState().viewsListed(profileId, [])
}

export async function saveView(
  store: PlannerStore,
  api: PlannerApi,
  name: string,
): Promise<ViewResult> {
  const problem = viewNameProblem(name)
  if (problem) return { ok: false, message: problem }
  const state = store.getState()
  const profileId = state.board.profileId
  if (!profileId) return { ok: false, message: 'No board is open.' }
  const view: ViewContent = {
    name: name.normalize('NFC').trim(),
    filters: selectFilterOutcome(state).filters,
    zoom: state.view.zoom,
    collapsedIds: [...state.view.collapsedIds],
    sort: state.view.sort,
  }
  const replaced = state.filters.views.some((v) => v.name === view.name)
  const result = await api.calls.viewsSave({ profileId, view })
  if (!result.ok) return { ok: false, message: result.error.message }
  if (store.getState().board.profileId === profileId)
    store.getState().viewsListed(profileId, result.value, view.name)
  return {
    ok: true,
    message: replaced ? `View “${view.name}” replaced.` : `View “${view.name}” saved.`,
  }
}

export async function deleteView(
  store: PlannerStore,
  api: PlannerApi,
  name: string,
): Promise<ViewResult> {
  const state = store.getState()
  const profileId = state.board.profileId
  const result = await api.calls.viewsDelete({ profileId, name })
  if (!result.ok) return { ok: false, message: result.error.message }
  if (store.getState().board.profileId === profileId) {
    const active = store.getState().filters.activeView
    store.getState().viewsListed(profileId, result.value, active === name ? null : active)
  }
  return { ok: true, message: `View “${name}” deleted.` }
}
