// Baselines on disk: per board, by name, surviving a new store (a restart); only summaries are
// listed, a bad name or an unreadable file changes nothing the user had, and an unknown board is
// refused before any file is made.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { baselineHandlers } from '../../src-main/baselines/baseline-handlers'
import { BaselineStore } from '../../src-main/baselines/baseline-store'
import { BASELINES_PER_BOARD_MAX } from '../../src-shared/baselines/saved-baseline'
import { CHANNELS, IpcFailure } from '../../src-shared/ipc'

let dir: string
const logs: string[] = []
const store = () =>
  new BaselineStore(dir, { log: (m) => logs.push(m), now: () => new Date('2026-11-24T10:00:00Z') })
const tasks = {
  t1: { startDate: '2026-11-20T00:00:00.000Z', dueDate: '2026-11-25T00:00:00.000Z' },
  t2: { startDate: '', dueDate: '2026-12-01T17:00:00.000Z' },
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-baselines-'))
  logs.length = 0
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('baselines', () => {
  it('are kept per board and read back whole by a new store; the list has no dates', async () => {
    await store().save('local', { name: '  Sprint 1  ', tasks })
    await store().save('other', { name: 'Elsewhere', tasks: {} })
    expect(await store().list('local')).toEqual([
      { name: 'Sprint 1', savedAt: '2026-11-24T10:00:00.000Z', taskCount: 2 },
    ])
    expect(await store().get('local', 'Sprint 1')).toEqual({
      name: 'Sprint 1',
      savedAt: '2026-11-24T10:00:00.000Z',
      tasks,
    })
    expect((await store().list('other')).map((b) => b.name)).toEqual(['Elsewhere'])
    expect(await store().list('never')).toEqual([])
  })

  it('replace one of the same name, delete by name, and say when a name is unknown', async () => {
    const s = store()
    await s.save('local', { name: 'B', tasks })
    await s.save('local', { name: 'A', tasks: {} })
    await s.save('local', { name: 'B', tasks: {} })
    expect((await s.list('local')).map((b) => [b.name, b.taskCount])).toEqual([
      ['A', 0],
      ['B', 0],
    ])
    expect((await s.delete('local', 'A')).map((b) => b.name)).toEqual(['B'])
    await expect(s.delete('local', 'A')).rejects.toThrow('There is no baseline named “A”')
    await expect(s.get('local', 'A')).rejects.toThrow('There is no baseline named “A”')
  })

  it('refuse a bad name with the rule, and more than the limit per board', async () => {
    const s = store()
    await expect(s.save('local', { name: '   ', tasks })).rejects.toThrow(
      'Give the baseline a name.',
    )
    await expect(s.save('local', { name: 'a\nb', tasks })).rejects.toThrow('line breaks')
    await expect(s.save('local', { name: 'x'.repeat(61), tasks })).rejects.toThrow(
      'at most 60 characters',
    )
    expect(existsSync(s.fileOf('local'))).toBe(false)
    for (let i = 0; i < BASELINES_PER_BOARD_MAX; i++)
      await s.save('local', { name: `B${i}`, tasks: {} })
    await expect(s.save('local', { name: 'one more', tasks: {} })).rejects.toBeInstanceOf(
      IpcFailure,
    )
    // Replacing one is still fine at the limit.
    await s.save('local', { name: 'B0', tasks })
  })

  it('set an unreadable file aside and start empty', async () => {
    const s = store()
    await s.save('local', { name: 'Kept', tasks })
    writeFileSync(s.fileOf('local'), '{"version":1,"profileId":"local","baselines":[{"name":1}]}')
    expect(await s.list('local')).toEqual([])
    expect(readdirSync(dir).some((f) => f.includes('.unreadable-'))).toBe(true)
    expect(logs[0]).toContain('could not be read')
  })

  it('are reached through handlers that refuse an unknown board, checked by the IPC contract', async () => {
    const handlers = baselineHandlers(store(), async (id) => id === 'local')
    const request = CHANNELS['baselines:save'].request.parse({
      profileId: 'local',
      baseline: { name: 'Plan', tasks },
    })
    expect(await handlers['baselines:save'](request)).toHaveLength(1)
    await expect(handlers['baselines:list']({ profileId: 'gone' })).rejects.toThrow(
      'no longer configured',
    )
    // A task whose id is "__proto__" (the spec allows any string) keeps its dates: a record
    // schema dropped it, so that task had no baseline bar while the save counted it.
    const odd = JSON.parse(
      '{"profileId":"local","baseline":{"name":"Odd","tasks":{"__proto__":{"startDate":"","dueDate":"2026-12-01"}}}}',
    ) as unknown
    await handlers['baselines:save'](CHANNELS['baselines:save'].request.parse(odd))
    const saved = await store().get('local', 'Odd')
    expect(Object.hasOwn(saved.tasks, '__proto__')).toBe(true)
    expect(Object.entries(saved.tasks)).toEqual([
      ['__proto__', { startDate: '', dueDate: '2026-12-01' }],
    ])
    // Dates are read as strings only: a number is refused at the boundary.
    expect(
      CHANNELS['baselines:save'].request.safeParse({
        profileId: 'local',
        baseline: { name: 'Plan', tasks: { t1: { startDate: 1, dueDate: '' } } },
      }).success,
    ).toBe(false)
  })
})
