// applyEdit against a fake PlannerApi: optimistic at once, one tasks:update batch per command,
// and each of main's answers: saved, refused (rollback + message), conflicts (partial rollback),
// queued by the journal (kept + message).
import { describe, expect, it } from 'vitest'
import type { IpcResult, EditProblem, UpdateTasksResult } from '../../../src-shared/ipc'
import type { Task } from '../../../src-shared/api'
import { menuItems } from '../../../src-renderer/context-menu/menu-items'
import { deferred, fakePlannerApi, localProfile, pendingOf, snapshot, task } from './fixtures'
import type { FakePlannerApi } from './fixtures'
import type { Command, PlannerStore } from './subject'
import { applyEdit, connectEditEvents, createPlannerStore } from './subject'

const TASKS: Task[] = [
  task('t1', {
    title: 'Login page',
    startDate: '2026-03-02T09:30:00.000Z',
    dueDate: '2026-03-04T17:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
  }),
  task('t2', {
    title: 'API',
    startDate: '2026-03-03T00:00:00.000Z',
    dueDate: '2026-03-06T00:00:00.000Z',
    updatedAt: '2026-02-02T10:00:00.000Z',
  }),
  task('t3', {
    title: 'Docs',
    dueDate: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-02-03T10:00:00.000Z',
  }),
  task('t4', { title: 'Someday', updatedAt: '2026-02-04T10:00:00.000Z' }),
]
const ROWS = TASKS.map((t) => t.id)

const saved: IpcResult<UpdateTasksResult> = {
  ok: true,
  value: { status: 'sent', updated: [], conflicts: [] },
}

function setup(answer?: () => Promise<IpcResult<UpdateTasksResult>>): {
  store: PlannerStore
  fake: FakePlannerApi
} {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot(TASKS))
  const fake = fakePlannerApi({ 'tasks:update': answer ?? (() => saved) })
  return { store, fake }
}

const dates = (store: PlannerStore, id: string) => {
  const t = store.getState().board.tasksById[id] as Task
  return [t.startDate, t.dueDate]
}
const move = (ids: string[], days: number): Command => ({ kind: 'moveTasks', ids, days })
const texts = (store: PlannerStore) => store.getState().edits.messages.map((m) => m.text)

