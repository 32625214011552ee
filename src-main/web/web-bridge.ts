// Browser mode: the same main-process services without Electron. Serves the built renderer and
// the IPC contract over HTTP on 127.0.0.1. Every request must name this server in its Host header
// (a DNS-rebinding page cannot), and every IPC call and event stream must carry the per-launch
// token, which only the served page knows (it is written into its HTML).
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EVENTS } from '../../src-shared/ipc'
import type { EventName, EventPayload } from '../../src-shared/ipc'
import type { IpcRouter } from '../ipc/ipc-router'
import { resultJson } from '../ipc/reply-json'
import { contentType, resolveAppFile } from '../window/app-protocol'
import { CONTENT_SECURITY_POLICY } from '../window/content-security-policy'

export const TOKEN_HEADER = 'x-planner-token'
const MAX_BODY = 8 * 1024 * 1024

export interface WebBridgeOptions {
  router: IpcRouter
  /** The built renderer (out/renderer). */
  rendererRoot: string
  port?: number
}

export interface WebBridge {
  url: string
  token: string
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void
  close(): Promise<void>
}

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
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

function sameToken(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string' || given.length !== token.length) return false
  return timingSafeEqual(Buffer.from(given), Buffer.from(token))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) throw new Error('too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function startWebBridge(options: WebBridgeOptions): Promise<WebBridge> {
  const token = randomBytes(32).toString('base64url')
  const streams = new Set<ServerResponse>()
  let hosts: string[] = []
  let origin = ''

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hosts.includes(req.headers.host ?? ''))
      return json(res, 421, { error: 'This server answers only on its own address.' })
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname.startsWith('/ipc/')) {
      if (req.method !== 'POST') return json(res, 405, { error: 'IPC calls are POST requests.' })
      if (req.headers.origin !== undefined && req.headers.origin !== origin)
        return json(res, 403, { error: 'Cross-origin calls are refused.' })
      if (!sameToken(req.headers[TOKEN_HEADER] as string | undefined, token))
        return json(res, 403, { error: 'Missing or wrong planner token.' })
      let payload: unknown
      try {
        const body = await readBody(req)
        payload = body === '' ? undefined : (JSON.parse(body) as { payload?: unknown }).payload
      } catch {
        return json(res, 400, {
          ok: false,
          error: { code: 'INVALID_REQUEST', message: 'The call body is not valid JSON.' },
        })
      }
      const result = await options.router.dispatch(
        decodeURIComponent(url.pathname.slice(5)),
        payload,
        true,
      )
      // A synced snapshot's JSON was made once already, for the disk cache: send that text.
      return send(res, 200, resultJson(result))
    }
    if (url.pathname === '/events') {
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
    const file = resolveAppFile(options.rendererRoot, url.href, url.host)
    if (!file) return json(res, 404, { error: 'Not found.' })
    let content: Buffer
    try {
      content = await readFile(file)
    } catch {
      return json(res, 404, { error: 'Not found.' })
    }
    if (file.endsWith('index.html')) {
      const meta = `<meta name="planner-token" content="${token}" />`
      content = Buffer.from(content.toString('utf8').replace('</head>', `  ${meta}\n  </head>`))
    }
    return send(res, 200, content, contentType(file))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'The planner bridge failed.' })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  hosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  origin = `http://127.0.0.1:${port}`

  return {
    url: `${origin}/`,
    token,
    emit(name, payload) {
      const data = JSON.stringify(EVENTS[name].parse(payload))
      for (const stream of streams) stream.write(`event: ${name}\ndata: ${data}\n\n`)
    },
    async close() {
      for (const stream of streams) stream.end()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
