// Browser mode: the same main-process services without Electron. Serves the built renderer and
// the IPC contract over HTTP on 127.0.0.1. Every request must name this server in its Host header
// (a DNS-rebinding page cannot), and every IPC call and event stream must carry the per-launch
// token, which only the served page knows (it is written into its HTML). The token is written
// into the page only for a request that carries it in its query (`pageUrl`, the address the
// planner prints): anyone else on the machine (another user, any local process) can reach
// 127.0.0.1 too, and a page anyone could load with the token in it would hand them the boards.
// Without a token the page is served bare (the renderer takes the token out of its address and
// keeps it for the tab: a reload asks without it); with a wrong one it is refused.
//
// Dev mode (`npm run dev:web` only, opt-in through `dev`): the renderer's sources through a Vite
// dev server with hot reload instead of the build. The Host check, the token and the IPC routes
// are the same; the page is Vite's transformed index.html, and its CSP allows exactly its inline
// scripts (dev-page.ts says why). Vite itself is never imported here: scripts/dev-web.ts creates
// the dev server and passes it in.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'
import { EVENTS } from '../../src-shared/ipc'
import type { EventName, EventPayload } from '../../src-shared/ipc'
import type { IpcRouter } from '../ipc/ipc-router'
import { resultJson } from '../ipc/reply-json'
import { contentType, resolveAppFile } from '../window/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../window/content-security-policy'
import { devPage } from './dev-page'

export const TOKEN_HEADER = 'x-planner-token'
const MAX_BODY = 8 * 1024 * 1024

/**
 * What dev mode uses of a Vite dev server (created with `server: { middlewareMode: true, hmr: {
 * server } }` and `appType: 'custom'`). Structural, so that nothing in src-main imports vite.
 */
export interface DevRenderer {
  /** Serves the renderer's modules, assets and Vite's client; `next` when it has nothing. */
  middlewares(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void
  /** index.html as Vite serves it: its client and React Fast Refresh's preamble added. */
  transformIndexHtml(url: string, html: string): Promise<string>
  close(): Promise<void>
}

export interface WebBridgeOptions {
  router: IpcRouter
  /** The built renderer (out/renderer); in dev mode the renderer's sources (its index.html). */
  rendererRoot: string
  port?: number
  /**
   * Dev mode: makes the dev server. It gets the server that Vite must take as `hmr.server`: the
   * bridge hands it only the WebSocket upgrades whose Host header names the bridge.
   */
  dev?: (hmrServer: Server) => Promise<DevRenderer>
}

export interface WebBridge {
  /** The bridge's base address (`http://127.0.0.1:<port>/`), for IPC calls. */
  url: string
  /** The page's address, with the launch token: what the person who started the planner opens. */
  pageUrl: string
  token: string
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void
  close(): Promise<void>
}

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // frame-ancestors 'none' in the policy, for browsers that read only the older header.
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
}

function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  type = 'application/json; charset=utf-8',
): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type })
  res.end(body)
}

const json = (res: ServerResponse, status: number, value: unknown) =>
  send(res, status, JSON.stringify(value))

/** The page with the per-launch token the renderer's bridge reads (src-renderer/bridge.ts). */
const withToken = (html: string, token: string) =>
  html.replace('</head>', `  <meta name="planner-token" content="${token}" />\n  </head>`)

function sameToken(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false
  // Bytes, not characters: a token of the same length in other characters is longer in UTF-8.
  const bytes = Buffer.from(given)
  const expected = Buffer.from(token)
  return bytes.length === expected.length && timingSafeEqual(bytes, expected)
}

/** What a request for the page with a wrong token gets: how to open it instead. */
const PAGE_REFUSED = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Taskboard Planner</title></head>
<body><h1>Open the address the planner printed</h1>
<p>This planner opens only at the address it printed when it started (it ends in <code>?token=…</code>, a key for this launch), so that nobody else on this computer can use it. Copy that whole address from the terminal where you ran <code>npm run web</code>.</p></body></html>`

/**
 * A call made by a page of another origin. The page's own origin is the address it was loaded
 * from, 127.0.0.1 or localhost (the Host check allows only those); a call with no Origin is not
 * a browser page's cross-origin call.
 */
function fromAnotherOrigin(req: IncomingMessage): boolean {
  return req.headers.origin !== undefined && req.headers.origin !== `http://${req.headers.host}`
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) throw new BodyTooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The call's payload from its body: nothing (an empty body or `{}`), or `{"payload": ...}`.
 * Anything else (`"x"`, `[]`, a misspelt key) is refused: read as "no payload", it ran a
 * channel that takes none, such as edits:discard.
 */
function payloadOf(body: string): { payload: unknown } | undefined {
  if (body === '') return { payload: undefined }
  const value: unknown = JSON.parse(body)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const keys = Object.keys(value)
  if (keys.some((key) => key !== 'payload')) return undefined
  return { payload: (value as { payload?: unknown }).payload }
}