describe('applyEdit', () => {
  it('shows the change at once and sends one batch with absolute dates and what was seen', async () => {
    const answer = deferred<IpcResult<UpdateTasksResult>>()
    const { store, fake } = setup(() => answer.promise)
    const done = applyEdit(store, fake.api, move(['t1', 't3'], 2))

    expect(dates(store, 't1')).toEqual(['2026-03-04T09:30:00.000Z', '2026-03-06T17:00:00.000Z'])
    expect(store.getState().edits.inFlight).toHaveLength(1)
    expect(fake.callsOf('tasks:update')).toEqual([
      {
        tasks: [
          { id: 't1', startDate: '2026-03-04T09:30:00.000Z', dueDate: '2026-03-06T17:00:00.000Z' },
          { id: 't3', dueDate: '2026-03-12T12:00:00.000Z' },
        ],
        seen: { t1: '2026-02-01T10:00:00.000Z', t3: '2026-02-03T10:00:00.000Z' },
      },
    ])

    answer.resolve(saved)
    expect(await done).toEqual({ status: 'saved' })
    expect(store.getState().edits.inFlight).toEqual([])
    expect(dates(store, 't1')).toEqual(['2026-03-04T09:30:00.000Z', '2026-03-06T17:00:00.000Z'])
    expect(store.getState().edits.messages).toEqual([])
    expect(store.getState().edits.written).toEqual({
      t1: {
        seenBefore: '2026-02-01T10:00:00.000Z',
        startDate: '2026-03-04T09:30:00.000Z',
        dueDate: '2026-03-06T17:00:00.000Z',
        queued: false,
      },
      t3: {
        seenBefore: '2026-02-03T10:00:00.000Z',
        dueDate: '2026-03-12T12:00:00.000Z',
        queued: false,
      },
    })
  })

  it('sends exactly one tasks:update for a multi-select drag', async () => {
    const { store, fake } = setup()
    store.getState().clickTask('t1', {}, ROWS)
    store.getState().clickTask('t3', { shift: true }, ROWS)
    expect(store.getState().selection.selectedIds).toEqual(['t1', 't2', 't3'])
    await applyEdit(store, fake.api, move([...store.getState().selection.selectedIds], -1))
    expect(fake.calls.map((c) => c.channel)).toEqual(['tasks:update'])
    expect(fake.callsOf('tasks:update')[0]?.tasks.map((t) => t.id)).toEqual(['t1', 't2', 't3'])
  })

  it('sends nothing for an edit that changes nothing', async () => {
    const { store, fake } = setup()
    const before = store.getState()
    expect(await applyEdit(store, fake.api, move(['t4'], 3))).toEqual({ status: 'unchanged' })
    expect(await applyEdit(store, fake.api, move(['t1'], 0))).toEqual({ status: 'unchanged' })
    expect(fake.calls).toEqual([])
    expect(store.getState()).toBe(before)
  })

  it('leaves out of `seen` the tasks it changed itself since the last sync', async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, move(['t1', 't2'], 1))
    await applyEdit(store, fake.api, move(['t1', 't2', 't3'], 1))
    expect(fake.callsOf('tasks:update')[1]?.seen).toEqual({ t3: '2026-02-03T10:00:00.000Z' })
    // A sync that shows our write (new updatedAt) makes the board's updatedAt known again.
    const synced = {
      ...TASKS[0],
      startDate: '2026-03-03T09:30:00.000Z',
      updatedAt: '2026-03-01T08:00:00.000Z',
    } as Task
    store.getState().snapshotReceived(snapshot([synced, ...TASKS.slice(1)]))
    await applyEdit(store, fake.api, move(['t1'], 1))
    expect(fake.callsOf('tasks:update')[2]?.seen).toEqual({ t1: '2026-03-01T08:00:00.000Z' })
  })

  it('rolls back a refused edit exactly and says what and why', async () => {
    const { store, fake } = setup(async () => ({
      ok: false,
      error: { code: 'INVALID_REQUEST', message: 'tasks[1].dueDate: not a date' },
    }))
    const before = store.getState().board
    const outcome = await applyEdit(store, fake.api, move(['t1', 't2', 't3'], 5))
    expect(outcome).toEqual({
      status: 'rejected',
      code: 'INVALID_REQUEST',
      message: 'tasks[1].dueDate: not a date',
    })
    expect(store.getState().board.tasksById).toEqual(before.tasksById)
    expect(texts(store)).toEqual(['Could not move 3 tasks: tasks[1].dueDate: not a date'])
    expect(store.getState().edits.messages[0]?.kind).toBe('error')
    expect(store.getState().edits).toMatchObject({ inFlight: [], written: {} })
  })

  it('keeps the part of a refused edit that the board took before refusing the rest', async () => {
    // A batch sent in chunks: the board applied the first chunk (t1), then refused the next.
    // Rolling back t1 showed its bar where the board no longer has it, until the next sync.
    const { store, fake } = setup(async () => ({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message:
          'tasks[0].dueDate: not a date (Of the 2 tasks in the request, updated: 1; failed: 2.)',
        applied: ['t1'],
      },
    }))
    const outcome = await applyEdit(store, fake.api, move(['t1', 't2'], 5))
    expect(outcome.status).toBe('rejected')
    expect(dates(store, 't1')).toEqual(['2026-03-07T09:30:00.000Z', '2026-03-09T17:00:00.000Z'])
    expect(dates(store, 't2')).toEqual(['2026-03-03T00:00:00.000Z', '2026-03-06T00:00:00.000Z'])
    expect(Object.keys(store.getState().edits.written)).toEqual(['t1'])
    // The part that landed is undoable, alone.
    const past = store.getState().history.past
    expect(past).toHaveLength(1)
    expect(past[0]?.redo).toMatchObject({
      kind: 'tasks',
      command: { kind: 'updateFields', updates: [expect.objectContaining({ id: 't1' })] },
    })
    expect(past[0]?.undo).toMatchObject({
      command: { updates: [expect.objectContaining({ id: 't1' })] },
    })
  })

  it('learns the board’s task links from the update answer, for "Copy link" on any task', async () => {
    // The list carries no URL: before, a board with no dependencies never had a link to copy,
    // though every update answer names the URL of each task it updated.
    const t1 = TASKS[0]!
    const t2 = TASKS[1]!
    const url = `https://board.example/browse/${t1.projectKey}-${t1.key}`
    const { store, fake } = setup(async () => ({
      ok: true,
      value: {
        status: 'sent',
        updated: [{ id: t1.id, projectKey: t1.projectKey, key: t1.key, title: t1.title, url }],
        conflicts: [],
      },
    }))
    const copy = (id: string) =>
      menuItems(store, fake.api, { kind: 'task', taskId: id }).find((i) => i.label === 'Copy link')
    expect(copy(t2.id)?.disabledReason).toBeDefined()
    await applyEdit(store, fake.api, move([t1.id], 1))
    expect(copy(t2.id)?.disabledReason).toBeUndefined()
    // Kept when the board is synced again.
    store.getState().snapshotReceived(snapshot(TASKS))
    expect(copy(t2.id)?.disabledReason).toBeUndefined()
    // Dropped when the board moves to another address: they are the old host's links.
    const profile = localProfile({ baseUrl: 'https://old.example.com', isLocal: false })
    store.getState().profilesReceived([profile])
    expect(copy(t2.id)?.disabledReason).toBeUndefined()
    store.getState().profileUpdated({ ...profile, baseUrl: 'https://new.example.com' })
    expect(copy(t2.id)?.disabledReason).toBeDefined()
  })

  it('names a single task by its title', async () => {
    const { store, fake } = setup(async () => ({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Task WEB-2 does not exist.' },
    }))
    await applyEdit(store, fake.api, { kind: 'resizeTask', id: 't2', edge: 'end', days: 2 })
    expect(texts(store)).toEqual(['Could not resize "API": Task WEB-2 does not exist.'])
    expect(dates(store, 't2')).toEqual(['2026-03-03T00:00:00.000Z', '2026-03-06T00:00:00.000Z'])
  })

  it('shows the board version of the tasks in conflict and keeps the rest', async () => {
    const theirs = (id: string, dueDate: string) => ({
      ...(TASKS.find((t) => t.id === id) as Task),
      dueDate,
      updatedAt: '2026-03-01T09:00:00.000Z',
      updatedBy: 'bob@example.com',
    })
    const conflict = (task: Task): EditProblem => ({
      id: `problem-${task.id}`,
      kind: 'conflict',
      createdAt: '2026-03-01T09:05:00.000Z',
      message: `${task.title} was changed on the board by bob@example.com`,
      tasks: [{ id: task.id, dueDate: '2026-03-20' }],
      conflict: {
        taskId: task.id,
        title: task.title,
        fields: ['dueDate'],
        changedBy: 'bob@example.com',
        changedAt: task.updatedAt,
        theirs: task,
      },
    })
    const { store, fake } = setup(async () => ({
      ok: true,
      value: {
        status: 'sent',
        updated: [],
        conflicts: [
          conflict(theirs('t2', '2026-03-09T00:00:00.000Z')),
          conflict(theirs('t3', '2026-03-19T00:00:00.000Z')),
        ],
      },
    }))
    const outcome = await applyEdit(store, fake.api, move(['t1', 't2', 't3'], 1))
    expect(outcome).toEqual({ status: 'partial', conflicts: ['t2', 't3'] })
    expect(dates(store, 't1')).toEqual(['2026-03-03T09:30:00.000Z', '2026-03-05T17:00:00.000Z'])
    expect(dates(store, 't2')).toEqual(['2026-03-03T00:00:00.000Z', '2026-03-09T00:00:00.000Z'])
    expect(dates(store, 't3')).toEqual(['', '2026-03-19T00:00:00.000Z'])
    expect(Object.keys(store.getState().edits.written)).toEqual(['t1'])
  })

  it('keeps an edit main journaled to send later, marked queued until the journal empties', async () => {
    const reason = 'Could not reach the board: connect ECONNREFUSED 127.0.0.1:4000'
    const { store, fake } = setup(async () => ({
      ok: true,
      value: { status: 'queued', updated: [], conflicts: [], reason },
    }))
    const outcome = await applyEdit(store, fake.api, move(['t1', 't2', 't3'], 1))
    expect(outcome).toEqual({ status: 'queued', message: reason })
    expect(dates(store, 't2')).toEqual(['2026-03-04T00:00:00.000Z', '2026-03-07T00:00:00.000Z'])
    expect(texts(store)).toEqual([])
    expect(store.getState().edits.written.t2?.queued).toBe(true)

    // The journal empties: nothing is queued any more.
    connectEditEvents(store, fake.api)
    fake.emit('edits:changed', pendingOf(0))
    expect(store.getState().edits.written.t2?.queued).toBe(false)
  })

  it('rolls back on any error: main answers one only when the edit is not in its journal', async () => {
    const { store, fake } = setup(async () => ({
      ok: false,
      error: { code: 'INVALID_REQUEST', message: 'tasks[0].dueDate: before the start date.' },
    }))
    expect((await applyEdit(store, fake.api, move(['t1'], 1))).status).toBe('rejected')
    expect(dates(store, 't1')).toEqual(['2026-03-02T09:30:00.000Z', '2026-03-04T17:00:00.000Z'])
    expect(texts(store)).toEqual([
      'Could not move "Login page": tasks[0].dueDate: before the start date.',
    ])
  })

  it('rolls back when the bridge itself fails', async () => {
    const { store, fake } = setup(() => Promise.reject(new Error('bridge gone')))
    expect(await applyEdit(store, fake.api, move(['t1'], 1))).toMatchObject({
      status: 'rejected',
      code: 'INTERNAL',
    })
    expect(dates(store, 't1')).toEqual(['2026-03-02T09:30:00.000Z', '2026-03-04T17:00:00.000Z'])
  })
})

