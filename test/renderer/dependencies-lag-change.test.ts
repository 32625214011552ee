// A lag change is delete-then-create (the interface has no dependency update). These tests hold
// it to what the user was shown: the dependency is read afresh first (deps:between), since
// main's deps:delete answers success for one already gone, and a change of a dependency deleted
// or changed elsewhere must not quietly bring it back or write over it; and a change that lost
// the dependency (delete done, create and restore failed) leaves an undo step that brings it back.
import { describe, expect, it } from 'vitest'
import type { Dependency, Task } from '../../src-shared/api'
import type { IpcResult } from '../../src-shared/ipc'
import { changeLag } from '../../src-renderer/state/actions/dependencies'
import { undoLast } from '../../src-renderer/state/actions/undo-redo'
import { createPlannerStore } from '../../src-renderer/state/store'
import type { PlannerStore } from '../../src-renderer/state/store'
import { fakePlannerApi, snapshot, task } from './state/fixtures'
import type { FakeHandlers } from './state/fixtures'

const TASKS: Task[] = [
  task('t3', { projectKey: 'APP', key: 3 }),
  task('t9', { projectKey: 'APP', key: 9 }),
]

let nextId = 1
function dep(lagDays: number): Dependency {
  return {
    id: `d${nextId++}`,
    predecessorId: 't3',
    predecessorKey: 3,
    predecessorProjectKey: 'APP',
    predecessorTitle: 'Task t3',
    predecessorUrl: '',
    successorId: 't9',
    successorKey: 9,
    successorProjectKey: 'APP',
    successorTitle: 'Task t9',
    successorUrl: '',
    lagDays,
    createdAt: '2026-11-24T00:00:00.000Z',
  }
}

/**
 * A board holding at most the one dependency APP-3 → APP-9, answering as main does: deps:delete
 * of one already gone is success ("what was asked is done"). `remote` changes it as a colleague.
 */
function setup(shown: Dependency, handlers: FakeHandlers = {}) {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot(TASKS, { dependencies: [shown] }))
  let held: Dependency | null = shown
  const fake = fakePlannerApi({
    'deps:create': (body) => {
      if (held) return { ok: false, error: { code: 'CONFLICT', message: 'Duplicate.' } }
      held = dep(body.lagDays ?? 0)
      return { ok: true, value: held }
    },
    'deps:delete': (body) => {
      if (held?.id === body.id) held = null
      return { ok: true, value: undefined }
    },
    'deps:between': () => ({ ok: true, value: held }),
    ...handlers,
  })
  const remote = { set: (d: Dependency | null) => void (held = d) }
  const board = () => held
  return { store, fake, remote, board }
}

const texts = (store: PlannerStore) => store.getState().edits.messages.map((m) => m.text)
const arrows = (store: PlannerStore) => store.getState().board.dependencies.map((d) => d.lagDays)
const steps = (store: PlannerStore) => store.getState().history.past.map((e) => e.label)

describe('a lag change of a dependency changed elsewhere', () => {
  it('deleted elsewhere: says it is no longer on the board and brings nothing back', async () => {
    const d = dep(1)
    const { store, fake, remote, board } = setup(d)
    remote.set(null)
    const outcome = await changeLag(store, fake.api, d, 4)
    const message =
      'The dependency APP-3 → APP-9 is no longer on the board (deleted elsewhere). Nothing was changed.'
    expect(outcome).toEqual({ ok: false, message })
    expect(texts(store)).toEqual([message])
    expect(board()).toBeNull()
    expect(fake.callsOf('deps:create')).toEqual([])
    expect(arrows(store)).toEqual([])
    expect(steps(store)).toEqual([])
  })

  it('its lag changed elsewhere: refuses, shows the lag the board holds, and writes nothing', async () => {
    const d = dep(1)
    const { store, fake, remote, board } = setup(d)
    const theirs = dep(7)
    remote.set(theirs)
    const outcome = await changeLag(store, fake.api, d, 4)
    const message =
      'The lag of APP-3 → APP-9 was changed on the board to 7 days since you saw 1 day. Nothing was changed; set it again if you still want 4 days.'
    expect(outcome).toEqual({ ok: false, message })
    expect(board()).toBe(theirs)
    expect(fake.callsOf('deps:delete')).toEqual([])
    expect(arrows(store)).toEqual([7])
    expect(steps(store)).toEqual([])
  })

  it('recreated elsewhere with the lag the user saw: changes that one', async () => {
    const d = dep(1)
    const { store, fake, remote, board } = setup(d)
    const same = dep(1)
    remote.set(same)
    expect((await changeLag(store, fake.api, d, 4)).ok).toBe(true)
    expect(fake.callsOf('deps:delete')).toEqual([{ id: same.id }])
    expect(board()?.lagDays).toBe(4)
  })

  it('the board cannot be read: says so and changes nothing', async () => {
    const d = dep(1)
    const { store, fake } = setup(d, {
      'deps:between': () => ({ ok: false, error: { code: 'NETWORK', message: 'Offline.' } }),
    })
    expect(await changeLag(store, fake.api, d, 4)).toEqual({
      ok: false,
      message:
        'Could not change the lag of APP-3 → APP-9: the board could not be read to check it (Offline). Nothing was changed.',
    })
    expect(fake.callsOf('deps:delete')).toEqual([])
    expect(arrows(store)).toEqual([1])
  })
})

describe('a lag change that lost the dependency', () => {
  it('leaves an undo step that puts it back with its old lag, and says so', async () => {
    const d = dep(2)
    let creates = 0
    const down: IpcResult<never> = {
      ok: false,
      error: { code: 'NETWORK', message: 'The board did not answer.' },
    }
    const { store, fake, board } = setup(d)
    const create = fake.handlers['deps:create']!
    fake.handlers['deps:create'] = (body) => (++creates <= 2 ? down : create(body))
    const outcome = await changeLag(store, fake.api, d, 5)
    const message =
      'The dependency APP-3 → APP-9 (lag 2 days) was lost: its lag could not be changed to 5 days (The board did not answer), and it could not be put back (The board did not answer). Undo (Ctrl+Z) puts it back with its lag of 2 days.'
    expect(outcome).toEqual({ ok: false, message })
    expect(texts(store)).toEqual([message])
    expect(arrows(store)).toEqual([])
    expect(steps(store)).toEqual(['delete dependency APP-3 → APP-9'])

    expect(await undoLast(store, fake.api)).toBe(true)
    expect(board()?.lagDays).toBe(2)
    expect(arrows(store)).toEqual([2])
  })
})
