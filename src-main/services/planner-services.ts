// The composition root of main's services, shared by Electron and browser mode: profiles and
// keychain, the local board, an API client per board, sync with its snapshot cache, and the edit
// journal. It returns the IPC handlers; the caller decides how they are reached.
import { ProfileError } from '../profiles/profile-error'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { IpcFailure, PLANNER_DESCRIPTION_TYPE } from '../../src-shared/ipc'
import type { EventName, EventPayload, ThemeChoice } from '../../src-shared/ipc'
import { appearanceHandlers } from '../appearance/appearance-handlers'
import { AppearanceStore } from '../appearance/appearance-store'
import { ApiClient } from '../api'
import { SnapshotCache } from '../board/snapshot-cache'
import { openEditJournal } from '../edits/open-journal'
import { EditSender } from '../edits/edit-sender'
import type { EditSenderOptions } from '../edits/edit-sender'
import type { IpcHandlers } from '../ipc/ipc-router'
import { startLocalBoard } from '../local-board/local-board'
import type { LocalBoard } from '../local-board/local-board'
import { LOCAL_PROFILE_ID, ProfileService } from '../profiles/profile-service'
import type { SecretStore } from '../secrets/secret-store'
import { baselineHandlers } from '../baselines/baseline-handlers'
import { BaselineStore } from '../baselines/baseline-store'
import { viewHandlers } from '../views/view-handlers'
import { ViewStore } from '../views/view-store'
import { boardHandlers } from './board-handlers'
import { ClientCache } from './client-cache'
import type { ServiceContext } from './service-context'
import { profileHandlers } from './profile-handlers'
import { SyncRuns } from './sync-runs'

export interface PlannerServicesOptions {
  userDataDir: string
  secretStore: SecretStore
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void
  /** Start the embedded local board (default true). */
  localBoard?: boolean
  localBoardTasks?: number
  log?: (message: string) => void
  /** The edit journal's timing (tests shorten it). */
  edits?: Pick<EditSenderOptions, 'backoffMs' | 'answerWithinMs'>
  /** Shows a theme choice beyond the page (Electron: nativeTheme.themeSource). */
  applyTheme?: (theme: ThemeChoice) => void
}

export interface PlannerServices {
  handlers: IpcHandlers
  localBoard: LocalBoard | undefined
  /** The stored theme choice (Electron applies it before its window opens). */
  appearance: AppearanceStore
  close(): Promise<void>
}

export async function createPlannerServices(
  options: PlannerServicesOptions,
): Promise<PlannerServices> {
  const log = options.log ?? ((message: string) => console.warn(message))
  mkdirSync(options.userDataDir, { recursive: true, mode: 0o700 })
  const profiles = new ProfileService(join(options.userDataDir, 'boards.json'), options.secretStore)
  const cache = new SnapshotCache(join(options.userDataDir, 'snapshots'))
  const { journal, setAside } = openEditJournal(join(options.userDataDir, 'edits.db'))
  const clients = new ClientCache(
    (credentials) => new ApiClient({ ...credentials, descriptionType: PLANNER_DESCRIPTION_TYPE }),
  )
  const views = new ViewStore(join(options.userDataDir, 'views'), { log })
  const baselines = new BaselineStore(join(options.userDataDir, 'baselines'), { log })
  const appearance = new AppearanceStore(join(options.userDataDir, 'appearance.json'), log)

  let localBoard: LocalBoard | undefined
  let unreadableSettings: string | undefined
  if (options.localBoard !== false) {
    const storedKey = await options.secretStore.get('board:local').catch(() => null)
    localBoard = await startLocalBoard({
      dataDir: join(options.userDataDir, 'local-board'),
      storedKey,
      log,
      ...(options.localBoardTasks !== undefined ? { seedTasks: options.localBoardTasks } : {}),
    })
    const local = { baseUrl: localBoard.url, apiKey: localBoard.apiKey }
    try {
      await profiles.ensureLocalProfile(local)
    } catch (error) {
      // A settings file that could not be read has been moved aside: the local board is set up
      // again in a new one, and the window says what happened (the problem list of the board
      // shown), not only the log. Before, no board showed at all until the next start.
      if (error instanceof ProfileError && error.reason === 'settings_corrupt') {
        log(error.message)
        unreadableSettings = error.message
        await profiles.ensureLocalProfile(local).catch((again: unknown) => {
          log(`The local demo board could not be saved as a board: ${String(again)}`)
        })
      } else {
        log(
          `The local demo board is running but could not be saved as a board: ${(error as Error).message}`,
        )
      }
    }
  }

  const client = async (profileId: string): Promise<ApiClient> => {
    // Address and key in one read: see credentialsFor.
    return clients.get(profileId, await profiles.credentialsFor(profileId))
  }

  if (unreadableSettings) {
    for (const profile of await profiles.list().catch(() => []))
      journal.addProblem(profile.id, { kind: 'unreadable', message: unreadableSettings, tasks: [] })
  }

  if (setAside) {
    // Every board is told: the file cannot say whose edits it held.
    const carried =
      setAside.carried > 0
        ? `the ${setAside.carried} waiting edit(s) that could still be read were carried over to a new one and will be sent; any others in it were not sent`
        : 'a new one was started: edits that were waiting in it, if any, were not sent'
    const message = `The planner's edit journal could not be read at start (${setAside.reason}). It was kept as ${setAside.keptAs}; ${carried}. Check the board for changes you made before this start.`
    log(message)
    for (const profile of await profiles.list().catch(() => []))
      journal.addProblem(profile.id, { kind: 'unreadable', message, tasks: [] })
  }

  const sender = new EditSender({
    journal,
    writer: client,
    onChange: (pending) => options.emit('edits:changed', pending),
    log,
    ...(options.edits ?? {}),
  })

  const context: ServiceContext = {
    profiles,
    cache,
    sender,
    syncs: new SyncRuns(),
    async currentId() {
      const current = await profiles.current()
      if (!current)
        throw new IpcFailure(
          'NO_BOARD',
          'No board is selected; add or choose one in the board menu.',
        )
      return current.id
    },
    client,
    forgetClient: (profileId) => clients.forget(profileId),
    forgetBoardFiles: async (profileId) => {
      await views.forget(profileId)
      await baselines.forget(profileId)
    },
    definitions: (profileId) =>
      profileId === LOCAL_PROFILE_ID ? localBoard?.definitions : undefined,
    emit: options.emit,
  }

  const boardExists = async (id: string) => (await profiles.list()).some((p) => p.id === id)

  // Edits a crash or an outage left behind go out first, in order, in the background.
  void sender
    .retryAll()
    .catch((error: unknown) =>
      log(`Edits waiting from before this start could not be sent: ${String(error)}`),
    )

  return {
    handlers: {
      ...profileHandlers(context, journal),
      ...boardHandlers(context),
      ...viewHandlers(views, boardExists),
      ...baselineHandlers(baselines, boardExists),
      ...appearanceHandlers(appearance, options.applyTheme),
    },
    localBoard,
    appearance,
    async close() {
      sender.close()
      journal.close()
      await localBoard?.close()
    },
  }
}
