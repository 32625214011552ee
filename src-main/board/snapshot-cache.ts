// The last synced snapshot of each board, on disk, so the planner opens instantly and refreshes
// in the background. Written atomically; a file that no longer parses is treated as absent.
import { mkdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { BoardSnapshot } from '../../src-shared/ipc'
import { stringifyForReply } from '../ipc/reply-json'
import { writeFileAtomic } from '../profiles/atomic-write'

export class SnapshotCache {
  private readonly memory = new Map<string, BoardSnapshot>()

  constructor(private readonly dir: string) {}

  private file(profileId: string): string {
    return join(this.dir, `${encodeURIComponent(profileId)}.json`)
  }

  async get(profileId: string): Promise<BoardSnapshot | undefined> {
    const cached = this.memory.get(profileId)
    if (cached) return cached
    try {
      const parsed = BoardSnapshot.safeParse(
        JSON.parse(await readFile(this.file(profileId), 'utf8')),
      )
      if (!parsed.success) return undefined
      this.memory.set(profileId, parsed.data)
      return parsed.data
    } catch {
      return undefined
    }
  }

  /**
   * Stores the snapshot. Its JSON is made once, for the file and for the reply that carries
   * this same object to the renderer (ipc/reply-json.ts): pass the snapshot you will return.
   */
  async put(snapshot: BoardSnapshot): Promise<void> {
    this.memory.set(snapshot.profileId, snapshot)
    await mkdir(this.dir, { recursive: true })
    await writeFileAtomic(this.file(snapshot.profileId), stringifyForReply(snapshot))
  }

  async forget(profileId: string): Promise<void> {
    this.memory.delete(profileId)
    await rm(this.file(profileId), { force: true })
  }
}
