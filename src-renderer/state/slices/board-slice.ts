// The board as last synced (with this renderer's unconfirmed edits laid over it), how complete
// it is, and how loading it goes.
import { copyTable, idTable } from '../../../src-shared/api/id-table'
import type { Dependency, Task } from '../../../src-shared/api/resources'
import type {
  BoardSnapshot,
  CoverageReport,
  SyncProgress,
} from '../../../src-shared/ipc/board-snapshot'
import type { IpcError } from '../../../src-shared/ipc/contract'
import type { TaskTable } from '../commands/types'
import { EMPTY_DRAFT } from '../../filters/filter-draft'
import { overlayEdits } from '../edit-batches'
import { pruneSelection } from '../selection-logic'
import type { SliceCreator } from '../store'

export interface BoardData extends TaskTable {
  /** '' before the first snapshot. */
  profileId: string
  tasksById: Readonly<Record<string, Task>>
  /** Task ids in the order the board listed them. */
  taskIds: readonly string[]
  dependencies: readonly Dependency[]
  coverage: CoverageReport | null
  /** When the shown snapshot was synced; '' before the first. */
  syncedAt: string
  /** The shown snapshot is the stored one, while a fresh sync runs. */
  fromCache: boolean
  /** The running (or last) sync's progress. */
  progress: SyncProgress | null
  loading: boolean
  /** Why the last load failed; null after a successful one. */
  error: IpcError | null
  /**
   * Task links the board named in its answers to this planner's edits (an update answer names
   * each task's URL), by task id; kept across syncs of the same board. The list carries no URL,
   * so these and the dependencies' URLs are what "Copy link" works from.
   */
  taskUrls: Readonly<Record<string, string>>
}

export interface BoardSlice {
  board: BoardData
  /**
   * A load of board `profileId` (the current one, when known) began. A board other than the one
   * shown is a switch: the board left behind is not shown any more, since main now sends every
   * edit to the board switched to (its first sync can take minutes).
   */
  syncStarted(profileId?: string): void
  syncProgressed(progress: SyncProgress): void
  /** Shows a snapshot: unconfirmed edits laid over it, selection and hover of gone tasks dropped. */
  snapshotReceived(snapshot: BoardSnapshot, options?: { loading?: boolean }): void
  /**
   * A load failed. `profileId`: the board it was for (the current one), when known; a board other
   * than the one shown is not shown any more.
   */
  syncFailed(error: IpcError, profileId?: string): void
  /** The board `profileId` named these tasks' URLs (an update answer). */
  taskUrlsNamed(profileId: string, named: readonly { id: string; url: string }[]): void
}

export const EMPTY_BOARD: BoardData = {
  profileId: '',
  tasksById: idTable(),
  taskIds: [],
  dependencies: [],
  coverage: null,
  syncedAt: '',
  fromCache: false,
  progress: null,
  loading: false,
  error: null,
  taskUrls: idTable(),
}

export const createBoardSlice: SliceCreator<BoardSlice> = (set) => ({
  board: EMPTY_BOARD,

  syncStarted: (profileId) =>
    set((s) =>
      profileId !== undefined && s.board.profileId !== '' && profileId !== s.board.profileId
        ? {
            board: { ...EMPTY_BOARD, profileId, loading: true },
            // A details panel parked on the board left behind does not come back on this one.
            view: { ...s.view, parkedDetails: null },
            // Nor do its filters (another board's statuses, people and properties differ): the
            // new board starts with none from now, not once its saved views are listed, which
            // also dropped what the user typed meanwhile. Its views are listed when they come.
            filters: {
              ...s.filters,
              viewsProfileId: profileId,
              views: [],
              draft: EMPTY_DRAFT,
              activeView: null,
            },
          }
        : { board: { ...s.board, loading: true, error: null, progress: null } },
    ),

  syncProgressed: (progress) => set((s) => ({ board: { ...s.board, progress } })),

  snapshotReceived: (snapshot, options = {}) =>
    set((s) => {
      const sameBoard = s.board.profileId === '' || s.board.profileId === snapshot.profileId
      const { tasksById, edits } = overlayEdits(
        snapshot.tasks,
        snapshot.profileId,
        s.edits,
        sameBoard,
      )
      const exists = (id: string) => id in tasksById
      const gone = (id: string | null) => (id !== null && exists(id) ? id : null)
      return {
        board: {
          profileId: snapshot.profileId,
          tasksById,
          taskIds: snapshot.tasks.map((t) => t.id),
          dependencies: snapshot.dependencies,
          coverage: snapshot.coverage,
          syncedAt: snapshot.syncedAt,
          fromCache: snapshot.fromCache,
          progress: s.board.progress,
          loading: options.loading ?? false,
          error: null,
          taskUrls: sameBoard ? s.board.taskUrls : idTable(),
        },
        edits,
        selection: pruneSelection(s.selection, exists),
        view: {
          ...s.view,
          hoverTaskId: gone(s.view.hoverTaskId),
          detailsTaskId: gone(s.view.detailsTaskId),
        },
      }
    }),

  syncFailed: (error, profileId) =>
    set((s) =>
      // No board at all (the last one was removed): the one shown is gone, not just unloaded.
      error.code === 'NO_BOARD'
        ? { board: { ...EMPTY_BOARD, error } }
        : profileId !== undefined && profileId !== s.board.profileId
          ? // The board that failed to load is not the one shown (a board switch): showing the
            // old board's tasks under the new board's name let edits of them go to the new
            // board's journal. Nothing is shown until the new board loads.
            { board: { ...EMPTY_BOARD, profileId, error } }
          : { board: { ...s.board, loading: false, error } },
    ),

  taskUrlsNamed: (profileId, named) =>
    set((s) => {
      if (s.board.profileId !== profileId) return {}
      const fresh = named.filter((n) => n.url !== '' && s.board.taskUrls[n.id] !== n.url)
      if (fresh.length === 0) return {}
      const taskUrls = copyTable(s.board.taskUrls)
      for (const { id, url } of fresh) taskUrls[id] = url
      return { board: { ...s.board, taskUrls } }
    }),
})
