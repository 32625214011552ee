// Saved views, one small JSON file per board profile under the user-data folder. Main keeps them
// (not the renderer's localStorage) because browser mode's page origin changes with its port at
// every launch. Each change rewrites the file atomically, one change at a time per board; what
// is read back is checked with the shared schema, and a file that fails it is set aside (kept
// beside it for the user) rather than half-trusted.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import {
  SavedView,
  viewNameProblem,
  VIEWS_PER_BOARD_MAX,
} from '../../src-shared/filters/saved-view'
import type { ViewContent } from '../../src-shared/filters/saved-view'
import { IpcFailure } from '../../src-shared/ipc'
import { writeFileAtomic } from '../profiles/atomic-write'

const ViewsFile = z.strictObject({
  version: z.literal(1),
  profileId: z.string(),
  views: z.array(SavedView).max(VIEWS_PER_BOARD_MAX),
})

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/
const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name)

export interface ViewStoreOptions {
  log?: (message: string) => void
  now?: () => Date
}

export class ViewStore {
  readonly #dir: string
  readonly #log: (message: string) => void
  readonly #now: () => Date
  /** The last change queued per board: changes of one board run one after another. */
  readonly #queue = new Map<string, Promise<unknown>>()

  constructor(dir: string, options: ViewStoreOptions = {}) {
    this.#dir = dir
    this.#log = options.log ?? ((message) => console.warn(message))
    this.#now = options.now ?? (() => new Date())
  }

  /** The file of a board; ids that are not plain file names (none today) are hashed. */
  fileOf(profileId: string): string {
    const base = SAFE_ID.test(profileId)
      ? profileId
      : createHash('sha256').update(profileId).digest('hex').slice(0, 32)
    return join(this.#dir, `${base}.json`)
  }

  list(profileId: string): Promise<SavedView[]> {
    return this.#serial(profileId, () => this.#read(profileId))
  }

  /** Saves `view` under its (trimmed) name, replacing a view of that name. */
  save(profileId: string, view: ViewContent): Promise<SavedView[]> {
    const problem = viewNameProblem(view.name)
    if (problem) return Promise.reject(new IpcFailure('INVALID_REQUEST', problem))
    const saved = SavedView.parse({
      ...view,
      name: view.name.trim(),
      savedAt: this.#now().toISOString(),
    })
    return this.#serial(profileId, async () => {
      const views = await this.#read(profileId)
      const rest = views.filter((v) => v.name !== saved.name)
      if (rest.length >= VIEWS_PER_BOARD_MAX)
        throw new IpcFailure(
          'INVALID_REQUEST',
          `A board keeps at most ${VIEWS_PER_BOARD_MAX} views; delete one first.`,
        )
      return this.#write(profileId, [...rest, saved])
    })
  }

  delete(profileId: string, name: string): Promise<SavedView[]> {
    return this.#serial(profileId, async () => {
      const views = await this.#read(profileId)
      const rest = views.filter((v) => v.name !== name)
      if (rest.length === views.length)
        throw new IpcFailure('NOT_FOUND', `There is no view named “${name}” on this board.`)
      return this.#write(profileId, rest)
    })
  }

  /** Removes a board's views (the board was removed from the planner). */
  forget(profileId: string): Promise<void> {
    return this.#serial(profileId, async () => {
      const file = this.fileOf(profileId)
      await rename(file, `${file}.removed`).catch(() => undefined)
    })
  }

  async #read(profileId: string): Promise<SavedView[]> {
    const file = this.fileOf(profileId)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    let parsed: z.infer<typeof ViewsFile> | undefined
    try {
      const result = ViewsFile.safeParse(JSON.parse(text))
      if (result.success && result.data.profileId === profileId) parsed = result.data
    } catch {
      // Not JSON: set aside below.
    }
    if (!parsed) {
      const aside = `${file}.unreadable-${this.#now().getTime()}`
      await rename(file, aside)
      this.#log(
        `Saved views of board ${profileId} could not be read; the file was kept as ${aside}.`,
      )
      return []
    }
    return parsed.views.sort(byName)
  }

  async #write(profileId: string, views: SavedView[]): Promise<SavedView[]> {
    const sorted = [...views].sort(byName)
    await mkdir(this.#dir, { recursive: true, mode: 0o700 })
    const body: z.infer<typeof ViewsFile> = { version: 1, profileId, views: sorted }
    await writeFileAtomic(this.fileOf(profileId), `${JSON.stringify(body, null, 2)}\n`)
    return sorted
  }

  #serial<T>(profileId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#queue.get(profileId) ?? Promise.resolve()
    const next = previous.then(work, work)
    const settled = next.catch(() => undefined)
    this.#queue.set(profileId, settled)
    void settled.then(() => {
      if (this.#queue.get(profileId) === settled) this.#queue.delete(profileId)
    })
    return next
  }
}
