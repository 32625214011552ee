// Requests that are broken as HTTP, over a raw socket (issue 10, item 4): each gets the
// documented error shape (dependency create: its code shape), says what was wrong, and carries
// `Connection: close` before the server closes, so keep-alive clients see an answer, not a reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../../src-server/cli/serve'
import type { RunningService } from '../../src-server/cli/serve'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { exchange, openRaw, portOf } from '../support/raw-http'

let service: TestService
let running: RunningService
let port: number
beforeAll(async () => {
  service = await startTestService()
  running = await listen(service.db, '127.0.0.1', 0)
  port = portOf(running.url)
})
afterAll(async () => {
  await running.close()
  await service.close()
})

const auth = () => `Authorization: Bearer ${service.key}\r\n`
const createBody = JSON.stringify({
  tasks: [
    { title: 'Smuggled', projectKey: 'WEB', descriptionType: 'text', descriptionContent: '' },
  ],
})

interface Case {
  name: string
  raw: () => string
  status: 400 | 417 | 431
  /** `true` for the flag shape; a string for dependency create's code. */
  error: true | string
  message: RegExp
}

const cases: Case[] = [
  {
    name: 'both Content-Length and Transfer-Encoding',
    raw: () =>
      `POST /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Content-Type: application/json\r\n` +
      `Content-Length: ${createBody.length}\r\nTransfer-Encoding: chunked\r\n\r\n${createBody}`,
    status: 400,
    error: true,
    message: /Transfer-Encoding.*Content-Length|Content-Length.*Transfer-Encoding/,
  },
  {
    name: 'two different Content-Length headers',
    raw: () =>
      `POST /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Content-Type: application/json\r\n` +
      `Content-Length: ${createBody.length}\r\nContent-Length: 2\r\n\r\n${createBody}`,
    status: 400,
    error: true,
    message: /Content-Length/,
  },
  {
    name: 'the same Content-Length twice',
    raw: () =>
      `POST /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Content-Type: application/json\r\n` +
      `Content-Length: ${createBody.length}\r\nContent-Length: ${createBody.length}\r\n\r\n${createBody}`,
    status: 400,
    error: true,
    message: /Content-Length/,
  },
  {
    name: 'a header folded onto a second line (obs-fold)',
    raw: () =>
      `GET /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}X-Note: first\r\n second\r\n\r\n`,
    status: 400,
    error: true,
    message: /header/i,
  },
  {
    name: 'a Transfer-Encoding other than chunked',
    raw: () =>
      `POST /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Content-Type: application/json\r\n` +
      `Transfer-Encoding: gzip\r\n\r\n${createBody}`,
    status: 400,
    error: true,
    message: /Transfer-Encoding/,
  },
  {
    name: 'chunked not last in Transfer-Encoding',
    raw: () =>
      `POST /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Content-Type: application/json\r\n` +
      `Transfer-Encoding: chunked, gzip\r\n\r\n`,
    status: 400,
    error: true,
    message: /Transfer-Encoding/,
  },
  {
    name: 'a chunk size that is not hexadecimal',
    raw: () =>
      `POST /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Content-Type: application/json\r\n` +
      `Transfer-Encoding: chunked\r\n\r\nzz\r\n${createBody}\r\n0\r\n\r\n`,
    status: 400,
    error: true,
    message: /chunk/i,
  },
  {
    name: 'a Content-Length that is not a number',
    raw: () =>
      `POST /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Content-Type: application/json\r\n` +
      `Content-Length: 1e2\r\n\r\n${createBody}`,
    status: 400,
    error: true,
    message: /Content-Length/,
  },
  {
    name: 'a request line that is not HTTP',
    raw: () => `HELLO board\r\n\r\n`,
    status: 400,
    error: true,
    message: /not valid HTTP/,
  },
  {
    name: 'an HTTP/1.1 request without Host',
    raw: () => `GET /api/v1/tasks HTTP/1.1\r\n${auth()}\r\n`,
    status: 400,
    error: true,
    message: /Host/,
  },
  {
    name: 'a query over 16 KiB',
    raw: () =>
      `GET /api/v1/tasks?status=${'x'.repeat(17 * 1024)} HTTP/1.1\r\nHost: board.test\r\n${auth()}\r\n`,
    status: 431,
    error: true,
    message: /16 KiB.*split/i,
  },
  {
    name: 'headers over 16 KiB',
    raw: () =>
      `GET /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}X-Big: ${'y'.repeat(17 * 1024)}\r\n\r\n`,
    status: 431,
    error: true,
    message: /16 KiB/,
  },
  {
    name: 'dependency create with Content-Length and Transfer-Encoding (code shape)',
    raw: () =>
      `POST /api/v1/dependencies HTTP/1.1\r\nHost: board.test\r\n${auth()}Content-Type: application/json\r\n` +
      `Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`,
    status: 400,
    error: 'INVALID_REQUEST',
    message: /Transfer-Encoding/,
  },
  {
    name: 'dependency create through a percent-encoded path, headers over 16 KiB (code shape)',
    raw: () =>
      `POST /api/v1/%64ependencies?x=1 HTTP/1.1\r\nHost: board.test\r\n${auth()}X-Big: ${'y'.repeat(17 * 1024)}\r\n\r\n`,
    status: 431,
    error: 'HEADERS_TOO_LARGE',
    message: /16 KiB/,
  },
  {
    name: 'an Expect other than 100-continue',
    raw: () =>
      `POST /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Expect: foo\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${createBody.length}\r\n\r\n${createBody}`,
    status: 417,
    error: true,
    message: /Expect/,
  },
  {
    name: 'dependency create with an Expect other than 100-continue (code shape)',
    raw: () =>
      `POST /api/v1/dependencies HTTP/1.1\r\nHost: board.test\r\n${auth()}Expect: foo\r\nContent-Type: application/json\r\n` +
      `Content-Length: 2\r\n\r\n{}`,
    status: 417,
    error: 'INVALID_REQUEST',
    message: /Expect/,
  },
  {
    name: 'dependency create with headers over 16 KiB (code shape)',
    raw: () =>
      `POST /api/v1/dependencies HTTP/1.1\r\nHost: board.test\r\n${auth()}X-Big: ${'y'.repeat(17 * 1024)}\r\n\r\n`,
    status: 431,
    error: 'HEADERS_TOO_LARGE',
    message: /16 KiB/,
  },
]

