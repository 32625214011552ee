// loadBoard and connectEditEvents against a fake PlannerApi.
import { describe, expect, it, vi } from 'vitest'
import type { BoardSnapshot, IpcResult, PendingEdits, SyncProgress } from '../../../src-shared/ipc'
import { deferred, fakePlannerApi, pendingOf, snapshot, task } from './fixtures'
import { connectEditEvents, createPlannerStore, loadBoard } from './subject'

const cached = snapshot([task('t1'), task('t2')], {
  fromCache: true,
  syncedAt: '2026-03-01T08:00:00.000Z',
})
const fresh = snapshot([task('t1'), task('t3')], { syncedAt: '2026-03-02T08:00:00.000Z' })
const progress: SyncProgress = {
  profileId: 'local',
  phase: 'tasks',
  requests: 3,
  tasksLoaded: 250,
  pendingSlices: 2,
}

/** A board's profile as main lists it. */
const profile = (id: string, isCurrent: boolean) => ({
  id,
  name: id,
  baseUrl: 'https://board.example.com',
  isCurrent,
  isLocal: false,
  hasKey: true,
  maskedKey: 'tb_…1234',
  lists: { projectKeys: [], statuses: [] },
  exactGaps: false,
  cascadeWithoutAsking: false,
})

describe('loadBoard', () => {
  it('shows the stored snapshot at once, then the fresh one, with progress in between', async () => {
    const store = createPlannerStore()
    const second = deferred<IpcResult<BoardSnapshot>>()
    const fake = fakePlannerApi({
      'board:sync': ({ cachedFirst }) =>
        cachedFirst ? { ok: true, value: cached } : second.promise,
    })
    const done = loadBoard(store, fake.api)
    await vi.waitFor(() => expect(fake.callsOf('board:sync')).toHaveLength(2))
    expect(store.getState().board).toMatchObject({
      taskIds: ['t1', 't2'],
      fromCache: true,
      loading: true,
    })
    fake.emit('sync:progress', progress)
    expect(store.getState().board.progress).toEqual(progress)
    expect(fake.listeners('sync:progress')).toBe(1)

    second.resolve({ ok: true, value: fresh })
    expect(await done).toEqual({ ok: true, value: fresh })
    expect(store.getState().board).toMatchObject({
      taskIds: ['t1', 't3'],
      fromCache: false,
      loading: false,
      error: null,
      syncedAt: '2026-03-02T08:00:00.000Z',
      coverage: fresh.coverage,
    })
    expect(fake.callsOf('board:sync')).toEqual([{ cachedFirst: true }, { cachedFirst: false }])
    expect(fake.listeners('sync:progress')).toBe(0)
  })

  it('a board switched to that fails to load does not go on showing the board before it', async () => {
    const store = createPlannerStore()
    store.getState().snapshotReceived(fresh)
    // The user picked "team": main now sends its edits to team's journal.
    store.getState().profilesReceived([profile('local', false), profile('team', true)])
    const refused = { code: 'KEY_REJECTED' as const, message: 'The board refused the API key.' }
    const fake = fakePlannerApi({ 'board:sync': () => ({ ok: false, error: refused }) })
    await loadBoard(store, fake.api)
    expect(store.getState().board).toMatchObject({
      profileId: 'team',
      taskIds: [],
      error: refused,
      loading: false,
    })
  })

  it('shows no task of the board left behind while the board switched to loads (edits would go to it)', async () => {
    const store = createPlannerStore()
    store.getState().snapshotReceived(fresh)
    store.getState().profilesReceived([profile('local', false), profile('team', true)])
    // "team" has no stored snapshot: main's first answer is its whole first sync, seconds away.
    const first = deferred<IpcResult<BoardSnapshot>>()
    const fake = fakePlannerApi({ 'board:sync': () => first.promise })
    const done = loadBoard(store, fake.api)
    await vi.waitFor(() => expect(fake.callsOf('board:sync')).toHaveLength(1))
    expect(store.getState().board).toMatchObject({ profileId: 'team', taskIds: [], loading: true })
    first.resolve({ ok: true, value: { ...fresh, profileId: 'team' } })
    await done
    expect(store.getState().board).toMatchObject({ profileId: 'team', taskIds: ['t1', 't3'] })
  })

  it('shows no board once the last one was removed (the board gone, not its tasks left on screen)', async () => {
    const store = createPlannerStore()
    store.getState().snapshotReceived(fresh)
    store.getState().profilesReceived([])
    const none = { code: 'NO_BOARD' as const, message: 'No board is selected.' }
    const fake = fakePlannerApi({ 'board:sync': () => ({ ok: false, error: none }) })
    await loadBoard(store, fake.api)
    expect(store.getState().board).toMatchObject({ taskIds: [], error: none })
  })

  it('keeps showing the board while it syncs again', async () => {
    const store = createPlannerStore()
    store.getState().snapshotReceived(fresh)
    store.getState().profilesReceived([profile(fresh.profileId, true)])
    const again = deferred<IpcResult<BoardSnapshot>>()
    const fake = fakePlannerApi({ 'board:sync': () => again.promise })
    const done = loadBoard(store, fake.api, { cachedFirst: false })
    await vi.waitFor(() => expect(fake.callsOf('board:sync')).toHaveLength(1))
    expect(store.getState().board).toMatchObject({ taskIds: ['t1', 't3'], loading: true })
    again.resolve({ ok: true, value: fresh })
    await done
  })

  it('syncs once when there is no stored snapshot (main synced fresh already)', async () => {
    const store = createPlannerStore()
    const fake = fakePlannerApi({ 'board:sync': () => ({ ok: true, value: fresh }) })
    await loadBoard(store, fake.api)
    expect(fake.callsOf('board:sync')).toEqual([{ cachedFirst: true }])
    expect(store.getState().board).toMatchObject({ taskIds: ['t1', 't3'], loading: false })
  })

  it('hands each snapshot over as soon as it is in the store (rows sort with it)', async () => {
    const store = createPlannerStore()
    const second = deferred<IpcResult<BoardSnapshot>>()
    const fake = fakePlannerApi({
      'board:sync': ({ cachedFirst }) =>
        cachedFirst ? { ok: true, value: cached } : second.promise,
    })
    const seen: string[][] = []
    const done = loadBoard(store, fake.api, {
      onSnapshot: () => seen.push([...store.getState().board.taskIds]),
    })
    await vi.waitFor(() => expect(seen).toEqual([['t1', 't2']]))
    second.resolve({ ok: true, value: fresh })
    await done
    expect(seen).toEqual([
      ['t1', 't2'],
      ['t1', 't3'],
    ])
  })

  it('refreshes without the cache when asked', async () => {
    const store = createPlannerStore()
    const fake = fakePlannerApi({ 'board:sync': () => ({ ok: true, value: fresh }) })
    await loadBoard(store, fake.api, { cachedFirst: false })
    expect(fake.callsOf('board:sync')).toEqual([{ cachedFirst: false }])
  })

  it('keeps the stored board on screen when the fresh sync fails, and says why', async () => {
    const store = createPlannerStore()
    const error = { code: 'KEY_REJECTED' as const, message: 'The board refused the API key.' }
    const fake = fakePlannerApi({
      'board:sync': ({ cachedFirst }) =>
        cachedFirst ? { ok: true, value: cached } : { ok: false, error },
    })
    expect(await loadBoard(store, fake.api)).toEqual({ ok: false, error })
    expect(store.getState().board).toMatchObject({
      taskIds: ['t1', 't2'],
      fromCache: true,
      loading: false,
      error,
    })
    expect(store.getState().edits.messages.map((m) => m.text)).toEqual([
      'Could not load the board: The board refused the API key. Showing the board as of 2026-03-01T08:00:00.000Z.',
    ])
  })

  it('says so when there is nothing to show at all', async () => {
    const store = createPlannerStore()
    const error = { code: 'NO_BOARD' as const, message: 'No board is configured.' }
    const fake = fakePlannerApi({ 'board:sync': () => ({ ok: false, error }) })
    await loadBoard(store, fake.api)
    // With no stored copy main has synced already, and that answer is the answer: a second
    // full sync would only fail again, after as long (a board that times out: twice the wait).
    expect(fake.callsOf('board:sync')).toEqual([{ cachedFirst: true }])
    expect(store.getState().board).toMatchObject({ taskIds: [], loading: false, error })
    expect(store.getState().edits.messages.map((m) => m.text)).toEqual([
      'Could not load the board: No board is configured.',
    ])
  })

  it('shows only the progress of the board it loads, not of one left behind', async () => {
    const store = createPlannerStore()
    store.getState().profilesReceived([profile('team', true)])
    const second = deferred<IpcResult<BoardSnapshot>>()
    const fake = fakePlannerApi({
      'board:sync': ({ cachedFirst }) =>
        cachedFirst ? { ok: true, value: cached } : second.promise,
    })
    const done = loadBoard(store, fake.api)
    await vi.waitFor(() => expect(fake.callsOf('board:sync')).toHaveLength(2))
    // The local board's sync, still running in main after the switch.
    fake.emit('sync:progress', progress)
    expect(store.getState().board.progress).toBeNull()
    fake.emit('sync:progress', { ...progress, profileId: 'team', tasksLoaded: 100 })
    expect(store.getState().board.progress).toMatchObject({ profileId: 'team', tasksLoaded: 100 })
    second.resolve({ ok: true, value: fresh })
    await done
  })

  it('drops the answers of a load that a newer one overtook', async () => {
    const store = createPlannerStore()
    const slow = deferred<IpcResult<BoardSnapshot>>()
    const answers = [slow.promise, Promise.resolve({ ok: true as const, value: fresh })]
    let n = 0
    const fake = fakePlannerApi({
      'board:sync': () => answers[n++] as Promise<IpcResult<BoardSnapshot>>,
    })
    const first = loadBoard(store, fake.api, { cachedFirst: false })
    await loadBoard(store, fake.api, { cachedFirst: false })
    slow.resolve({ ok: true, value: snapshot([task('old')]) })
    await first
    expect(store.getState().board.taskIds).toEqual(['t1', 't3'])
  })
})

