// IPC handlers of the board menu (list, add, remove, select and test boards) and of the board
// lists the user gives in the coverage panel.
import type { EditJournal } from '../edits/edit-journal'
import type { IpcHandlers } from '../ipc/ipc-router'
import type { ServiceContext } from './service-context'

type ProfileChannels =
  | 'boards:list'
  | 'boards:add'
  | 'boards:remove'
  | 'boards:select'
  | 'boards:test'
  | 'boards:setLists'

export function profileHandlers(
  context: ServiceContext,
  journal: EditJournal,
): Pick<IpcHandlers, ProfileChannels> {
  const { profiles } = context
  return {
    'boards:list': () => profiles.list(),
    'boards:add': (request) => profiles.add(request),
    'boards:remove': async ({ id }) => {
      await profiles.remove(id)
      journal.forget(id)
      context.forgetClient(id)
      await context.cache.forget(id)
      await context.forgetBoardFiles(id)
      return undefined
    },
    'boards:select': async ({ id }) => {
      const selected = await profiles.select(id)
      void context.sender.retry(id).catch(() => undefined)
      return selected
    },
    'boards:test': async ({ id }) => (await context.client(id)).testConnection(),
    // The renderer syncs afresh after saving, so the new lists are used at once.
    'boards:setLists': ({ profileId, projectKeys, statuses }) =>
      profiles.setLists(profileId, { projectKeys, statuses }),
  }
}
