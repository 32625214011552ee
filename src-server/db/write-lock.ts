// Writing when other processes write to the same database file (a second server, the CLI).
//
// Every write transaction takes SQLite's write lock up front (BEGIN IMMEDIATE). A deferred
// transaction reads first and asks for the lock at its first write; if another connection
// committed in between, SQLite answers SQLITE_BUSY_SNAPSHOT and the statement that got it is
// left unfinished, holding its old snapshot: every later read on the connection was stale, every
// later write failed the same way, and the WAL could not be checkpointed. Holding the lock from
// BEGIN, no statement inside the transaction can meet a newer snapshot.
//
// The driver is synchronous, so SQLite's busy handler sleeps on the event loop: the service keeps
// that wait short (SERVICE_BUSY_TIMEOUT_MS) and waits for the lock between attempts without
// blocking (whenWriteLockFree), answering 503 with Retry-After once LOCK_WAIT_MS have passed.
import { ServiceError } from '../store/service-error'
import type { Db } from './database'

/** How long a request waits for the write lock, in all, before it is answered 503. */
export const LOCK_WAIT_MS = 5_000
/** Retry-After of that 503, in seconds. */
export const RETRY_AFTER_SECONDS = 1
/**
 * The service connection's busy timeout: the longest SQLite sleeps on the event loop for a lock
 * in one attempt. The CLI keeps the default of openDatabase (5 s): it serves no one meanwhile.
 */
export const SERVICE_BUSY_TIMEOUT_MS = 20
/** Gives a connection the service's short busy timeout; call it once the service is set up. */
export function useServiceBusyTimeout(db: Db): void {
  db.pragma(`busy_timeout = ${SERVICE_BUSY_TIMEOUT_MS}`)
}

/** Pauses between attempts while the lock is taken (the last one repeats). */
const RETRY_DELAYS_MS = [2, 5, 10, 20, 40, 50]

/** The write lock was not had: nothing was done, the attempt may be repeated. */
export class WriteLockBusy extends ServiceError {
  constructor() {
    super(
      503,
      'The board database is busy with another writer; nothing was changed. Try again shortly.',
      'SERVICE_UNAVAILABLE',
      [],
      RETRY_AFTER_SECONDS,
    )
    this.name = 'WriteLockBusy'
  }
}

/** SQLITE_BUSY or SQLITE_LOCKED, with any extended code (SQLITE_BUSY_SNAPSHOT...). */
export function isLockError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)
}

/**
 * Runs `fn` in a write transaction that holds the write lock from its start, and commits.
 * Throws WriteLockBusy, having done nothing, when the lock is not had within the connection's
 * busy timeout. Whatever `fn` throws rolls the transaction back, so the connection is always left
 * out of any transaction; the error `fn` threw is the one that comes out.
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  try {
    db.exec('BEGIN IMMEDIATE')
  } catch (error) {
    if (isLockError(error)) throw new WriteLockBusy()
    throw error
  }
  try {
    const result = fn()
    db.exec('COMMIT')
    return result
  } catch (error) {
    // SQLite may already have rolled back (some errors end the transaction themselves).
    if (db.inTransaction) {
      try {
        db.exec('ROLLBACK')
      } catch {
        // Nothing more to undo; the first error is the one that explains what happened.
      }
    }
    throw error
  }
}

interface Waiter {
  /** Runs the write; false when the lock was busy (nothing done, to be tried again). */
  attempt(): boolean
  deadline: number
  giveUp(): void
}

/** Writes waiting for the lock, per connection, in arrival order. */
const queues = new WeakMap<Db, { waiters: Waiter[]; timer?: NodeJS.Timeout; tries: number }>()

/**
 * Runs `write` (which uses writeTransaction) now if the lock is free, else again and again
 * without blocking the event loop, in arrival order among this connection's writes, until it
 * gets the lock or `waitMs` pass; then the WriteLockBusy goes out (503 with Retry-After).
 */
export function whenWriteLockFree<T>(db: Db, write: () => T, waitMs = LOCK_WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const waiter: Waiter = {
      attempt() {
        try {
          resolve(write())
          return true
        } catch (error) {
          if (error instanceof WriteLockBusy) return false
          reject(error)
          return true
        }
      },
      deadline: Date.now() + waitMs,
      giveUp: () => reject(new WriteLockBusy()),
    }
    let queue = queues.get(db)
    // Nobody waiting: try at once (the usual case, no timer involved).
    if (!queue || queue.waiters.length === 0) {
      if (waiter.attempt()) return
      if (!queue) queues.set(db, (queue = { waiters: [], tries: 0 }))
      queue.tries = 0
    }
    queue.waiters.push(waiter)
    schedule(db, queue)
  })
}

function schedule(db: Db, queue: { waiters: Waiter[]; timer?: NodeJS.Timeout; tries: number }) {
  if (queue.timer !== undefined || queue.waiters.length === 0) return
  const delay = RETRY_DELAYS_MS[Math.min(queue.tries, RETRY_DELAYS_MS.length - 1)] as number
  queue.tries++
  queue.timer = setTimeout(() => {
    queue.timer = undefined
    // The first in line tries; while it gets the lock, the next ones go too.
    while (queue.waiters.length > 0) {
      const first = queue.waiters[0] as Waiter
      if (!first.attempt()) break
      queue.waiters.shift()
      queue.tries = 0
    }
    const now = Date.now()
    const expired = queue.waiters.filter((w) => w.deadline <= now)
    queue.waiters = queue.waiters.filter((w) => w.deadline > now)
    for (const waiter of expired) waiter.giveUp()
    schedule(db, queue)
  }, delay)
}
