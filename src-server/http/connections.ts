// Slow and greedy clients, and requests that are broken as HTTP. Node's http server enforces the
// header and request timeouts; this module picks their values, caps open connections, closes
// idle ones without ever cutting a request that is being handled, and writes every answer that
// Node would write itself (408, 431, 400 for a parse error) in the service's documented error
// shape, with `Connection: close`, before it closes the connection.
import { STATUS_CODES } from 'node:http'
import type { IncomingMessage, ServerOptions, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import type { DependencyErrorCode } from '../../src-shared/api'
import { isDependenciesTarget } from './error-replies'

export interface ConnectionLimits {
  /** From a connection's first byte, or a request's first byte, to the end of its headers. */
  headersTimeoutMs: number
  /** From a request's first byte to its last body byte. */
  requestTimeoutMs: number
  /**
   * A connection with no bytes either way for this long is closed: a reader that stopped reading
   * its answer, a sender that stopped sending. Never while its request is being handled.
   */
  idleTimeoutMs: number
  /** How long a connection may wait, idle, for its next request after an answer. */
  keepAliveTimeoutMs: number
  /** Open connections served at once; one more is answered 503 and closed. */
  maxConnections: number
  /** How often Node checks the header and request timeouts (their granularity). */
  timeoutCheckIntervalMs: number
  /**
   * On close, how long requests under way may take to be answered before every connection is
   * cut: a slow client (a trickling upload, a reader that barely reads) must not hold a stop.
   */
  closeGraceMs: number
}

/** The service's limits; docs/board-service.md explains each value. */
export const CONNECTION_LIMITS: Readonly<ConnectionLimits> = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
  timeoutCheckIntervalMs: 1_000,
  closeGraceMs: 5_000,
})

/** Node's own limit on a request line plus headers (its default); larger ones get a 431. */
export const MAX_HEADER_BYTES = 16 * 1024

/** How long a connection we answered and closed our side of may still be read from. */
const LINGER_MS = 1_000

export function resolveConnectionLimits(
  overrides: Partial<ConnectionLimits> = {},
): ConnectionLimits {
  const limits = { ...CONNECTION_LIMITS, ...overrides }
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new TypeError(`connections.${name} must be a positive whole number; got ${value}`)
    }
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new TypeError('connections.headersTimeoutMs must not exceed requestTimeoutMs')
  }
  return limits
}

/** The Fastify and Node http server options that carry the limits. */
export function connectionServerOptions(limits: ConnectionLimits): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout'
> & {
  http: ServerOptions
  clientErrorHandler: (error: Error, socket: Socket) => void
} {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
      maxHeaderSize: MAX_HEADER_BYTES,
      // Checked in guardRequests instead, so that the answer has the documented shape.
      requireHostHeader: false,
    },
    clientErrorHandler: (error, socket) => onClientError(error, socket, limits),
  }
}

/** Sockets already answered and being closed: nothing they still send is handled. */
const closing = new WeakSet<Socket>()

/** The response in flight on a socket, if any (Node keeps it there while a request is served). */
function inFlight(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined
}

const seconds = (ms: number) => `${ms / 1000} s`

/** A request line's method and target, from the first bytes the client sent. */
const REQUEST_LINE = /^([A-Z]+) (\S+)[ \r\n]/

function requestLine(rawPacket: unknown): [string | undefined, string | undefined] {
  const line = Buffer.isBuffer(rawPacket)
    ? REQUEST_LINE.exec(rawPacket.toString('latin1', 0, 2048))
    : null
  return line ? [line[1], line[2]] : [undefined, undefined]
}

/**
 * Installs the connection cap and the idle timeout on the app's server, and the hooks that keep
 * requests on a closing connection from reaching a handler. Call before any other hook.
 */
