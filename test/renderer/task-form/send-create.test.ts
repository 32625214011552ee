// The New task dialog's Create after its rules passed (sendCreate): the board's answer reaches
// the user whether or not the dialog is still open when it comes. Esc and Cancel stay usable
// while "Creating…" (a slow board must not trap the user in a modal), but they cannot call back
// a request already sent, so its outcome is told where the user will see it.
import { describe, expect, it } from 'vitest'
import type { CreateTaskItem } from '../../../src-shared/api'
import type { CreateTasksResult, IpcResult } from '../../../src-shared/ipc'
import { sendCreate } from '../../../src-renderer/task-form/send-create'
import { deferred, fakePlannerApi, snapshot, task } from '../state/fixtures'
import { createPlannerStore } from '../state/subject'

const ITEM: CreateTaskItem = {
  title: 'Write docs',
  projectKey: 'APP',
  descriptionType: 'markdown',
  descriptionContent: '',
}

function setup() {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot([task('t1', { projectKey: 'APP', key: 1 })]))
  const fake = fakePlannerApi()
  const answer = deferred<IpcResult<CreateTasksResult>>()
  fake.handlers['tasks:create'] = () => answer.promise
  // No sync wanted by these tests: a created task main found needs none.
  fake.handlers['board:sync'] = () => ({ ok: true, value: snapshot([]) })
  store.getState().openCreate({})
  // The dialog on screen is the one opened for this create (CreateDialog mounts a form while
  // view.creating is set; closing it and opening New task again mounts another).
  const dialog = store.getState().view.creating
  const send = () =>
    sendCreate(store, fake.api, ITEM, {
      parentId: '',
      stillOpen: () => store.getState().view.creating === dialog,
    })
  const messages = () => store.getState().edits.messages.map(({ kind, text }) => ({ kind, text }))
  return { store, answer, send, messages }
}

const REFUSED: IpcResult<CreateTasksResult> = {
  ok: false,
  error: { code: 'INVALID_REQUEST', message: 'tasks[0].status: "Nope" is not a status' },
}
const CREATED: IpcResult<CreateTasksResult> = {
  ok: true,
  value: {
    created: [
      {
        index: 0,
        id: 'n1',
        projectKey: 'APP',
        key: 12,
        task: task('n1', { projectKey: 'APP', key: 12, title: 'Write docs' }),
      },
    ],
    unknown: [],
  },
}

describe('sendCreate', () => {
  it('a refusal while the dialog is open is shown in it, which stays open with what was typed', async () => {
    const { store, answer, send, messages } = setup()
    const sent = send()
    answer.resolve(REFUSED)
    expect(await sent).toEqual({
      failure: 'The board did not create the task: tasks[0].status: "Nope" is not a status',
    })
    expect(store.getState().view.creating).not.toBeNull()
    expect(messages()).toEqual([])
  })

  it('a refusal that comes after Esc or Cancel closed the dialog is still told', async () => {
    const { store, answer, send, messages } = setup()
    const sent = send()
    store.getState().closeCreate()
    answer.resolve(REFUSED)
    await sent
    // Shown in the dialog, the refusal was lost with it: the user took the task as made.
    expect(messages()).toEqual([
      {
        kind: 'error',
        text:
          '"Write docs" was not created: the board refused it (tasks[0].status: "Nope" is not a ' +
          'status). Open New task to try again.',
      },
    ])
    expect(store.getState().board.taskIds).toEqual(['t1'])
  })

  it('a create that succeeds after its dialog was closed is said, and leaves a new dialog open', async () => {
    const { store, answer, send, messages } = setup()
    const sent = send()
    store.getState().closeCreate()
    store.getState().openCreate({ startDate: '2026-05-04' })
    answer.resolve(CREATED)
    await sent
    // The answer to the first create once closed the second dialog, and all typed in it.
    expect(store.getState().view.creating).toEqual({ startDate: '2026-05-04' })
    expect(store.getState().board.taskIds).toEqual(['t1', 'n1'])
    expect(messages()).toEqual([
      {
        kind: 'info',
        text: '"Write docs" was created as APP-12: closing the dialog does not call back a create already sent.',
      },
    ])
  })

  it('a create that succeeds with the dialog open closes it and shows the task', async () => {
    const { store, answer, send, messages } = setup()
    const sent = send()
    answer.resolve(CREATED)
    expect(await sent).toEqual({})
    expect(store.getState().view.creating).toBeNull()
    expect(store.getState().selection.focusedId).toBe('n1')
    expect(messages()).toEqual([])
  })
})
