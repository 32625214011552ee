// The boards as main lists them, and the project keys and status names a user gives for one in
// the coverage panel. Saving the lists syncs the board afresh, so they take effect at once.
import { BoardListsInput, describeListsError } from '../../../src-shared/ipc/board-lists'
import type { BoardSnapshot } from '../../../src-shared/ipc/board-snapshot'
import type { BoardProfileView, IpcResult } from '../../../src-shared/ipc/contract'
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import type { PlannerStore } from '../store'
import { loadBoard } from './load-board'

/** Lists the boards into the store; the caller shows a failure where it fits. */
export async function loadProfiles(
  store: PlannerStore,
  api: PlannerApi,
): Promise<IpcResult<BoardProfileView[]>> {
  const result = await api.calls.boardsList(undefined)
  if (result.ok) store.getState().profilesReceived(result.value)
  return result
}

export interface SaveBoardListsResult {
  saved: IpcResult<BoardProfileView>
  /** The fresh sync started once the lists were stored; absent when they were not. */
  synced?: Promise<IpcResult<BoardSnapshot>>
}

export async function saveBoardLists(
  store: PlannerStore,
  api: PlannerApi,
  input: { profileId: string; projectKeys: string[]; statuses: string[] },
): Promise<SaveBoardListsResult> {
  // Checked here as main checks it, so the message names the list and the name at fault.
  const parsed = BoardListsInput.safeParse({
    projectKeys: input.projectKeys,
    statuses: input.statuses,
  })
  if (!parsed.success) {
    const message = describeListsError(parsed.error)
    return { saved: { ok: false, error: { code: 'INVALID_REQUEST', message } } }
  }
  const saved = await api.calls.boardsSetLists({ profileId: input.profileId, ...parsed.data })
  if (!saved.ok) return { saved }
  store.getState().profileUpdated(saved.value)
  return { saved, synced: loadBoard(store, api, { cachedFirst: false }) }
}
