// The theme choice, one small JSON file in the user-data folder: main keeps it because browser
// mode's page origin changes with its port at every launch (localStorage would forget it), and
// Electron needs it before the window opens (nativeTheme.themeSource). A file that cannot be read
// or fails its schema counts as no choice (System): a look is not worth stopping the planner for,
// and the next choice rewrites it.
import { mkdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { Appearance } from '../../src-shared/ipc'
import { writeFileAtomic } from '../profiles/atomic-write'

const AppearanceFile = z.strictObject({ version: z.literal(1), ...Appearance.shape })

const DEFAULT: Appearance = { theme: 'system' }

export class AppearanceStore {
  readonly #path: string
  readonly #log: (message: string) => void
  /** Writes run one after another, so the last choice made is the one on disk. */
  #queue: Promise<unknown> = Promise.resolve()

  constructor(path: string, log: (message: string) => void = (m) => console.warn(m)) {
    this.#path = path
    this.#log = log
  }

  async get(): Promise<Appearance> {
    let text: string
    try {
      text = await readFile(this.#path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.#log(`The theme setting ${this.#path} could not be read: ${String(error)}`)
      return DEFAULT
    }
    try {
      const { theme } = AppearanceFile.parse(JSON.parse(text))
      return { theme }
    } catch {
      this.#log(`The theme setting ${this.#path} is not valid; using System.`)
      return DEFAULT
    }
  }

  set(appearance: Appearance): Promise<Appearance> {
    const next = Appearance.parse(appearance)
    const write = this.#queue.then(async () => {
      await mkdir(dirname(this.#path), { recursive: true })
      await writeFileAtomic(this.#path, `${JSON.stringify({ version: 1, ...next }, null, 2)}\n`)
      return next
    })
    this.#queue = write.catch(() => undefined)
    return write
  }
}
