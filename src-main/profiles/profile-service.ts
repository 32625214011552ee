// Board profiles: names and URLs in the settings file, API keys in the SecretStore under
// `board:<id>`. Keys go to the keychain before a profile is saved, so a keychain failure leaves
// nothing behind; the views handed out carry only `hasKey` and a masked key.
import { randomUUID } from 'node:crypto'
import { BoardListsInput, describeListsError, noBoardLists } from '../../src-shared/ipc/board-lists'
import type { BoardLists } from '../../src-shared/ipc/board-lists'
import type { BoardProfileView } from '../../src-shared/ipc/contract'
import { SecretStoreUnavailable } from '../secrets/secret-store'
import type { SecretStore } from '../secrets/secret-store'
import { maskApiKey, normaliseApiKey } from './api-key'
import { normaliseBaseUrl } from './base-url'
import { ProfileError } from './profile-error'
import { readSettings, writeSettings } from './settings-file'
import type { Settings, StoredProfile } from './settings-file'

export const LOCAL_PROFILE_ID = 'local'
export const LOCAL_PROFILE_NAME = 'Local demo board'

export interface AddProfileInput {
  name: string
  baseUrl: string
  apiKey: string
}

const accountOf = (id: string): string => `board:${id}`

export class ProfileService {
  // Every operation runs alone, so two read-modify-write cycles never lose each other's change.
  #queue: Promise<unknown> = Promise.resolve()

  constructor(
    readonly settingsPath: string,
    private readonly secrets: SecretStore,
  ) {}

  /** All profiles. A keychain that cannot be read shows as `hasKey: false`, not as a failure. */
  list(): Promise<BoardProfileView[]> {
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      return Promise.all(settings.profiles.map((p) => this.#view(p, settings.currentId)))
    })
  }

