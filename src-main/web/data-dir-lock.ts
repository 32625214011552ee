// One browser-mode planner per data folder: two would write the same journal, profiles and local
// board at once. The lock is a file created exclusively (`wx`) that names its process; a lock
// whose process is gone (killed, crashed) is stale and taken over. Electron has its own
// (app.requestSingleInstanceLock, src-main/index.ts).
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname, uptime } from 'node:os'
import { join } from 'node:path'

export const LOCK_FILE_NAME = 'planner.lock'

export interface DataDirLock {
  /** The lock file. */
  readonly file: string
  /** Removes the lock file if it is still ours; safe to call more than once (and on exit). */
  release(): void
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly file: string,
    readonly pid: number,
    readonly host: string,
  ) {
    const where = host === hostname() ? `process ${pid}` : `process ${pid} on ${host}`
    super(
      `Another Taskboard Planner (${where}) is using the data folder ${dir}. ` +
        `Close that planner first, or start this one with --user-data <another folder>. ` +
        `If no planner is running as ${where}, delete ${file} and start again.`,
    )
    this.name = 'DataDirLockedError'
  }
}

interface Holder {
  pid: number
  host: string
  /** The machine's boot the lock was taken in (Linux's boot id), where the lock says. */
  boot?: string
  /** When it was taken (ms), where the lock says. */
  sinceMs?: number
}

/** This boot of the machine: Linux's boot id; undefined elsewhere. */
function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined
  } catch {
    return undefined
  }
}

/** Lock files this process holds now: a lock naming our pid that is not one of them is stale. */
const heldHere = new Set<string>()

/**
 * Whether a lock's holder can still be the process its pid names: not our own pid unless we hold
 * it (a container restarts its planner under the same pid every time), and not one taken in an
 * earlier boot of this machine (a pid reused after a reboot). Either locked the planner out for
 * good. The boot is told by its id, not by the clock: a clock set forward (a VM paused while its
 * host slept) made a live planner's lock look older than the boot.
 */
function holderMayLive(
  file: string,
  holder: Holder,
  isAlive: (pid: number) => boolean,
  boot: string | undefined,
): boolean {
  if (holder.pid === process.pid) return heldHere.has(file)
  if (boot !== undefined) {
    if (holder.boot !== undefined && holder.boot !== boot) return false
  } else if (holder.sinceMs !== undefined && holder.sinceMs < bootedAtMs() - CLOCK_SLACK_MS) {
    // No boot id here (macOS, Windows): the clock, with a generous slack for a clock set since.
    return false
  }
  return isAlive(holder.pid)
}

/** When this machine started, by its clock. */
const bootedAtMs = () => Date.now() - uptime() * 1000

/** How far a clock may have been set since a lock was taken before it counts as older. */
const CLOCK_SLACK_MS = 10 * 60_000

export interface LockOptions {
  /** Whether a process of this host is alive (default: signal 0). For tests. */
  isAlive?: (pid: number) => boolean
  /** This boot's id (default: Linux's; undefined elsewhere). For tests. */
  bootId?: () => string | undefined
}

/**
 * Takes the data folder's lock for this process, creating the folder if needed, or throws
 * DataDirLockedError when a live process holds it. Nothing else in the folder is touched.
 */
export function lockDataDir(dir: string, options: LockOptions = {}): DataDirLock {
  const isAlive = options.isAlive ?? processIsAlive
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const file = join(dir, LOCK_FILE_NAME)
  const boot = (options.bootId ?? bootId)()
  const me: Holder = { pid: process.pid, host: hostname(), ...(boot ? { boot } : {}) }
  const content = `${JSON.stringify({ ...me, since: new Date().toISOString() })}\n`
  // A stale lock is removed and creation tried again; a few rounds cover racing starts.
  for (let round = 0; round < 5; round++) {
    if (tryCreate(file, content)) {
      heldHere.add(file)
      return heldLock(file, content)
    }
    const holder = readHolder(file)
    if (holder === 'gone') continue
    if (holder !== 'unreadable') {
      // Another host's processes cannot be checked from here: its lock stands.
      if (holder.host !== me.host || holderMayLive(file, holder, isAlive, boot))
        throw new DataDirLockedError(dir, file, holder.pid, holder.host)
    }
    removeIfUnchanged(file, holder)
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing. Is a planner starting?`)
}

function tryCreate(file: string, content: string): boolean {
  let fd: number
  try {
    fd = openSync(file, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, content)
  } finally {
    closeSync(fd)
  }
  return true
}

/**
 * Who holds the lock. A lock is created and written in two steps, so one read as unreadable is
 * read again for a moment before it counts as stale (its writer died between the two).
 */
function readHolder(file: string): Holder | 'gone' | 'unreadable' {
  for (let attempt = 0; ; attempt++) {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone'
      throw error
    }
    const holder = parseHolder(text)
    if (holder || attempt >= 10) return holder ?? 'unreadable'
    sleepSync(50)
  }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder> & { since?: unknown }
    if (
      Number.isInteger(value.pid) &&
      (value.pid as number) > 0 &&
      typeof value.host === 'string'
    ) {
      const sinceMs = typeof value.since === 'string' ? Date.parse(value.since) : Number.NaN
      return {
        pid: value.pid as number,
        host: value.host,
        ...(typeof value.boot === 'string' ? { boot: value.boot } : {}),
        ...(Number.isNaN(sinceMs) ? {} : { sinceMs }),
      }
    }
  } catch {
    // Not (yet) a whole lock: the caller decides.
  }
  return undefined
}

/**
 * Removes a stale lock unless another process replaced it meanwhile. Two planners started in the
 * same instant on a stale lock could still both pass this check; that needs a crash and two
 * starts within microseconds, and is not guarded further.
 */
function removeIfUnchanged(file: string, seen: Holder | 'unreadable'): void {
  const now = readHolder(file)
  if (now === 'gone') return
  const same =
    now === 'unreadable' || seen === 'unreadable'
      ? now === seen
      : now.pid === seen.pid && now.host === seen.host
  if (!same) return
  try {
    unlinkSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

function heldLock(file: string, content: string): DataDirLock {
  let held = true
  return {
    file,
    release() {
      if (!held) return
      held = false
      heldHere.delete(file)
      try {
        // Only our own lock: never one another planner took over.
        if (readFileSync(file, 'utf8') === content) unlinkSync(file)
      } catch {
        // Already gone.
      }
    },
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}
