/// <reference lib="dom" />
// The page's Content-Security-Policy in a real browser: an injected inline script must not run.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlanner } from './harness'
import type { Planner } from './harness'

let planner: Planner
beforeAll(async () => {
  planner = await startPlanner()
}, 60_000)
afterAll(() => planner?.close())

describe('content security policy', () => {
  it('blocks an injected inline script and inline event handler, and reports the violation', async () => {
    const { page } = planner
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await page.goto(planner.url)
    const ran = await page.evaluate(async () => {
      const flags = window as unknown as { inlineRan?: boolean; handlerRan?: boolean }
      const script = document.createElement('script')
      script.textContent = 'window.inlineRan = true'
      document.body.appendChild(script)
      const img = document.createElement('img')
      img.setAttribute('src', 'data:,not-an-image')
      img.setAttribute('onerror', 'window.handlerRan = true')
      document.body.appendChild(img)
      await new Promise((resolve) => setTimeout(resolve, 200))
      return { inline: flags.inlineRan === true, handler: flags.handlerRan === true }
    })
    expect(ran).toEqual({ inline: false, handler: false })
    expect(violations.length).toBeGreaterThan(0)
  })

  it('keeps the page off the network: a fetch to another origin that answers is refused by connect-src', async () => {
    // A server that does answer cross-origin requests (CORS open), on this machine: with no network
    // at all, https://example.com fails whatever the policy says, so only a reachable origin shows
    // that the policy is what refuses it.
    const server = createServer((request, response) => {
      if (request.url === '/page') {
        response.writeHead(200, { 'content-type': 'text/html' })
        response.end('<!doctype html><title>no policy</title>')
        return
      }
      response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' })
      response.end('reachable')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const target = `http://127.0.0.1:${port}/`
    try {
      const { page } = planner
      // Control: the same cross-origin fetch from a page with no policy (served as localhost, so
      // 127.0.0.1 is another origin to it) gets through: the server is reachable from this
      // browser and a refusal below can only be the planner's policy.
      const control = await planner.browser.newPage()
      try {
        await control.goto(`http://localhost:${port}/page`)
        const text = await control.evaluate(async (url) => (await fetch(url)).text(), target)
        expect(text).toBe('reachable')
      } finally {
        await control.close()
      }

      await page.goto(planner.url)
      const outcome = await page.evaluate(async (url) => {
        const violated: string[] = []
        document.addEventListener('securitypolicyviolation', (event) => {
          violated.push(`${event.effectiveDirective} ${event.blockedURI}`)
        })
        let result = 'fetched'
        try {
          await fetch(url)
        } catch {
          result = 'blocked'
        }
        // The violation event is queued as a task; give it a turn to arrive.
        await new Promise((resolve) => setTimeout(resolve, 100))
        return { result, violated }
      }, target)
      expect(outcome.result).toBe('blocked')
      expect(
        outcome.violated.some((v) => v.startsWith(`connect-src http://127.0.0.1:${port}`)),
      ).toBe(true)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('the launch token', () => {
  // Kept in the address, the token went into the browser's history, synced history and session
  // restore: anyone who read it there could drive the planner while it runs.
  it('leaves the page address once read; a reload still reaches the planner, a new tab does not', async () => {
    const { page } = planner
    await page.goto(planner.url)
    await page.getByRole('button', { name: 'New task' }).waitFor()
    expect(page.url()).not.toContain('token')
    await page.reload()
    await page.getByRole('button', { name: 'New task' }).waitFor()
    expect(page.url()).not.toContain('token')

    const other = await planner.browser.newPage()
    try {
      await other.goto(new URL('/', planner.url).href)
      await other.getByRole('heading', { name: 'Open the address the planner printed' }).waitFor()
      expect(await other.content()).not.toContain(new URL(planner.url).searchParams.get('token'))
    } finally {
      await other.close()
    }
  })
})
