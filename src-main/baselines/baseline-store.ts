// Baselines, one JSON file per board profile under the user-data folder: the planner's own
// history of task dates (the interface has none). Kept by main, not the renderer's storage,
// because browser mode's page origin changes with its port at every launch. Each change rewrites
// the file atomically, one change at a time per board; what is read back is checked with the
// shared schema, and a file that fails it is set aside (kept beside it for the user) rather than
// half-trusted.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import {
  BASELINES_PER_BOARD_MAX,
  baselineNameProblem,
  SavedBaseline,
} from '../../src-shared/baselines/saved-baseline'
import type { BaselineContent, BaselineSummary } from '../../src-shared/baselines/saved-baseline'
import { IpcFailure } from '../../src-shared/ipc'
import { writeFileAtomic } from '../profiles/atomic-write'

const BaselinesFile = z.strictObject({
  version: z.literal(1),
  profileId: z.string(),
  baselines: z.array(SavedBaseline).max(BASELINES_PER_BOARD_MAX),
})

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
const summary = (b: SavedBaseline): BaselineSummary => ({
  name: b.name,
  savedAt: b.savedAt,
  taskCount: Object.keys(b.tasks).length,
})

export interface BaselineStoreOptions {
  log?: (message: string) => void
  now?: () => Date
}

export class BaselineStore {
  readonly #dir: string
  readonly #log: (message: string) => void
  readonly #now: () => Date
  /** The last change queued per board: changes of one board run one after another. */
  readonly #queue = new Map<string, Promise<unknown>>()

  constructor(dir: string, options: BaselineStoreOptions = {}) {
    this.#dir = dir
    this.#log = options.log ?? ((message) => console.warn(message))
    this.#now = options.now ?? (() => new Date())
  }

  /** The file of a board; ids that are not plain file names are hashed. */
  fileOf(profileId: string): string {
    const base = SAFE_ID.test(profileId)
      ? profileId
      : createHash('sha256').update(profileId).digest('hex').slice(0, 32)
    return join(this.#dir, `${base}.json`)
  }

  list(profileId: string): Promise<BaselineSummary[]> {
    return this.#serial(profileId, async () => (await this.#read(profileId)).map(summary))
  }

  get(profileId: string, name: string): Promise<SavedBaseline> {
    return this.#serial(profileId, async () => {
      const found = (await this.#read(profileId)).find((b) => b.name === name)
      if (!found)
        throw new IpcFailure('NOT_FOUND', `There is no baseline named “${name}” on this board.`)
      return found
    })
  }

  /** Saves `baseline` under its (trimmed) name, replacing a baseline of that name. */
  save(profileId: string, baseline: BaselineContent): Promise<BaselineSummary[]> {
    const problem = baselineNameProblem(baseline.name)
    if (problem) return Promise.reject(new IpcFailure('INVALID_REQUEST', problem))
    const saved = SavedBaseline.parse({
      ...baseline,
      name: baseline.name.trim(),
      savedAt: this.#now().toISOString(),
    })
    return this.#serial(profileId, async () => {
      const all = await this.#read(profileId)
      const rest = all.filter((b) => b.name !== saved.name)
      if (rest.length >= BASELINES_PER_BOARD_MAX)
        throw new IpcFailure(
          'INVALID_REQUEST',
          `A board keeps at most ${BASELINES_PER_BOARD_MAX} baselines; delete one first.`,
        )
      return (await this.#write(profileId, [...rest, saved])).map(summary)
    })
  }

  delete(profileId: string, name: string): Promise<BaselineSummary[]> {
    return this.#serial(profileId, async () => {
      const all = await this.#read(profileId)
      const rest = all.filter((b) => b.name !== name)
      if (rest.length === all.length)
        throw new IpcFailure('NOT_FOUND', `There is no baseline named “${name}” on this board.`)
      return (await this.#write(profileId, rest)).map(summary)
    })
  }

  /** Removes a board's baselines (the board was removed from the planner). */
  forget(profileId: string): Promise<void> {
    return this.#serial(profileId, async () => {
      const file = this.fileOf(profileId)
      await rename(file, `${file}.removed`).catch(() => undefined)
    })
  }

  async #read(profileId: string): Promise<SavedBaseline[]> {
    const file = this.fileOf(profileId)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    let parsed: z.infer<typeof BaselinesFile> | undefined
    try {
      const result = BaselinesFile.safeParse(JSON.parse(text))
      if (result.success && result.data.profileId === profileId) parsed = result.data
    } catch {
      // Not JSON: set aside below.
    }
    if (!parsed) {
      const aside = `${file}.unreadable-${this.#now().getTime()}`
      await rename(file, aside)
      this.#log(`Baselines of board ${profileId} could not be read; the file was kept as ${aside}.`)
      return []
    }
    return parsed.baselines.sort(byName)
  }

  async #write(profileId: string, baselines: SavedBaseline[]): Promise<SavedBaseline[]> {
    const sorted = [...baselines].sort(byName)
    await mkdir(this.#dir, { recursive: true, mode: 0o700 })
    const body: z.infer<typeof BaselinesFile> = { version: 1, profileId, baselines: sorted }
    // One line: a 50,000-task baseline pretty-printed would be twice the size.
    await writeFileAtomic(this.fileOf(profileId), `${JSON.stringify(body)}\n`)
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
