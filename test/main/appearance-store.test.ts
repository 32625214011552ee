// The theme choice on disk: System until one is made, kept by a new store (a restart), a bad
// file read as System (logged, never fatal), and the handler tells the host (Electron's
// nativeTheme) what was stored.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appearanceHandlers } from '../../src-main/appearance/appearance-handlers'
import { AppearanceStore } from '../../src-main/appearance/appearance-store'
import type { ThemeChoice } from '../../src-shared/ipc'

let dir: string
let path: string
const logs: string[] = []
const store = () => new AppearanceStore(path, (m) => logs.push(m))

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-appearance-'))
  path = join(dir, 'appearance.json')
  logs.length = 0
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('AppearanceStore', () => {
  it('is System until a choice is made, and keeps the last choice across a new store', async () => {
    expect(await store().get()).toEqual({ theme: 'system' })
    const first = store()
    await Promise.all([first.set({ theme: 'light' }), first.set({ theme: 'dark' })])
    expect(await store().get()).toEqual({ theme: 'dark' })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, theme: 'dark' })
    expect(logs).toEqual([])
  })

  it('reads a file that is not JSON or fails the schema as System, and says so', async () => {
    writeFileSync(path, '{"version":1,"theme":"purple"}')
    expect(await store().get()).toEqual({ theme: 'system' })
    writeFileSync(path, 'not json')
    expect(await store().get()).toEqual({ theme: 'system' })
    expect(logs).toHaveLength(2)
    await store().set({ theme: 'light' })
    expect(await store().get()).toEqual({ theme: 'light' })
  })
})

describe('appearance handlers', () => {
  it('store the choice, then hand it to the host', async () => {
    const applied: ThemeChoice[] = []
    const handlers = appearanceHandlers(store(), (theme) => applied.push(theme))
    expect(await handlers['appearance:set']({ theme: 'dark' })).toEqual({ theme: 'dark' })
    expect(applied).toEqual(['dark'])
    expect(await handlers['appearance:get'](undefined)).toEqual({ theme: 'dark' })
  })
})