  /** Saves a board; it becomes current when no board is. Fails, saving nothing, without keychain. */
  async add(input: AddProfileInput): Promise<BoardProfileView> {
    const name = boardName(input.name)
    const baseUrl = normaliseBaseUrl(input.baseUrl)
    const apiKey = normaliseApiKey(input.apiKey)
    return this.#exclusive(async () => {
      // Read first: a corrupt settings file must stop us before anything reaches the keychain.
      const settings = await readSettings(this.settingsPath)
      await this.#refuseDuplicate(settings, { baseUrl, apiKey })
      const profile: StoredProfile = { id: randomUUID(), name, baseUrl, isLocal: false }
      await this.#storeKey(profile.id, apiKey, 'The board was not saved')
      const next: Settings = {
        ...settings,
        currentId: settings.currentId ?? profile.id,
        profiles: [...settings.profiles, profile],
      }
      await this.#writeOrForgetKey(next, profile.id)
      return this.#view(profile, next.currentId)
    })
  }

  /**
   * Renames a board, moves it to another address, or gives it another key (an empty `apiKey`
   * keeps the stored one). The board keeps its id, so its saved views, baselines and waiting
   * edits stay with it. `beforeMove` runs, inside this operation, only when the address changes:
   * it may refuse the move by throwing. Not for the local board, which the planner sets up.
   */
  async update(
    id: string,
    input: AddProfileInput,
    beforeMove: () => void = () => undefined,
  ): Promise<{ view: BoardProfileView; moved: boolean }> {
    const name = boardName(input.name)
    const baseUrl = normaliseBaseUrl(input.baseUrl)
    const newKey = input.apiKey.trim() === '' ? undefined : normaliseApiKey(input.apiKey)
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      const profile = this.#findNotLocal(
        settings,
        id,
        'The planner sets up the local demo board itself; its name, address and key stay.',
      )
      const moved = baseUrl !== profile.baseUrl
      // A stored key goes only to the server it was given for: an address edited to name
      // another one (a typo, or someone with the window or the browser-mode token) would have
      // had every later request carry the key there. Typing the key again says it is meant.
      const from = new URL(profile.baseUrl).origin
      const to = new URL(baseUrl).origin
      if (from !== to && newKey === undefined)
        throw new ProfileError(
          'invalid_input',
          `The board was not changed: ${to} is another server than ${from}, and the planner sends a board's stored API key only to the server it was given for. Enter the key again to move the board there.`,
        )
      if (moved) beforeMove()
      const apiKey = newKey ?? (await this.#storedKey(profile))
      if (apiKey !== null) await this.#refuseDuplicate(settings, { baseUrl, apiKey }, id)
      // At another address the lists the user gave name another board's projects and statuses:
      // taken as its whole lists, statuses of the new board were never asked for, and the sync
      // said "complete". They go, as the snapshot does (profile-handlers.ts).
      const { lists: _lists, ...withoutLists } = profile
      const next: StoredProfile = { ...(moved ? withoutLists : profile), name, baseUrl }
      const profiles = settings.profiles.map((p) => (p.id === id ? next : p))
      // The key goes first: if it cannot be stored, the old name, address and key all stay; if
      // the file then cannot be written, the old key goes back.
      const oldKey = await this.#storedKey(profile)
      if (newKey !== undefined) await this.#storeKey(id, newKey, 'The board was not changed')
      try {
        await writeSettings(this.settingsPath, { ...settings, profiles })
      } catch (error) {
        if (newKey !== undefined) {
          const restore =
            oldKey === null
              ? this.secrets.delete(accountOf(id))
              : this.secrets.set(accountOf(id), oldKey)
          await restore.catch(() => undefined)
        }
        throw error
      }
      return { view: await this.#view(next, settings.currentId), moved }
    })
  }

  /**
   * Removes a board and its key. Refused while the keychain is unavailable, so that no key is
   * left orphaned in it. A removed current board hands over to the local board, else the first.
   */
  remove(id: string): Promise<void> {
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      this.#find(settings, id)
      let key: string | null
      try {
        // Best effort: a key that no longer reads (another keyring now) must not stop removal.
        key = await this.secrets.get(accountOf(id)).catch(() => null)
        await this.secrets.delete(accountOf(id))
      } catch (error) {
        throw keychainError(error, 'The board was not removed: its API key could not be deleted')
      }
      const profiles = settings.profiles.filter((p) => p.id !== id)
      const fallback = profiles.find((p) => p.isLocal) ?? profiles[0]
      const currentId = settings.currentId === id ? (fallback?.id ?? null) : settings.currentId
      try {
        await writeSettings(this.settingsPath, { ...settings, currentId, profiles })
      } catch (error) {
        // Not removed: the board keeps its key (else it stayed listed with none, its waiting
        // edits stuck on "no key").
        if (key !== null) await this.secrets.set(accountOf(id), key).catch(() => undefined)
        throw error
      }
    })
  }

  select(id: string): Promise<BoardProfileView> {
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      const profile = this.#find(settings, id)
      if (settings.currentId !== id) {
        await writeSettings(this.settingsPath, { ...settings, currentId: id })
      }
      return this.#view(profile, id)
    })
  }

  current(): Promise<BoardProfileView | null> {
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      const profile = settings.profiles.find((p) => p.id === settings.currentId)
      return profile ? this.#view(profile, settings.currentId) : null
    })
  }

  /**
   * Stores the project keys and status names the user gave for a board (empty lists clear
   * them). Not for the local board: the planner knows its lists, and they always win.
   */
  async setLists(id: string, input: BoardListsInput): Promise<BoardProfileView> {
    const parsed = BoardListsInput.safeParse(input)
    if (!parsed.success) {
      const why = describeListsError(parsed.error)
      throw new ProfileError('invalid_input', `The lists were not saved. ${why}`)
    }
    const { projectKeys, statuses } = parsed.data
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      const profile = this.#findNotLocal(
        settings,
        id,
        "The planner knows the local board's projects and statuses; there is nothing to give.",
      )
      // No lists, no field: the file then reads exactly as planners without this feature wrote it.
      const next: StoredProfile = { ...profile, lists: parsed.data }
      if (projectKeys.length + statuses.length === 0) delete next.lists
      const profiles = settings.profiles.map((p) => (p.id === id ? next : p))
      await writeSettings(this.settingsPath, { ...settings, profiles })
      return this.#view(next, settings.currentId)
    })
  }

  /**
   * The board's planning settings (the local board's too: they are ways of planning); those
   * left out stay. An option switched off is left out of the file.
   */
  async setPlanning(id: string, input: PlanningInput): Promise<BoardProfileView> {
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      const profile = settings.profiles.find((p) => p.id === id)
      if (!profile) throw new ProfileError('not_found', 'That board is no longer configured.')
      const next: StoredProfile = { ...profile }
      for (const option of ['exactGaps', 'cascadeWithoutAsking'] as const) {
        if (input[option] === true) next[option] = true
        else if (input[option] === false) delete next[option]
      }
      const profiles = settings.profiles.map((p) => (p.id === id ? next : p))
      await writeSettings(this.settingsPath, { ...settings, profiles })
      return this.#view(next, settings.currentId)
    })
  }

  /** The board's address now; null when there is no such board (any more). */
  addressOf(id: string): Promise<string | null> {
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      return settings.profiles.find((p) => p.id === id)?.baseUrl ?? null
    })
  }

  /** The lists the user gave for a board, for the sync; empty lists when none or no such board. */
  listsOf(id: string): Promise<BoardLists> {
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      return settings.profiles.find((p) => p.id === id)?.lists ?? noBoardLists()
    })
  }

  /** The board's API key, for the main process only: it must never cross IPC. */
  async apiKeyFor(id: string): Promise<string> {
    return (await this.credentialsFor(id)).apiKey
  }

  /**
   * The board's address and API key, read in one step (main process only). Read in two, a
   * board edit that moved the board and gave the new server's key could land between them, and
   * the new key went to the old address.
   */
  credentialsFor(id: string): Promise<{ baseUrl: string; apiKey: string }> {
    return this.#exclusive(async () => {
      const profile = this.#find(await readSettings(this.settingsPath), id)
      let key: string | null
      try {
        key = await this.secrets.get(accountOf(id))
      } catch (error) {
        throw keychainError(error, `The API key of "${profile.name}" cannot be read`)
      }
      if (key === null) {
        throw new ProfileError(
          'no_key',
          `No API key is stored for "${profile.name}"; give it again with Edit in the board menu.`,
        )
      }
      return { baseUrl: profile.baseUrl, apiKey: key }
    })
  }

  /**
   * Creates or updates the profile of the embedded local board (its port changes per launch).
   * On a first start, with no board current, it becomes the current board.
   */
  async ensureLocalProfile(input: { baseUrl: string; apiKey: string }): Promise<BoardProfileView> {
    const baseUrl = normaliseBaseUrl(input.baseUrl)
    const apiKey = normaliseApiKey(input.apiKey)
    return this.#exclusive(async () => {
      const settings = await readSettings(this.settingsPath)
      await this.#storeKey(LOCAL_PROFILE_ID, apiKey, 'The local demo board could not be set up')
      // Its planning settings stay; the address (a new port) and the name are set afresh.
      const kept = settings.profiles.find((p) => p.id === LOCAL_PROFILE_ID)
      const profile: StoredProfile = {
        ...(kept?.exactGaps ? { exactGaps: true } : {}),
        ...(kept?.cascadeWithoutAsking ? { cascadeWithoutAsking: true } : {}),
        id: LOCAL_PROFILE_ID,
        name: LOCAL_PROFILE_NAME,
        baseUrl,
        isLocal: true,
      }
      const others = settings.profiles.filter((p) => p.id !== LOCAL_PROFILE_ID)
      const next: Settings = {
        ...settings,
        currentId: settings.currentId ?? LOCAL_PROFILE_ID,
        profiles: [profile, ...others],
      }
      await writeSettings(this.settingsPath, next)
      return this.#view(profile, next.currentId)
    })
  }

  #exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(operation)
    this.#queue = run.catch(() => undefined)
    return run
  }

  #find(settings: Settings, id: string): StoredProfile {
    const profile = settings.profiles.find((p) => p.id === id)
    if (!profile) throw new ProfileError('not_found', 'That board does not exist (any more).')
    return profile
  }

  /** A board the user added (the local one is the planner's): `refusal` says why not. */
  #findNotLocal(settings: Settings, id: string, refusal: string): StoredProfile {
    const profile = this.#find(settings, id)
    if (profile.isLocal) throw new ProfileError('invalid_input', refusal)
    return profile
  }

  /** The board's stored key; null when there is none or the keychain cannot be read. */
  async #storedKey(profile: StoredProfile): Promise<string | null> {
    try {
      return await this.secrets.get(accountOf(profile.id))
    } catch (error) {
      if (error instanceof SecretStoreUnavailable) return null
      throw error
    }
  }

  /**
   * The same address with the same key is the same board seen by the same user: a second copy
   * would split its views, baselines and waiting edits between two entries of the menu.
   */
  async #refuseDuplicate(
    settings: Settings,
    board: { baseUrl: string; apiKey: string },
    exceptId?: string,
  ): Promise<void> {
    for (const other of settings.profiles) {
      if (other.id === exceptId || other.baseUrl !== board.baseUrl) continue
      if ((await this.#storedKey(other)) === board.apiKey) {
        throw new ProfileError(
          'invalid_input',
          `That board is already in the planner as "${other.name}", with the same key.`,
        )
      }
    }
  }

  async #storeKey(id: string, apiKey: string, context: string): Promise<void> {
    try {
      await this.secrets.set(accountOf(id), apiKey)
    } catch (error) {
      throw keychainError(error, context)
    }
  }

  /** Writes the settings; if that fails, takes the new key back out of the keychain. */
  async #writeOrForgetKey(next: Settings, id: string): Promise<void> {
    try {
      await writeSettings(this.settingsPath, next)
    } catch (error) {
      await this.secrets.delete(accountOf(id)).catch(() => undefined)
      throw error
    }
  }

  async #view(profile: StoredProfile, currentId: string | null): Promise<BoardProfileView> {
    const key = await this.#storedKey(profile)
    return {
      id: profile.id,
      name: profile.name,
      baseUrl: profile.baseUrl,
      isLocal: profile.isLocal,
      isCurrent: profile.id === currentId,
      hasKey: key !== null,
      maskedKey: key === null ? '' : maskApiKey(key),
      lists: profile.lists ?? noBoardLists(),
      exactGaps: profile.exactGaps === true,
      cascadeWithoutAsking: profile.cascadeWithoutAsking === true,
    }
  }
}

/** Planning settings of a board; undefined leaves one as it is. */
export interface PlanningInput {
  exactGaps?: boolean | undefined
  cascadeWithoutAsking?: boolean | undefined
}

function boardName(given: string): string {
  const name = given.trim()
  if (name === '' || name.length > 100) {
    throw new ProfileError('invalid_input', 'A board name needs 1 to 100 characters.')
  }
  return name
}

function keychainError(error: unknown, context: string): unknown {
  if (!(error instanceof SecretStoreUnavailable)) return error
  return new ProfileError('keychain_unavailable', `${context}. ${error.message}.`, { cause: error })
}
