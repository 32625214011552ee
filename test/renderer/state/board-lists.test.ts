// loadProfiles and saveBoardLists against a fake PlannerApi: the store follows main's profiles,
// saving the lists sends them once, checked, and then syncs the board afresh.
import { describe, expect, it } from 'vitest'
import type { BoardProfileView } from '../../../src-shared/ipc'
import { fakePlannerApi, snapshot, task } from './fixtures'
import {
  createPlannerStore,
  loadProfiles,
  saveBoardLists,
  selectCoverageOpen,
  selectCurrentProfile,
} from './subject'

function profile(id: string, fields: Partial<BoardProfileView> = {}): BoardProfileView {
  return {
    id,
    name: `Board ${id}`,
    baseUrl: 'https://board.example.com',
    isCurrent: false,
    isLocal: false,
    hasKey: true,
    maskedKey: 'tb_…abcd',
    lists: { projectKeys: [], statuses: [] },
    exactGaps: false,
    cascadeWithoutAsking: false,
    ...fields,
  }
}

describe('board profiles in the store', () => {
  it('lists the boards and knows the current one', async () => {
    const store = createPlannerStore()
    const boards = [profile('local', { isLocal: true }), profile('b', { isCurrent: true })]
    const fake = fakePlannerApi({ 'boards:list': () => ({ ok: true, value: boards }) })
    expect(selectCurrentProfile(store.getState())).toBeUndefined()
    expect((await loadProfiles(store, fake.api)).ok).toBe(true)
    expect(selectCurrentProfile(store.getState())?.id).toBe('b')
  })

  it('opens and closes the coverage panel', () => {
    const store = createPlannerStore()
    expect(selectCoverageOpen(store.getState())).toBe(false)
    store.getState().showCoverage(true)
    expect(selectCoverageOpen(store.getState())).toBe(true)
    store.getState().showCoverage(false)
    expect(selectCoverageOpen(store.getState())).toBe(false)
  })
})

describe('saveBoardLists', () => {
  it('stores the lists, updates the profile and syncs the board afresh', async () => {
    const store = createPlannerStore()
    const saved = profile('b', {
      isCurrent: true,
      lists: { projectKeys: ['WEB'], statuses: ['To Do', 'Done'] },
    })
    const fresh = snapshot([task('t1')], { profileId: 'b' })
    const fake = fakePlannerApi({
      'boards:list': () => ({ ok: true, value: [profile('b', { isCurrent: true })] }),
      'boards:setLists': () => ({ ok: true, value: saved }),
      'board:sync': () => ({ ok: true, value: fresh }),
    })
    await loadProfiles(store, fake.api)
    const result = await saveBoardLists(store, fake.api, {
      profileId: 'b',
      projectKeys: ['WEB', ' WEB '],
      statuses: ['To Do', 'Done'],
    })
    expect(result.saved).toEqual({ ok: true, value: saved })
    expect(fake.callsOf('boards:setLists')).toEqual([
      { profileId: 'b', projectKeys: ['WEB'], statuses: ['To Do', 'Done'] },
    ])
    expect(selectCurrentProfile(store.getState())?.lists).toEqual(saved.lists)
    expect(await result.synced).toEqual({ ok: true, value: fresh })
    expect(fake.callsOf('board:sync')).toEqual([{ cachedFirst: false }])
    expect(store.getState().board.taskIds).toEqual(['t1'])
  })

  it('names a name that cannot be sent and sends nothing', async () => {
    const store = createPlannerStore()
    const fake = fakePlannerApi()
    const result = await saveBoardLists(store, fake.api, {
      profileId: 'b',
      projectKeys: [],
      statuses: ['x'.repeat(201)],
    })
    expect(result.synced).toBeUndefined()
    expect(result.saved).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST', message: expect.stringMatching(/^Status names: "x+…"/) },
    })
    expect(fake.calls).toEqual([])
  })

  it("passes main's refusal on and does not sync", async () => {
    const store = createPlannerStore()
    const refusal = { code: 'NOT_FOUND' as const, message: 'That board does not exist (any more).' }
    const fake = fakePlannerApi({ 'boards:setLists': () => ({ ok: false, error: refusal }) })
    const result = await saveBoardLists(store, fake.api, {
      profileId: 'gone',
      projectKeys: ['WEB'],
      statuses: [],
    })
    expect(result).toEqual({ saved: { ok: false, error: refusal } })
    expect(fake.callsOf('board:sync')).toEqual([])
  })
})
