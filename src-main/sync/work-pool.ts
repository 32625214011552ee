// A small work pool: takes jobs in order, fetches at most `concurrency` pages at once, and hands
// each page to `handle`, which may add jobs. A job whose page is already known is handled at
// once, without a request. When nothing is left or in flight, `whenIdle` may hand back jobs that
// waited for the board to be better known; the pool ends when it has none.
import { abortable } from './abortable'

export interface PoolOptions<J, P> {
  initial: J[]
  concurrency: number
  signal?: AbortSignal
  /** The job's page when it is already known. */
  cached(job: J): P[] | undefined
  fetch(job: J): Promise<P[]>
  /** Handles a page; returns the jobs it leads to (they go first: depth first keeps few open). */
  handle(job: J, page: P[]): J[]
  whenIdle(): J[]
  /** After each page handled, with the number of jobs not yet started. */
  onPage(pending: number): void
}

export async function runPool<J, P>(options: PoolOptions<J, P>): Promise<void> {
  const { signal } = options
  const limit = Math.max(1, Math.floor(options.concurrency))
  const queue: J[] = [...options.initial]
  const inFlight = new Set<Promise<void>>()
  let failure: { error: unknown } | undefined

  const take = (job: J, page: P[]) => {
    queue.unshift(...options.handle(job, page))
    options.onPage(queue.length)
  }
  for (;;) {
    signal?.throwIfAborted()
    while (queue.length > 0 && inFlight.size < limit && !failure) {
      const job = queue.shift() as J
      const known = options.cached(job)
      if (known) {
        take(job, known)
        continue
      }
      const running: Promise<void> = options
        .fetch(job)
        .then((page) => {
          if (!failure) take(job, page)
        })
        .catch((error: unknown) => {
          failure ??= { error }
        })
        .finally(() => inFlight.delete(running))
      inFlight.add(running)
    }
    if (failure) throw failure.error
    if (inFlight.size > 0) {
      await abortable(Promise.race(inFlight), signal)
      continue
    }
    if (queue.length > 0) continue
    const woken = options.whenIdle()
    if (woken.length === 0) return
    queue.push(...woken)
  }
}
