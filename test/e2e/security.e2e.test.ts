/// <reference lib="dom" />
// The page's Content-Security-Policy in a real browser: an injected inline script must not run.
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

  it('keeps the page off the network: fetches to other origins are refused by connect-src', async () => {
    const { page } = planner
    await page.goto(planner.url)
    const outcome = await page.evaluate(async () => {
      try {
        await fetch('https://example.com/')
        return 'fetched'
      } catch {
        return 'blocked'
      }
    })
    expect(outcome).toBe('blocked')
  })
})
