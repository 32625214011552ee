// HTTP/1.1 over a plain TCP socket, for what fetch cannot send: broken framing, slow senders,
// raw bytes. Each exchange records what came back and when the server closed the connection.
import { connect } from 'node:net'
import type { Socket } from 'node:net'

export interface RawResponse {
  status: number
  /** Header names lower case; repeated headers joined with ", ". */
  headers: Record<string, string>
  body: string
}

export interface RawExchange {
  /** Every byte the server sent, as latin1 text. */
  text: string
  /** The responses found in `text`, in order. */
  responses: RawResponse[]
  /** Milliseconds from connecting until the server closed (or the wait ran out). */
  elapsedMs: number
  /** True when the server closed the connection; false when the wait ran out first. */
  closedByServer: boolean
}

/** Splits a byte stream of HTTP/1.1 responses (Content-Length framed) into responses. */
export function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = []
  let rest = text
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n')
    if (end < 0) break
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n')
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN)
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      const name = line.slice(0, colon).trim().toLowerCase()
      const value = line.slice(colon + 1).trim()
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
    }
    const length = Number(headers['content-length'] ?? 0)
    // latin1 text holds one character per byte, so byte counts are character counts.
    if (rest.length < end + 4 + length) break
    const body = Buffer.from(rest.slice(end + 4, end + 4 + length), 'latin1').toString('utf8')
    responses.push({ status, headers, body })
    rest = rest.slice(end + 4 + length)
  }
  return responses
}

export interface RawClient {
  socket: Socket
  /** Writes bytes now. */
  send(bytes: string | Buffer): void
  /** Resolves when the server has closed, or after `maxMs` (the socket is then destroyed). */
  done(maxMs?: number): Promise<RawExchange>
  /** Resolves once `count` whole responses have arrived (or rejects after `maxMs`). */
  responses(count: number, maxMs?: number): Promise<RawResponse[]>
}

/** Opens a connection to 127.0.0.1:port and records everything the server sends. */
export async function openRaw(port: number): Promise<RawClient> {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {
    // A reset after the server's answer is part of what some tests provoke.
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  const started = Date.now()
  let text = ''
  let closedAt: number | undefined
  const listeners = new Set<() => void>()
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1')
    for (const listener of listeners) listener()
  })
  socket.on('close', () => {
    closedAt = Date.now()
    for (const listener of listeners) listener()
  })
  const until = (ready: () => boolean, maxMs: number) =>
    new Promise<boolean>((resolve) => {
      if (ready()) return resolve(true)
      const timer = setTimeout(() => {
        listeners.delete(check)
        resolve(false)
      }, maxMs)
      const check = () => {
        if (!ready()) return
        clearTimeout(timer)
        listeners.delete(check)
        resolve(true)
      }
      listeners.add(check)
    })
  return {
    socket,
    send(bytes) {
      socket.write(bytes)
    },
    async done(maxMs = 5000) {
      const closed = await until(() => closedAt !== undefined, maxMs)
      if (!closed) socket.destroy()
      return {
        text,
        responses: parseResponses(text),
        elapsedMs: (closedAt ?? Date.now()) - started,
        closedByServer: closed,
      }
    },
    async responses(count, maxMs = 5000) {
      const ok = await until(() => parseResponses(text).length >= count, maxMs)
      if (!ok) {
        throw new Error(
          `expected ${count} responses within ${maxMs} ms; got ${JSON.stringify(text)}`,
        )
      }
      return parseResponses(text)
    },
  }
}

/** Sends `bytes` on a new connection and waits for the server to close it. */
export async function exchange(
  port: number,
  bytes: string | Buffer,
  maxMs = 5000,
): Promise<RawExchange> {
  const client = await openRaw(port)
  client.send(bytes)
  return client.done(maxMs)
}

/** The port of a service URL such as http://127.0.0.1:41234. */
export function portOf(url: string): number {
  return Number(new URL(url).port)
}
