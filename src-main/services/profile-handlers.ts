// IPC handlers of the board menu (list, add, edit, remove, select and test boards) and of the
// board lists the user gives in the coverage panel.
import type { EditJournal } from '../edits/edit-journal'
import { ProfileError } from '../profiles/profile-error'
import type { IpcHandlers } from '../ipc/ipc-router'
import type { ServiceContext } from './service-context'

type ProfileChannels =
  | 'boards:list'
  | 'boards:add'
  | 'boards:update'
  | 'boards:remove'
  | 'boards:select'
  | 'boards:test'
  | 'boards:setLists'
  | 'boards:setPlanning'

export function profileHandlers(
  context: ServiceContext,
  journal: EditJournal,
): Pick<IpcHandlers, ProfileChannels> {
  const { profiles } = context
  return {
    'boards:list': () => profiles.list(),
    'boards:add': (request) => profiles.add(request),
    'boards:update': async ({ id, ...input }) => {
      const { view, moved } = await profiles.update(id, input, () =>
        refuseMoveWithEdits(journal, id),
      )
      if (moved) {
        // Another address: what the planner kept of the old one (its snapshot, the versions it
        // saw) describes another service. Views and baselines are the user's and stay, and so
        // does anything the journal still holds (the move was refused with edits waiting).
        context.syncs.stop(
          id,
          'the board moved to another address while it loaded; Refresh loads it from there',
        )
        journal.forgetVersions(id)
        context.forgetClient(id)
        await context.cache.forget(id)
      } else if (input.apiKey.trim() !== '') {
        // A new key: edits that waited for a refused key may go now.
        void context.sender.retry(id).catch(() => undefined)
      }
      return view
    },
    'boards:remove': async ({ id }) => {
      await profiles.remove(id)
      context.syncs.stop(id, 'the board was removed')
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
    // The renderer syncs afresh after saving, so the new lists are used at once. A sync still
    // running with the old lists is stopped: finishing last, it stored its snapshot (and its
    // report) over the new one's, shown at the next start.
    'boards:setLists': async ({ profileId, projectKeys, statuses }) => {
      const saved = await profiles.setLists(profileId, { projectKeys, statuses })
      context.syncs.stop(profileId, "the board's lists changed; Refresh loads it with them")
      return saved
    },
    'boards:setPlanning': ({ profileId, ...options }) => profiles.setPlanning(profileId, options),
  }
}

/**
 * Edits waiting for a board, or its unsettled problems, belong to the address they were made
 * on: moving the board under them would send them to another service, or drop them.
 */
function refuseMoveWithEdits(journal: EditJournal, id: string): void {
  const waiting = journal.pending(id).length
  const problems = journal.problems(id).length
  if (waiting === 0 && problems === 0) return
  const what = [
    waiting > 0 ? `${waiting} ${waiting === 1 ? 'edit waits' : 'edits wait'}` : '',
    problems > 0 ? `${problems} ${problems === 1 ? 'problem waits' : 'problems wait'}` : '',
  ]
    .filter(Boolean)
    .join(' and ')
  throw new ProfileError(
    'invalid_input',
    `The board was not moved: ${what} for it at its present address. Send or discard them first; the name and key can change now.`,
  )
}
