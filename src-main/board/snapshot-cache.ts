// The last synced snapshot of each board, on disk, so the planner opens instantly and refreshes
// in the background. Written atomically; a file that no longer parses is treated as absent.
import { mkdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { BoardSnapshot } from '../../src-shared/ipc'
import { stringifyForReply } from '../ipc/reply-json'
import { removeStaleTempFiles, writeFileAtomic } from '../profiles/atomic-write'

/**
 * A snapshot is kept with the address it was read from, and answered only for that address: a
 * sync still writing when its board moved (the write lands after the move's `forget`) left the
 * old server's tasks on disk, and every later start showed them as the moved board's.
 */
export class SnapshotCache {
  /** What each board's file held, once read: null when nothing usable. */
  private readonly memory = new Map<string, { address: string; snapshot: BoardSnapshot } | null>()

  constructor(private readonly dir: string) {}

  private file(profileId: string): string {
    return join(this.dir, `${encodeURIComponent(profileId)}.json`)
  }

  async get(profileId: string, address: string | null): Promise<BoardSnapshot | undefined> {
    if (address === null) return undefined
    if (!this.memory.has(profileId)) this.memory.set(profileId, await this.read(profileId, address))
    const cached = this.memory.get(profileId)
    return cached?.address === address ? cached.snapshot : undefined
  }

  /**
   * The file's snapshot and the address it was read from; null when there is none to use. Read
   * once: every edit asks for the board's tasks, and the file may be tens of MB. A file written
   * before addresses were kept is taken for the board's address now (the planner wrote it).
   */
  private async read(
    profileId: string,
    address: string,
  ): Promise<{ address: string; snapshot: BoardSnapshot } | null> {
    try {
      const stored = JSON.parse(await readFile(this.file(profileId), 'utf8')) as unknown
      if (typeof stored !== 'object' || stored === null) return null
      const kept = 'address' in stored && typeof stored.address === 'string'
      const parsed = BoardSnapshot.safeParse(
        kept ? (stored as { snapshot?: unknown }).snapshot : stored,
      )
      if (!parsed.success) return null
      return {
        address: kept ? (stored as { address: string }).address : address,
        snapshot: parsed.data,
      }
    } catch {
      return null
    }
  }

  /**
   * Stores the snapshot, read from `address`. Its JSON is made once, for the file and for the
   * reply that carries this same object to the renderer (ipc/reply-json.ts): pass the snapshot
   * you will return.
   */
  async put(snapshot: BoardSnapshot, address: string): Promise<void> {
    this.memory.set(snapshot.profileId, { address, snapshot })
    await mkdir(this.dir, { recursive: true })
    // A crash mid-write left its temp file (tens of MB at 50,000 tasks): gone at the next write.
    await removeStaleTempFiles(this.file(snapshot.profileId))
    const text = `{"address":${JSON.stringify(address)},"snapshot":${stringifyForReply(snapshot)}}`
    await writeFileAtomic(this.file(snapshot.profileId), text)
  }

  async forget(profileId: string): Promise<void> {
    this.memory.delete(profileId)
    await rm(this.file(profileId), { force: true })
  }
}
