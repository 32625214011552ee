// The Electron entry's single-instance wiring, with Electron's app and window faked: a second
// launch quits and starts nothing; the first brings its window back when launched again.
import { describe, expect, it, vi } from 'vitest'
import { bringToFront, claimSingleInstance } from '../../../src-main/window/single-instance'
import type { FocusableWindow, SingleInstanceApp } from '../../../src-main/window/single-instance'

function fakeApp(gotLock: boolean) {
  const listeners = new Map<string, () => void>()
  const app = {
    requestSingleInstanceLock: () => gotLock,
    quit: vi.fn<() => void>(),
    on: (event: string, listener: () => void) => listeners.set(event, listener),
  } satisfies SingleInstanceApp
  return { app, launchAgain: () => listeners.get('second-instance')?.() }
}

function fakeWindow(state: { minimized?: boolean; destroyed?: boolean } = {}) {
  const calls: string[] = []
  const window: FocusableWindow = {
    isDestroyed: () => state.destroyed ?? false,
    isMinimized: () => state.minimized ?? false,
    restore: () => calls.push('restore'),
    show: () => calls.push('show'),
    focus: () => calls.push('focus'),
  }
  return { window, calls }
}

describe('single instance', () => {
  it('a second launch quits and starts nothing', () => {
    const { app } = fakeApp(false)
    const onSecondLaunch = vi.fn()
    expect(claimSingleInstance(app, onSecondLaunch)).toBe(false)
    expect(app.quit).toHaveBeenCalledOnce()
  })

  it('the first is told of every later launch', () => {
    const { app, launchAgain } = fakeApp(true)
    const onSecondLaunch = vi.fn()
    expect(claimSingleInstance(app, onSecondLaunch)).toBe(true)
    expect(app.quit).not.toHaveBeenCalled()
    launchAgain()
    launchAgain()
    expect(onSecondLaunch).toHaveBeenCalledTimes(2)
  })

  it('restores a minimised window, then shows and focuses it', () => {
    const minimised = fakeWindow({ minimized: true })
    expect(bringToFront(minimised.window)).toBe(true)
    expect(minimised.calls).toEqual(['restore', 'show', 'focus'])
    const hidden = fakeWindow()
    expect(bringToFront(hidden.window)).toBe(true)
    expect(hidden.calls).toEqual(['show', 'focus'])
  })

  it('says so when there is no window left to bring back', () => {
    expect(bringToFront(undefined)).toBe(false)
    const closed = fakeWindow({ destroyed: true })
    expect(bringToFront(closed.window)).toBe(false)
    expect(closed.calls).toEqual([])
  })
})
