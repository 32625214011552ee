// Dependency actions against a fake PlannerApi: what is sent, what the store shows at once, the
// sentences the user reads (naming tasks by key), the lag change as delete-then-create with the
// old dependency restored when the create fails, and the undo entries (run by undoLast/redoLast).
import { describe, expect, it } from 'vitest'
import type { Dependency, Task } from '../../src-shared/api'
import type { IpcError, IpcResult } from '../../src-shared/ipc'
import {
  changeLag,
  createDependency,
  deleteDependency,
} from '../../src-renderer/state/actions/dependencies'
import { answerQuestion } from '../../src-renderer/state/actions/ask-user'
import { redoLast, undoLast } from '../../src-renderer/state/actions/undo-redo'
import { createPlannerStore } from '../../src-renderer/state/store'
import type { PlannerStore } from '../../src-renderer/state/store'
import { fakePlannerApi, snapshot, task } from './state/fixtures'
import type { FakeHandlers } from './state/fixtures'

const TASKS: Task[] = [
  task('t3', { projectKey: 'APP', key: 3 }),
  task('t4', { projectKey: 'APP', key: 4 }),
  task('t9', { projectKey: 'APP', key: 9 }),
  task('t5', { projectKey: 'OPS', key: 5 }),
]

let nextId = 1
function dep(predecessorId: string, successorId: string, lagDays = 0): Dependency {
  const of = (id: string) => TASKS.find((t) => t.id === id)!
  const p = of(predecessorId)
  const s = of(successorId)
  return {
    id: `d${nextId++}`,
    predecessorId,
    predecessorKey: p.key,
    predecessorProjectKey: p.projectKey,
    predecessorTitle: p.title,
    predecessorUrl: '',
    successorId,
    successorKey: s.key,
    successorProjectKey: s.projectKey,
    successorTitle: s.title,
    successorUrl: '',
    lagDays,
    createdAt: '2026-11-24T00:00:00.000Z',
  }
}

const refused = (serverCode: string | undefined, message = 'refused'): IpcResult<never> => ({
  ok: false,
  error: { code: 'CONFLICT', message, ...(serverCode ? { serverCode } : {}) } as IpcError,
})

/**
 * A board that holds its dependencies by their two tasks: it creates what it is asked (a second
 * between the same tasks is a DUPLICATE), deletes by id and answers deps:between from what it
 * holds, unless `handlers` say otherwise. `remote` changes it as another user would.
 */
function setup(
  dependencies: Dependency[] = [],
  handlers: FakeHandlers = {},
): {
  store: PlannerStore
  fake: ReturnType<typeof fakePlannerApi>
  steps: () => string[]
  remote: { set(d: Dependency): void; delete(predecessorId: string, successorId: string): void }
} {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot(TASKS, { dependencies }))
  const steps = () => store.getState().history.past.map((e) => e.label)
  const held = new Map(dependencies.map((d) => [`${d.predecessorId}>${d.successorId}`, d]))
  const fake = fakePlannerApi({
    'deps:create': (body) => {
      const ends = `${body.predecessorId}>${body.successorId}`
      if (held.has(ends)) return refused('DUPLICATE')
      const made = dep(body.predecessorId!, body.successorId!, body.lagDays ?? 0)
      held.set(ends, made)
      return { ok: true, value: made }
    },
    'deps:delete': (body) => {
      const found = [...held].find(([, d]) => d.id === body.id)
      if (!found) return { ok: false, error: { code: 'NOT_FOUND', message: 'Gone.' } }
      held.delete(found[0])
      return { ok: true, value: undefined }
    },
    'deps:between': (body) => ({
      ok: true,
      value: held.get(`${body.predecessorId}>${body.successorId}`) ?? null,
    }),
    ...handlers,
  })
  const remote = {
    set: (d: Dependency) => void held.set(`${d.predecessorId}>${d.successorId}`, d),
    delete: (p: string, q: string) => void held.delete(`${p}>${q}`),
  }
  return { store, fake, steps, remote }
}

const texts = (store: PlannerStore) => store.getState().edits.messages.map((m) => m.text)
const arrows = (store: PlannerStore) =>
  store.getState().board.dependencies.map((d) => `${d.predecessorId}>${d.successorId}+${d.lagDays}`)

