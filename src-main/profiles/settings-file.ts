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

/**
 * The newest format this planner reads and writes. Format 2 adds the planning settings
 * (exactGaps, cascadeWithoutAsking); a file without them is written as format 1, so a planner
 * from before them goes on reading it. One with them says 2: such a planner then leaves it alone
 * (see readSettings) instead of taking the fields it does not know for damage and moving it aside.
 */
const SETTINGS_VERSION = 2
const FORMAT_WITHOUT_PLANNING = 1

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
  /** The board's exact-gap mode; left out when off (format 2). */
  exactGaps: z.boolean().optional(),
  /** A drop applies its whole cascade without asking; left out when off (format 2). */
  cascadeWithoutAsking: z.boolean().optional(),
})
export type StoredProfile = z.infer<typeof StoredProfile>

const Settings = z
  .strictObject({
    version: z.union([z.literal(FORMAT_WITHOUT_PLANNING), z.literal(SETTINGS_VERSION)]),
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
  version: FORMAT_WITHOUT_PLANNING,
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
  // An option that is off is left out (a `false` read from a hand-edited file too): a format-1
  // file must hold nothing a planner from before them does not know.
  const profiles = settings.profiles.map((profile) => {
    const next = { ...profile }
    if (next.exactGaps !== true) delete next.exactGaps
    if (next.cascadeWithoutAsking !== true) delete next.cascadeWithoutAsking
    return next
  })
  const planning = profiles.some((p) => p.exactGaps || p.cascadeWithoutAsking)
  const version = planning ? SETTINGS_VERSION : FORMAT_WITHOUT_PLANNING
  const json = JSON.stringify(Settings.parse({ ...settings, version, profiles }), null, 2)
  await writeFileAtomic(path, `${json}\n`)
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
