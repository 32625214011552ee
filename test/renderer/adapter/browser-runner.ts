// Runs the adapter in Debian's Chromium for its browser tests: esbuild bundles the test page
// (page/adapter-page.mts with the adapter and frappe-gantt) in memory, playwright-core loads it.
// jsdom cannot host frappe-gantt (no getBBox, no layout), so these tests need the real browser.
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import type { Browser, CDPSession, Page } from 'playwright-core'
import type { PageApi } from './page-api'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium'

const PAGE_ENTRY = join(import.meta.dirname, 'page', 'adapter-page.mts')

/** The host the adapter draws into: 20 px from the page's corner. */
export const HOST_OFFSET = 20

export interface AdapterPage {
  page: Page
  /** Calls a PageApi method in the page. */
  call<K extends keyof PageApi>(
    name: K,
    ...args: Parameters<PageApi[K]>
  ): Promise<ReturnType<PageApi[K]>>
  /** Event listeners on window and on document, by type (CDP DOMDebugger). */
  listeners(): Promise<{ window: string[]; document: string[] }>
  /** Event listeners on the element `selector` finds and on everything in it, by type. */
  listenersUnder(selector: string): Promise<string[]>
  /** Uncaught errors and console errors seen so far. */
  errors: string[]
  close(): Promise<void>
}

async function bundle(): Promise<{ js: string; css: string }> {
  const result = await build({
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    outdir: join(import.meta.dirname, '.bundle'),
    logLevel: 'silent',
  })
  const text = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? ''
  return { js: text('.js'), css: text('.css') }
}

async function listenerTypes(
  session: CDPSession,
  expression: string,
  subtree = false,
): Promise<string[]> {
  const { result } = await session.send('Runtime.evaluate', { expression })
  if (!result.objectId) throw new Error(`nothing found by ${expression}`)
  const { listeners } = await session.send('DOMDebugger.getEventListeners', {
    objectId: result.objectId,
    ...(subtree ? { depth: -1 } : {}),
  })
  await session.send('Runtime.releaseObject', { objectId: result.objectId })
  return listeners.map((l) => `${l.type}${l.useCapture ? ':capture' : ''}`).sort()
}

export async function openAdapterPage(): Promise<AdapterPage> {
  const [{ js, css }, browser] = await Promise.all([
    bundle(),
    chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
  ])
  try {
    return await preparePage(browser, js, css)
  } catch (error) {
    await browser.close()
    throw error
  }
}

async function preparePage(browser: Browser, js: string, css: string): Promise<AdapterPage> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style>` +
      `<style>body{margin:0}#host{position:relative;margin:${HOST_OFFSET}px;` +
      `width:2400px;height:600px}</style></head><body><div id="host"></div></body></html>`,
  )
  await page.addScriptTag({ content: js })
  const session = await page.context().newCDPSession(page)
  return {
    page,
    errors,
    call: (name, ...args) =>
      page.evaluate(
        ([method, params]) => {
          const api = (globalThis as unknown as { adapterPage: Record<string, unknown> })
            .adapterPage
          return (api[method] as (...a: unknown[]) => unknown)(...params)
        },
        [name, args] as [string, unknown[]],
      ) as never,
    listeners: async () => ({
      window: await listenerTypes(session, 'window'),
      document: await listenerTypes(session, 'document'),
    }),
    listenersUnder: (selector) =>
      listenerTypes(session, `document.querySelector(${JSON.stringify(selector)})`, true),
    close: () => browser.close(),
  }
}

/**
 * The page for one test file: opened once, the adapter destroyed after each test, and no page
 * error allowed. `use` receives the page when it is open.
 */
export function useAdapterPage(use: (page: AdapterPage) => void): void {
  let page: AdapterPage | undefined
  beforeAll(async () => {
    page = await openAdapterPage()
    use(page)
  }, 30_000)
  afterAll(() => page?.close())
  afterEach(async () => {
    await page?.call('destroy')
    expect(page?.errors).toEqual([])
  })
}