describe('createDependency', () => {
  it('sends one create with lag 0 and draws the arrow from the answer', async () => {
    const { store, fake, steps } = setup()
    const outcome = await createDependency(store, fake.api, {
      predecessorId: 't3',
      successorId: 't9',
      lagDays: 0,
    })
    expect(outcome).toMatchObject({ ok: true, dependency: { predecessorId: 't3' } })
    expect(fake.callsOf('deps:create')).toEqual([
      { predecessorId: 't3', successorId: 't9', lagDays: 0 },
    ])
    expect(arrows(store)).toEqual(['t3>t9+0'])
    expect(steps()).toEqual(['add dependency APP-3 → APP-9'])
  })

  it('says what is wrong, naming the tasks, and sends nothing it can tell will be refused', async () => {
    const existing = [dep('t9', 't4'), dep('t4', 't3'), dep('t3', 't5')]
    const { store, fake } = setup(existing)
    const cases: [string, string, string][] = [
      ['t3', 't3', 'A task cannot depend on itself (APP-3)'],
      ['t3', 't5', 'OPS-5 already depends on APP-3'],
      ['t3', 't9', 'That would make a loop: APP-9 → APP-4 → APP-3'],
    ]
    for (const [predecessorId, successorId, message] of cases) {
      const outcome = await createDependency(store, fake.api, {
        predecessorId,
        successorId,
        lagDays: 0,
      })
      expect(outcome).toEqual({ ok: false, message })
    }
    expect(fake.calls).toEqual([])
    expect(texts(store)).toEqual(cases.map((c) => c[2]))
  })

  it("words the board's own refusals when it refuses anyway", async () => {
    const codes: [string | undefined, string][] = [
      ['SELF_REFERENCE', 'A task cannot depend on itself (APP-3)'],
      ['DUPLICATE', 'APP-9 already depends on APP-3'],
      ['TASKS_NOT_FOUND', 'APP-3 or APP-9 is no longer on the board'],
      // A loop through dependencies this planner has not loaded: still called a loop.
      [
        'CYCLE_DETECTED',
        'That would make a loop: APP-9 already leads to APP-3 through other dependencies',
      ],
      [undefined, 'Could not add the dependency APP-3 → APP-9: The board cannot be reached.'],
    ]
    for (const [code, message] of codes) {
      const { store, fake, steps } = setup([], {
        'deps:create': () => refused(code, 'The board cannot be reached.'),
      })
      const outcome = await createDependency(store, fake.api, {
        predecessorId: 't3',
        successorId: 't9',
        lagDays: 0,
      })
      expect(outcome).toEqual({ ok: false, message })
      expect(texts(store)).toEqual([message])
      expect(arrows(store)).toEqual([])
      expect(steps()).toEqual([])
    }
  })

  it('undo deletes the dependency it created, redo creates it again', async () => {
    const { store, fake, steps } = setup()
    await createDependency(store, fake.api, { predecessorId: 't3', successorId: 't9', lagDays: 2 })
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(arrows(store)).toEqual([])
    expect(await redoLast(store, fake.api)).toBe(true)
    expect(arrows(store)).toEqual(['t3>t9+2'])
    // Undo after redo finds the new dependency (a new id) by its two tasks.
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(arrows(store)).toEqual([])
    expect(fake.callsOf('deps:delete')).toHaveLength(2)
    // Undo and redo record nothing of their own.
    expect(steps()).toEqual([])
    expect(store.getState().history.future.map((e) => e.label)).toEqual([
      'add dependency APP-3 → APP-9',
    ])
  })
})

