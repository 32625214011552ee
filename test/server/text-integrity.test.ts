// Text is stored exactly as sent, or refused (issue 10, item 5): bytes that are not UTF-8, lone
// surrogates (JSON `\ud800`) and bodies in another charset get a 400 or 415 with a message and
// change nothing. Sent over HTTP as raw bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../../src-server/cli/serve'
import type { RunningService } from '../../src-server/cli/serve'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

let service: TestService
let running: RunningService
let taskId: string
beforeAll(async () => {
  service = await startTestService()
  running = await listen(service.db, '127.0.0.1', 0)
  await service.call('POST', '/api/v1/tasks', {
    tasks: [
      { title: 'Existing', projectKey: 'WEB', descriptionType: 'text', descriptionContent: '' },
    ],
  })
  taskId = (await service.call('GET', '/api/v1/tasks')).body.tasks[0].id
})
afterAll(async () => {
  await running.close()
  await service.close()
})

async function send(
  method: string,
  path: string,
  body?: Uint8Array<ArrayBuffer> | string,
  contentType = 'application/json',
): Promise<{
  status: number
  body: { error: unknown; message: string } & Record<string, unknown>
}> {
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${service.key}`,
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    ...(body === undefined ? {} : { body }),
  })
  return { status: response.status, body: (await response.json()) as never }
}

/** The bytes of `before`, then `raw`, then `after` (both UTF-8). */
const bytes = (before: string, raw: number[], after: string) =>
  new Uint8Array(Buffer.concat([Buffer.from(before), Buffer.from(raw), Buffer.from(after)]))

const createWithTitle = (titleJson: string) =>
  `{"tasks":[{"title":${titleJson},"projectKey":"WEB","descriptionType":"text","descriptionContent":""}]}`

/** Every stored task as JSON, to compare before and after. */
async function snapshot(): Promise<string> {
  return JSON.stringify((await service.call('GET', '/api/v1/tasks')).body.tasks)
}

describe('bytes that are not UTF-8', () => {
  const cases: [string, number[]][] = [
    ['a stray 0xFF byte', [0xff]],
    ['a truncated sequence', [0xc3]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate (CESU-8)', [0xed, 0xa0, 0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ]
  it.each(cases)('%s in a title: 400, nothing stored', async (_name, raw) => {
    const before = await snapshot()
    const [head, tail] = createWithTitle('"Bad\u0000"').split('\u0000') as [string, string]
    const answer = await send('POST', '/api/v1/tasks', bytes(head, raw, tail))
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      error: true,
      message: expect.stringMatching(/not valid UTF-8.*byte \d+/),
    })
    expect(await snapshot()).toBe(before)
  })

  it('in an update and in dependency create (code shape)', async () => {
    const before = await snapshot()
    const update = await send(
      'PUT',
      '/api/v1/tasks',
      bytes(`{"tasks":[{"id":"${taskId}","title":"X`, [0xff], `"}]}`),
    )
    expect(update.status).toBe(400)
    const dependency = await send(
      'POST',
      '/api/v1/dependencies',
      bytes('{"predecessorId":"', [0xfe], `","successorId":"${taskId}"}`),
    )
    expect(dependency.status).toBe(400)
    expect(dependency.body).toMatchObject({ error: 'INVALID_REQUEST' })
    expect(await snapshot()).toBe(before)
  })

  it('refuses a body that starts with a byte order mark, which JSON sent over a network has not', async () => {
    // RFC 8259: a sender must not add one. Taken, it hid a client that does; refused, nothing stored.
    const before = await snapshot()
    const answer = await send(
      'POST',
      '/api/v1/tasks',
      bytes('', [0xef, 0xbb, 0xbf], createWithTitle('"BOM"')),
    )
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: true, message: expect.stringMatching(/byte order mark/) })
    const dependency = await send(
      'POST',
      '/api/v1/dependencies',
      bytes('', [0xef, 0xbb, 0xbf], `{"predecessorId":"${taskId}","successorId":"${taskId}"}`),
    )
    expect(dependency.body).toMatchObject({ error: 'INVALID_REQUEST' })
    expect(await snapshot()).toBe(before)
  })

  it('accepts well-formed UTF-8, every plane, stored and returned unchanged', async () => {
    const title = 'Grüße 日本 😀 \u{10FFFD}'
    const created = await send(
      'POST',
      '/api/v1/tasks',
      new TextEncoder().encode(createWithTitle(JSON.stringify(title))),
    )
    expect(created.status).toBe(200)
    const titles = (await service.call('GET', '/api/v1/tasks')).body.tasks.map(
      (t: { title: string }) => t.title,
    )
    expect(titles).toContain(title)
  })
})

