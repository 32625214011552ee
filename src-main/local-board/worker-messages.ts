// What main and the local board's worker say to each other (local-board.ts and
// local-board-worker.ts). Plain data: every message is cloned between the threads.
import type { EmbeddedBoard } from '../../src-server'

export type FromWorker =
  | ({ type: 'ready' } & Pick<EmbeddedBoard, 'url' | 'apiKey' | 'definitions'>)
  /** The board could not start (bad database, no port...); the worker then ends. */
  | { type: 'failed'; message: string }
  /** The board has closed; `error` when closing it failed. The worker then ends. */
  | { type: 'closed'; error?: string }

export type ToWorker = { type: 'close' }