describe('protocol-level failures', () => {
  it.each(cases)('$name: $status in the documented shape, with Connection: close', async (c) => {
    const before = await titles()
    const result = await exchange(port, c.raw())
    expect(result.closedByServer).toBe(true)
    expect(result.responses).toHaveLength(1)
    const [response] = result.responses
    expect(response?.status).toBe(c.status)
    expect(response?.headers['connection']).toBe('close')
    expect(response?.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = JSON.parse(response!.body) as { error: unknown; message: string }
    expect(Object.keys(body).sort()).toEqual(['error', 'message'])
    expect(body.error).toBe(c.error)
    expect(body.message).toMatch(c.message)
    expect(await titles()).toEqual(before)
  })

  it('answers a keep-alive client its good request, then the broken one with Connection: close', async () => {
    const client = await openRaw(port)
    client.send(`GET /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}\r\n`)
    const [first] = await client.responses(1)
    expect(first?.status).toBe(200)
    expect(first?.headers['connection']).toBe('keep-alive')
    client.send(
      `POST /api/v1/tasks HTTP/1.1\r\nHost: board.test\r\n${auth()}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    )
    const result = await client.done()
    expect(result.closedByServer).toBe(true)
    expect(result.responses.map((r) => [r.status, r.headers['connection']])).toEqual([
      [200, 'keep-alive'],
      [400, 'close'],
    ])
  })

  it('answers a malformed percent-escape in the path or query with 400 in the documented shape', async () => {
    for (const path of [
      '/api/v1/tasks?status=%zz',
      '/api/v1/ta%zzsks',
      '/api/v1/tasks?status=100%',
    ]) {
      const result = await exchange(
        port,
        `GET ${path} HTTP/1.1\r\nHost: board.test\r\n${auth()}Connection: close\r\n\r\n`,
      )
      const [response] = result.responses
      expect(response?.status, path).toBe(400)
      expect(JSON.parse(response!.body), path).toEqual({
        error: true,
        message: expect.stringMatching(/percent|escape/i),
      })
    }
  })
})

async function titles(): Promise<string[]> {
  const { body } = await service.call('GET', '/api/v1/tasks')
  return (body.tasks as { title: string }[]).map((t) => t.title).sort()
}
