// Exports are saved only when the planner's own page made the blob; other downloads are cancelled.
import { describe, expect, it } from 'vitest'
import { allowOwnDownloads } from '../../../src-main/window/security-guards'
import type { NavigationEvent } from '../../../src-main/window/security-guards'

describe('download guard', () => {
  it('lets the page save its own blobs and cancels anything else', () => {
    let listener: ((event: NavigationEvent, item: { getURL(): string }) => void) | undefined
    allowOwnDownloads({ on: (_name, l) => (listener = l) }, ['app://planner'])
    const tryDownload = (url: string) => {
      let prevented = false
      listener!({ preventDefault: () => (prevented = true) }, { getURL: () => url })
      return prevented
    }
    expect(tryDownload('blob:app://planner/4f0c-11')).toBe(false)
    expect(tryDownload('https://example.com/file.pdf')).toBe(true)
    expect(tryDownload('blob:https://evil.example/4f0c')).toBe(true)
    expect(tryDownload('blob:app://planner.evil/4f0c')).toBe(true)
  })
})
