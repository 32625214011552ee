// Everything the IPC handlers need about "the board being worked on". Its own module so that
// handlers and the composition root (planner-services.ts) do not import each other.
import type { EventName, EventPayload } from '../../src-shared/ipc'
import type { ApiClient } from '../api'
import type { SnapshotCache } from '../board/snapshot-cache'
import type { EditSender } from '../edits/edit-sender'
import type { ProfileService } from '../profiles/profile-service'
import type { SyncRuns } from './sync-runs'

export interface ServiceContext {
  profiles: ProfileService
  cache: SnapshotCache
  sender: EditSender
  /** The syncs running, by board (one board is shown at a time). */
  syncs: SyncRuns
  /** The current board's id, or a NO_BOARD error. */
  currentId(): Promise<string>
  client(profileId: string): Promise<ApiClient>
  /** Drops a removed board's client (its key with it). */
  forgetClient(profileId: string): void
  /** Drops what the planner keeps of a removed board beside its profile (saved views). */
  forgetBoardFiles(profileId: string): Promise<void>
  /** The board's whole project and status lists, when known (the local board's are). */
  definitions(profileId: string): { projectKeys: string[]; statuses: string[] } | undefined
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void
}