export async function startWebBridge(options: WebBridgeOptions): Promise<WebBridge> {
  const token = randomBytes(32).toString('base64url')
  const streams = new Set<ServerResponse>()
  let hosts: string[] = []
  let origin = ''
  // Dev mode: Vite listens for HMR upgrades on this server (never listening itself); the bridge's
  // own server passes it those that name the bridge in their Host header.
  const hmrServer = options.dev ? createServer() : undefined
  const dev = options.dev && hmrServer ? await options.dev(hmrServer) : undefined

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hosts.includes(req.headers.host ?? ''))
      return json(res, 421, { error: 'This server answers only on its own address.' })
    // Origin-form only ("/path?query"): an absolute or "//host" target would name another host.
    const target = req.url ?? '/'
    // A backslash too: URL reads "/\\host" as "//host".
    if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\'))
      return json(res, 400, { error: 'The request target must be a path on this server.' })
    const url = new URL(target, origin)
    if (url.pathname.startsWith('/ipc/')) {
      if (req.method !== 'POST') return json(res, 405, { error: 'IPC calls are POST requests.' })
      if (fromAnotherOrigin(req))
        return json(res, 403, { error: 'Cross-origin calls are refused.' })
      if (!sameToken(req.headers[TOKEN_HEADER] as string | undefined, token))
        return json(res, 403, { error: 'Missing or wrong planner token.' })
      let call: { payload: unknown } | undefined
      try {
        call = payloadOf(await readBody(req))
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          // The rest of the body is not read: the connection cannot carry another request.
          res.shouldKeepAlive = false
          return json(res, 413, {
            ok: false,
            error: { code: 'INVALID_REQUEST', message: 'The call body is too large.' },
          })
        }
        return json(res, 400, {
          ok: false,
          error: { code: 'INVALID_REQUEST', message: 'The call body is not valid JSON.' },
        })
      }
      if (!call)
        return json(res, 400, {
          ok: false,
          error: {
            code: 'INVALID_REQUEST',
            message: 'The call body must be an object with only a "payload" field.',
          },
        })
      const { payload } = call
      let channel: string
      try {
        channel = decodeURIComponent(url.pathname.slice(5))
      } catch {
        return json(res, 400, {
          ok: false,
          error: { code: 'INVALID_REQUEST', message: 'The channel name is not valid UTF-8.' },
        })
      }
      const result = await options.router.dispatch(channel, payload, true)
      // A synced snapshot's JSON was made once already, for the disk cache: send that text.
      return send(res, 200, resultJson(result))
    }
    if (url.pathname === '/events') {
      if (req.method !== 'GET') return json(res, 405, { error: 'The event stream is a GET.' })
      if (fromAnotherOrigin(req))
        return json(res, 403, { error: 'Cross-origin calls are refused.' })
      if (!sameToken(url.searchParams.get('token'), token))
        return json(res, 403, { error: 'Missing or wrong planner token.' })
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        'content-type': 'text/event-stream',
        connection: 'keep-alive',
      })
      res.write(': connected\n\n')
      streams.add(res)
      req.on('close', () => streams.delete(res))
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(res, 405, { error: 'Only GET serves files.' })
    if (dev) return serveDev(dev, req, res, url)
    const file = resolveAppFile(options.rendererRoot, url.href, url.host)
    if (!file) return json(res, 404, { error: 'Not found.' })
    let content: Buffer
    try {
      content = await readFile(file)
    } catch {
      return json(res, 404, { error: 'Not found.' })
    }
    if (file.endsWith('index.html')) {
      const given = url.searchParams.get('token')
      if (given !== null && !sameToken(given, token))
        return send(res, 403, PAGE_REFUSED, 'text/html; charset=utf-8')
      // Without a token the page is served bare: a reload of the address the page took the
      // token out of finds it in the tab's session storage; anyone else has none.
      if (given !== null) content = Buffer.from(withToken(content.toString(), token))
    }
    return send(res, 200, content, contentType(file))
  }

  const serveDev = async (
    renderer: DevRenderer,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<void> => {
    if (url.pathname === '/' || url.pathname === '/index.html') {
      const given = url.searchParams.get('token')
      if (given !== null && !sameToken(given, token))
        return send(res, 403, PAGE_REFUSED, 'text/html; charset=utf-8')
      const source = await readFile(join(options.rendererRoot, 'index.html'), 'utf8')
      const html = await renderer.transformIndexHtml(url.pathname, source)
      const page = devPage(given === null ? html : withToken(html, token), CONTENT_SECURITY_POLICY)
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        'content-security-policy': page.policy,
        'content-type': 'text/html; charset=utf-8',
      })
      res.end(page.html)
      return
    }
    // Vite sets each response's type and caching; the rest of the headers are ours.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value)
    renderer.middlewares(req, res, (error) => {
      if (res.headersSent) return
      if (error === undefined) json(res, 404, { error: 'Not found.' })
      else json(res, 500, { error: 'The dev server failed.' })
    })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug of the bridge's own: logged, since the page is only told that it failed.
      console.error('The planner bridge failed:', error)
      if (!res.headersSent) json(res, 500, { error: 'The planner bridge failed.' })
    })
  })
  if (hmrServer) {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!hosts.includes(req.headers.host ?? '')) {
        socket.on('error', () => socket.destroy())
        socket.end('HTTP/1.1 421 Misdirected Request\r\nconnection: close\r\n\r\n')
        return
      }
      hmrServer.emit('upgrade', req, socket, head)
    })
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, '127.0.0.1', resolve)
    })
  } catch (error) {
    await dev?.close()
    throw error
  }
  const { port } = server.address() as AddressInfo
  hosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  origin = `http://127.0.0.1:${port}`

  return {
    url: `${origin}/`,
    pageUrl: `${origin}/?token=${token}`,
    token,
    emit(name, payload) {
      const data = JSON.stringify(EVENTS[name].parse(payload))
      for (const stream of streams) stream.write(`event: ${name}\ndata: ${data}\n\n`)
    },
    async close() {
      for (const stream of streams) stream.end()
      // First: it ends the HMR WebSockets, which the server would otherwise wait for.
      await dev?.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
