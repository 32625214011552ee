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
  const outcome = selectFilterOutcome(state)
  const view: ViewContent = {
    name: name.normalize('NFC').trim(),
    filters: outcome.filters,
    zoom: state.view.zoom,
    collapsedIds: [...state.view.collapsedIds],
    sort: state.view.sort,
  }
  const replaced = state.filters.views.some((v) => v.name === view.name)
  const result = await api.calls.viewsSave({ profileId, view })
  if (!result.ok) return { ok: false, message: result.error.message }
  if (store.getState().board.profileId === profileId)
    store.getState().viewsListed(profileId, result.value, view.name)
  // Filters that do not apply (a reversed range, a bad number) are not in the view: said.
  const left = Object.keys(outcome.problems).map(fieldName)
  const without =
    left.length > 0 ? `, without the filters that do not apply: ${left.join(', ')}` : ''
  return {
    ok: true,
    message: `View “${view.name}” ${replaced ? 'replaced' : 'saved'}${without}.`,
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

/** A filter field as the panel labels it (`startDate`, `dueDate`, `prop:<Name>`). */
function fieldName(field: string): string {
  if (field === 'startDate') return 'Start date'
  if (field === 'dueDate') return 'Due date'
  return field.startsWith('prop:') ? field.slice('prop:'.length) : field
}
