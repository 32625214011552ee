// The data folder's lock on its own: taken, refused while its holder lives, taken over when the
// holder is gone, released only by its holder. browser-mode-lock.test.ts tries it through
// `npm run web` itself.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DataDirLockedError,
  LOCK_FILE_NAME,
  lockDataDir,
} from '../../../src-main/web/data-dir-lock'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tb-lock-'))
  dirs.push(dir)
  return dir
}

/** The pid of a process that has already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid!
}

const writeLock = (dir: string, holder: object | string) =>
  writeFileSync(
    join(dir, LOCK_FILE_NAME),
    typeof holder === 'string' ? holder : JSON.stringify(holder),
  )

describe('lockDataDir', () => {
  it('creates the folder and a lock naming this process; release removes it', () => {
    const dir = join(dataDir(), 'nested', 'data')
    const lock = lockDataDir(dir)
    expect(lock.file).toBe(join(dir, LOCK_FILE_NAME))
    expect(readdirSync(dir)).toEqual([LOCK_FILE_NAME])
    lock.release()
    expect(existsSync(lock.file)).toBe(false)
    lock.release() // twice is harmless
  })

  it('refuses while the holder lives, naming the folder, the pid and what to do', () => {
    const dir = dataDir()
    const first = lockDataDir(dir)
    let refused: unknown
    try {
      lockDataDir(dir)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(DataDirLockedError)
    const message = (refused as Error).message
    expect(message).toContain(dir)
    expect(message).toContain(`process ${process.pid}`)
    expect(message).toContain('--user-data')
    expect(message).toContain(`delete ${first.file}`)
    // The refusal left the holder's lock alone.
    expect(existsSync(first.file)).toBe(true)
    first.release()
    lockDataDir(dir).release()
  })

  it('takes over a lock whose process is gone', () => {
    const dir = dataDir()
    writeLock(dir, { pid: deadPid(), host: hostname(), since: '2020-01-01T00:00:00.000Z' })
    const lock = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(`process ${process.pid}`)
    lock.release()
  })

  it('takes over a lock left half written', () => {
    const dir = dataDir()
    writeLock(dir, '')
    lockDataDir(dir).release()
    writeLock(dir, '{"pid": 12')
    lockDataDir(dir).release()
  })

  it("keeps another host's lock: its process cannot be checked from here", () => {
    const dir = dataDir()
    writeLock(dir, { pid: deadPid(), host: `not-${hostname()}` })
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(`on not-${hostname()}`)
  })

  it('release leaves a lock another planner took over alone', () => {
    const dir = dataDir()
    const lock = lockDataDir(dir)
    const other = { pid: 4242, host: hostname() }
    writeLock(dir, other)
    lock.release()
    expect(existsSync(lock.file)).toBe(true)
    expect(() => lockDataDir(dir, { isAlive: (pid) => pid === 4242 })).toThrow('process 4242')
  })

  it('takes over a lock naming its own pid that it does not hold (a container restart)', () => {
    // A container starts the planner under the same pid every time: the lock its last life left
    // named a live process (this one), and the planner never started again.
    const dir = dataDir()
    writeLock(dir, { pid: process.pid, host: hostname(), since: new Date().toISOString() })
    const lock = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    lock.release()
  })

  it.runIf(existsSync('/proc/sys/kernel/random/boot_id'))(
    'takes over a lock taken in an earlier boot (its pid is someone else now), by the boot id',
    () => {
      const dir = dataDir()
      writeLock(dir, { pid: 4242, host: hostname(), boot: 'an-earlier-boot' })
      lockDataDir(dir, { isAlive: () => true }).release()
      // This boot's, however old its clock says it is: it stands while its process lives.
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
      writeLock(dir, { pid: 4242, host: hostname(), boot, since: '2001-01-01T00:00:00.000Z' })
      expect(() => lockDataDir(dir, { isAlive: () => true })).toThrow('process 4242')
    },
  )

  it('where there is no boot id (macOS, Windows), takes over a lock from well before the machine started', () => {
    const dir = dataDir()
    const noBootId = { isAlive: () => true, bootId: () => undefined }
    writeLock(dir, { pid: 4242, host: hostname(), since: '2001-01-01T00:00:00.000Z' })
    lockDataDir(dir, noBootId).release()
    writeLock(dir, { pid: 4242, host: hostname(), since: new Date().toISOString() })
    expect(() => lockDataDir(dir, noBootId)).toThrow('process 4242')
  })
})
