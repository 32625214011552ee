// Slow and greedy clients over a raw socket (issue 10, item 3): a sender that stalls in its
// headers or trickles its body is cut at the header or request timeout with a 408 in the
// documented shape; connections over the cap get a 503 at once; a slow handler is never cut.
// The limits are the service's own, shrunk through the listen options so the tests stay short.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CONNECTION_LIMITS, createApp } from '../../src-server'
import type { ConnectionLimits } from '../../src-server'
import { listen } from '../../src-server/cli/serve'
import type { RunningService } from '../../src-server/cli/serve'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { exchange, openRaw, portOf } from '../support/raw-http'
import type { RawClient } from '../support/raw-http'

const SHORT: ConnectionLimits = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 700,
  idleTimeoutMs: 450,
  keepAliveTimeoutMs: 200,
  maxConnections: 6,
  timeoutCheckIntervalMs: 50,
  closeGraceMs: 500,
}

let service: TestService
const running: RunningService[] = []
const clients: RawClient[] = []
beforeAll(async () => {
  service = await startTestService()
})
afterEach(() => {
  for (const client of clients.splice(0)) client.socket.destroy()
})
afterAll(async () => {
  for (const r of running) await r.close()
  await service.close()
})

async function serve(limits: Partial<ConnectionLimits> = SHORT): Promise<number> {
  const r = await listen(service.db, '127.0.0.1', 0, { connections: limits })
  running.push(r)
  return portOf(r.url)
}

async function open(port: number): Promise<RawClient> {
  const client = await openRaw(port)
  clients.push(client)
  return client
}

const auth = () => `Authorization: Bearer ${service.key}\r\n`
const get = (path = '/api/v1/tasks') => `GET ${path} HTTP/1.1\r\nHost: board.test\r\n${auth()}\r\n`
/** A list request that asks the server to close after answering. */
const getOnce = () =>
  `GET /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Connection: close\r\n\r\n`
function post(path: string, body: string): { head: string; body: string } {
  return {
    head:
      `POST ${path} HTTP/1.1\r\nHost: board.test\r\n${auth()}` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    body,
  }
}
const createBody = (title: string) =>
  JSON.stringify({
    tasks: [{ title, projectKey: 'WEB', descriptionType: 'text', descriptionContent: '' }],
  })

