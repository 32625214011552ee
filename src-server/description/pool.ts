// Description conversion off the service's thread. marked, sanitize-html, turndown and
// html-to-text take time that no check of the input can bound: `"_a"×50000` (100,000 characters
// of markdown) keeps marked busy for 24 s, and a 4 MiB body holds 41 of them. Run on the event
// loop, that stalled every client. Here they run in a few worker threads; the service's thread
// only sends the text and receives the three stored forms.
//
// Each request may spend CONVERSION_BUDGET_MS of converter time in all (time its descriptions
// spend running, not waiting behind other requests'). Past it, the threads converting its
// descriptions are stopped and replaced, and the request is refused naming the description that
// was being converted. A thread that runs out of memory (WORKER_HEAP_MB) refuses that one. Once
// a request is refused, for any of these reasons or a description refused outright, the threads
// still converting its other descriptions are stopped and replaced too: nothing runs for it
// after its answer.
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { DescriptionType } from '../../src-shared/api'
import { convertDescription, DescriptionRefused, rememberConverted } from './convert-description'
import type { StoredDescription } from './convert-description'
import type { ConvertReply, ConvertRequest } from './pool-messages'

/** Converter time one request may use, in all. */
export const CONVERSION_BUDGET_MS = 10_000
/** Descriptions up to this long are converted before longer ones waiting (see enqueue). */
export const SHORT_DESCRIPTION_CHARS = 2_000
/** Converter threads: one per core beside the service's own, at least 2, at most 4. */
export const POOL_SIZE = Math.min(4, Math.max(2, availableParallelism() - 1))
/** Heap of one converter thread; a conversion that needs more is refused. */
export const WORKER_HEAP_MB = 512

export interface DescriptionJob {
  /** The field the description came in, for the refusal (`tasks[2].descriptionContent`). */
  field: string
  type: DescriptionType
  content: string
}

/** One description was refused or could not be converted; nothing of the request is stored. */
export class ConversionRefused extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`)
    this.name = 'ConversionRefused'
  }
}

/** One request's descriptions, and the converter time they have used. */
interface Batch {
  budgetMs: number
  /** Converter time of the descriptions already converted. */
  finishedMs: number
  /** Descriptions being converted now, and since when. */
  running: Map<Job, number>
  timer?: NodeJS.Timeout
  failed: boolean
  fail(error: ConversionRefused): void
}

interface Job extends DescriptionJob {
  id: number
  batch: Batch
  done(result: StoredDescription): void
}

interface Slot {
  worker: Worker
  ready: boolean
  job?: Job
  /** Settles once the thread is ready, or has ended without getting there. */
  settled: Promise<void>
  settle(): void
}

/** The converter thread's module: beside this one, in TypeScript from source, else built. */
const WORKER_FILE = new URL(
  import.meta.url.endsWith('.ts') ? './convert-worker.ts' : './convert-worker.js',
  import.meta.url,
)

/**
 * Starts a thread on `file`. Node 20 cannot load TypeScript, and a worker does not inherit the
 * loader hooks tsx or vitest installed in this thread: tsx's tsImport compiles it there.
 */
function startThread(file: URL): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB }
  if (!file.pathname.endsWith('.ts')) return new Worker(file, { resourceLimits })
  const tsx = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(file.href)}))`
  return new Worker(code, { eval: true, resourceLimits })
}

export class DescriptionPool {
  private slots: Slot[] = []
  private queue: Job[] = []
  private nextId = 1
  /** No threads (the module is missing, or a thread could not start): convert here. */
  private inline: boolean
  /** Threads are started at first need, all of them, and replaced when stopped. */
  private started = false

  /** `workerFile` null: no threads (tests of that case). */
  constructor(
    private readonly workerFile: URL | null = WORKER_FILE,
    private readonly size = POOL_SIZE,
  ) {
    this.inline = workerFile === null || !existsSync(fileURLToPath(workerFile))
  }

  /** Whether conversions run in threads (false: on the calling thread, unbounded). */
  get threaded(): boolean {
    return !this.inline
  }

