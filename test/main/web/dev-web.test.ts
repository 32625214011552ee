// `npm run dev:web`: browser mode with the renderer served from its sources by Vite, with hot
// reload. First the bridge's dev mode against a stand-in dev server (the page, its CSP, the Host
// check on WebSocket upgrades), then the real command in its own process, in Debian's Chromium:
// the board's bars, Vite's HMR client connected, no CSP refusal, and an edit applied by React
// Fast Refresh without a reload. The edited module is a probe this test writes under out/
// (ignored by git; Vite does not watch test-results/); no tracked file is touched.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { request } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcRouter } from '../../../src-main/ipc/ipc-router'
import { allowScripts, devPage, inlineScriptHashes } from '../../../src-main/web/dev-page'
import { startWebBridge } from '../../../src-main/web/web-bridge'
import type { DevRenderer, WebBridge } from '../../../src-main/web/web-bridge'
import { CONTENT_SECURITY_POLICY } from '../../../src-main/window/content-security-policy'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium'

const ROOT = join(import.meta.dirname, '../../..')
const PREAMBLE = 'window.$RefreshReg$ = () => {}'
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** A raw GET, or a WebSocket upgrade request, with any Host header. */
function raw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      resolve({ status: res.statusCode ?? 0, body: '', headers: res.headers })
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the bridge in dev mode (a stand-in dev server)', () => {
  let root: string
  let bridge: WebBridge
  let hmrServer: Server | undefined
  const upgrades: (string | undefined)[] = []
  let closed = false
  const router: IpcRouter = { dispatch: async () => ({ ok: true, value: null }) }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'tb-dev-web-'))
    writeFileSync(
      join(root, 'index.html'),
      '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'self\'; script-src \'self\'" /></head><body></body></html>',
    )
    const dev: DevRenderer = {
      middlewares(req, res, next) {
        if (req.url === '/main.tsx') res.end('export {}')
        else next()
      },
      async transformIndexHtml(_url, html) {
        return html.replace('<head>', `<head><script type="module">${PREAMBLE}</script>`)
      },
      async close() {
        closed = true
      },
    }
    bridge = await startWebBridge({
      router,
      rendererRoot: root,
      dev: async (server) => {
        hmrServer = server
        // As Vite does: take the upgrade and answer it.
        server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
          upgrades.push(req.headers.host)
          socket.end(
            'HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\n',
          )
        })
        return dev
      },
    })
  })
  afterAll(async () => {
    await bridge.close()
    rmSync(root, { recursive: true, force: true })
  })

  it("serves the dev server's page with the token, allowing its inline script by hash only", async () => {
    // The token is for the printed address only; without it the page is bare.
    expect((await raw(bridge.url)).body).not.toContain(bridge.token)
    expect((await raw(`${bridge.url}?token=wrong`)).status).toBe(403)
    const page = await raw(bridge.pageUrl)
    expect(page.status).toBe(200)
    expect(page.body).toContain(`<script type="module">${PREAMBLE}</script>`)
    expect(page.body).toContain(`<meta name="planner-token" content="${bridge.token}" />`)
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain(`script-src 'self' ${sha256(PREAMBLE)};`)
    expect(policy.split('; ').find((d) => d.startsWith('script-src'))).not.toContain(
      'unsafe-inline',
    )
    // The page's own CSP meta tag would refuse the preamble too: it is extended the same way.
    expect(page.body).toContain(
      `content="default-src 'self'; script-src 'self' ${sha256(PREAMBLE)}"`,
    )
    expect(page.headers['x-content-type-options']).toBe('nosniff')
  })

  it('routes other GETs to the dev server, with the security headers; nothing found is a 404', async () => {
    const module = await raw(new URL('/main.tsx', bridge.url).href)
    expect(module.body).toBe('export {}')
    expect(module.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect((await raw(new URL('/missing.js', bridge.url).href)).status).toBe(404)
  })

  it('keeps the Host check, for pages and for the HMR WebSocket upgrade', async () => {
    const port = new URL(bridge.url).port
    expect((await raw(bridge.url, { host: `evil.example:${port}` })).status).toBe(421)
    const upgrade = { connection: 'Upgrade', upgrade: 'websocket' }
    expect((await raw(bridge.url, { ...upgrade, host: `evil.example:${port}` })).status).toBe(421)
    expect(upgrades).toEqual([])
    expect((await raw(bridge.url, upgrade)).status).toBe(101)
    expect(upgrades).toEqual([`127.0.0.1:${port}`])
    expect(hmrServer?.listening).toBe(false)
  })

  it('closes the dev server with the bridge', async () => {
    const other = await startWebBridge({
      router,
      rendererRoot: root,
      dev: async () => ({
        middlewares: (_req, _res, next) => next(),
        transformIndexHtml: async (_url, html) => html,
        close: async () => {
          closed = true
        },
      }),
    })
    closed = false
    await other.close()
    expect(closed).toBe(true)
  })

  it('hashes exactly the inline scripts, and leaves a page without them alone', () => {
    const html = `<script src="/a.js"></script><script>one()</script><SCRIPT type="module">two()</SCRIPT>`
    expect(inlineScriptHashes(html)).toEqual([sha256('one()'), sha256('two()')])
    expect(allowScripts("default-src 'self'; script-src 'self'", [])).toBe(
      "default-src 'self'; script-src 'self'",
    )
    expect(devPage('<p></p>', CONTENT_SECURITY_POLICY)).toEqual({
      html: '<p></p>',
      policy: CONTENT_SECURITY_POLICY,
    })
  })
})