describe('lone surrogates in JSON escapes', () => {
  it.each([
    ['a lone high surrogate', '"A \\ud800 B"', 'tasks[0].title'],
    ['a lone low surrogate', '"\\udc00"', 'tasks[0].title'],
    ['reversed pair', '"\\ude00\\ud83d"', 'tasks[0].title'],
  ])('%s in a title: 400 naming the field, nothing stored', async (_name, json, path) => {
    const before = await snapshot()
    const answer = await send('POST', '/api/v1/tasks', createWithTitle(json))
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe(true)
    expect(answer.body.message).toContain(path)
    expect(answer.body.message).toMatch(/lone surrogate/)
    expect(await snapshot()).toBe(before)
  })

  it('in a property name, a description and a dependency id', async () => {
    const before = await snapshot()
    const inKey = await send(
      'PUT',
      '/api/v1/tasks',
      `{"tasks":[{"id":"${taskId}","properties":{"Notes\\ud800":"x"}}]}`,
    )
    expect(inKey.status).toBe(400)
    expect(inKey.body.message).toMatch(/tasks\[0\]\.properties.*lone surrogate/)
    const inDescription = await send(
      'PUT',
      '/api/v1/tasks',
      `{"tasks":[{"id":"${taskId}","descriptionType":"markdown","descriptionContent":"*\\udfff*"}]}`,
    )
    expect(inDescription.status).toBe(400)
    expect(inDescription.body.message).toContain('tasks[0].descriptionContent')
    const dependency = await send(
      'POST',
      '/api/v1/dependencies',
      `{"predecessorId":"\\ud800","successorId":"${taskId}"}`,
    )
    expect(dependency.status).toBe(400)
    expect(dependency.body).toMatchObject({ error: 'INVALID_REQUEST' })
    expect(dependency.body.message).toContain('predecessorId')
    expect(await snapshot()).toBe(before)
  })

  it('accepts an escaped surrogate pair as the character it encodes', async () => {
    const answer = await send('POST', '/api/v1/tasks', createWithTitle('"Pair \\ud83d\\ude00"'))
    expect(answer.status).toBe(200)
    const titles = (await service.call('GET', '/api/v1/tasks')).body.tasks.map(
      (t: { title: string }) => t.title,
    )
    expect(titles).toContain('Pair 😀')
  })

  it('refuses a lone surrogate deep in nested arrays without overflowing the stack', async () => {
    const deep = `${'['.repeat(100_000)}"\\ud800"${']'.repeat(100_000)}`
    const answer = await send('POST', '/api/v1/tasks', `{"tasks":[{"title":"x","extra":${deep}}]}`)
    expect(answer.status).toBe(400)
  })
})

describe('NUL characters in JSON escapes', () => {
  // Seen: "\u0000" was stored whole, but the description, the dependency titles and an update's
  // answer came back cut at it (the database driver reads text up to a NUL): the html form of
  // "d\u0000e" came back as "<p>d". Refused, as a lone surrogate is.
  it.each([
    ['a title', createWithTitle('"nul\\u0000after"'), 'tasks[0].title'],
    [
      'a description',
      '{"tasks":[{"title":"x","projectKey":"WEB","descriptionType":"text","descriptionContent":"d\\u0000e"}]}',
      'tasks[0].descriptionContent',
    ],
    [
      'a tag',
      '{"tasks":[{"title":"x","projectKey":"WEB","descriptionType":"text","descriptionContent":"","tags":["t\\u0000g"]}]}',
      'tasks[0].tags[0]',
    ],
  ])('in %s: 400 naming the field, nothing stored', async (_name, body, path) => {
    const before = await snapshot()
    const answer = await send('POST', '/api/v1/tasks', body)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe(true)
    expect(answer.body.message).toContain(path)
    expect(answer.body.message).toMatch(/NUL/)
    expect(await snapshot()).toBe(before)
  })

  it('in an update and a dependency: refused in each one\u2019s error shape', async () => {
    const before = await snapshot()
    const update = await send(
      'PATCH',
      '/api/v1/tasks',
      `{"tasks":[{"id":"${taskId}","title":"a\\u0000"}]}`,
    )
    expect(update.status).toBe(400)
    expect(update.body.message).toContain('tasks[0].title')
    const dependency = await send(
      'POST',
      '/api/v1/dependencies',
      `{"predecessorId":"\\u0000","successorId":"${taskId}"}`,
    )
    expect(dependency.status).toBe(400)
    expect(dependency.body).toMatchObject({ error: 'INVALID_REQUEST' })
    expect(await snapshot()).toBe(before)
  })

  it('a backslash before "u0000" is text, not a NUL, and is stored as sent', async () => {
    const answer = await send('POST', '/api/v1/tasks', createWithTitle('"path C:\\\\u0000x"'))
    expect(answer.status).toBe(200)
    const titles = (await service.call('GET', '/api/v1/tasks')).body.tasks.map(
      (t: { title: string }) => t.title,
    )
    expect(titles).toContain('path C:\\u0000x')
  })
})

describe('charsets', () => {
  it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', 'latin1', 'us-ascii'])(
    'refuses charset=%s with 415, nothing stored',
    async (charset) => {
      const before = await snapshot()
      const answer = await send(
        'POST',
        '/api/v1/tasks',
        createWithTitle('"Charset"'),
        `application/json; charset=${charset}`,
      )
      expect(answer.status).toBe(415)
      expect(answer.body).toEqual({
        error: true,
        message: expect.stringMatching(/UTF-8.*charset/),
      })
      expect(await snapshot()).toBe(before)
    },
  )

  it('refuses a UTF-16 body on dependency create with its code', async () => {
    const answer = await send(
      'POST',
      '/api/v1/dependencies',
      '{}',
      'application/json; charset=utf-16',
    )
    expect(answer.status).toBe(415)
    expect(answer.body).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  it.each(['utf-8', 'UTF-8', '"utf-8"', 'utf8'])('accepts charset=%s', async (charset) => {
    const answer = await send(
      'POST',
      '/api/v1/tasks',
      createWithTitle(JSON.stringify(`Charset ${charset}`)),
      `application/json; charset=${charset}`,
    )
    expect(answer.status).toBe(200)
  })
})

describe('queries', () => {
  it.each([
    ['%FF', 'a byte that is not UTF-8'],
    ['%ED%A0%80', 'an encoded surrogate'],
    ['%C3', 'a truncated sequence'],
  ])('refuses status=%s (%s) with 400', async (escape) => {
    const answer = await send('GET', `/api/v1/tasks?status=To%20Do${escape}`)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      error: true,
      message: expect.stringMatching(/query.*UTF-8/i),
    })
  })

  it('reads well-formed escapes', async () => {
    const answer = await send('GET', '/api/v1/tasks?tag=Gr%C3%BC%C3%9Fe')
    expect(answer.status).toBe(200)
  })
})