  /** Its threads now: started (ready or not), and converting a description (tests watch these). */
  get threads(): { started: number; busy: number } {
    return { started: this.slots.length, busy: this.slots.filter((s) => s.job).length }
  }

  /**
   * The stored forms of each description, in order. Rejects with ConversionRefused for the first
   * description refused (too deep), failed, or being converted when the budget ran out.
   */
  convert(
    jobs: readonly DescriptionJob[],
    budgetMs = CONVERSION_BUDGET_MS,
  ): Promise<StoredDescription[]> {
    if (jobs.length === 0) return Promise.resolve([])
    return new Promise((resolve, reject) => {
      const results: StoredDescription[] = new Array(jobs.length)
      let left = jobs.length
      const batch: Batch = {
        budgetMs,
        finishedMs: 0,
        running: new Map(),
        failed: false,
        fail: (error) => {
          if (batch.failed) return
          batch.failed = true
          clearTimeout(batch.timer)
          this.queue = this.queue.filter((job) => job.batch !== batch)
          reject(error)
          // Its other long descriptions still being converted would run on with no budget (one
          // beside a description refused at once kept a thread busy for seconds after the
          // answer). Short ones finish in about a millisecond: stopping their threads would
          // cost ~2 s each to start again, a refusal any client can repeat.
          this.stopThreadsOf(batch, (job) => job.content.length > SHORT_DESCRIPTION_CHARS)
        },
      }
      jobs.forEach((job, index) => {
        this.enqueue({
          ...job,
          id: this.nextId++,
          batch,
          done: (result) => {
            results[index] = result
            if (--left === 0 && !batch.failed) {
              clearTimeout(batch.timer)
              resolve(results)
            }
          },
        })
      })
      this.pump()
    })
  }

  /**
   * Starts every thread now and resolves once they are ready, so that the first conversions do
   * not wait for them (about 2 s from TypeScript source, on two busy cores).
   */
  async warm(): Promise<void> {
    if (this.inline) return
    this.started = true
    this.pump()
    await Promise.all(this.slots.map((slot) => slot.settled))
  }

  /** Stops every thread (tests; a stopped pool starts new ones when needed). */
  async close(): Promise<void> {
    const slots = this.slots
    this.slots = []
    this.started = false
    await Promise.all(slots.map((slot) => slot.worker.terminate()))
  }

  /**
   * A short description (most are a line or two, and converting one takes a millisecond) goes
   * ahead of the long ones waiting, after the short ones before it: first come first served, a
   * create with a one-line description waited behind every long markdown description other
   * clients had sent (seconds; minutes with hundreds of connections).
   */
  private enqueue(job: Job): void {
    if (job.content.length > SHORT_DESCRIPTION_CHARS) {
      this.queue.push(job)
      return
    }
    const firstLong = this.queue.findIndex(
      (queued) => queued.content.length > SHORT_DESCRIPTION_CHARS,
    )
    if (firstLong === -1) this.queue.push(job)
    else this.queue.splice(firstLong, 0, job)
  }

