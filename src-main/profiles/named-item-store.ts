// Named items the planner keeps per board profile (saved views, baselines): one JSON file per
// board under a folder of the user-data folder. Main keeps them, not the renderer's storage,
// because browser mode's page origin changes with its port at every launch. Each change
// rewrites the file atomically, one change at a time per board; what is read back is checked
// with the item's schema, and a file that fails it is set aside (kept beside it for the user)
// rather than half-trusted. Items are kept sorted by name; a name is unique per board.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { IpcFailure } from '../../src-shared/ipc'
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write'

export interface NamedItemKind<T extends { name: string }> {
  /** The item's schema, as stored. */
  schema: z.ZodType<T>
  /** The file's key for its list of items ('views', 'baselines'): part of the file format. */
  key: string
  /** 'view', 'baseline': for messages. */
  noun: string
  /** At most this many per board. */
  max: number
  /** Why a name cannot be used, in words; undefined when it can. */
  nameProblem(name: string): string | undefined
  /** Pretty-printed JSON (small files people may open) or one line (large ones). */
  pretty: boolean
}

export interface NamedItemStoreOptions {
  log?: (message: string) => void
  now?: () => Date
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)

export class NamedItemStore<T extends { name: string }> {
  readonly #dir: string
  readonly #kind: NamedItemKind<T>
  readonly #file: z.ZodType<{ version: 1; profileId: string; items: T[] }>
  readonly #log: (message: string) => void
  readonly now: () => Date
  /** The last change queued per board: changes of one board run one after another. */
  readonly #queue = new Map<string, Promise<unknown>>()

  constructor(dir: string, kind: NamedItemKind<T>, options: NamedItemStoreOptions = {}) {
    this.#dir = dir
    this.#kind = kind
    const items = z.array(kind.schema).max(kind.max)
    this.#file = z
      .strictObject({ version: z.literal(1), profileId: z.string(), [kind.key]: items })
      .transform((file) => ({
        version: 1 as const,
        profileId: file.profileId as string,
        items: file[kind.key] as T[],
      }))
    this.#log = options.log ?? ((message) => console.warn(message))
    this.now = options.now ?? (() => new Date())
  }

  /** The file of a board; ids that are not plain file names are hashed. */
  fileOf(profileId: string): string {
    const base = SAFE_ID.test(profileId)
      ? profileId
      : createHash('sha256').update(profileId).digest('hex').slice(0, 32)
    return join(this.#dir, `${base}.json`)
  }

  /** The board's items, sorted by name. */
  all(profileId: string): Promise<T[]> {
    return this.#serial(profileId, () => this.#read(profileId))
  }

  get(profileId: string, name: string): Promise<T> {
    return this.#serial(profileId, async () => {
      const found = (await this.#read(profileId)).find((item) => sameName(item.name, name))
      if (!found) throw this.#missing(name)
      return found
    })
  }

  /**
   * Stores `item` (its name checked, trimmed and in Unicode's composed form), replacing one of
   * that name; all after.
   */
  put(profileId: string, item: T): Promise<T[]> {
    const problem = this.#kind.nameProblem(item.name)
    if (problem) return Promise.reject(new IpcFailure('INVALID_REQUEST', problem))
    const saved = this.#kind.schema.parse({ ...item, name: nameKey(item.name) })
    return this.#serial(profileId, async () => {
      const rest = (await this.#read(profileId)).filter((i) => !sameName(i.name, saved.name))
      if (rest.length >= this.#kind.max)
        throw new IpcFailure(
          'INVALID_REQUEST',
          `A board keeps at most ${this.#kind.max} ${this.#kind.noun}s; delete one first.`,
        )
      return this.#write(profileId, [...rest, saved])
    })
  }

  remove(profileId: string, name: string): Promise<T[]> {
    return this.#serial(profileId, async () => {
      const items = await this.#read(profileId)
      const rest = items.filter((i) => !sameName(i.name, name))
      if (rest.length === items.length) throw this.#missing(name)
      return this.#write(profileId, rest)
    })
  }

  /**
   * Deletes a board's items (the board was removed from the planner, whose dialog says they are
   * deleted). They were renamed aside and never deleted: a board's baselines can be a hundred
   * megabytes.
   */
  forget(profileId: string): Promise<void> {
    return this.#serial(profileId, async () => {
      const file = this.fileOf(profileId)
      await rm(file, { force: true })
      await rm(`${file}.removed`, { force: true })
    })
  }

  #missing(name: string): IpcFailure {
    return new IpcFailure(
      'NOT_FOUND',
      `There is no ${this.#kind.noun} named “${name}” on this board.`,
    )
  }

  async #read(profileId: string): Promise<T[]> {
    const file = this.fileOf(profileId)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      // Not JSON: set aside below.
    }
    const result = this.#file.safeParse(parsed)
    if (result.success && result.data.profileId === profileId) return result.data.items.sort(byName)
    const body =
      typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
    // A newer planner's file is its own: neither read as this one's nor written over.
    if (typeof body['version'] === 'number' && body['version'] > 1)
      throw new IpcFailure(
        'INTERNAL',
        `The saved ${this.#kind.key} of this board were written by a newer planner (format ${body['version']}); open them there. This planner leaves the file as it is.`,
      )
    // Item by item: one that no longer reads (damaged, hand-edited) costs itself, not the rest.
    const listed = body['profileId'] === profileId ? body[this.#kind.key] : undefined
    const all: unknown[] = Array.isArray(listed) ? listed : []
    const kept: T[] = []
    for (const item of all) {
      const one = this.#kind.schema.safeParse(item)
      if (one.success) kept.push(one.data)
      // Fields this planner does not know, and nothing else wrong: a newer planner's item (one
      // that added an optional field without a new format). Dropped, it was lost when the
      // file was written back; the file is left as it is instead.
      else if (one.error.issues.every((issue) => issue.code === 'unrecognized_keys'))
        throw new IpcFailure(
          'INTERNAL',
          `The saved ${this.#kind.key} of this board were written by a newer planner (they hold fields this one does not know); open them there. This planner leaves the file as it is.`,
        )
    }
    kept.splice(this.#kind.max)
    const aside = `${file}.unreadable-${this.now().getTime()}`
    await rename(file, aside)
    this.#log(
      `Saved ${this.#kind.key} of board ${profileId} could not be read whole (${kept.length} of ${all.length} kept); the file was kept as ${aside}.`,
    )
    return kept.length > 0 ? this.#write(profileId, kept) : []
  }

  async #write(profileId: string, items: T[]): Promise<T[]> {
    const sorted = [...items].sort(byName)
    await mkdir(this.#dir, { recursive: true, mode: 0o700 })
    await removeStaleTempFiles(this.fileOf(profileId))
    const body = { version: 1, profileId, [this.#kind.key]: sorted }
    const text = this.#kind.pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body)
    await writeFileAtomic(this.fileOf(profileId), `${text}\n`)
    return sorted
  }

  #serial<R>(profileId: string, work: () => Promise<R>): Promise<R> {
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

/**
 * A name as stored and compared: trimmed, and composed (NFC), so that "été" typed with combining
 * accents (as some keyboards and pastes give it) names the same item as "été" typed whole.
 */
function nameKey(name: string): string {
  return name.normalize('NFC').trim()
}

function sameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b)
}
