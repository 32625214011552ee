// boards:setLists through the IPC router, as the coverage panel sends it, and the sync using
// the stored lists: a second profile on the embedded local board (with its key) is a board the
// planner cannot list itself, so only the user's lists tell the sync its statuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BoardProfileView, BoardSnapshot } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
let remote: BoardProfileView
const call = <T>(channel: string, payload?: unknown) => planner.call<T>(channel, payload)

beforeAll(async () => {
  planner = await startServices('tb-lists-', 300)
  const local = planner.services.localBoard!
  remote = await call('boards:add', {
    name: 'Same board, as a remote one',
    baseUrl: await planner.otherAddress(),
    apiKey: local.apiKey,
  })
})
afterAll(() => planner.close())

describe('boards:setLists', () => {
  it('stores the lists with the profile and lists them back', async () => {
    const saved = await call<BoardProfileView>('boards:setLists', {
      profileId: remote.id,
      projectKeys: [' WEB '],
      statuses: ['To Do'],
    })
    expect(saved.lists).toEqual({ projectKeys: ['WEB'], statuses: ['To Do'] })
    const listed = await call<BoardProfileView[]>('boards:list')
    expect(listed.find((p) => p.id === remote.id)?.lists).toEqual(saved.lists)
    expect(listed.find((p) => p.isLocal)?.lists).toEqual({ projectKeys: [], statuses: [] })
  })

  it('refuses a name with a comma, the local board and unknown boards', async () => {
    const comma = await planner.router.dispatch(
      'boards:setLists',
      { profileId: remote.id, projectKeys: [], statuses: ['Done, really'] },
      true,
    )
    expect(comma).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } })
    expect(!comma.ok && comma.error.message).toMatch(/"Done, really" contains a comma/)
    const local = await planner.router.dispatch(
      'boards:setLists',
      { profileId: 'local', projectKeys: ['WEB'], statuses: [] },
      true,
    )
    expect(local).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } })
    const gone = await planner.router.dispatch(
      'boards:setLists',
      { profileId: 'gone', projectKeys: [], statuses: [] },
      true,
    )
    expect(gone).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
  })

  it('gives the sync the stored lists: a status left out is reported, whole lists want nothing', async () => {
    await call('boards:select', { id: remote.id })
    const first = await call<BoardSnapshot>('board:sync', {})
    const statuses = [...new Set(first.tasks.map((t) => t.status))].sort()
    const projectKeys = [...new Set(first.tasks.map((t) => t.projectKey))].sort()
    expect(statuses.length).toBeGreaterThan(1)
    const [left, ...kept] = statuses as [string, ...string[]]

    // Taken as the whole list, it is contradicted by the tasks loaded: the report says so.
    await call('boards:setLists', { profileId: remote.id, projectKeys: [], statuses: kept })
    const partial = await call<BoardSnapshot>('board:sync', {})
    expect(partial.coverage.complete).toBe(false)
    expect(partial.coverage.truncated.some((s) => s.reason.includes(left))).toBe(true)

    await call('boards:setLists', { profileId: remote.id, projectKeys, statuses })
    const whole = await call<BoardSnapshot>('board:sync', {})
    expect(whole.coverage.wants).toEqual([])
    expect(whole.coverage.truncated.some((s) => s.reason.includes(left))).toBe(false)
    expect(whole.tasks).toHaveLength(300)

    const cleared = await call<BoardProfileView>('boards:setLists', {
      profileId: remote.id,
      projectKeys: [],
      statuses: [],
    })
    expect(cleared.lists).toEqual({ projectKeys: [], statuses: [] })
  })
})