  private pump(): void {
    if (this.inline) return this.convertHere()
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue
      const job = this.queue.shift()
      // Nothing to convert: still start the threads missing (a stopped one is replaced now,
      // not when the next description arrives and would wait ~2 s for it).
      if (!job) break
      this.start(slot, job)
    }
    if (this.queue.length === 0 && !this.started) return
    this.started = true
    while (!this.inline && this.slots.length < this.size) this.spawn()
  }

  private convertHere(): void {
    while (this.queue.length > 0) {
      const job = this.queue.shift() as Job
      if (job.batch.failed) continue
      try {
        job.done(convertDescription(job.type, job.content))
      } catch (error) {
        job.batch.fail(new ConversionRefused(job.field, problemOf(error)))
      }
    }
  }

  private spawn(): void {
    let worker: Worker
    try {
      worker = startThread(this.workerFile as URL)
    } catch (error) {
      return this.giveUpThreads(error)
    }
    worker.unref()
    let settle = () => {}
    const settled = new Promise<void>((resolve) => (settle = resolve))
    const slot: Slot = { worker, ready: false, settled, settle }
    this.slots.push(slot)
    worker.on('message', (message: ConvertReply) => this.received(slot, message))
    worker.on('error', (error) => this.ended(slot, error))
    worker.on('exit', (code) => this.ended(slot, new Error(`the thread exited (${code})`)))
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job
    // A thread at work keeps the process alive; an idle one does not.
    slot.worker.ref()
    job.batch.running.set(job, performance.now())
    this.arm(job.batch)
    slot.worker.postMessage({
      id: job.id,
      type: job.type,
      content: job.content,
    } satisfies ConvertRequest)
  }

  /** Sets the batch's timer to when its converter time, at the present pace, runs out. */
  private arm(batch: Batch): void {
    clearTimeout(batch.timer)
    if (batch.running.size === 0 || batch.failed) return
    const now = performance.now()
    let spent = batch.finishedMs
    for (const started of batch.running.values()) spent += now - started
    const left = Math.max(0, (batch.budgetMs - spent) / batch.running.size)
    batch.timer = setTimeout(() => this.overBudget(batch), left)
  }

  private overBudget(batch: Batch): void {
    const [first] = [...batch.running.entries()].sort((a, b) => a[1] - b[1])
    if (!first) return
    const seconds = batch.budgetMs / 1000
    batch.fail(
      new ConversionRefused(
        first[0].field,
        `converting this request's descriptions took more than ${seconds} s (stopped while converting this one); simplify it, or send fewer descriptions per request`,
      ),
    )
  }

  /**
   * Stops the threads still at the work of a refused request (those of its jobs `which` names; a
   * converter cannot be interrupted otherwise); new ones are started at once and take the queue.
   */
  private stopThreadsOf(batch: Batch, which: (job: Job) => boolean = () => true): void {
    const stopping = this.slots.filter((s) => s.job?.batch === batch && which(s.job))
    if (stopping.length === 0) return
    for (const slot of stopping) {
      if (slot.job) this.finish(slot.job)
      slot.job = undefined
      void slot.worker.terminate()
    }
    this.slots = this.slots.filter((s) => !stopping.includes(s))
    this.pump()
  }

  private received(slot: Slot, message: ConvertReply): void {
    if ('ready' in message) {
      slot.ready = true
      slot.settle()
      return this.pump()
    }
    const job = slot.job
    if (!job || job.id !== message.id) return
    slot.job = undefined
    slot.worker.unref()
    this.finish(job)
    if (!job.batch.failed) {
      if ('problem' in message) {
        job.batch.fail(new ConversionRefused(job.field, message.problem))
      } else {
        rememberConverted(job.type, job.content, message.result)
        job.done(message.result)
        this.arm(job.batch)
      }
    }
    this.pump()
  }

  private finish(job: Job): void {
    const started = job.batch.running.get(job)
    if (started === undefined) return
    job.batch.running.delete(job)
    job.batch.finishedMs += performance.now() - started
  }

  private ended(slot: Slot, error: Error): void {
    slot.settle()
    if (!this.slots.includes(slot)) return // stopped by us, or already seen
    this.slots = this.slots.filter((s) => s !== slot)
    const job = slot.job
    if (job) {
      this.finish(job)
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
      job.batch.fail(
        new ConversionRefused(
          job.field,
          outOfMemory
            ? `needs more than ${WORKER_HEAP_MB} MB to convert; simplify it`
            : `could not be converted (${error.message})`,
        ),
      )
    } else if (!slot.ready) {
      return this.giveUpThreads(error)
    }
    this.pump()
  }

  /** A thread could not start: say so once, and convert on this thread from now on. */
  private giveUpThreads(error: unknown): void {
    if (!this.inline) {
      process.stderr.write(
        `Description converter threads could not start (${(error as Error).message}); converting on the service's thread.\n`,
      )
    }
    this.inline = true
    void this.close()
    this.pump()
  }
}

function problemOf(error: unknown): string {
  return error instanceof DescriptionRefused
    ? error.problem
    : `could not be converted (${(error as Error).message})`
}

let shared: DescriptionPool | undefined

/** The process's pool, made on first use. */
export function descriptionPool(): DescriptionPool {
  return (shared ??= new DescriptionPool())
}