describe('applyEdit with several batches in flight', () => {
  function twoBatches() {
    const answers = [
      deferred<IpcResult<UpdateTasksResult>>(),
      deferred<IpcResult<UpdateTasksResult>>(),
    ]
    let n = 0
    const { store, fake } = setup(() => (answers[n++] as (typeof answers)[0]).promise)
    const first = applyEdit(store, fake.api, move(['t1'], 1))
    const second = applyEdit(store, fake.api, move(['t1', 't2'], 2))
    return { store, fake, answers, first, second }
  }
  const refused: IpcResult<UpdateTasksResult> = {
    ok: false,
    error: { code: 'INVALID_REQUEST', message: 'no' },
  }

  it('a later batch does not send `seen` for a task an earlier one is still changing', () => {
    const { fake } = twoBatches()
    expect(fake.callsOf('tasks:update')[1]?.seen).toEqual({ t2: '2026-02-02T10:00:00.000Z' })
  })

  it('when the earlier batch fails, the later value stands, and the later rollback goes all the way back', async () => {
    const { store, answers, first, second } = twoBatches()
    expect(dates(store, 't1')).toEqual(['2026-03-05T09:30:00.000Z', '2026-03-07T17:00:00.000Z'])
    answers[0]?.resolve(refused)
    await first
    // The board may still take the second batch (absolute dates): it stays on screen.
    expect(dates(store, 't1')).toEqual(['2026-03-05T09:30:00.000Z', '2026-03-07T17:00:00.000Z'])
    answers[1]?.resolve(refused)
    await second
    expect(dates(store, 't1')).toEqual(['2026-03-02T09:30:00.000Z', '2026-03-04T17:00:00.000Z'])
    expect(dates(store, 't2')).toEqual(['2026-03-03T00:00:00.000Z', '2026-03-06T00:00:00.000Z'])
    expect(store.getState().edits.inFlight).toEqual([])
  })

  it('when the later batch is saved first, the earlier failure does not undo it', async () => {
    const { store, answers, first, second } = twoBatches()
    answers[1]?.resolve(saved)
    await second
    answers[0]?.resolve(refused)
    await first
    expect(dates(store, 't1')).toEqual(['2026-03-05T09:30:00.000Z', '2026-03-07T17:00:00.000Z'])
  })
})

