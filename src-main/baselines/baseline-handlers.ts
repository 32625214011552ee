// IPC handlers of baselines: list, get, save and delete a board's baselines. The board is named
// in each request (not "the current board"), so a baseline saved just as the user switches
// boards still lands on the board it was taken of.
import { IpcFailure } from '../../src-shared/ipc'
import type { IpcHandlers } from '../ipc/ipc-router'
import type { BaselineStore } from './baseline-store'

type BaselineChannels = 'baselines:list' | 'baselines:get' | 'baselines:save' | 'baselines:delete'

export function baselineHandlers(
  baselines: BaselineStore,
  boardExists: (profileId: string) => Promise<boolean>,
): Pick<IpcHandlers, BaselineChannels> {
  // No file is made for a board the planner does not know.
  const known = async (profileId: string) => {
    if (!(await boardExists(profileId)))
      throw new IpcFailure('NOT_FOUND', 'That board is no longer configured.')
  }
  return {
    'baselines:list': async ({ profileId }) => {
      await known(profileId)
      return baselines.list(profileId)
    },
    'baselines:get': async ({ profileId, name }) => {
      await known(profileId)
      return baselines.get(profileId, name)
    },
    'baselines:save': async ({ profileId, baseline }) => {
      await known(profileId)
      return baselines.save(profileId, baseline)
    },
    'baselines:delete': async ({ profileId, name }) => {
      await known(profileId)
      return baselines.delete(profileId, name)
    },
  }
}
