// Keeps the edits slice's pending count in step with main's journal: the count now, then every
// `edits:changed`. Call once when the window starts; returns the unsubscribe.
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import type { PlannerStore } from '../store'

export function connectEditEvents(store: PlannerStore, api: PlannerApi): () => void {
  let heard = false
  const unsubscribe = api.events['edits:changed']((pending) => {
    heard = true
    store.getState().pendingChanged(pending)
  })
  void api.calls.editsPending(undefined).then((result) => {
    // An event that came first is newer than this answer.
    if (result.ok && !heard) store.getState().pendingChanged(result.value)
  })
  return unsubscribe
}
