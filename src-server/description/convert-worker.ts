// A description converter thread of the pool (pool.ts): converts one description per message,
// so that the service's own thread never runs marked, sanitize-html, turndown or html-to-text.
import { parentPort } from 'node:worker_threads'
import { convertDescription, DescriptionRefused } from './convert-description'
import type { ConvertReply, ConvertRequest } from './pool-messages'

const port = parentPort
if (!port) throw new Error('convert-worker.ts runs as a worker thread of the description pool')

port.on('message', ({ id, type, content }: ConvertRequest) => {
  let reply: ConvertReply
  try {
    reply = { id, result: convertDescription(type, content) }
  } catch (error) {
    reply = {
      id,
      problem:
        error instanceof DescriptionRefused
          ? error.problem
          : `could not be converted (${(error as Error).message})`,
    }
  }
  port.postMessage(reply)
})
port.postMessage({ ready: true } satisfies ConvertReply)
