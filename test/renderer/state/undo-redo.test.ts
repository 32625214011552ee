// Undo and redo against a fake PlannerApi: an edit is undone by its inverse batch and redone by
// its forward batch; before either is sent the tasks are checked (tasks:check), and a change
// made elsewhere since is put to the user, who may cancel (nothing sent, the entry stays) or go
// on (sent with the board's version as seen). A create is undone only by asking for a status.
import { describe, expect, it } from 'vitest'
import type { Task } from '../../../src-shared/api'
import { ANY_VERSION } from '../../../src-shared/ipc'
import type { EditConflict, IpcResult, UpdateTasksResult } from '../../../src-shared/ipc'
import { historyKey } from '../../../src-renderer/history-keys'
import { createTasks } from '../../../src-renderer/state/actions/create-tasks'
import { conflictProblem, deferred, fakePlannerApi, pendingOf, snapshot, task } from './fixtures'
import {
  answerQuestion,
  applyEdit,
  connectEditEvents,
  createPlannerStore,
  discardEdits,
  nextEntry,
  redoLast,
  resolveProblem,
  undoLast,
} from './subject'

const TASKS: Task[] = [
  task('t1', {
    title: 'Login page',
    status: 'To Do',
    dueDate: '2026-03-04T17:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
  }),
  task('t2', { title: 'API', status: 'Doing', updatedAt: '2026-02-02T10:00:00.000Z' }),
]
const saved: IpcResult<UpdateTasksResult> = {
  ok: true,
  value: { status: 'sent', updated: [], conflicts: [] },
}

function setup(changed: EditConflict[] = []) {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot(TASKS))
  const fake = fakePlannerApi({
    'tasks:update': () => saved,
    'tasks:check': () => ({ ok: true, value: changed }),
  })
  const shown = (id: string) => store.getState().board.tasksById[id] as Task
  return { store, fake, shown }
}

/** Waits until the store holds a question, then returns it. */
async function question(store: ReturnType<typeof createPlannerStore>) {
  await expect.poll(() => store.getState().question).not.toBeNull()
  return store.getState().question!
}

/** An entry as a create of WEB-2 (t2) records it: undone only by asking. */
const recordCreate = (store: ReturnType<typeof createPlannerStore>) =>
  store.getState().recordHistory({
    label: 'create WEB-2',
    undo: { kind: 'retireCreated', taskIds: ['t2'] },
    redo: null,
  })

const retitle = { kind: 'updateFields' as const, updates: [{ id: 't1', title: 'Sign-in' }] }

