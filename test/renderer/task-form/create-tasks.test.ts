// createTasks against a fake PlannerApi: ONE tasks:create call; the tasks main found are shown at
// once and recorded for undo; those it could not find are "created, not yet seen" (a note, never
// a row) and are never sent again; a refusal changes nothing.
import { describe, expect, it } from 'vitest'
import type { CreateTaskItem } from '../../../src-shared/api'
import { createTasks } from '../../../src-renderer/state/actions/create-tasks'
import { stillUnseen } from '../../../src-renderer/task-form/unseen'
import { fakePlannerApi, snapshot, task } from '../state/fixtures'
import { createPlannerStore } from '../state/subject'

const ITEMS: CreateTaskItem[] = [
  {
    title: 'Write docs',
    projectKey: 'APP',
    descriptionType: 'text',
    descriptionContent: 'Some words',
    status: 'To Do',
    dueDate: '2026-05-03',
    tags: ['docs'],
    subtasks: [
      { title: 'Outline', projectKey: 'APP', descriptionType: 'text', descriptionContent: '' },
    ],
  },
  { title: 'Release', projectKey: 'APP', descriptionType: 'text', descriptionContent: '' },
]

function setup() {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot([task('t1', { projectKey: 'APP', key: 1 })]))
  const fake = fakePlannerApi()
  return { store, fake }
}

describe('createTasks', () => {
  it('one create batch; found tasks shown at once and recorded for undo', async () => {
    const { store, fake } = setup()
    fake.handlers['tasks:create'] = () => ({
      ok: true,
      value: {
        created: [
          { index: 0, id: 'n1', projectKey: 'APP', key: 12 },
          { index: 1, id: 'n2', projectKey: 'APP', key: 13 },
        ],
        unknown: [],
      },
    })
    const outcome = await createTasks(store, fake.api, ITEMS, { resync: false })
    expect(outcome).toEqual({
      status: 'created',
      tasks: [
        { id: 'n1', projectKey: 'APP', key: 12 },
        { id: 'n2', projectKey: 'APP', key: 13 },
      ],
      unknown: [],
    })
    expect(fake.callsOf('tasks:create')).toEqual([{ tasks: ITEMS }])
    const { board, history } = store.getState()
    expect(board.taskIds).toEqual(['t1', 'n1', 'n2'])
    expect(board.tasksById.n1).toMatchObject({
      title: 'Write docs',
      key: 12,
      status: 'To Do',
      dueDate: '2026-05-03T00:00:00.000Z',
      tags: ['docs'],
      description: 'Some words',
    })
    expect(history.past.at(-1)).toMatchObject({
      label: 'create APP-12, APP-13',
      undo: { kind: 'retireCreated', taskIds: ['n1', 'n2'] },
      redo: null,
    })
  })

  it('an unknown outcome: a note, no row, never re-sent', async () => {
    const { store, fake } = setup()
    fake.handlers['tasks:create'] = () => ({
      ok: true,
      value: {
        created: [{ index: 0, id: 'n1', projectKey: 'APP', key: 12 }],
        unknown: [{ index: 1, title: 'Release' }],
      },
    })
    const outcome = await createTasks(store, fake.api, ITEMS, { resync: false })
    expect(outcome).toMatchObject({ status: 'created', unknown: ['Release'] })
    const state = store.getState()
    expect(state.board.taskIds).toEqual(['t1', 'n1'])
    expect(state.view.unseenCreates).toMatchObject([{ projectKey: 'APP', title: 'Release' }])
    expect(state.edits.messages.at(-1)?.text).toMatch(/Created, not yet seen: "Release"/)
    expect(fake.callsOf('tasks:create')).toHaveLength(1)
    // The note goes once a sync shows a task of that project and title made since the request.
    const since = state.view.unseenCreates[0]!.since
    expect(stillUnseen(state.view.unseenCreates, state.board.tasksById)).toHaveLength(1)
    const seen = task('n2', { projectKey: 'APP', title: 'Release', createdAt: since })
    expect(stillUnseen(state.view.unseenCreates, { n2: seen })).toEqual([])
  })

  it('a board that trims titles: the note of "  Release " goes once "Release" is seen', () => {
    const note = {
      id: 1,
      title: '  Release ',
      projectKey: 'APP',
      since: '2026-11-28T12:00:00.000Z',
    }
    const made = task('n4', {
      projectKey: 'APP',
      title: 'Release',
      createdAt: '2026-11-28T12:30:00.000Z',
    })
    expect(stillUnseen([note], { n4: made })).toEqual([])
  })

  it('a board that writes creation times with an offset: the note goes by the instant', () => {
    const note = { id: 1, title: 'Release', projectKey: 'APP', since: '2026-11-28T12:00:00.000Z' }
    // Made at 12:30 UTC, written at -05:00: seen. An older look-alike at 11:00 UTC (+02:00): not.
    const made = task('n3', {
      projectKey: 'APP',
      title: 'Release',
      createdAt: '2026-11-28T07:30:00-05:00',
    })
    const older = task('n4', {
      projectKey: 'APP',
      title: 'Release',
      createdAt: '2026-11-28T13:00:00+02:00',
    })
    expect(stillUnseen([note], { n3: made })).toEqual([])
    expect(stillUnseen([note], { n4: older })).toEqual([note])
  })

  it('a refusal changes nothing and says why', async () => {
    const { store, fake } = setup()
    fake.handlers['tasks:create'] = () => ({
      ok: false,
      error: { code: 'INVALID_REQUEST', message: 'tasks[0].status: "Nope" is not a status' },
    })
    const outcome = await createTasks(store, fake.api, ITEMS, { resync: false })
    expect(outcome).toEqual({
      status: 'rejected',
      code: 'INVALID_REQUEST',
      message: 'tasks[0].status: "Nope" is not a status',
    })
    expect(store.getState().board.taskIds).toEqual(['t1'])
    expect(store.getState().history.past).toEqual([])
  })

  it('syncs afterwards, so the board version and the subtasks arrive', async () => {
    const { store, fake } = setup()
    fake.handlers['tasks:create'] = () => ({
      ok: true,
      value: { created: [{ index: 0, id: 'n1', projectKey: 'APP', key: 12 }], unknown: [] },
    })
    fake.handlers['board:sync'] = () => ({ ok: true, value: snapshot([]) })
    fake.handlers['edits:pending'] = () => ({
      ok: true,
      value: { profileId: 'local', count: 0, batches: [], taskIds: [], problems: [] },
    })
    await createTasks(store, fake.api, ITEMS.slice(0, 1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fake.callsOf('board:sync')).toEqual([{ cachedFirst: false }])
  })

  it('shows the board version main found, and does not sync when nothing else is missing', async () => {
    const { store, fake } = setup()
    const found = task('n2', {
      projectKey: 'APP',
      key: 13,
      title: 'Release',
      updatedAt: '2026-11-24T10:00:00.000Z',
    })
    fake.handlers['tasks:create'] = () => ({
      ok: true,
      value: {
        created: [{ index: 0, id: 'n2', projectKey: 'APP', key: 13, task: found }],
        unknown: [],
      },
    })
    await createTasks(store, fake.api, ITEMS.slice(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(store.getState().board.tasksById.n2).toEqual(found)
    expect(fake.callsOf('board:sync')).toEqual([])
  })
})