describe('applyEdit and snapshots', () => {
  it('lays an unanswered edit over a snapshot, and rolls back to what the snapshot said', async () => {
    const answer = deferred<IpcResult<UpdateTasksResult>>()
    const { store, fake } = setup(() => answer.promise)
    const done = applyEdit(store, fake.api, move(['t1'], 1))
    // Someone else moved t1's due date meanwhile; a refresh brings it.
    const elsewhere = {
      ...TASKS[0],
      dueDate: '2026-03-20T17:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
    } as Task
    store.getState().snapshotReceived(snapshot([elsewhere, ...TASKS.slice(1)]))
    expect(dates(store, 't1')).toEqual(['2026-03-03T09:30:00.000Z', '2026-03-05T17:00:00.000Z'])
    answer.resolve({ ok: false, error: { code: 'INVALID_REQUEST', message: 'no' } })
    await done
    expect(dates(store, 't1')).toEqual(['2026-03-02T09:30:00.000Z', '2026-03-20T17:00:00.000Z'])
  })

  it('keeps a saved edit over a snapshot read before it landed, not over one read after', async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, move(['t1'], 1))
    store.getState().snapshotReceived(snapshot(TASKS, { fromCache: true }))
    expect(dates(store, 't1')).toEqual(['2026-03-03T09:30:00.000Z', '2026-03-05T17:00:00.000Z'])
    const later = { ...TASKS[0], updatedAt: '2026-03-01T00:00:00.000Z' } as Task
    store.getState().snapshotReceived(snapshot([later, ...TASKS.slice(1)]))
    expect(dates(store, 't1')).toEqual(['2026-03-02T09:30:00.000Z', '2026-03-04T17:00:00.000Z'])
    expect(store.getState().edits.written).toEqual({})
  })

  it('an answer for another board touches nothing on the board now shown, but still says why', async () => {
    const answer = deferred<IpcResult<UpdateTasksResult>>()
    const { store, fake } = setup(() => answer.promise)
    const done = applyEdit(store, fake.api, move(['t1'], 1))
    const other = TASKS.map((t) => ({ ...t }))
    store.getState().snapshotReceived(snapshot(other, { profileId: 'team' }))
    expect(dates(store, 't1')).toEqual(['2026-03-02T09:30:00.000Z', '2026-03-04T17:00:00.000Z'])
    answer.resolve({ ok: false, error: { code: 'INVALID_REQUEST', message: 'no' } })
    await done
    expect(store.getState().board.tasksById.t1).toBe(other[0])
    expect(texts(store)).toEqual(['Could not move "Login page": no'])
  })
})