async function taskTitles(): Promise<string[]> {
  const { body } = await service.call('GET', '/api/v1/tasks?projectKey=WEB')
  return (body.tasks as { title: string }[]).map((t) => t.title)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('slow senders', () => {
  it('cuts a sender that stalls inside its headers at the header timeout: 408, documented shape, Connection: close', async () => {
    const port = await serve()
    const result = await exchange(port, `GET /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n`)
    expect(result.closedByServer).toBe(true)
    expect(result.elapsedMs).toBeGreaterThanOrEqual(SHORT.headersTimeoutMs - 20)
    expect(result.elapsedMs).toBeLessThan(SHORT.requestTimeoutMs + 1000)
    const [response] = result.responses
    expect(response?.status).toBe(408)
    expect(response?.headers['connection']).toBe('close')
    expect(response?.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(response!.body)).toEqual({
      error: true,
      message: expect.stringMatching(/not received in time.*headers.*0\.3 s/),
    })
  })

  it('closes a connection that never sends a byte at the header timeout', async () => {
    const port = await serve()
    const client = await open(port)
    const result = await client.done()
    expect(result.closedByServer).toBe(true)
    expect(result.elapsedMs).toBeLessThan(SHORT.requestTimeoutMs + 1000)
    expect(result.responses[0]?.status).toBe(408)
  })

  it('cuts a body that trickles in at the request timeout, though every byte beats the idle timeout; nothing is stored', async () => {
    const port = await serve()
    const request = post('/api/v1/tasks', createBody('Trickled'))
    const client = await open(port)
    client.send(request.head)
    let sent = 0
    const trickle = setInterval(() => {
      if (sent < request.body.length - 1) client.send(request.body[sent++]!)
    }, 100)
    const result = await client.done()
    clearInterval(trickle)
    expect(result.closedByServer).toBe(true)
    expect(result.elapsedMs).toBeGreaterThanOrEqual(SHORT.requestTimeoutMs - 20)
    expect(result.elapsedMs).toBeLessThan(SHORT.requestTimeoutMs + 1000)
    expect(result.responses).toHaveLength(1)
    expect(result.responses[0]?.status).toBe(408)
    expect(result.responses[0]?.headers['connection']).toBe('close')
    expect(JSON.parse(result.responses[0]!.body)).toEqual({
      error: true,
      message: expect.stringMatching(/whole request.*0\.7 s/),
    })
    expect(await taskTitles()).not.toContain('Trickled')
  })

  it('answers a stalled dependency create in its code shape (REQUEST_TIMEOUT)', async () => {
    const port = await serve()
    const request = post('/api/v1/dependencies', '{"predecessorId":"a","successorId":"b"}')
    const result = await exchange(port, request.head + request.body.slice(0, 5))
    // It stalls after five body bytes: the idle timeout ends it before the request timeout.
    expect(result.elapsedMs).toBeLessThan(SHORT.requestTimeoutMs)
    expect(result.responses[0]?.status).toBe(408)
    expect(JSON.parse(result.responses[0]!.body)).toEqual({
      error: 'REQUEST_TIMEOUT',
      message: expect.stringMatching(/nothing more of it arrived for 0\.45 s/),
    })
  })

  it('scales: many connections each sending one body byte are all answered and closed by the request timeout', async () => {
    const port = await serve()
    const request = post('/api/v1/tasks', createBody('One byte'))
    const many = await Promise.all(Array.from({ length: 20 }, () => open(port)))
    for (const client of many) client.send(request.head + request.body[0]!)
    const results = await Promise.all(
      many.map((client) => client.done(SHORT.requestTimeoutMs + 2000)),
    )
    const statuses = results.map((r) => r.responses[0]?.status)
    expect(results.every((r) => r.closedByServer)).toBe(true)
    // Over the cap of 6 the answer is 503 at once; the 6 admitted ones time out with 408.
    expect(statuses.filter((s) => s === 408)).toHaveLength(SHORT.maxConnections)
    expect(statuses.filter((s) => s === 503)).toHaveLength(20 - SHORT.maxConnections)
    // The service answers normally once they are gone: the server may still count a closed
    // connection for a moment (it lingers to read what the client still sends), so ask again
    // until it does, within a bound.
    await expect
      .poll(async () => (await exchange(port, getOnce())).responses[0]?.status, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(200)
    expect(await taskTitles()).not.toContain('One byte')
  })
})

describe('keep-alive and slow handlers', () => {
  it('times each request, not the connection: requests spread over longer than the request timeout all succeed', async () => {
    const port = await serve()
    const client = await open(port)
    for (let i = 1; i <= 4; i++) {
      client.send(get())
      const responses = await client.responses(i)
      expect(responses[i - 1]?.status).toBe(200)
      await sleep(SHORT.keepAliveTimeoutMs / 2)
    }
    // ... and then the idle connection is closed after the keep-alive timeout, with no bytes.
    const before = Date.now()
    const result = await client.done()
    expect(result.closedByServer).toBe(true)
    expect(Date.now() - before).toBeLessThan(SHORT.keepAliveTimeoutMs + 2000)
    expect(result.responses).toHaveLength(4)
  })

  it('never cuts a request whose handler runs longer than the idle timeout', async () => {
    const app = createApp({ db: service.db, connections: SHORT })
    app.get('/test/slow', async () => {
      await sleep(SHORT.idleTimeoutMs * 2 + 100)
      return { success: true }
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const client = await open(port)
      client.send(get('/test/slow'))
      const [response] = await client.responses(1, 5000)
      expect(response?.status).toBe(200)
      expect(JSON.parse(response!.body)).toEqual({ success: true })
    } finally {
      await app.close()
    }
  })
})

describe('slow readers', () => {
  it('drops a connection whose answer is not being read, once nothing moved for the idle timeout', async () => {
    const app = createApp({ db: service.db, connections: SHORT })
    // Larger than the socket buffers of both ends, so the write stalls on a reader that stops.
    const big = 'x'.repeat(48 * 1024 * 1024)
    app.get('/test/big', async (_request, reply) => reply.type('text/plain').send(big))
    await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const client = await open(port)
      client.socket.pause()
      client.send(get('/test/big'))
      const connections = () =>
        new Promise<number>((resolve, reject) =>
          app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        )
      await sleep(100)
      expect(await connections()).toBe(1)
      const started = Date.now()
      while ((await connections()) > 0 && Date.now() - started < 5000) await sleep(25)
      expect(await connections()).toBe(0)
      expect(Date.now() - started).toBeGreaterThanOrEqual(SHORT.idleTimeoutMs - 150)
    } finally {
      await app.close()
    }
  })
})

describe('connection cap', () => {
  it('answers a connection over the cap with 503, Retry-After and Connection: close, and runs nothing it sends', async () => {
    const port = await serve({ ...SHORT, headersTimeoutMs: 5000, requestTimeoutMs: 5000 })
    const held = await Promise.all(Array.from({ length: SHORT.maxConnections }, () => open(port)))
    for (const client of held) client.send('GET /api/v1/tasks HTTP/1.1\r\n')
    await sleep(50)
    const request = post('/api/v1/tasks', createBody('Over the cap'))
    const over = await open(port)
    over.send(request.head + request.body)
    const result = await over.done()
    expect(result.closedByServer).toBe(true)
    expect(result.elapsedMs).toBeLessThan(1500)
    expect(result.responses).toHaveLength(1)
    const [response] = result.responses
    expect(response?.status).toBe(503)
    expect(response?.headers['connection']).toBe('close')
    expect(response?.headers['retry-after']).toBe('1')
    expect(JSON.parse(response!.body)).toEqual({
      error: true,
      message: expect.stringMatching(/6 connections/),
    })
    expect(await taskTitles()).not.toContain('Over the cap')

    // A freed slot is usable again.
    held[0]!.socket.destroy()
    let status: number | undefined
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      await sleep(25)
      status = (await exchange(port, getOnce(), 2000)).responses[0]?.status
    }
    expect(status).toBe(200)
  })
})

describe('defaults', () => {
  it('are the documented ones, set on the server that listen() starts', async () => {
    expect(CONNECTION_LIMITS).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      idleTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 256,
      timeoutCheckIntervalMs: 1_000,
      closeGraceMs: 5_000,
    })
    const r = await listen(service.db, '127.0.0.1', 0)
    running.push(r)
    const server = r.app.server
    expect(server.headersTimeout).toBe(10_000)
    expect(server.requestTimeout).toBe(30_000)
    expect(server.keepAliveTimeout).toBe(5_000)
    expect(server.timeout).toBe(30_000)
    // The hard limit, past which Node closes new connections unanswered.
    expect(server.maxConnections).toBe(512)
    // The service still answers with them.
    const result = await exchange(portOf(r.url), getOnce(), 2000)
    expect(result.responses[0]?.status).toBe(200)
  })
})