describe('src-main and vite', () => {
  it('nothing under src-main imports vite (only scripts/dev-web.ts does)', () => {
    const offenders: string[] = []
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) visit(path)
        else if (/\bfrom\s+['"](vite|@vitejs\/[^'"]+)['"]/.test(readFileSync(path, 'utf8')))
          offenders.push(path)
      }
    }
    visit(join(ROOT, 'src-main'))
    expect(offenders).toEqual([])
  })
})

/** This process's environment as a shell would give it: without the NODE_ENV=test of vitest. */
function commandEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  delete env.NODE_ENV
  return env
}

// The real command, driven in Chromium. Generous timeouts: on a 2-core machine Vite's first start
// pre-bundles the renderer's dependencies.
describe('npm run dev:web', () => {
  let userData: string
  let probeDir: string
  let child: ChildProcess
  let browser: Browser
  let page: Page
  let url = ''
  let output = ''
  const consoleLines: string[] = []

  const probeView = (label: string) => `import { useState } from 'react'

export function HmrProbe() {
  const [clicks, setClicks] = useState(0)
  return (
    <button id="hmr-probe" onClick={() => setClicks(clicks + 1)}>
      {\`${label} clicks=\${clicks}\`}
    </button>
  )
}
`

  beforeAll(async () => {
    userData = mkdtempSync(join(tmpdir(), 'tb-dev-web-'))
    // Inside the repository (Vite serves files only from there), in a folder git ignores and
    // Vite watches (it never watches test-results/ or node_modules/).
    mkdirSync(join(ROOT, 'out'), { recursive: true })
    probeDir = mkdtempSync(join(ROOT, 'out', 'dev-web-probe-'))
    writeFileSync(join(probeDir, 'probe-view.tsx'), probeView('before'))
    writeFileSync(
      join(probeDir, 'probe-main.tsx'),
      `import { createRoot } from 'react-dom/client'
import { HmrProbe } from './probe-view'

const host = document.createElement('div')
document.body.append(host)
createRoot(host).render(<HmrProbe />)
`,
    )
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'scripts/dev-web.ts'),
        '--memory-keychain',
        '--user-data',
        userData,
        '--local-tasks',
        '40',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: commandEnv() },
    )
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /browser mode\) at (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(output)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) => reject(new Error(`dev:web exited early (${code}): ${output}`)))
    })
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    })
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`))
    page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`))
  }, 180_000)

  afterAll(async () => {
    await browser?.close().catch(() => undefined)
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      process.kill(-child.pid!, 'SIGTERM')
      await exited
    }
    rmSync(userData, { recursive: true, force: true })
    rmSync(probeDir, { recursive: true, force: true })
  }, 60_000)

  it('prints the same lines as npm run web', () => {
    expect(output).toContain(`Taskboard Planner (browser mode) at ${url}`)
    expect(output).toContain(`Data folder: ${userData}`)
  })

  it('opens the board from the sources, with the HMR client connected and no CSP refusal', async () => {
    await page.goto(url)
    await page
      .waitForSelector('.tb-bar[data-task-id]', { timeout: 120_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nThe page said:\n${consoleLines.join('\n')}`)
      })
    await expect
      .poll(() => consoleLines.some((line) => line.includes('[vite] connected.')), {
        timeout: 60_000,
      })
      .toBe(true)
    expect(consoleLines.filter((line) => /Content Security Policy|pageerror/.test(line))).toEqual(
      [],
    )
    // Served by Vite, not the build: the page loads the module sources.
    expect(await page.$('script[src="/@vite/client"]')).not.toBeNull()
  }, 180_000)

  it('applies an edit with React Fast Refresh: no reload, component state kept', async () => {
    await page.addScriptTag({ type: 'module', url: `/@fs${probeDir}/probe-main.tsx` })
    const probe = page.locator('#hmr-probe')
    await expect.poll(() => probe.textContent(), { timeout: 60_000 }).toBe('before clicks=0')
    await probe.click()
    await probe.click()
    await expect.poll(() => probe.textContent()).toBe('before clicks=2')
    await page.evaluate(() => {
      ;(window as unknown as { devWebMarker: string }).devWebMarker = 'same page'
    })

    // Vite starts watching the probe once it has served it; a write in the moment before that
    // goes unseen, so it is written again (each time different) until the page shows it. Each
    // write is whole (a new file renamed over the old, as editors save): Vite must never read a
    // half-written module, which it cannot refresh and answers with a full reload.
    const view = join(probeDir, 'probe-view.tsx')
    let shown = ''
    for (let attempt = 1; attempt <= 6 && shown !== 'after clicks=2'; attempt += 1) {
      writeFileSync(`${view}.saving`, `${probeView('after')}// write ${attempt}\n`)
      renameSync(`${view}.saving`, view)
      const deadline = Date.now() + 10_000
      while (Date.now() < deadline) {
        shown = (await probe.textContent({ timeout: 5_000 }).catch(() => 'gone')) ?? ''
        if (shown === 'after clicks=2' || shown === 'gone') break
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      if (shown === 'gone') break
    }
    // What the page and Vite said, if the probe is gone (a reload) or never changed.
    expect(shown, `${consoleLines.join('\n')}\n${output}`).toBe('after clicks=2')
    expect(await page.evaluate(() => (window as { devWebMarker?: string }).devWebMarker)).toBe(
      'same page',
    )
    expect(await page.$('.tb-bar[data-task-id]')).not.toBeNull()
    expect(consoleLines.filter((line) => /Content Security Policy|pageerror/.test(line))).toEqual(
      [],
    )
  }, 180_000)
})
