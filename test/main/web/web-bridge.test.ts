import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcRouter } from '../../../src-main/ipc/ipc-router'
import { startWebBridge, TOKEN_HEADER } from '../../../src-main/web/web-bridge'
import type { WebBridge } from '../../../src-main/web/web-bridge'

let root: string
let bridge: WebBridge
const calls: [string, unknown, boolean][] = []
const router: IpcRouter = {
  async dispatch(channel, payload, trusted) {
    calls.push([channel, payload, trusted])
    return { ok: true, value: { echoed: payload } }
  },
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tb-web-'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'index.html'), '<html><head><title>P</title></head><body></body></html>')
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)')
  writeFileSync(join(tmpdir(), 'tb-web-secret.txt'), 'secret')
  bridge = await startWebBridge({ router, rendererRoot: root })
})
afterAll(async () => {
  await bridge.close()
  rmSync(root, { recursive: true, force: true })
})

/** A raw request, so tests can set Host and Origin freely. */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const url = new URL(path, bridge.url)
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request(
        url,
        { method: options.method ?? 'GET', headers: options.headers },
        (res) => {
          let body = ''
          res.on('data', (c: Buffer) => (body += c.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
        },
      )
      req.on('error', reject)
      req.end(options.body)
    },
  )
}

/** A request whose target is sent exactly as given (`raw` resolves it against the bridge). */
function rawTarget(target: string) {
  const { hostname, port } = new URL(bridge.url)
  return new Promise<{ status: number }>((resolve, reject) => {
    const req = request({ hostname, port, path: target, method: 'GET' }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }))
    })
    req.on('error', reject)
    req.end()
  })
}

