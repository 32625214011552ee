// Atomic file replacement: readers see the old file or the new one, never half of either, even
// if the process or the machine dies mid-write. Write a temp file in the same directory (rename
// is only atomic within one file system), fsync it (so the rename cannot land before the data),
// rename it over the target, then fsync the directory (so the rename itself survives power loss).
import { randomBytes } from 'node:crypto'
import { open, readdir, rename, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

const tempPrefix = (path: string): string => `.${basename(path)}.tmp-`

export async function writeFileAtomic(path: string, data: string, mode = 0o600): Promise<void> {
  const temp = join(
    dirname(path),
    `${tempPrefix(path)}${process.pid}-${randomBytes(6).toString('hex')}`,
  )
  // 'wx': never follow or reuse an existing file under the temp name.
  const handle = await open(temp, 'wx', mode)
  try {
    try {
      await handle.writeFile(data, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  await syncDirectory(dirname(path))
}

/** Codes for "this platform or file system cannot fsync a directory" (Windows, some FUSE). */
const DIR_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EACCES'])

async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch (error) {
    if (!DIR_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error
  }
}

/**
 * Removes temp files that a crashed writer left next to `path`. Only old ones: a young temp file
 * may belong to a writer in another process that is about to rename it.
 */
export async function removeStaleTempFiles(path: string, olderThanMs = 60_000): Promise<number> {
  const dir = dirname(path)
  const prefix = tempPrefix(path)
  let removed = 0
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(prefix)) continue
    const file = join(dir, name)
    const info = await stat(file).catch(() => null)
    if (info && Date.now() - info.mtimeMs >= olderThanMs) {
      await unlink(file).catch(() => undefined)
      removed++
    }
  }
  return removed
}