describe('undo and redo', () => {
  it('undoes an edit with its inverse batch and redoes it with the edit, checking first', async () => {
    const { store, fake, shown } = setup()
    await applyEdit(store, fake.api, retitle)
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(shown('t1').title).toBe('Login page')
    expect(await redoLast(store, fake.api)).toBe(true)
    expect(shown('t1').title).toBe('Sign-in')
    expect(fake.calls.map((c) => c.channel)).toEqual([
      'tasks:update',
      'tasks:check',
      'tasks:update',
      'tasks:check',
      'tasks:update',
    ])
    expect(fake.callsOf('tasks:update').map((r) => r.tasks)).toEqual([
      [{ id: 't1', title: 'Sign-in' }],
      [{ id: 't1', title: 'Login page' }],
      [{ id: 't1', title: 'Sign-in' }],
    ])
    // Nothing more to redo; one more undo is there.
    expect(await redoLast(store, fake.api)).toBe(false)
    expect(store.getState().history.past).toHaveLength(1)
  })

  it('asks when a task changed elsewhere since; Cancel sends nothing and keeps the entry', async () => {
    const theirs = { ...TASKS[0]!, title: 'Theirs', updatedAt: '2026-02-05T00:00:00.000Z' }
    const { store, fake, shown } = setup([
      {
        taskId: 't1',
        title: 'Sign-in',
        fields: ['title'],
        changedBy: 'bob@example.com',
        changedAt: theirs.updatedAt,
        theirs,
      },
    ])
    await applyEdit(store, fake.api, retitle)
    const undoing = undoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.title).toBe('Undo change "Login page"?')
    expect(asked.details).toEqual([
      'WEB-1 Sign-in: changed by bob@example.com at 2026-02-05T00:00:00.000Z (title)',
    ])
    answerQuestion(store, asked.id, { choice: 'cancel' })
    expect(await undoing).toBe(false)
    expect(fake.callsOf('tasks:update')).toHaveLength(1)
    expect(shown('t1').title).toBe('Sign-in')
    expect(store.getState().history.past).toHaveLength(1)

    const again = undoLast(store, fake.api)
    answerQuestion(store, (await question(store)).id, { choice: 'anyway' })
    expect(await again).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)).toEqual({
      tasks: [{ id: 't1', title: 'Login page' }],
      seen: { t1: '2026-02-05T00:00:00.000Z' },
    })
    expect(store.getState().history).toMatchObject({ past: [], future: [expect.anything()] })
  })

  it('Undo anyway over a task no longer where it was writes over it: seen as any version', async () => {
    const { store, fake, shown } = setup([
      {
        taskId: 't1',
        title: 'Sign-in',
        fields: ['status', 'dueDate', 'startDate'],
        changedBy: '',
        changedAt: '',
        theirs: null,
      },
    ])
    await applyEdit(store, fake.api, retitle)
    const undoing = undoLast(store, fake.api)
    answerQuestion(store, (await question(store)).id, { choice: 'anyway' })
    expect(await undoing).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)).toEqual({
      tasks: [{ id: 't1', title: 'Login page' }],
      seen: { t1: ANY_VERSION },
    })
    expect(shown('t1').title).toBe('Login page')
  })

  it('an undo the board holds back as a conflict is not done: the entry stays', async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, retitle)
    const theirs = { ...TASKS[0]!, title: 'Theirs', updatedAt: '2026-02-06T00:00:00.000Z' }
    fake.handlers['tasks:update'] = () => ({
      ok: true,
      value: {
        status: 'sent',
        updated: [],
        conflicts: [
          {
            id: 'p1',
            kind: 'conflict',
            message: 'Sign-in was changed on the board',
            tasks: [{ id: 't1', title: 'Login page' }],
            conflict: {
              taskId: 't1',
              title: 'Sign-in',
              fields: ['title'],
              changedBy: 'bob@example.com',
              changedAt: theirs.updatedAt,
              theirs,
            },
            createdAt: '2026-02-06T00:00:00.000Z',
          },
        ],
      },
    })
    expect(await undoLast(store, fake.api)).toBe(false)
    expect(store.getState().history).toMatchObject({ past: [expect.anything()], future: [] })
  })

  it('Keep mine of an undo the board held back records no step, and what can be redone stays', async () => {
    // Undo S3, then undo S2, which the board held back on t1; Keep mine of that pushed a new
    // step: S3 could no longer be redone, and the undo's values were a "change …" step.
    const { store, fake, shown } = setup()
    await applyEdit(store, fake.api, retitle)
    await applyEdit(store, fake.api, {
      kind: 'updateFields',
      updates: [{ id: 't2', status: 'Done' }],
    })
    expect(await undoLast(store, fake.api)).toBe(true)
    const theirs = { ...TASKS[0]!, title: 'Theirs', updatedAt: '2026-02-06T00:00:00.000Z' }
    const problem = conflictProblem(
      'p1',
      'Sign-in',
      [{ id: 't1', title: 'Login page' }],
      ['title'],
      theirs,
    )
    fake.handlers['tasks:update'] = () => ({
      ok: true,
      value: { status: 'sent', updated: [], conflicts: [problem] },
    })
    expect(await undoLast(store, fake.api)).toBe(false)
    const undoLabel = nextEntry(store.getState().history, 'local', 'undo')?.label
    fake.handlers['edits:resolve'] = () => ({
      ok: true,
      value: { status: 'sent', updated: [], conflicts: [] },
    })
    fake.handlers['edits:pending'] = () => ({ ok: true, value: pendingOf(0) })
    store.getState().pendingChanged(pendingOf(0, { problems: [problem] }))
    await resolveProblem(store, fake.api, 'p1', 'mine')
    expect(shown('t1').title).toBe('Login page')
    expect(nextEntry(store.getState().history, 'local', 'undo')?.label).toBe(undoLabel)
    fake.handlers['tasks:update'] = () => saved
    expect(await redoLast(store, fake.api)).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)!.tasks).toEqual([{ id: 't2', status: 'Done' }])
  })

  it('remembers every problem an undo was held back by, however many (none cut at a count)', () => {
    // An undo of an "Apply all" of 250 tasks, each changed elsewhere: 250 problems. Cut at 200,
    // "Keep mine" of the first 50 recorded new steps and cleared Redo.
    const store = createPlannerStore()
    const ids = Array.from({ length: 250 }, (_, i) => `p${i}`)
    store.getState().undoHeldBack(ids)
    expect(store.getState().history.undoProblems).toEqual(ids)
  })

  it('an undo of a task the board no longer shows says so, sends nothing and keeps the entry', async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, retitle)
    store.getState().snapshotReceived(snapshot([TASKS[1]!]))
    expect(await undoLast(store, fake.api)).toBe(false)
    expect(fake.callsOf('tasks:update')).toHaveLength(1)
    expect(store.getState().history.past).toHaveLength(1)
    expect(store.getState().edits.messages.at(-1)?.text).toMatch(
      /Could not undo change "Login page": a task it changed is no longer on the board/,
    )
  })

  it('an edit made while an undo is being sent is the next undo, and clears redo', async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, retitle)
    const held = deferred<IpcResult<UpdateTasksResult>>()
    fake.handlers['tasks:update'] = () => held.promise
    const undoing = undoLast(store, fake.api)
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(2)
    fake.handlers['tasks:update'] = () => saved
    const rename = { kind: 'updateFields' as const, updates: [{ id: 't2', title: 'API v2' }] }
    await applyEdit(store, fake.api, rename)
    held.resolve(saved)
    expect(await undoing).toBe(true)
    const { past, future } = store.getState().history
    expect(past.map((e) => e.label)).toEqual(['change "API"'])
    expect(future).toEqual([])
  })

  it('an edit made while a redo is being sent stays the newest entry', async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, retitle)
    await undoLast(store, fake.api)
    const held = deferred<IpcResult<UpdateTasksResult>>()
    fake.handlers['tasks:update'] = () => held.promise
    const redoing = redoLast(store, fake.api)
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(3)
    fake.handlers['tasks:update'] = () => saved
    await applyEdit(store, fake.api, {
      kind: 'updateFields',
      updates: [{ id: 't2', title: 'API v2' }],
    })
    held.resolve(saved)
    expect(await redoing).toBe(true)
    expect(store.getState().history.past.map((e) => e.label)).toEqual([
      'change "Login page"',
      'change "API"',
    ])
  })

  it('a refresh that already shows an edit still being sent leaves its undo intact', async () => {
    const { store, fake, shown } = setup()
    const held = deferred<IpcResult<UpdateTasksResult>>()
    fake.handlers['tasks:update'] = () => held.promise
    const editing = applyEdit(store, fake.api, retitle)
    // The board took the write before the sync read the task; the answer is still on its way.
    store
      .getState()
      .snapshotReceived(
        snapshot([
          { ...TASKS[0]!, title: 'Sign-in', updatedAt: '2026-02-03T10:00:00.000Z' },
          TASKS[1]!,
        ]),
      )
    held.resolve(saved)
    await editing
    fake.handlers['tasks:update'] = () => saved
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)?.tasks).toEqual([{ id: 't1', title: 'Login page' }])
    expect(shown('t1').title).toBe('Login page')
  })

  it('Undo pressed while an edit is still being sent waits for it, then undoes that edit', async () => {
    const { store, fake, shown } = setup()
    await applyEdit(store, fake.api, retitle)
    const held = deferred<IpcResult<UpdateTasksResult>>()
    fake.handlers['tasks:update'] = () => held.promise
    const second = { kind: 'updateFields' as const, updates: [{ id: 't1', title: 'Log in' }] }
    const editing = applyEdit(store, fake.api, second)
    const undoing = undoLast(store, fake.api)
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Nothing was undone or sent while the edit waited for its answer.
    expect(fake.callsOf('tasks:update')).toHaveLength(2)
    fake.handlers['tasks:update'] = () => saved
    held.resolve(saved)
    await editing
    expect(await undoing).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)?.tasks).toEqual([{ id: 't1', title: 'Sign-in' }])
    expect(shown('t1').title).toBe('Sign-in')
    expect(store.getState().history.past.map((e) => e.label)).toEqual(['change "Login page"'])
    expect(store.getState().history.future.map((e) => e.label)).toEqual(['change "Sign-in"'])
  })

  it('a board switched to while Undo waits undoes nothing there and keeps the entry', async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, retitle)
    const check = deferred<IpcResult<EditConflict[]>>()
    fake.handlers['tasks:check'] = () => check.promise
    const undoing = undoLast(store, fake.api)
    await expect.poll(() => fake.callsOf('tasks:check').length).toBe(1)
    store.getState().snapshotReceived(snapshot([], { profileId: 'team' }))
    check.resolve({ ok: true, value: [] })
    expect(await undoing).toBe(false)
    expect(fake.callsOf('tasks:update')).toHaveLength(1)
    expect(store.getState().history.past.map((e) => e.label)).toEqual(['change "Login page"'])
  })

  it('keeps the entry when the board refuses the undo', async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, retitle)
    fake.handlers['tasks:update'] = () => ({
      ok: false,
      error: { code: 'INVALID_REQUEST', message: 'no' },
    })
    expect(await undoLast(store, fake.api)).toBe(false)
    expect(store.getState().history.past).toHaveLength(1)
  })

  it('undoes a create only by moving the task to the status the user picks, once', async () => {
    const { store, fake, shown } = setup()
    recordCreate(store)
    const undoing = undoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.message).toMatch(/no way to delete a task/)
    expect(asked.pick?.options).toEqual(['Doing', 'To Do'])
    answerQuestion(store, asked.id, { choice: 'move', picked: 'To Do' })
    expect(await undoing).toBe(true)
    expect(shown('t2').status).toBe('To Do')
    expect(fake.callsOf('tasks:update').at(-1)?.tasks).toEqual([{ id: 't2', status: 'To Do' }])
    expect(store.getState().history).toMatchObject({ past: [], future: [] })
  })

  it('undoing a create moves the subtasks created with it, not the tasks others put under it', async () => {
    const { store, fake, shown } = setup()
    const colleagues = task('t5', { title: 'Their task', status: 'Doing', key: 5 })
    store.getState().snapshotReceived(snapshot([...TASKS, colleagues]))
    const made = task('t7', { title: 'Release', status: 'Doing', key: 7 })
    const sub = task('t8', { title: 'Notes', status: 'Doing', parentId: 't7', key: 8 })
    fake.handlers['tasks:create'] = () => ({
      ok: true,
      value: {
        created: [{ index: 0, id: 't7', projectKey: 'WEB', key: 7, task: made }],
        unknown: [],
      },
    })
    // The sync after the create lists the subtask, and a task a colleague moved under it.
    fake.handlers['board:sync'] = () => ({
      ok: true,
      value: snapshot([...TASKS, { ...colleagues, parentId: 't7' }, made, sub]),
    })
    await createTasks(store, fake.api, [
      {
        projectKey: 'WEB',
        title: 'Release',
        status: 'Doing',
        descriptionType: 'text',
        descriptionContent: '',
        subtasks: [
          { projectKey: 'WEB', title: 'Notes', descriptionType: 'text', descriptionContent: '' },
        ],
      },
    ])
    await expect.poll(() => store.getState().board.tasksById['t8']).toBeDefined()
    const undoing = undoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.title).toBe('Undo create WEB-7 and 1 subtask?')
    answerQuestion(store, asked.id, { choice: 'move', picked: 'To Do' })
    expect(await undoing).toBe(true)
    expect(fake.callsOf('tasks:check').at(-1)?.taskIds).toEqual(['t7', 't8'])
    expect(fake.callsOf('tasks:update').at(-1)?.tasks).toEqual([
      { id: 't7', status: 'To Do' },
      { id: 't8', status: 'To Do' },
    ])
    expect(shown('t8').status).toBe('To Do')
    expect(shown('t5').status).toBe('Doing')
  })

  it('finds the subtasks a create made in a later sync when its own sync failed', async () => {
    // Only the sync right after the create named them; superseded (another create, a Refresh)
    // or failed (offline), undo moved the parent alone and left its subtasks under it.
    const { store, fake, shown } = setup()
    const made = task('t7', {
      title: 'Release',
      status: 'Doing',
      key: 7,
      createdAt: '2026-02-09T10:00:00.000Z',
    })
    const sub = { ...made, id: 't8', key: 8, title: 'Notes', parentId: 't7' }
    const older = task('t5', {
      title: 'Notes',
      status: 'Doing',
      key: 5,
      parentId: 't7',
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    fake.handlers['tasks:create'] = () => ({
      ok: true,
      value: {
        created: [{ index: 0, id: 't7', projectKey: 'WEB', key: 7, task: made }],
        unknown: [],
      },
    })
    fake.handlers['board:sync'] = () => ({
      ok: false,
      error: { code: 'NETWORK', message: 'offline' },
    })
    await createTasks(store, fake.api, [
      {
        projectKey: 'WEB',
        title: 'Release',
        status: 'Doing',
        descriptionType: 'text',
        descriptionContent: '',
        subtasks: [
          { projectKey: 'WEB', title: 'Notes', descriptionType: 'text', descriptionContent: '' },
        ],
      },
    ])
    await expect.poll(() => fake.callsOf('board:sync').length).toBe(1)
    // A later sync: the subtask, and an older task of the same title a colleague moved under it.
    store.getState().snapshotReceived(snapshot([...TASKS, made, sub, older]))
    const undoing = undoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.title).toBe('Undo create WEB-7 and 1 subtask?')
    answerQuestion(store, asked.id, { choice: 'move', picked: 'To Do' })
    expect(await undoing).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)?.tasks).toEqual([
      { id: 't7', status: 'To Do' },
      { id: 't8', status: 'To Do' },
    ])
    expect(shown('t5').status).toBe('Doing')
  })

  it('finds the rest by title when the sync after the create named only some subtasks', async () => {
    const { store, fake } = setup()
    const at = '2026-02-09T10:00:00.000Z'
    const made = task('t7', { title: 'Release', status: 'Doing', key: 7, createdAt: at })
    const notes = { ...made, id: 't8', key: 8, title: 'Notes', parentId: 't7' }
    const docs = { ...made, id: 't9', key: 9, title: 'Docs', parentId: 't7' }
    fake.handlers['tasks:create'] = () => ({
      ok: true,
      value: {
        created: [{ index: 0, id: 't7', projectKey: 'WEB', key: 7, task: made }],
        unknown: [],
      },
    })
    // The board listed one of the two subtasks by then.
    fake.handlers['board:sync'] = () => ({ ok: true, value: snapshot([...TASKS, made, notes]) })
    const sub = (title: string) => ({
      projectKey: 'WEB',
      title,
      descriptionType: 'text' as const,
      descriptionContent: '',
    })
    await createTasks(store, fake.api, [
      { ...sub('Release'), status: 'Doing', subtasks: [sub('Notes'), sub('Docs')] },
    ])
    await expect.poll(() => store.getState().board.tasksById['t8']).toBeDefined()
    store.getState().snapshotReceived(snapshot([...TASKS, made, notes, docs]))
    const undoing = undoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.title).toBe('Undo create WEB-7 and 2 subtasks?')
    answerQuestion(store, asked.id, { choice: 'move', picked: 'To Do' })
    expect(await undoing).toBe(true)
  })

  it('undoing a create says when a created task was changed elsewhere since', async () => {
    const theirs = { ...TASKS[1]!, title: 'API (theirs)', updatedAt: '2026-02-08T00:00:00.000Z' }
    const { store, fake } = setup([
      {
        taskId: 't2',
        title: 'API',
        fields: ['title'],
        changedBy: 'bob@example.com',
        changedAt: theirs.updatedAt,
        theirs,
      },
    ])
    recordCreate(store)
    const undoing = undoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.details).toEqual([
      'WEB-2 API: changed by bob@example.com at 2026-02-08T00:00:00.000Z (title)',
    ])
    answerQuestion(store, asked.id, { choice: 'move', picked: 'To Do' })
    expect(await undoing).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)).toEqual({
      tasks: [{ id: 't2', status: 'To Do' }],
      seen: { t2: '2026-02-08T00:00:00.000Z' },
    })
  })

  it('an undo of a create the board holds back as a conflict is not done: the entry stays', async () => {
    const { store, fake } = setup()
    recordCreate(store)
    fake.handlers['tasks:update'] = () => ({
      ok: true,
      value: {
        status: 'sent',
        updated: [],
        conflicts: [
          {
            id: 'p1',
            kind: 'conflict',
            message: 'API was changed on the board',
            tasks: [{ id: 't2', status: 'To Do' }],
            conflict: {
              taskId: 't2',
              title: 'API',
              fields: ['status'],
              changedBy: 'bob@example.com',
              changedAt: '2026-02-08T00:00:00.000Z',
              theirs: { ...TASKS[1]!, updatedAt: '2026-02-08T00:00:00.000Z' },
            },
            createdAt: '2026-02-08T00:00:00.000Z',
          },
        ],
      },
    })
    const undoing = undoLast(store, fake.api)
    answerQuestion(store, (await question(store)).id, { choice: 'move', picked: 'To Do' })
    expect(await undoing).toBe(false)
    expect(store.getState().history.past.map((e) => e.label)).toEqual(['create WEB-2'])
  })

  it('reads Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, and ⌘ on macOS', () => {
    const key = (init: KeyboardEventInit) => ({ altKey: false, ...init }) as KeyboardEvent
    expect(historyKey(key({ key: 'z', ctrlKey: true }), false)).toBe('undo')
    expect(historyKey(key({ key: 'Z', ctrlKey: true, shiftKey: true }), false)).toBe('redo')
    expect(historyKey(key({ key: 'y', ctrlKey: true }), false)).toBe('redo')
    expect(historyKey(key({ key: 'z', metaKey: true }), true)).toBe('undo')
    expect(historyKey(key({ key: 'z', ctrlKey: true }), true)).toBeUndefined()
    expect(historyKey(key({ key: 'z' }), false)).toBeUndefined()
  })

  it("forgets a board's steps when it moves to another address: Undo sends nothing there", async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, retitle)
    const profileId = store.getState().board.profileId
    store.getState().forgetHistoryOf(profileId)
    const sent = fake.calls.length
    expect(await undoLast(store, fake.api)).toBe(false)
    expect(fake.calls.length).toBe(sent)
  })
})

