// Loading the board: the stored snapshot first (instant), then a fresh sync; sync progress feeds
// the status bar meanwhile. A load started later wins: an older one's answers are dropped.
import type { BoardSnapshot } from '../../../src-shared/ipc/board-snapshot'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import { selectCurrentProfile } from '../selectors'
import type { PlannerStore } from '../store'

export interface LoadBoardOptions {
  /** Show the stored snapshot while the fresh sync runs (default true). */
  cachedFirst?: boolean
  /**
   * Called right after each snapshot is in the store, in the same task: what must change with it
   * (the row order) is rendered with it. Changed a task later, the whole board was laid out and
   * drawn twice (seconds at 50,000 tasks).
   */
  onSnapshot?: () => void
}

const latestLoad = new WeakMap<PlannerStore, number>()

/** Loads the current board; resolves with the last answer (the fresh sync's, when it ran). */
export async function loadBoard(
  store: PlannerStore,
  api: PlannerApi,
  options: LoadBoardOptions = {},
): Promise<IpcResult<BoardSnapshot>> {
  const load = (latestLoad.get(store) ?? 0) + 1
  latestLoad.set(store, load)
  const current = () => latestLoad.get(store) === load
  // Only this board's progress: a sync of the board left behind may still be running in main.
  const profileId = selectCurrentProfile(store.getState())?.id
  const unsubscribe = api.events['sync:progress']((progress) => {
    if (!current() || (profileId !== undefined && progress.profileId !== profileId)) return
    store.getState().syncProgressed(progress)
  })
  try {
    store.getState().syncStarted(profileId)
    if (options.cachedFirst ?? true) {
      const cached = await api.calls.boardSync({ cachedFirst: true })
      // No stored snapshot (or an unreadable one, which main counts as none): main has just run
      // the full sync, so that answer is the fresh one, and so is its failure. A second full
      // sync would only fail again, after as long.
      if (!cached.ok || !cached.value.fromCache) {
        const fresh = finish(store, cached, current(), options)
        if (current()) await refreshPending(store, api)
        return fresh
      }
      if (!current()) return cached
      store.getState().snapshotReceived(cached.value, { loading: true })
      options.onSnapshot?.()
      await refreshPending(store, api)
    }
    const fresh = finish(
      store,
      await api.calls.boardSync({ cachedFirst: false }),
      current(),
      options,
    )
    if (current()) await refreshPending(store, api)
    return fresh
  } finally {
    unsubscribe()
  }
}

function finish(
  store: PlannerStore,
  result: IpcResult<BoardSnapshot>,
  current: boolean,
  options: LoadBoardOptions,
): IpcResult<BoardSnapshot> {
  if (!current) return result
  const state = store.getState()
  if (result.ok) {
    state.snapshotReceived(result.value)
    options.onSnapshot?.()
  } else {
    state.syncFailed(result.error, selectCurrentProfile(state)?.id)
    const shown = state.board.syncedAt ? ` Showing the board as of ${state.board.syncedAt}.` : ''
    state.addMessage('error', `Could not load the board: ${result.error.message}${shown}`)
  }
  return result
}

/** The journal of the board now shown: its pending marks, count and problems. */
async function refreshPending(store: PlannerStore, api: PlannerApi): Promise<void> {
  const pending = await api.calls.editsPending(undefined)
  if (pending.ok) store.getState().pendingChanged(pending.value)
}
