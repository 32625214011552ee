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
 * old server's tasks on disk, and every later start showed them as the moved board's. A file
 * written before addresses were kept answers nothing (the next sync reads the board afresh).
 */
export class SnapshotCache {
  private readonly memory = new Map<string, { address: string; snapshot: BoardSnapshot }>()

  constructor(private readonly dir: string) {}

  private file(profileId: string): string {
    return join(this.dir, `${encodeURIComponent(profileId)}.json`)
  }

  async get(profileId: string, address: string | null): Promise<BoardSnapshot | undefined> {
    if (address === null) return undefined
    const cached = this.memory.get(profileId)
    if (cached) return cached.address === address ? cached.snapshot : undefined
    try {
      const stored = JSON.parse(await readFile(this.file(profileId), 'utf8')) as unknown
      if (typeof stored !== 'object' || stored === null || !('address' in stored)) return undefined
      const parsed = BoardSnapshot.safeParse((stored as { snapshot?: unknown }).snapshot)
      if (!parsed.success || stored.address !== address) return undefined
      this.memory.set(profileId, { address, snapshot: parsed.data })
      return parsed.data
    } catch {
      return undefined
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