describe('undo of edits main queued', () => {
  const queued: IpcResult<UpdateTasksResult> = {
    ok: true,
    value: { status: 'queued', updated: [], conflicts: [], reason: 'Offline.' },
  }
  function offline() {
    const { store, fake, shown } = setup()
    fake.handlers['tasks:update'] = () => queued
    fake.handlers['edits:pending'] = () => ({ ok: true, value: pendingOf(1) })
    connectEditEvents(store, fake.api)
    return { store, fake, shown }
  }
  const problem = (kind: 'refused' | 'conflict') => ({
    id: `p-${kind}`,
    kind,
    createdAt: '2026-02-06T00:00:00.000Z',
    message: 'The board refused it.',
    tasks: [{ id: 't1', title: 'Sign-in' }],
  })

  it.each(['refused', 'conflict'] as const)(
    'an edit the journal later finds %s has no undo step, and is not laid over the board again',
    async (kind) => {
      const { store, fake, shown } = offline()
      await applyEdit(store, fake.api, retitle)
      expect(store.getState().history.past).toHaveLength(1)
      fake.handlers['board:sync'] = () => ({ ok: true, value: snapshot(TASKS) })
      fake.emit('edits:changed', pendingOf(0, { problems: [problem(kind)] }))
      expect(store.getState().history.past).toEqual([])
      // The board still holds what it held: the refused title is not shown over it.
      store.getState().snapshotReceived(snapshot(TASKS))
      expect(shown('t1').title).toBe('Login page')
      expect(await undoLast(store, fake.api)).toBe(false)
      expect(fake.callsOf('tasks:update')).toHaveLength(1)
    },
  )

  it('of two queued edits of one task, only the one the board refused loses its step', async () => {
    const { store, fake } = offline()
    await applyEdit(store, fake.api, retitle)
    await applyEdit(store, fake.api, {
      kind: 'updateFields',
      updates: [{ id: 't1', status: 'Done' }],
    })
    const refused = {
      ...problem('refused'),
      tasks: [{ id: 't1', status: 'Done' }],
    }
    fake.handlers['board:sync'] = () => ({ ok: true, value: snapshot(TASKS) })
    fake.emit('edits:changed', pendingOf(0, { problems: [refused] }))
    expect(store.getState().history.past.map((e) => e.label)).toEqual(['change "Login page"'])
  })

  it('discarded edits have no undo or redo step', async () => {
    const { store, fake } = offline()
    await applyEdit(store, fake.api, retitle)
    fake.handlers['edits:discard'] = () => ({ ok: true, value: pendingOf(0) })
    fake.handlers['board:sync'] = () => ({ ok: true, value: snapshot(TASKS) })
    await discardEdits(store, fake.api)
    expect(store.getState().history.past).toEqual([])
    expect(await undoLast(store, fake.api)).toBe(false)
    expect(await redoLast(store, fake.api)).toBe(false)
    expect(fake.callsOf('tasks:update')).toHaveLength(1)
  })

  /** Main's discard as Electron delivers it: the empty journal's news, then the answer. */
  function discardsLikeMain(fake: ReturnType<typeof offline>['fake']) {
    fake.handlers['edits:discard'] = () => {
      fake.emit('edits:changed', pendingOf(0))
      return { ok: true, value: pendingOf(0) }
    }
    fake.handlers['board:sync'] = () => ({ ok: true, value: snapshot(TASKS) })
  }

  it('discarded edits have no undo or redo step when the journal says it is empty first', async () => {
    const { store, fake, shown } = offline()
    await applyEdit(store, fake.api, retitle)
    discardsLikeMain(fake)
    await discardEdits(store, fake.api)
    expect(store.getState().history.past).toEqual([])
    expect(await undoLast(store, fake.api)).toBe(false)
    expect(await redoLast(store, fake.api)).toBe(false)
    expect(fake.callsOf('tasks:update')).toHaveLength(1)
    // The discarded title is not laid over the board either.
    await expect.poll(() => shown('t1').title).toBe('Login page')
  })

  it('a discarded edit undone while it waited cannot be redone', async () => {
    const { store, fake } = offline()
    await applyEdit(store, fake.api, retitle)
    expect(await undoLast(store, fake.api)).toBe(true)
    discardsLikeMain(fake)
    await discardEdits(store, fake.api)
    const sent = fake.callsOf('tasks:update').length
    expect(await redoLast(store, fake.api)).toBe(false)
    expect(fake.callsOf('tasks:update')).toHaveLength(sent)
  })

  it('an edit undone while it waited, then sent and redone, survives a later discard', async () => {
    const { store, fake } = offline()
    await applyEdit(store, fake.api, retitle)
    expect(await undoLast(store, fake.api)).toBe(true)
    // The journal sends both the edit and its undo.
    fake.emit('edits:changed', pendingOf(0))
    fake.handlers['tasks:update'] = () => saved
    expect(await redoLast(store, fake.api)).toBe(true)
    fake.handlers['tasks:update'] = () => queued
    await applyEdit(store, fake.api, {
      kind: 'updateFields',
      updates: [{ id: 't2', title: 'API v2' }],
    })
    discardsLikeMain(fake)
    await discardEdits(store, fake.api)
    expect(store.getState().history.past.map((e) => e.label)).toEqual(['change "Login page"'])
    fake.handlers['tasks:update'] = () => saved
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)?.tasks).toEqual([{ id: 't1', title: 'Login page' }])
  })

  it('an edit the journal sent later keeps its undo step', async () => {
    const { store, fake } = offline()
    await applyEdit(store, fake.api, retitle)
    fake.emit('edits:changed', pendingOf(0))
    expect(store.getState().history.past.map((e) => [e.label, e.queued])).toEqual([
      ['change "Login page"', undefined],
    ])
  })
})