describe('deleteDependency', () => {
  it('removes the arrow at once and deselects it', async () => {
    const d = dep('t3', 't9', 1)
    const { store, fake, steps } = setup([d])
    store.getState().selectDependency(d.id)
    const done = deleteDependency(store, fake.api, d)
    expect(arrows(store)).toEqual([])
    expect(store.getState().selectedDependencyId).toBeNull()
    expect(await done).toEqual({ ok: true })
    expect(fake.callsOf('deps:delete')).toEqual([{ id: d.id }])
    expect(steps()).toEqual(['delete dependency APP-3 → APP-9'])
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(arrows(store)).toEqual(['t3>t9+1'])
  })

  it('undo brings back a lag our own board would refuse but the board held (2.5, -1, 5000 days)', async () => {
    // Another board may hold any number; undo refused to send it, and the dependency was lost.
    for (const lag of [2.5, -1, 5000]) {
      const d = dep('t3', 't9', lag)
      const { store, fake } = setup([d])
      await deleteDependency(store, fake.api, d)
      expect(await undoLast(store, fake.api)).toBe(true)
      expect(fake.callsOf('deps:create')).toEqual([
        { predecessorId: 't3', successorId: 't9', lagDays: lag },
      ])
      expect(arrows(store)).toEqual([`t3>t9+${lag}`])
    }
  })

  it('puts the arrow back and says why when the board refuses', async () => {
    const d = dep('t3', 't9', 1)
    const { store, fake } = setup([d], {
      'deps:delete': () => ({ ok: false, error: { code: 'NETWORK', message: 'Offline.' } }),
    })
    const outcome = await deleteDependency(store, fake.api, d)
    expect(outcome).toEqual({
      ok: false,
      message: 'Could not delete the dependency APP-3 → APP-9: Offline.',
    })
    expect(arrows(store)).toEqual(['t3>t9+1'])
  })

  it('counts a dependency the board no longer has as deleted', async () => {
    const d = dep('t3', 't9')
    const { store, fake } = setup([d], {
      'deps:delete': () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'Gone.' } }),
    })
    expect(await deleteDependency(store, fake.api, d)).toEqual({ ok: true })
    expect(arrows(store)).toEqual([])
    expect(texts(store)).toEqual([])
  })
})

describe('changeLag', () => {
  it('deletes then creates with the new lag, keeping the arrow selected', async () => {
    const d = dep('t3', 't9', 1)
    const { store, fake, steps } = setup([d])
    store.getState().selectDependency(d.id)
    const outcome = await changeLag(store, fake.api, d, 4)
    expect(outcome).toMatchObject({ ok: true, dependency: { lagDays: 4 } })
    // Read afresh first (./dependencies-lag-change.test.ts): main's delete of one gone is success.
    expect(fake.calls.map((c) => c.channel)).toEqual(['deps:between', 'deps:delete', 'deps:create'])
    expect(fake.callsOf('deps:create')).toEqual([
      { predecessorId: 't3', successorId: 't9', lagDays: 4 },
    ])
    expect(arrows(store)).toEqual(['t3>t9+4'])
    expect(store.getState().selectedDependencyId).toBe(
      outcome.ok ? outcome.dependency?.id : undefined,
    )
    expect(steps()).toEqual(['change the lag of APP-3 → APP-9 to 4 days'])
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(arrows(store)).toEqual(['t3>t9+1'])
    expect(await redoLast(store, fake.api)).toBe(true)
    expect(arrows(store)).toEqual(['t3>t9+4'])
  })

  it('undo of a lag change brings back a lag the board held that our rules refuse (2.5 days)', async () => {
    const d = dep('t3', 't9', 2.5)
    const { store, fake } = setup([d])
    expect((await changeLag(store, fake.api, d, 3)).ok).toBe(true)
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(fake.callsOf('deps:create').at(-1)).toEqual({
      predecessorId: 't3',
      successorId: 't9',
      lagDays: 2.5,
    })
    expect(arrows(store)).toEqual(['t3>t9+2.5'])
  })

  it('leaves a selection the user made meanwhile alone', async () => {
    const d = dep('t3', 't9', 1)
    const { store, fake } = setup([d])
    store.getState().selectDependency(d.id)
    const changing = changeLag(store, fake.api, d, 2)
    store.getState().clickTask('t4', { shift: false, ctrl: false }, ['t4'])
    await changing
    expect(store.getState().selectedDependencyId).toBeNull()
    expect(store.getState().selection.selectedIds).toEqual(['t4'])
  })

  it('refuses a lag the board would refuse before sending anything, and sends nothing for the same lag', async () => {
    const d = dep('t3', 't9', 1)
    const { store, fake } = setup([d])
    for (const lag of [-1, 2.5, 3651]) {
      expect(await changeLag(store, fake.api, d, lag)).toEqual({
        ok: false,
        message: 'Lag must be a whole number of days from 0 to 3650',
      })
    }
    expect(await changeLag(store, fake.api, d, 1)).toEqual({ ok: true, dependency: d })
    expect(fake.calls).toEqual([])
    expect(arrows(store)).toEqual(['t3>t9+1'])
  })

  it('restores the old dependency when the create with the new lag fails', async () => {
    const d = dep('t3', 't9', 2)
    let creates = 0
    const { store, fake } = setup([d], {
      'deps:create': (body) =>
        ++creates === 1
          ? { ok: false, error: { code: 'NETWORK', message: 'The board did not answer.' } }
          : { ok: true, value: dep(body.predecessorId!, body.successorId!, body.lagDays ?? 0) },
    })
    store.getState().selectDependency(d.id)
    const outcome = await changeLag(store, fake.api, d, 5)
    const message =
      'Could not change the lag of APP-3 → APP-9 to 5 days (The board did not answer). It is kept with its lag of 2 days.'
    expect(outcome).toEqual({ ok: false, message })
    expect(texts(store)).toEqual([message])
    expect(fake.callsOf('deps:create')).toEqual([
      { predecessorId: 't3', successorId: 't9', lagDays: 5 },
      { predecessorId: 't3', successorId: 't9', lagDays: 2 },
    ])
    expect(arrows(store)).toEqual(['t3>t9+2'])
    // Still selected: the panel stays on the restored dependency.
    const restored = store.getState().board.dependencies[0]!
    expect(store.getState().selectedDependencyId).toBe(restored.id)
  })

  it('says plainly which dependency was lost when even the restore fails', async () => {
    const d = dep('t3', 't9', 2)
    const { store, fake } = setup([d], {
      'deps:create': () => ({
        ok: false,
        error: { code: 'NETWORK', message: 'The board did not answer.' },
      }),
    })
    store.getState().selectDependency(d.id)
    const changing = changeLag(store, fake.api, d, 5)
    // The panel stays on it meanwhile.
    expect(store.getState().selectedDependencyId).toBe(d.id)
    const outcome = await changing
    const message =
      'The dependency APP-3 → APP-9 (lag 2 days) was lost: its lag could not be changed to 5 days (The board did not answer), and it could not be put back (The board did not answer). Undo (Ctrl+Z) puts it back with its lag of 2 days.'
    expect(outcome).toEqual({ ok: false, message })
    expect(texts(store)).toEqual([message])
    expect(arrows(store)).toEqual([])
    expect(store.getState().selectedDependencyId).toBeNull()
  })

  it('changes nothing when the delete is refused', async () => {
    const d = dep('t3', 't9', 2)
    const { store, fake, steps } = setup([d], {
      'deps:delete': () => ({ ok: false, error: { code: 'NETWORK', message: 'Offline.' } }),
    })
    expect(await changeLag(store, fake.api, d, 3)).toEqual({
      ok: false,
      message: 'Could not change the lag of APP-3 → APP-9: Offline.',
    })
    expect(fake.callsOf('deps:create')).toEqual([])
    expect(arrows(store)).toEqual(['t3>t9+2'])
    expect(steps()).toEqual([])
  })
})