describe('messages', () => {
  it('are dismissed by id and capped to the latest 20', () => {
    const store = createPlannerStore()
    const ids = Array.from({ length: 25 }, (_, i) => store.getState().addMessage('info', `m${i}`))
    expect(texts(store)).toHaveLength(20)
    expect(texts(store)[0]).toBe('m5')
    store.getState().dismissMessage(ids[24] as number)
    expect(texts(store).at(-1)).toBe('m23')
  })
})

describe('task ids that name members of every object', () => {
  // The spec makes a task ID any string; a service may hand out "__proto__" or "constructor".
  // Held in a plain object, the first became the table's prototype instead of an entry, and the
  // second (or "toString") was found whether or not the board had such a task.
  const odd = [
    task('__proto__', { title: 'Proto', dueDate: '2026-03-04T00:00:00.000Z' }),
    task('constructor', { title: 'Ctor', dueDate: '2026-03-05T00:00:00.000Z' }),
    task('t1', { title: 'Plain', dueDate: '2026-03-06T00:00:00.000Z' }),
  ]
  const entries = (store: PlannerStore) =>
    Object.keys(store.getState().board.tasksById)
      .sort()
      .map((id) => [id, store.getState().board.tasksById[id]?.title])

  it('are loaded, found and edited like any other, and absent ones are not found', async () => {
    const store = createPlannerStore()
    store.getState().snapshotReceived(snapshot(odd))
    expect(entries(store)).toEqual([
      ['__proto__', 'Proto'],
      ['constructor', 'Ctor'],
      ['t1', 'Plain'],
    ])
    expect(store.getState().board.tasksById['toString']).toBeUndefined()
    const fake = fakePlannerApi({ 'tasks:update': () => saved })
    await applyEdit(store, fake.api, move(['__proto__', 'constructor'], 1))
    expect(fake.callsOf('tasks:update')[0]?.tasks.map((t) => t.id)).toEqual([
      '__proto__',
      'constructor',
    ])
    expect(entries(store)).toEqual([
      ['__proto__', 'Proto'],
      ['constructor', 'Ctor'],
      ['t1', 'Plain'],
    ])
    expect(dates(store, '__proto__')[1]).toBe('2026-03-05T00:00:00.000Z')
    expect(store.getState().board.tasksById['hasOwnProperty']).toBeUndefined()
  })
})
