// The planner's own board, so it works with no account: the local board service and its SQLite
// database, in a worker thread (local-board-worker.ts). Seeding a big board and answering its
// list queries are synchronous SQLite work, seconds of it at 50,000 tasks; on main's thread they
// would freeze the window and, in browser mode, the bridge that the page talks to.
import type { Worker } from 'node:worker_threads'
import type { EmbeddedBoard, EmbeddedBoardOptions } from '../../src-server'
import { startWorker } from './start-worker'
import type { FromWorker, ToWorker } from './worker-messages'

export type LocalBoard = EmbeddedBoard

export interface LocalBoardOptions extends EmbeddedBoardOptions {
  /** Where an unexpected end of the board's worker is reported (default: console.error). */
  log?: (message: string) => void
}

/**
 * The worker's module. From source this file is local-board.ts and the worker its sibling; in
 * the electron-vite build this file is bundled into out/main/index.js and the worker is its own
 * entry beside it, out/main/local-board-worker.js (electron.vite.config.ts).
 */
export const LOCAL_BOARD_WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './local-board-worker.ts' : './local-board-worker.js',
  import.meta.url,
)

/** Closing waits this long for the board to finish its requests and close the database. */
const CLOSE_TIMEOUT_MS = 10_000

export function startLocalBoard(options: LocalBoardOptions): Promise<LocalBoard> {
  return spawnLocalBoard(LOCAL_BOARD_WORKER, options)
}

/** startLocalBoard with the worker module given: tests run the build's, or a failing one. */
export function spawnLocalBoard(workerFile: URL, options: LocalBoardOptions): Promise<LocalBoard> {
  const { log = (message: string) => console.error(message), ...serve } = options
  const worker = startWorker(workerFile, serve)
  let state: 'starting' | 'running' | 'closing' | 'ended' = 'starting'
  let closeError: string | undefined

  return new Promise<LocalBoard>((resolve, reject) => {
    const failStart = (why: string) => {
      state = 'ended'
      reject(new Error(`The local board could not start: ${why}`))
    }
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready' && state === 'starting') {
        state = 'running'
        const { url, apiKey, definitions } = message
        resolve({ url, apiKey, definitions, close: () => close() })
      } else if (message.type === 'failed' && state === 'starting') {
        failStart(message.message)
      } else if (message.type === 'closed') {
        closeError = message.error
      }
    })
    worker.on('error', (error) => {
      if (state === 'starting') failStart(error.message)
      else if (state === 'running') log(`The local board failed: ${error.message}`)
      else closeError ??= error.message
    })
    worker.on('exit', (code) => {
      if (state === 'starting') failStart(`its worker ended first (exit code ${code}).`)
      else if (state === 'running')
        log(
          `The local board stopped unexpectedly (exit code ${code}); it is unreachable until the planner restarts.`,
        )
      state = 'ended'
    })
  })

  async function close(): Promise<void> {
    if (state === 'ended') return
    state = 'closing'
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
    worker.postMessage({ type: 'close' } satisfies ToWorker)
    if (!(await endsWithin(ended, CLOSE_TIMEOUT_MS, worker))) {
      throw new Error(
        `The local board did not close within ${CLOSE_TIMEOUT_MS / 1000} s and was stopped.`,
      )
    }
    if (closeError !== undefined)
      throw new Error(`The local board did not close cleanly: ${closeError}`)
  }
}

/** Whether the worker ended by itself in time; if not, it is terminated. */
async function endsWithin(ended: Promise<void>, ms: number, worker: Worker): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
  const inTime = await Promise.race([ended.then(() => true as const), late])
  clearTimeout(timer)
  if (!inTime) await worker.terminate()
  return inTime
}