// The issue's "before it is sent, the tasks are checked for changes made elsewhere since, and the
// user is asked if there are any", for dependencies: they have no version, so the board's
// dependency between the two tasks is read afresh and compared with what the user left.
describe('undo and redo over a dependency changed elsewhere', () => {
  async function question(store: PlannerStore) {
    await expect.poll(() => store.getState().question).not.toBeNull()
    return store.getState().question!
  }
  const sent = (fake: ReturnType<typeof fakePlannerApi>) =>
    fake.calls.map((c) => c.channel).filter((c) => c !== 'deps:between')

  it('undo of an add whose lag was changed elsewhere asks; Cancel sends nothing, anyway deletes theirs', async () => {
    const { store, fake, remote } = setup()
    await createDependency(store, fake.api, { predecessorId: 't3', successorId: 't9', lagDays: 0 })
    const theirs = dep('t3', 't9', 5)
    remote.set(theirs)
    const before = sent(fake).length
    const undoing = undoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.title).toBe('Undo add dependency APP-3 → APP-9?')
    expect(asked.details).toEqual([
      'APP-3 → APP-9: its lag was changed on the board to 5 days (you left 0 days)',
    ])
    // Meanwhile the chart shows what the board holds.
    expect(arrows(store)).toEqual(['t3>t9+5'])
    answerQuestion(store, asked.id, { choice: 'cancel' })
    expect(await undoing).toBe(false)
    expect(sent(fake)).toHaveLength(before)
    expect(store.getState().history.past).toHaveLength(1)

    const again = undoLast(store, fake.api)
    answerQuestion(store, (await question(store)).id, { choice: 'anyway' })
    expect(await again).toBe(true)
    expect(fake.callsOf('deps:delete')).toEqual([{ id: theirs.id }])
    expect(arrows(store)).toEqual([])
  })

  it('undo of a delete when the dependency was drawn again elsewhere asks, then sets the old lag', async () => {
    const d = dep('t3', 't9', 1)
    const { store, fake, remote } = setup([d])
    await deleteDependency(store, fake.api, d)
    remote.set(dep('t3', 't9', 3))
    const undoing = undoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.details).toEqual(['APP-3 → APP-9: added on the board since, with a lag of 3 days'])
    answerQuestion(store, asked.id, { choice: 'anyway' })
    expect(await undoing).toBe(true)
    // No DUPLICATE: theirs is replaced by the old lag.
    expect(arrows(store)).toEqual(['t3>t9+1'])
    expect(texts(store)).toEqual([])
  })

  it('redo of a lag change over a dependency deleted elsewhere asks, then creates it', async () => {
    const d = dep('t3', 't9', 1)
    const { store, fake, remote } = setup([d])
    await changeLag(store, fake.api, d, 4)
    expect(await undoLast(store, fake.api)).toBe(true)
    remote.delete('t3', 't9')
    const redoing = redoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.title).toBe('Redo change the lag of APP-3 → APP-9 to 4 days?')
    expect(asked.details).toEqual(['APP-3 → APP-9: deleted on the board since'])
    expect(arrows(store)).toEqual([])
    answerQuestion(store, asked.id, { choice: 'anyway' })
    expect(await redoing).toBe(true)
    expect(arrows(store)).toEqual(['t3>t9+4'])
  })

  it('asks nothing when the board holds what the user left, even under a new id', async () => {
    const { store, fake, remote } = setup()
    await createDependency(store, fake.api, { predecessorId: 't3', successorId: 't9', lagDays: 2 })
    const same = dep('t3', 't9', 2)
    remote.set(same)
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(store.getState().question).toBeNull()
    expect(fake.callsOf('deps:delete')).toEqual([{ id: same.id }])
  })

  it('asks nothing when the board was changed elsewhere to just what the step wants', async () => {
    const { store, fake, remote } = setup()
    await createDependency(store, fake.api, { predecessorId: 't3', successorId: 't9', lagDays: 2 })
    // Someone else deleted it: undoing the add has nothing left to do.
    remote.delete('t3', 't9')
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(store.getState().question).toBeNull()
    expect(fake.callsOf('deps:delete')).toEqual([])
    expect(arrows(store)).toEqual([])
  })

  it('an undo whose check cannot reach the board says so, sends nothing and keeps the entry', async () => {
    const { store, fake } = setup([], {
      'deps:between': () => ({ ok: false, error: { code: 'NETWORK', message: 'Offline.' } }),
    })
    await createDependency(store, fake.api, { predecessorId: 't3', successorId: 't9', lagDays: 0 })
    expect(await undoLast(store, fake.api)).toBe(false)
    expect(texts(store)).toEqual([
      'Could not undo add dependency APP-3 → APP-9: the board could not be read to check for changes made elsewhere (Offline). Nothing was changed.',
    ])
    expect(fake.callsOf('deps:delete')).toEqual([])
    expect(arrows(store)).toEqual(['t3>t9+0'])
    expect(store.getState().history.past).toHaveLength(1)
  })
})

describe('answers after a board switch', () => {
  it('a dependency answered after the user switched boards is neither drawn nor an undo step there', async () => {
    const d = dep('t3', 't9', 1)
    const { store, fake, steps } = setup([])
    let answer!: (value: IpcResult<Dependency>) => void
    fake.handlers['deps:create'] = () => new Promise((resolve) => (answer = resolve))
    const creating = createDependency(store, fake.api, {
      predecessorId: 't3',
      successorId: 't9',
      lagDays: 1,
    })
    await expect.poll(() => fake.callsOf('deps:create').length).toBe(1)
    store.getState().snapshotReceived(snapshot([], { profileId: 'team' }))
    answer({ ok: true, value: d })
    await creating
    expect(store.getState().board.dependencies).toEqual([])
    expect(steps()).toEqual([])
  })
})
