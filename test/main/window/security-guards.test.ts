import { describe, expect, it, vi } from 'vitest'
import { resolveAppFile } from '../../../src-main/window/app-protocol'
import { denyAllPermissions, guardContents } from '../../../src-main/window/security-guards'
import { mainWindowOptions } from '../../../src-main/window/window-options'
import type { GuardedContents, NavigationEvent } from '../../../src-main/window/security-guards'

class FakeContents implements GuardedContents {
  openHandler?: (details: { url: string }) => { action: 'deny' }
  listeners = new Map<string, (event: NavigationEvent, url: string) => void>()
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
    this.openHandler = handler
  }
  on(event: string, listener: (event: NavigationEvent, url: string) => void) {
    this.listeners.set(event, listener)
  }
  fire(event: string, url = '') {
    const e = {
      prevented: false,
      preventDefault() {
        this.prevented = true
      },
    }
    this.listeners.get(event)!(e, url)
    return e.prevented
  }
}

function guarded() {
  const contents = new FakeContents()
  const openExternal = vi.fn()
  guardContents(contents, { appOrigins: ['app://planner'], openExternal })
  return { contents, openExternal }
}

describe('window guards', () => {
  it('denies every new window, opening only https links in the system browser', () => {
    const { contents, openExternal } = guarded()
    expect(contents.openHandler!({ url: 'https://docs.example.com/x' })).toEqual({ action: 'deny' })
    expect(contents.openHandler!({ url: 'http://docs.example.com/x' })).toEqual({ action: 'deny' })
    expect(contents.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(contents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(openExternal.mock.calls).toEqual([['https://docs.example.com/x']])
  })

  it('keeps navigation inside the app and blocks webviews', () => {
    const { contents, openExternal } = guarded()
    expect(contents.fire('will-navigate', 'app://planner/index.html')).toBe(false)
    expect(contents.fire('will-navigate', 'https://evil.example/')).toBe(true)
    expect(contents.fire('will-redirect', 'http://evil.example/')).toBe(true)
    expect(contents.fire('will-attach-webview')).toBe(true)
    expect(openExternal.mock.calls).toEqual([['https://evil.example/']])
  })

  it('denies every permission request and check', () => {
    let request: ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | undefined
    let check: (() => boolean) | undefined
    denyAllPermissions({
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
    })
    const granted = vi.fn()
    request!(null, 'media', granted)
    expect(granted).toHaveBeenCalledWith(false)
    expect(check!()).toBe(false)
  })
})

describe('app:// file resolution', () => {
  const root = '/opt/planner/renderer'
  it.each([
    ['app://planner/', '/opt/planner/renderer/index.html'],
    ['app://planner/assets/index-1.js', '/opt/planner/renderer/assets/index-1.js'],
    ['app://planner/../../etc/passwd', '/opt/planner/renderer/etc/passwd'],
    ['app://planner/%2e%2e/%2e%2e/etc/passwd', '/opt/planner/renderer/etc/passwd'],
    ['app://planner/..%2f..%2f..%2fetc/passwd', undefined],
    ['app://planner/a%00b', undefined],
    ['app://other/index.html', undefined],
  ])('%s -> %s', (url, file) => {
    expect(resolveAppFile(root, url)).toBe(file)
  })
})

describe('main window options', () => {
  it('isolate and sandbox the renderer, with no node, no webview and web security on', () => {
    const { webPreferences } = mainWindowOptions('/app/out/preload/index.cjs')
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    })
  })
})
