// The baseline of the server benchmark: a bare Node HTTP server doing no work. It answers each
// GET with the exact bytes the board service returned for the same URL, and each PUT (after
// reading the whole body) with the bytes the service returned for a batch update.
// Usage: node --import tsx bench/server/bare-server.ts <replies.json>
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { ServerResponse } from 'node:http'

export interface BareReplies {
  /** Request URL (path and query) to the response body, base64. */
  list: Record<string, string>
  /** Response body of a batch update, base64. */
  put: string
}

const file = process.argv[2]
if (!file) {
  process.stderr.write('usage: bare-server.ts <replies.json>\n')
  process.exit(2)
}
const replies = JSON.parse(readFileSync(file, 'utf8')) as BareReplies
const list = new Map(
  Object.entries(replies.list).map(([url, body]) => [url, Buffer.from(body, 'base64')]),
)
const put = Buffer.from(replies.put, 'base64')
const notFound = Buffer.from('{"error":true,"message":"not found"}')

function send(res: ServerResponse, status: number, body: Buffer): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  })
  res.end(body)
}

const server = createServer((req, res) => {
  if (req.method === 'GET') {
    const body = list.get(req.url ?? '')
    req.resume()
    send(res, body ? 200 : 404, body ?? notFound)
    return
  }
  req.resume()
  req.on('end', () => send(res, 200, put))
})
server.keepAliveTimeout = 72_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  console.log(`Bare server listening on http://127.0.0.1:${port}`)
})
process.once('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
