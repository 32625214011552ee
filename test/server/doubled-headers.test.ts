// Two Authorization or two Content-Type headers in one request (over a raw socket: fetch joins
// repeated headers into one). Node keeps the first of each and drops the other, so such a request
// was handled by the order of its lines: a valid key then a bad one passed, the other way round
// did not; JSON then text/plain created a task. The spec gives a request one of each. And the
// interface has no HEAD: it is 405 with the methods there are, not an answer for every GET.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../../src-server/cli/serve'
import type { RunningService } from '../../src-server/cli/serve'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { exchange, portOf } from '../support/raw-http'
import { listTasks } from '../support/tasks'

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

const body = JSON.stringify({
  tasks: [{ title: 'Doubled', projectKey: 'WEB', descriptionType: 'text', descriptionContent: '' }],
})
const head = (method: string, path: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: board.test\r\nConnection: close\r\n`

describe('repeated headers', () => {
  it('two Authorization headers are refused, whichever comes first, and nothing is done', async () => {
    for (const [first, second] of [
      [service.key, 'nope'],
      ['nope', service.key],
    ] as const) {
      const { responses } = await exchange(
        port,
        `${head('POST', '/api/v1/tasks')}Authorization: Bearer ${first}\r\n` +
          `Authorization: Bearer ${second}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n${body}`,
      )
      expect(responses[0]?.status).toBe(400)
      expect(JSON.parse(responses[0]!.body)).toEqual({
        error: true,
        message: 'The request carries 2 Authorization headers; send exactly one. Nothing was done.',
      })
    }
    expect((await listTasks(service)).some((t) => t.title === 'Doubled')).toBe(false)
  })

  it('two Content-Type headers are refused, and dependency create says so in its code shape', async () => {
    const dependency = JSON.stringify({ predecessorId: 'a', successorId: 'b' })
    const { responses } = await exchange(
      port,
      `${head('POST', '/api/v1/dependencies')}Authorization: Bearer ${service.key}\r\n` +
        `Content-Type: application/json\r\nContent-Type: text/plain\r\n` +
        `Content-Length: ${dependency.length}\r\n\r\n${dependency}`,
    )
    expect(responses[0]?.status).toBe(400)
    expect(JSON.parse(responses[0]!.body)).toMatchObject({
      error: 'INVALID_REQUEST',
      message: 'The request carries 2 Content-Type headers; send exactly one. Nothing was done.',
    })
  })
})

describe('HEAD', () => {
  it('is 405 on both paths, with the spec\u2019s methods in Allow', async () => {
    for (const [path, allow] of [
      ['/api/v1/tasks', 'GET, POST, PUT, PATCH'],
      ['/api/v1/dependencies', 'GET, POST, DELETE'],
    ] as const) {
      // An answer to HEAD has no body whatever its Content-Length: read the head only.
      const { text } = await exchange(
        port,
        `${head('HEAD', path)}Authorization: Bearer ${service.key}\r\n\r\n`,
      )
      expect(text).toMatch(/^HTTP\/1\.1 405 /)
      expect(/\r\nallow: ([^\r]*)\r\n/i.exec(text)?.[1]).toBe(allow)
    }
  })
})

describe('a method the router does not know (TRACE, PROPFIND, ...)', () => {
  it('is 405 on the interface\u2019s paths, with Allow, and 404 elsewhere', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'SEARCH']) {
      const { text } = await exchange(
        port,
        `${head(method, '/api/v1/tasks')}Authorization: Bearer ${service.key}\r\n\r\n`,
      )
      expect(text).toMatch(/^HTTP\/1\.1 405 /)
      expect(/\r\nallow: ([^\r]*)\r\n/i.exec(text)?.[1]).toBe('GET, POST, PUT, PATCH')
    }
    const { text } = await exchange(
      port,
      `${head('TRACE', '/api/v1/nothing')}Authorization: Bearer ${service.key}\r\n\r\n`,
    )
    expect(text).toMatch(/^HTTP\/1\.1 404 /)
  })
})

describe('CONNECT', () => {
  it('is answered, as every request is (Node closed it without a word)', async () => {
    const { text } = await exchange(
      port,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    )
    expect(text).toMatch(/^HTTP\/1\.1 400 /)
    expect(text).toContain('CONNECT is not part of the interface')
  })
})
