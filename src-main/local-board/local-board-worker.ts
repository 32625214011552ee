// The local board's worker thread: serves the board (SQLite and the HTTP service) here, so that
// seeding, list queries and their JSON never hold main's event loop, which the planner window
// and, in browser mode, the page's own bridge need. Started by startLocalBoard (local-board.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { startEmbeddedBoard } from '../../src-server'
import type { EmbeddedBoardOptions } from '../../src-server'
import type { FromWorker, ToWorker } from './worker-messages'

const port = parentPort
if (!port) throw new Error('local-board-worker.ts runs only as a worker thread.')
const tell = (message: FromWorker) => port.postMessage(message)
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

try {
  const board = await startEmbeddedBoard(workerData as EmbeddedBoardOptions)
  const { url, apiKey, definitions } = board
  port.on('message', (message: ToWorker) => {
    if (message.type !== 'close') return
    // Once the server and the database are closed nothing holds the thread, and it ends.
    port.unref()
    board.close().then(
      () => tell({ type: 'closed' }),
      (error: unknown) => tell({ type: 'closed', error: messageOf(error) }),
    )
  })
  tell({ type: 'ready', url, apiKey, definitions })
} catch (error) {
  tell({ type: 'failed', message: messageOf(error) })
  port.unref()
}
