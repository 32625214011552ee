// Keeps the edits slice in step with main's journal for the board shown: the journal now, then
// every `edits:changed` (each names its board; another board's news is not this board's). New
// problems show on the board at once (./edit-journal.ts). Call once when the window starts;
// returns the unsubscribe.
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import type { PlannerStore } from '../store'
import { received, retryEdits } from './edit-journal'

export function connectEditEvents(store: PlannerStore, api: PlannerApi): () => void {
  let heard = false
  const unsubscribe = api.events['edits:changed']((pending) => {
    heard = true
    received(store, api, pending)
  })
  void api.calls.editsPending(undefined).then((result) => {
    // An event that came first is newer than this answer.
    if (result.ok && !heard) received(store, api, result.value)
  })
  // Back online: the journal need not wait for its timer.
  const online = () => {
    if (store.getState().edits.pendingCount > 0) void retryEdits(store, api)
  }
  globalThis.addEventListener?.('online', online)
  return () => {
    unsubscribe()
    globalThis.removeEventListener?.('online', online)
  }
}
