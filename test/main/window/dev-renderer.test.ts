import { describe, expect, it } from 'vitest'
import { devRendererUrl, refusedSwitch } from '../../../src-main/window/dev-renderer'

describe('the page the window loads', () => {
  const env = { ELECTRON_RENDERER_URL: 'https://evil.example' }
  it('comes from the dev server only in an unpackaged run', () => {
    expect(devRendererUrl(env, false)).toBe('https://evil.example')
    // A packaged app started with the variable set (a login item, a shortcut) loads its own.
    expect(devRendererUrl(env, true)).toBeUndefined()
    expect(devRendererUrl({}, false)).toBeUndefined()
  })

  it('a packaged app refuses remote debugging', () => {
    const given = new Set(['remote-debugging-port'])
    expect(refusedSwitch((name) => given.has(name), true)).toBe('remote-debugging-port')
    expect(refusedSwitch((name) => given.has(name), false)).toBeUndefined()
    expect(refusedSwitch(() => false, true)).toBeUndefined()
  })
})
