// The settings file is replaced atomically: a reader sees the old or the new file, never part of
// one, also when the writer is killed mid-write; a failed write leaves no temp file behind.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { removeStaleTempFiles, writeFileAtomic } from '../../../src-main/profiles/atomic-write'
import { useTempDir } from './temp-dir'

const WRITER = fileURLToPath(new URL('./fixtures/atomic-writer.ts', import.meta.url))
const PAD_LENGTH = 256 * 1024
const tempDir = useTempDir()

/** Parses one version written by the fixture; throws if it is not whole. */
function readWhole(path: string): number {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { seq: number; pad: string }
  if (doc.pad.length !== PAD_LENGTH) throw new Error('partial pad')
  return doc.seq
}

describe('writeFileAtomic', () => {
  it('replaces the file, private to the user, with no temp file left', async () => {
    const dir = tempDir()
    const path = join(dir, 'boards.json')
    await writeFileAtomic(path, 'one')
    await writeFileAtomic(path, 'two')
    expect(readFileSync(path, 'utf8')).toBe('two')
    expect(readdirSync(dir)).toEqual(['boards.json'])
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it('removes its temp file and keeps the target when the rename fails', async () => {
    const dir = tempDir()
    const path = join(dir, 'boards.json')
    // A non-empty directory in the way makes rename() fail after the temp file is written.
    mkdirSync(path)
    writeFileSync(join(path, 'keep'), 'x')
    await expect(writeFileAtomic(path, 'new')).rejects.toThrow()
    expect(readdirSync(dir)).toEqual(['boards.json'])
  })

  it('never shows a reader half a file, and leaves a whole one when the writer is killed', async () => {
    const dir = tempDir()
    const path = join(dir, 'boards.json')
    for (let round = 0; round < 3; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', WRITER, path], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      await once(child.stdout, 'data')
      // Read as fast as possible while the writer replaces the file many times over: for a
      // while, and at least 50 times however slow a loaded machine makes each read.
      const until = Date.now() + 300 + round * 100
      let reads = 0
      let previous = 0
      while (Date.now() < until || reads < 50) {
        const seq = readWhole(path)
        expect(seq).toBeGreaterThanOrEqual(previous)
        previous = seq
        reads++
        await sleep(0)
      }
      child.kill('SIGKILL')
      await once(child, 'exit')
      expect(readWhole(path)).toBeGreaterThanOrEqual(previous)
    }
    // Temp files a killed writer left behind are not the settings file; old ones are swept.
    const leftovers = readdirSync(dir).filter((f) => f !== 'boards.json')
    expect(leftovers.every((f) => f.startsWith('.boards.json.tmp-'))).toBe(true)
    expect(await removeStaleTempFiles(path, 0)).toBe(leftovers.length)
    expect(readdirSync(dir)).toEqual(['boards.json'])
  })

  it('sweeps only temp files old enough to be abandoned', async () => {
    const dir = tempDir()
    const path = join(dir, 'boards.json')
    writeFileSync(join(dir, '.boards.json.tmp-1-abc'), '{"half":')
    writeFileSync(join(dir, 'other.txt'), 'x')
    expect(await removeStaleTempFiles(path)).toBe(0)
    expect(await removeStaleTempFiles(path, 0)).toBe(1)
    expect(readdirSync(dir).sort()).toEqual(['other.txt'])
  })
})