const call = (
  channel: string,
  payload: unknown,
  headers: Record<string, string> = { [TOKEN_HEADER]: bridge.token },
) =>
  raw(`/ipc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ payload }),
  })

describe('browser-mode bridge', () => {
  it('listens on 127.0.0.1 and serves the renderer with the token and a CSP', async () => {
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect(bridge.pageUrl).toBe(`${bridge.url}?token=${bridge.token}`)
    const page = await raw(bridge.pageUrl)
    expect(page.status).toBe(200)
    expect(page.body).toContain(`<meta name="planner-token" content="${bridge.token}" />`)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect((await raw('/assets/app.js')).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    )
  })

  it('writes the launch token only into a page asked for with it: anyone else on the machine gets no token', async () => {
    for (const path of ['/?token=nope', `/?token=${'x'.repeat(43)}`, '/index.html?token=']) {
      const page = await raw(path)
      expect(page.status, path).toBe(403)
      expect(page.body, path).toContain('Open the address the planner printed')
      expect(page.body, path).not.toContain(bridge.token)
    }
    // Asked for without one (a reload of the address the page took the token out of): the
    // page, bare; the tab that had the token keeps it.
    for (const path of ['/', '/index.html']) {
      const page = await raw(path)
      expect(page.status, path).toBe(200)
      expect(page.body, path).not.toContain(bridge.token)
      expect(page.body, path).not.toContain('planner-token')
    }
    expect((await raw(`/index.html?token=${bridge.token}`)).body).toContain(bridge.token)
  })

  it('answers odd requests with a 4xx, never a 500', async () => {
    // A token of the right length in characters but not in bytes.
    const wide = 'é'.repeat(bridge.token.length)
    expect((await call('boards:list', undefined, { [TOKEN_HEADER]: wide })).status).toBe(403)
    expect((await call('%E0%A4%A', undefined)).status).toBe(400)
    // An absolute or "//host" request target names another host: refused, not resolved.
    expect((await rawTarget('http://evil.example/')).status).toBe(400)
    expect((await rawTarget('//evil.example/')).status).toBe(400)
    expect((await rawTarget('/\\evil.example/')).status).toBe(400)
  })

  it('runs no call whose body is not {"payload": ...}', async () => {
    // A body of "x", [] or a misspelt key ran the channel as a call with no payload: for
    // edits:discard, that deletes the waiting edits.
    const before = calls.length
    const post = (body: string) =>
      raw('/ipc/edits:discard', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: bridge.token },
        body,
      })
    for (const body of ['"x"', '[]', '42', 'null', '{"paylod":{}}', '{"payload":{},"more":1}']) {
      const answer = await post(body)
      expect(answer.status, body).toBe(400)
      expect(JSON.parse(answer.body), body).toMatchObject({
        ok: false,
        error: { code: 'INVALID_REQUEST' },
      })
    }
    expect(calls.length).toBe(before)
    expect((await post('{}')).status).toBe(200)
    expect((await post('')).status).toBe(200)
    expect(calls.length).toBe(before + 2)
  })

  it('answers a body over the limit 413 and closes the connection', async () => {
    const answer = await raw('/ipc/boards:list', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: bridge.token },
      body: JSON.stringify({ payload: 'x'.repeat(9 * 1024 * 1024) }),
    }).catch((error: Error) => ({
      status: -1,
      body: error.message,
      headers: {} as Record<string, unknown>,
    }))
    // The server may close before the whole body is sent: either a 413 or a closed socket.
    if (answer.status !== -1) {
      expect(answer.status).toBe(413)
      expect(answer.headers.connection).toBe('close')
    }
  })

  it('dispatches calls that carry the token, as trusted', async () => {
    const response = await call('board:sync', { cachedFirst: true })
    expect(JSON.parse(response.body)).toEqual({
      ok: true,
      value: { echoed: { cachedFirst: true } },
    })
    expect(calls.at(-1)).toEqual(['board:sync', { cachedFirst: true }, true])
  })

  it('refuses calls without the token, with a wrong one, or from another origin', async () => {
    const before = calls.length
    expect((await call('boards:list', undefined, {})).status).toBe(403)
    expect(
      (await call('boards:list', undefined, { [TOKEN_HEADER]: 'x'.repeat(bridge.token.length) }))
        .status,
    ).toBe(403)
    expect(
      (
        await call('boards:list', undefined, {
          [TOKEN_HEADER]: bridge.token,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403)
    expect(calls.length).toBe(before)
  })

  it('refuses any request whose Host is not this server (DNS rebinding)', async () => {
    const port = new URL(bridge.url).port
    expect((await raw('/', { headers: { host: `evil.example:${port}` } })).status).toBe(421)
    expect(
      (
        await call('boards:list', undefined, {
          [TOKEN_HEADER]: bridge.token,
          host: `rebind.example:${port}`,
        })
      ).status,
    ).toBe(421)
    expect(
      (await raw(`/?token=${bridge.token}`, { headers: { host: `localhost:${port}` } })).status,
    ).toBe(200)
  })

  it('takes calls from its own page under either name, and refuses other origins', async () => {
    const port = new URL(bridge.url).port
    for (const name of ['127.0.0.1', 'localhost']) {
      const own = await call('boards:list', undefined, {
        [TOKEN_HEADER]: bridge.token,
        host: `${name}:${port}`,
        origin: `http://${name}:${port}`,
      })
      expect(own.status, name).toBe(200)
    }
    for (const [host, origin] of [
      [`localhost:${port}`, 'http://evil.example'],
      [`localhost:${port}`, `http://127.0.0.1:${port}`],
      [`127.0.0.1:${port}`, `http://localhost:${port}`],
    ]) {
      const foreign = await call('boards:list', undefined, {
        [TOKEN_HEADER]: bridge.token,
        host: host!,
        origin: origin!,
      })
      expect(foreign.status, `${host} from ${origin}`).toBe(403)
    }
  })

  it('never serves files outside the renderer folder', async () => {
    expect((await raw('/..%2ftb-web-secret.txt')).status).toBe(404)
    expect((await raw('/missing.js')).status).toBe(404)
  })

  it('streams events to holders of the token only', async () => {
    expect((await raw('/events?token=nope')).status).toBe(403)
    const events = `/events?token=${bridge.token}`
    expect((await raw(events, { method: 'POST' })).status).toBe(405)
    expect((await raw(events, { headers: { origin: 'http://evil.example' } })).status).toBe(403)
    const received = new Promise<string>((resolve) => {
      const req = request(new URL(`/events?token=${bridge.token}`, bridge.url), (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString()
          if (text.includes('event: edits:changed')) {
            resolve(text)
            req.destroy()
          }
        })
        // Emit once the stream is open.
        setTimeout(
          () =>
            bridge.emit('edits:changed', {
              profileId: 'p',
              count: 2,
              batches: [],
              taskIds: [],
              problems: [],
            }),
          50,
        )
      })
      req.end()
    })
    expect(await received).toContain(
      'data: {"profileId":"p","count":2,"batches":[],"taskIds":[],"problems":[]}',
    )
  })
})
