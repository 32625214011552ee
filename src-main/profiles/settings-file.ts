// The board profiles file in the user-data folder. It holds names and URLs only, never keys.
// It is validated on every read; a file that fails validation is moved aside (not deleted: the
// user or support may want it) and reported, and the planner carries on as if it were absent.
import { mkdir, readFile, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { BoardListsInput } from '../../src-shared/ipc/board-lists'
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write'
import { normaliseBaseUrl } from './base-url'
import { ProfileError } from './profile-error'

const SETTINGS_VERSION = 1

const isValidBaseUrl = (url: string): boolean => {
  try {
    return normaliseBaseUrl(url) === url
  } catch {
    return false
  }
}

const StoredProfile = z.strictObject({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(100),
  baseUrl: z.string().refine(isValidBaseUrl, 'not a normalised https (or loopback http) URL'),
  isLocal: z.boolean(),
  /**
   * The board's project keys and status names as the user gave them. Optional, and left out
   * when both are empty, so files without it stay format 1 and read as before.
   */
  lists: BoardListsInput.optional(),
  /** The board's exact-gap mode; left out when off, so files without it read as before. */
  exactGaps: z.literal(true).optional(),
  /** A drop applies its whole cascade without asking; left out when off. */
  cascadeWithoutAsking: z.literal(true).optional(),
})
export type StoredProfile = z.infer<typeof StoredProfile>

const Settings = z
  .strictObject({
    version: z.literal(SETTINGS_VERSION),
    currentId: z.string().nullable(),
    profiles: z.array(StoredProfile),
  })
  .refine((s) => new Set(s.profiles.map((p) => p.id)).size === s.profiles.length, {
    message: 'two profiles share an id',
  })
  .refine((s) => s.currentId === null || s.profiles.some((p) => p.id === s.currentId), {
    message: 'the current profile does not exist',
  })
export type Settings = z.infer<typeof Settings>

export const emptySettings = (): Settings => ({
  version: SETTINGS_VERSION,
  currentId: null,
  profiles: [],
})

export async function readSettings(path: string): Promise<Settings> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptySettings()
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw await moveAside(path, 'it is not valid JSON')
  }
  // A newer planner's file is not corrupt: leave it alone so a downgrade does not lose it.
  const version = (json as { version?: unknown } | null)?.version
  if (typeof version === 'number' && version > SETTINGS_VERSION) {
    throw new ProfileError(
      'settings_unsupported',
      `The board settings file ${path} was written by a newer version of the planner ` +
        `(format ${version}); update the planner to use it.`,
    )
  }
  const parsed = Settings.safeParse(json)
  if (!parsed.success) throw await moveAside(path, z.prettifyError(parsed.error))
  return parsed.data
}

export async function writeSettings(path: string, settings: Settings): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await removeStaleTempFiles(path)
  await writeFileAtomic(path, `${JSON.stringify(Settings.parse(settings), null, 2)}\n`)
}

async function moveAside(path: string, why: string): Promise<ProfileError> {
  // No colons: the name must be valid on Windows too.
  const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
  await rename(path, aside)
  return new ProfileError(
    'settings_corrupt',
    `The board settings file ${path} could not be read (${why}). It was moved to ${aside}; ` +
      'the planner continues without the boards it held (add them again, or put the file back ' +
      'while the planner is closed).',
  )
}
