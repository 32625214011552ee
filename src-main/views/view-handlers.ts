// IPC handlers of saved views: list, save and delete a board's views. The board is named in each
// request (not "the current board"), so a view saved just as the user switches boards still
// lands on the board it was made on.
import { IpcFailure } from '../../src-shared/ipc'
import type { IpcHandlers } from '../ipc/ipc-router'
import type { ViewStore } from './view-store'

type ViewChannels = 'views:list' | 'views:save' | 'views:delete'

export function viewHandlers(
  views: ViewStore,
  boardExists: (profileId: string) => Promise<boolean>,
): Pick<IpcHandlers, ViewChannels> {
  // No file is made for a board the planner does not know.
  const known = async (profileId: string) => {
    if (!(await boardExists(profileId)))
      throw new IpcFailure('NOT_FOUND', 'That board is no longer configured.')
  }
  return {
    'views:list': async ({ profileId }) => {
      await known(profileId)
      return views.list(profileId)
    },
    'views:save': async ({ profileId, view }) => {
      await known(profileId)
      return views.save(profileId, view)
    },
    'views:delete': async ({ profileId, name }) => {
      await known(profileId)
      return views.delete(profileId, name)
    },
  }
}