export function guardConnections(app: FastifyInstance, limits: ConnectionLimits): void {
  const server: Server = app.server
  const open = new Set<Socket>()
  // Before Node's own listener, so a refused connection is answered before it is parsed.
  server.prependListener('connection', (socket: Socket) => {
    if (open.size >= limits.maxConnections) {
      answerAndClose(
        socket,
        503,
        {
          error: true,
          message: `The board service already has ${limits.maxConnections} connections open, its limit; nothing was read. Try again in a second.`,
        },
        ['Retry-After: 1'],
      )
      return
    }
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  // A hard stop past the cap, for a flood faster than refusals close: Node then closes new
  // connections unanswered.
  server.maxConnections = limits.maxConnections * 2

  // CONNECT asks for a tunnel, as to a proxy: Node hands it to a 'connect' listener and, with
  // none, closes the connection without a word. Every request gets an answer.
  server.on('connect', (_request: unknown, socket: Socket) =>
    answerAndClose(socket, 400, {
      error: true,
      message:
        'CONNECT is not part of the interface: the board service is no proxy. Nothing was done.',
    }),
  )

  // An Expect other than 100-continue: Node answers a bare 417 with no body, before any hook.
  // It gets the documented error shape (dependency create: its code shape), and nothing is read.
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const isDependencyCreate =
      request.method === 'POST' && request.url !== undefined && isDependenciesTarget(request.url)
    const json = JSON.stringify({
      error: isDependencyCreate ? 'INVALID_REQUEST' : true,
      message:
        'The request asks for an expectation (Expect header) the board service does not meet: only "100-continue" is. Nothing was read or changed.',
    })
    closing.add(request.socket)
    response.writeHead(417, {
      connection: 'close',
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
    })
    response.end(json)
  })

  server.on('timeout', (socket: Socket) => {
    const response = inFlight(socket)
    if (response && !response.headersSent) {
      // Being handled: its answer will come (the database may be waiting for a lock).
      if (response.req.complete) return
      // Still arriving, and stalled: the request timeout would end it a little later.
      onClientError(requestTimeoutError(), socket, limits, true)
      return
    }
    // Idle between requests, or a reader that stopped reading its answer.
    socket.destroy()
  })

  const refuseOnClosing = async (request: FastifyRequest, reply: FastifyReply) => {
    if (closing.has(request.raw.socket)) return reply.hijack()
    return undefined
  }
  app.addHook('onRequest', refuseOnClosing)
  // A body that was still arriving when its connection was answered must not be handled either.
  app.addHook('preValidation', refuseOnClosing)
}

function requestTimeoutError(): Error & { code: string } {
  return Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' })
}

/** Node's clientError: a parse error, a header or request timeout, or a connection error. */
function onClientError(
  error: Error,
  socket: Socket,
  limits: ConnectionLimits,
  stalled = false,
): void {
  const { code, reason, rawPacket } = error as Error & {
    code?: string
    reason?: string
    rawPacket?: unknown
  }
  if (closing.has(socket) || socket.destroyed) return
  const response = inFlight(socket)
  const answerable = socket.writable && !response?.headersSent
  let status: 400 | 408 | 431
  let message: string
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408
    const why = stalled
      ? `nothing more of it arrived for ${seconds(limits.idleTimeoutMs)}`
      : response
        ? `the whole request took longer than ${seconds(limits.requestTimeoutMs)}`
        : `its headers took longer than ${seconds(limits.headersTimeoutMs)}`
    message = `The request was not received in time: ${why}. Nothing was changed; send it again.`
  } else if (code === 'HPE_HEADER_OVERFLOW') {
    status = 431
    message = `The request line and headers are larger than ${MAX_HEADER_BYTES / 1024} KiB (${MAX_HEADER_BYTES} bytes); nothing was read. Split a list query that long into several requests.`
  } else if (code?.startsWith('HPE_')) {
    status = 400
    message = `The request is not valid HTTP/1.1 (${reason ?? code}); nothing was read or changed. Send one Content-Length or Transfer-Encoding: chunked, and no folded header lines.`
  } else {
    // ECONNRESET and other failures of the connection itself: nobody to answer.
    closing.add(socket)
    socket.destroy()
    return
  }
  if (!answerable) {
    closing.add(socket)
    socket.destroy()
    return
  }
  const codes: Record<typeof status, DependencyErrorCode> = {
    400: 'INVALID_REQUEST',
    408: 'REQUEST_TIMEOUT',
    431: 'HEADERS_TOO_LARGE',
  }
  // Dependency create answers in its code shape, whichever way its path was written.
  const [method, target] = response
    ? [response.req.method, response.req.url]
    : requestLine(rawPacket)
  const isDependencyCreate =
    method === 'POST' && target !== undefined && isDependenciesTarget(target)
  answerAndClose(socket, status, {
    error: isDependencyCreate ? codes[status] : true,
    message,
  })
}

/**
 * Writes one whole response and closes our side. Reading goes on for a moment, so that a client
 * still sending gets our answer rather than a reset; nothing it sends is handled.
 */
function answerAndClose(
  socket: Socket,
  status: number,
  body: { error: true | string; message: string },
  extraHeaders: string[] = [],
): void {
  closing.add(socket)
  const json = JSON.stringify(body)
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    `Date: ${new Date().toUTCString()}`,
    ...extraHeaders,
  ]
  socket.end(`${head.join('\r\n')}\r\n\r\n${json}`)
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
}