describe('connectEditEvents', () => {
  it('takes the pending count now and follows edits:changed', async () => {
    const store = createPlannerStore()
    const fake = fakePlannerApi({
      'edits:pending': () => ({
        ok: true,
        value: pendingOf(2, {
          batches: [
            {
              id: 'b1',
              tasks: 3,
              createdAt: '2026-03-01T08:00:00.000Z',
              attempts: 2,
              lastError: 'timeout',
            },
            { id: 'b2', tasks: 1, createdAt: '2026-03-01T08:01:00.000Z', attempts: 0 },
          ],
          taskIds: ['t1'],
        }),
      }),
    })
    store.getState().snapshotReceived(snapshot([]))
    const stop = connectEditEvents(store, fake.api)
    await new Promise((r) => setTimeout(r, 0))
    expect(store.getState().edits.pendingCount).toBe(2)
    expect(store.getState().edits.pendingTaskIds).toEqual(['t1'])
    expect(store.getState().edits.pendingBatches[0]?.lastError).toBe('timeout')
    // Another board's journal emptying is not this board's news.
    fake.emit('edits:changed', pendingOf(0, { profileId: 'team' }))
    expect(store.getState().edits.pendingCount).toBe(2)
    fake.emit('edits:changed', pendingOf(0))
    expect(store.getState().edits.pendingCount).toBe(0)
    stop()
    expect(fake.listeners('edits:changed')).toBe(0)
  })

  it('does not let the first answer overwrite a newer event', async () => {
    const store = createPlannerStore()
    store.getState().snapshotReceived(snapshot([]))
    const answer = deferred<IpcResult<PendingEdits>>()
    const fake = fakePlannerApi({ 'edits:pending': () => answer.promise })
    connectEditEvents(store, fake.api)
    fake.emit('edits:changed', pendingOf(0))
    answer.resolve({ ok: true, value: pendingOf(5) })
    await new Promise((r) => setTimeout(r, 0))
    expect(store.getState().edits.pendingCount).toBe(0)
  })
})