// A sync between an edit and its undo drops what main knew of the renderer's own write, so
// main's check (tasks:check) compares with a snapshot that already holds the colleague's change
// and finds nothing: the renderer itself compares what the step left with the task shown.
describe('undo and redo after a sync showed a change made elsewhere', () => {
  const theirs = {
    ...TASKS[0]!,
    title: 'Theirs',
    updatedAt: '2026-02-07T09:30:00.000Z',
    updatedBy: 'bob@example.com',
  }

  it('Undo asks before writing over it, naming who changed it and when', async () => {
    const { store, fake, shown } = setup()
    await applyEdit(store, fake.api, retitle)
    store.getState().snapshotReceived(snapshot([theirs, TASKS[1]!]))
    const undoing = undoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.title).toBe('Undo change "Login page"?')
    expect(asked.details).toEqual([
      'WEB-1 Theirs: changed by bob@example.com at 2026-02-07T09:30:00.000Z (title)',
    ])
    answerQuestion(store, asked.id, { choice: 'cancel' })
    expect(await undoing).toBe(false)
    expect(fake.callsOf('tasks:update')).toHaveLength(1)
    expect(shown('t1').title).toBe('Theirs')
    expect(store.getState().history.past).toHaveLength(1)

    const again = undoLast(store, fake.api)
    answerQuestion(store, (await question(store)).id, { choice: 'anyway' })
    expect(await again).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)?.tasks).toEqual([{ id: 't1', title: 'Login page' }])
  })

  it('Redo asks too when the task was changed elsewhere after the undo', async () => {
    const { store, fake, shown } = setup()
    await applyEdit(store, fake.api, retitle)
    expect(await undoLast(store, fake.api)).toBe(true)
    store.getState().snapshotReceived(snapshot([theirs, TASKS[1]!]))
    const redoing = redoLast(store, fake.api)
    const asked = await question(store)
    expect(asked.title).toBe('Redo change "Login page"?')
    expect(asked.details).toEqual([
      'WEB-1 Theirs: changed by bob@example.com at 2026-02-07T09:30:00.000Z (title)',
    ])
    answerQuestion(store, asked.id, { choice: 'cancel' })
    expect(await redoing).toBe(false)
    expect(fake.callsOf('tasks:update')).toHaveLength(2)
    expect(shown('t1').title).toBe('Theirs')
  })

  it('asks nothing when the board shows what the edit wrote in its own spelling', async () => {
    // A date written as a day comes back as midnight UTC (or without milliseconds, or with an
    // offset), a Person in lower case, a title trimmed: each read as "changed on the board".
    const { store, fake } = setup()
    await applyEdit(store, fake.api, {
      kind: 'updateFields',
      updates: [
        {
          id: 't1',
          title: ' Sign-in ',
          dueDate: '2026-03-12T00:00:00.000Z',
          properties: { Review: '2026-03-12', Reviewer: 'Ann@Example.com', Platforms: ['b', 'a'] },
        },
      ],
    })
    const ours = {
      ...TASKS[0]!,
      title: 'Sign-in',
      dueDate: '2026-03-12T00:00:00Z',
      properties: {
        Review: '2026-03-12T00:00:00.000Z',
        Reviewer: 'ann@example.com',
        Platforms: ['a', 'b'],
      },
      updatedAt: '2026-02-07T09:30:00.000Z',
    }
    store.getState().snapshotReceived(snapshot([ours, TASKS[1]!]))
    const undoing = undoLast(store, fake.api)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const asked = store.getState().question
    if (asked) answerQuestion(store, asked.id, { choice: 'cancel' })
    expect(asked?.details).toBeUndefined()
    expect(await undoing).toBe(true)
  })

  it("still asks about another user's change of case or spaces in a title or tags", async () => {
    // The board's own spelling is forgiven only where a board respells: not a colleague's
    // "Mail bob@x.io" to "Mail Bob@x.io", nor a tag ' sp ' made 'sp'.
    const cases: [{ title?: string; tags?: string[] }, Partial<Task>][] = [
      [{ title: 'Mail bob@x.io' }, { title: 'Mail Bob@x.io' }],
      [{ tags: [' sp '] }, { tags: ['sp'] }],
    ]
    for (const [written, theirs] of cases) {
      const { store, fake } = setup()
      await applyEdit(store, fake.api, {
        kind: 'updateFields',
        updates: [{ id: 't1', ...written }],
      })
      const changed = { ...TASKS[0]!, ...theirs, updatedAt: '2026-02-07T09:30:00.000Z' }
      store.getState().snapshotReceived(snapshot([changed, TASKS[1]!]))
      const undoing = undoLast(store, fake.api)
      const asked = await question(store)
      answerQuestion(store, asked.id, { choice: 'cancel' })
      expect(await undoing).toBe(false)
    }
  })

  it('asks nothing when the sync shows just what the edit wrote', async () => {
    const { store, fake } = setup()
    await applyEdit(store, fake.api, retitle)
    const ours = { ...TASKS[0]!, title: 'Sign-in', updatedAt: '2026-02-07T09:30:00.000Z' }
    store.getState().snapshotReceived(snapshot([ours, TASKS[1]!]))
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(store.getState().question).toBeNull()
  })
})
