// A scripted HTTP server on 127.0.0.1 for fault injection: each request gets the next scripted
// action (then the fallback), after its whole body has been read, and is recorded.
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

export interface SeenRequest {
  method: string
  /** Path and query, as sent. */
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export type StubAction = (request: IncomingMessage, response: ServerResponse) => void

export interface StubServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  requests: SeenRequest[]
  /** Queues actions for the next requests, in order. */
  script(...actions: StubAction[]): void
  /** The action for requests beyond the script (default: a 500 saying the request was unscripted). */
  otherwise(action: StubAction): void
  /** Requests seen with this method. */
  count(method: string): number
  close(): Promise<void>
}

export async function startStub(): Promise<StubServer> {
  const requests: SeenRequest[] = []
  const queue: StubAction[] = []
  let fallback: StubAction = json(500, { error: true, message: 'unscripted request' })
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      ;(queue.shift() ?? fallback)(request, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('stub has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    script: (...actions) => void queue.push(...actions),
    otherwise: (action) => void (fallback = action),
    count: (method) => requests.filter((r) => r.method === method).length,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests hold their sockets open; close them so the server can stop.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return raw(status, JSON.stringify(body), 'application/json; charset=utf-8', headers)
}

export function raw(
  status: number,
  text: string,
  contentType: string,
  headers: Record<string, string> = {},
): StubAction {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': contentType, ...headers })
    response.end(text)
  }
}

export function html(status: number): StubAction {
  return raw(
    status,
    `<html><head><title>${status} Bad Gateway</title></head><body><center><h1>${status} Bad Gateway</h1></center><hr><center>nginx</center></body></html>`,
    'text/html',
  )
}

/** Reads the whole request, then drops the connection without answering. */
export function reset(): StubAction {
  return (request) => request.socket.destroy()
}

/** Never answers (the server closes the socket when the stub closes). */
export function hang(): StubAction {
  return () => {}
}

/** Sends the status and headers and the start of a body, then stalls. */
export function stall(): StubAction {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.write('{"success": true, "tasks": [')
  }
}
