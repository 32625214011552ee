// Saved views on disk: per board, by name, surviving a new store (a restart); bad names and bad
// files change nothing the user had.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ViewContent } from '../../src-shared/filters'
import { IpcFailure } from '../../src-shared/ipc'
import { viewHandlers } from '../../src-main/views/view-handlers'
import { ViewStore } from '../../src-main/views/view-store'

let dir: string
const logs: string[] = []
const store = () =>
  new ViewStore(dir, { log: (m) => logs.push(m), now: () => new Date('2026-11-24T10:00:00Z') })

const view = (name: string, fields: Partial<ViewContent> = {}): ViewContent => ({
  name,
  filters: { status: ['In Progress'], properties: { Blocked: 'true' } },
  zoom: 'month',
  collapsedIds: ['group:WEB'],
  ...fields,
})

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-views-'))
  logs.length = 0
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('saved views', () => {
  it('are kept per board, sorted by name, and read back by a new store', async () => {
    await store().save('local', view('Mine'))
    await store().save('local', view('  Blocked work  ', { zoom: 'day' }))
    await store().save('other-board', view('Elsewhere'))
    const views = await store().list('local')
    expect(views.map((v) => v.name)).toEqual(['Blocked work', 'Mine'])
    expect(views[0]).toEqual({
      ...view('Blocked work', { zoom: 'day' }),
      savedAt: '2026-11-24T10:00:00.000Z',
    })
    expect((await store().list('other-board')).map((v) => v.name)).toEqual(['Elsewhere'])
    expect(await store().list('never-saved')).toEqual([])
  })

  it('replace a view of the same name, and delete by name', async () => {
    const s = store()
    await s.save('local', view('Mine'))
    await s.save('local', view('Mine', { zoom: 'year' }))
    expect((await s.list('local')).map((v) => v.zoom)).toEqual(['year'])
    expect(await s.delete('local', 'Mine')).toEqual([])
    await expect(s.delete('local', 'Mine')).rejects.toThrow(/no view named “Mine”/)
  })

  it('count a name in characters and read the same name typed either way as one', async () => {
    const s = store()
    // 31 emoji: 31 characters, 62 UTF-16 units.
    await s.save('local', view('🙂'.repeat(31)))
    const composed = 'été'
    const decomposed = 'e\u0301te\u0301'
    await s.save('local', view(composed))
    await s.save('local', view(decomposed, { zoom: 'year' }))
    const views = await s.list('local')
    expect(views.map((v) => v.name).sort()).toEqual(['🙂'.repeat(31), composed].sort())
    expect(views.find((v) => v.name === composed)?.zoom).toBe('year')
    expect(await s.delete('local', decomposed)).toHaveLength(1)
  })

  it('refuse a bad name with the rule in words and change nothing', async () => {
    const s = store()
    await s.save('local', view('Mine'))
    const before = readFileSync(s.fileOf('local'), 'utf8')
    for (const [name, rule] of [
      ['   ', /Give the view a name/],
      ['x'.repeat(61), /at most 60 characters/],
      ['two\nlines', /line breaks or control characters/],
    ] as const) {
      const error = await s.save('local', view(name)).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(IpcFailure)
      expect((error as IpcFailure).code).toBe('INVALID_REQUEST')
      expect((error as Error).message).toMatch(rule)
    }
    expect(readFileSync(s.fileOf('local'), 'utf8')).toBe(before)
  })

  it('set an unreadable file aside instead of trusting it', async () => {
    const s = store()
    await s.save('local', view('Mine'))
    const file = s.fileOf('local')
    const text = JSON.parse(readFileSync(file, 'utf8'))
    text.views[0].zoom = 'decade'
    writeFileSync(file, JSON.stringify(text))
    expect(await s.list('local')).toEqual([])
    expect(existsSync(file)).toBe(false)
    expect(readdirSync(dir).some((n) => n.startsWith('local.json.unreadable-'))).toBe(true)
    expect(logs.join()).toMatch(/could not be read/)
    // Saving again starts a fresh file.
    expect((await s.save('local', view('New'))).map((v) => v.name)).toEqual(['New'])
  })

  it('keep the views a file still holds readable when one of them is not, and the file aside', async () => {
    const s = store()
    await s.save('local', view('Good'))
    await s.save('local', view('Odd'))
    const file = s.fileOf('local')
    const text = JSON.parse(readFileSync(file, 'utf8'))
    text.views.find((v: { name: string }) => v.name === 'Odd').zoom = 'decade'
    writeFileSync(file, JSON.stringify(text))
    expect((await s.list('local')).map((v) => v.name)).toEqual(['Good'])
    expect(readdirSync(dir).some((n) => n.startsWith('local.json.unreadable-'))).toBe(true)
    expect(logs.join()).toMatch(/1 of 2/)
  })

  it('leave a file a newer planner wrote as it is, and say so', async () => {
    const s = store()
    const file = s.fileOf('local')
    const newer = JSON.stringify({ version: 2, profileId: 'local', views: [{ name: 'Theirs' }] })
    writeFileSync(file, newer)
    await expect(s.list('local')).rejects.toThrow(/newer planner/)
    await expect(s.save('local', view('Mine'))).rejects.toThrow(/newer planner/)
    expect(readFileSync(file, 'utf8')).toBe(newer)
  })

  it('leave a view holding a field this planner does not know as it is (a newer planner added it)', async () => {
    // A newer planner added an optional field within format 1 (as `sort` was added): the view
    // failed the strict schema, was dropped and the file written back without it.
    const s = store()
    await s.save('local', view('Good'))
    await s.save('local', view('Newer'))
    const file = s.fileOf('local')
    const text = JSON.parse(readFileSync(file, 'utf8'))
    text.views.find((v: { name: string }) => v.name === 'Newer').colour = 'teal'
    const newer = JSON.stringify(text)
    writeFileSync(file, newer)
    await expect(s.list('local')).rejects.toThrow(/newer planner/)
    await expect(s.save('local', view('Mine'))).rejects.toThrow(/newer planner/)
    expect(readFileSync(file, 'utf8')).toBe(newer)
  })

  it('keep a filter on a property whatever its name, "__proto__" included', async () => {
    // A record schema dropped that key without a word: the view came back without the filter.
    const properties = JSON.parse('{"__proto__":"x","Area":"Frontend"}') as Record<string, string>
    await store().save('local', view('Odd', { filters: { properties } }))
    const [saved] = await store().list('local')
    expect(Object.entries(saved!.filters.properties ?? {})).toEqual([
      ['__proto__', 'x'],
      ['Area', 'Frontend'],
    ])
  })

  it('keep every one of many saves made at once (no lost write)', async () => {
    const s = store()
    await Promise.all(Array.from({ length: 12 }, (_, i) => s.save('local', view(`View ${i}`))))
    expect((await store().list('local')).length).toBe(12)
    expect(readdirSync(dir).filter((n) => n.includes('.tmp-'))).toEqual([])
  })

  it('are refused over IPC for a board the planner does not know, and no file is made', async () => {
    const handlers = viewHandlers(store(), async (id) => id === 'local')
    await expect(handlers['views:save']({ profileId: 'gone', view: view('Mine') })).rejects.toThrow(
      /no longer configured/,
    )
    expect(readdirSync(dir)).toEqual([])
    expect(await handlers['views:list']({ profileId: 'local' })).toEqual([])
  })
})
