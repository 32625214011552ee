// Field edits (title, status, tags, properties, description, links...) take the same road as date
// drags: shown at once, one tasks:update batch with only the changed fields, rolled back slot by
// slot on refusal, kept over a snapshot that predates them, and undone exactly by their inverse.
import { describe, expect, it } from 'vitest'
import type { Task } from '../../../src-shared/api'
import type { IpcResult, UpdateTasksResult } from '../../../src-shared/ipc'
import { deferred, fakePlannerApi, snapshot, task } from './fixtures'
import type { Command } from './subject'
import { applyEdit, createPlannerStore, runCommand } from './subject'

const TASKS: Task[] = [
  task('t1', {
    title: 'Login page',
    status: 'To Do',
    tags: ['web'],
    properties: { Points: 3 },
    description: 'Old words',
    updatedAt: '2026-02-01T10:00:00.000Z',
  }),
  task('t2', { title: 'API', updatedAt: '2026-02-02T10:00:00.000Z' }),
]

const saved: IpcResult<UpdateTasksResult> = {
  ok: true,
  value: { status: 'sent', updated: [], conflicts: [] },
}
const refused: IpcResult<UpdateTasksResult> = {
  ok: false,
  error: { code: 'INVALID_REQUEST', message: 'tasks[0].status: no such status' },
}

const edit = (updates: Extract<Command, { kind: 'updateFields' }>['updates']): Command => ({
  kind: 'updateFields',
  updates,
})

function setup(answer: () => Promise<IpcResult<UpdateTasksResult>> | IpcResult<UpdateTasksResult>) {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot(TASKS))
  const fake = fakePlannerApi({ 'tasks:update': answer })
  return { store, fake, task: (id: string) => store.getState().board.tasksById[id] as Task }
}

describe('updateFields', () => {
  it('sends only the fields that change, and its inverse restores exactly them', () => {
    const board = { tasksById: Object.fromEntries(TASKS.map((t) => [t.id, t])) }
    const result = runCommand(
      board,
      edit([
        { id: 't1', title: 'Login page', status: 'Doing', tags: ['web', 'auth'] },
        { id: 't1', properties: { Points: 5, Area: 'Web' } },
      ]),
    )
    expect(result.updates).toEqual([
      { id: 't1', status: 'Doing', tags: ['web', 'auth'], properties: { Points: 5, Area: 'Web' } },
    ])
    expect(result.inverse).toEqual(
      edit([{ id: 't1', status: 'To Do', tags: ['web'], properties: { Points: 3, Area: null } }]),
    )
    const back = runCommand(result.next, result.inverse)
    expect(back.next.tasksById.t1).toEqual(TASKS[0])
  })

  it('clears with the empty string and changes the description as typed', () => {
    const board = { tasksById: Object.fromEntries(TASKS.map((t) => [t.id, t])) }
    const result = runCommand(
      board,
      edit([
        { id: 't1', descriptionType: 'markdown', descriptionContent: '**New**', parentId: '' },
      ]),
    )
    // parentId was already '' (no parent): not sent.
    expect(result.updates).toEqual([
      { id: 't1', descriptionType: 'markdown', descriptionContent: '**New**' },
    ])
    expect(result.next.tasksById.t1?.description).toBe('**New**')
    expect(result.inverse).toEqual(
      edit([{ id: 't1', descriptionType: 'markdown', descriptionContent: 'Old words' }]),
    )
  })

  it('shows the edit at once and sends one batch with what the user saw', async () => {
    const answer = deferred<IpcResult<UpdateTasksResult>>()
    const { store, fake, task: shown } = setup(() => answer.promise)
    const done = applyEdit(store, fake.api, edit([{ id: 't1', title: 'Sign-in page' }]))
    expect(shown('t1').title).toBe('Sign-in page')
    expect(fake.callsOf('tasks:update')).toEqual([
      { tasks: [{ id: 't1', title: 'Sign-in page' }], seen: { t1: '2026-02-01T10:00:00.000Z' } },
    ])
    answer.resolve(saved)
    expect(await done).toEqual({ status: 'saved' })
    expect(shown('t1').title).toBe('Sign-in page')
  })

  it('rolls back only the refused edit, keeping a later edit of another field of the task', async () => {
    const first = deferred<IpcResult<UpdateTasksResult>>()
    let calls = 0
    const { store, fake, task: shown } = setup(() => (++calls === 1 ? first.promise : saved))
    const refusedEdit = applyEdit(store, fake.api, edit([{ id: 't1', status: 'Nope' }]))
    await applyEdit(store, fake.api, edit([{ id: 't1', title: 'Sign-in page' }]))
    first.resolve(refused)
    expect(await refusedEdit).toMatchObject({ status: 'rejected' })
    expect(shown('t1')).toMatchObject({ status: 'To Do', title: 'Sign-in page' })
    expect(store.getState().edits.messages.map((m) => m.text)).toEqual([
      'Could not change "Login page": tasks[0].status: no such status',
    ])
  })

  it('keeps an accepted edit over a snapshot read before it landed', async () => {
    const { store, fake, task: shown } = setup(() => saved)
    await applyEdit(
      store,
      fake.api,
      edit([{ id: 't1', tags: ['auth'], properties: { Points: 8 } }]),
    )
    store.getState().snapshotReceived(snapshot(TASKS))
    expect(shown('t1')).toMatchObject({ tags: ['auth'], properties: { Points: 8 } })
    // A snapshot read after the write (the board's updatedAt moved on) is the board's word.
    const later = { ...TASKS[0]!, tags: ['other'], updatedAt: '2026-02-09T00:00:00.000Z' }
    store.getState().snapshotReceived(snapshot([later, TASKS[1]!]))
    expect(shown('t1').tags).toEqual(['other'])
  })
})
