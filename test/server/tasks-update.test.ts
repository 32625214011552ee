import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { UpdateTasksResponse } from '../../src-shared/api'
import { BASE_URL, startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, listTasks, newTask, taskByTitle } from '../support/tasks'

let service: TestService
let now = '2026-03-02T10:00:00.000Z'
beforeEach(async () => {
  service = await startTestService({ clock: () => new Date(now) })
  await createTasks(
    service,
    newTask({
      title: 'One',
      tags: ['a'],
      priority: 'high',
      assignedUserEmail: 'ada.lovelace@example.com',
      startDate: '2026-03-01T09:30:00Z',
      dueDate: '2026-03-04T17:00:00Z',
      properties: { Area: 'Design', 'Story Points': 2 },
    }),
    newTask({ title: 'Two', projectKey: 'APP' }),
    newTask({ title: 'Milestone', type: 'milestone', dueDate: '2026-04-01' }),
  )
})
afterEach(() => service.close())

const update = (tasks: unknown[], method: 'PUT' | 'PATCH' = 'PATCH') =>
  service.call(method, '/api/v1/tasks', { tasks })

describe('PUT and PATCH /api/v1/tasks', () => {
  it.each(['PUT', 'PATCH'] as const)(
    '%s updates by id and by project key + key, answering in request order',
    async (method) => {
      const one = await taskByTitle(service, 'One')
      const two = await taskByTitle(service, 'Two')
      const response = await update(
        [
          { projectKey: 'APP', key: 1, title: 'Two renamed' },
          { id: one.id, status: 'In Review' },
        ],
        method,
      )
      expect(response.status).toBe(200)
      expect(UpdateTasksResponse.parse(response.body).tasks).toEqual([
        {
          id: two.id,
          projectKey: 'APP',
          key: 1,
          title: 'Two renamed',
          url: `${BASE_URL}/tasks/${two.id}`,
        },
        { id: one.id, projectKey: 'WEB', key: 1, title: 'One', url: `${BASE_URL}/tasks/${one.id}` },
      ])
      expect((await taskByTitle(service, 'One')).status).toBe('In Review')
    },
  )

  it('moves dates by whole days keeping their time of day, and stamps updatedAt/By', async () => {
    const one = await taskByTitle(service, 'One')
    now = '2026-03-03T08:00:00.000Z'
    await update([
      { id: one.id, startDate: '2026-03-03T09:30:00.000Z', dueDate: '2026-03-06T17:00:00.000Z' },
    ])
    expect(await taskByTitle(service, 'One')).toMatchObject({
      startDate: '2026-03-03T09:30:00.000Z',
      dueDate: '2026-03-06T17:00:00.000Z',
      updatedAt: now,
      updatedBy: 'olivia.owner@example.com',
      createdAt: '2026-03-02T10:00:00.000Z',
    })
  })

  it('clears fields with empty strings, replaces tags and merges properties', async () => {
    const one = await taskByTitle(service, 'One')
    await update([
      {
        id: one.id,
        assignedUserEmail: '',
        priority: '',
        startDate: '',
        tags: ['b', 'c'],
        properties: { 'Story Points': 5, Platforms: ['Web'], Area: null },
      },
    ])
    expect(await taskByTitle(service, 'One')).toMatchObject({
      assignedUserEmail: '',
      priority: '',
      startDate: '',
      dueDate: '2026-03-04T17:00:00.000Z',
      tags: ['b', 'c'],
      properties: { 'Story Points': 5, Platforms: ['Web'] },
    })
    expect((await listTasks(service, 'tag=a')).length).toBe(0)
    expect((await listTasks(service, 'prop_Area=Design')).length).toBe(0)
    expect((await listTasks(service, 'prop_Platforms=Web')).map((t) => t.title)).toEqual(['One'])
  })

  it('converts a new description', async () => {
    const one = await taskByTitle(service, 'One')
    await update([{ id: one.id, descriptionType: 'markdown', descriptionContent: '*new*' }])
    const [html] = await listTasks(service, 'descriptionType=html&projectKey=WEB&type=task')
    expect(html!.description).toBe('<p><em>new</em></p>')
  })

  it('records who started and completed a task, and reopens it when it leaves done', async () => {
    const one = await taskByTitle(service, 'One')
    now = '2026-03-03T00:00:00.000Z'
    await update([{ id: one.id, status: 'In Progress' }])
    now = '2026-03-04T00:00:00.000Z'
    await update([{ id: one.id, status: 'Done' }])
    expect(await taskByTitle(service, 'One')).toMatchObject({
      startedAt: '2026-03-03T00:00:00.000Z',
      endedAt: '2026-03-04T00:00:00.000Z',
      endedBy: 'olivia.owner@example.com',
    })
    now = '2026-03-05T00:00:00.000Z'
    await update([{ id: one.id, status: 'Cancelled' }]) // done to done: still completed when it was
    expect((await taskByTitle(service, 'One')).endedAt).toBe('2026-03-04T00:00:00.000Z')
    await update([{ id: one.id, status: 'To Do' }])
    expect(await taskByTitle(service, 'One')).toMatchObject({
      startedAt: '2026-03-03T00:00:00.000Z',
      endedAt: '',
      endedBy: '',
    })
  })

  it('sets and clears the parent by id or by key, and never makes a task its own ancestor', async () => {
    const one = await taskByTitle(service, 'One')
    const two = await taskByTitle(service, 'Two')
    // Two (APP) under One (WEB): a parent in another project is taken (docs/board-service.md).
    expect((await update([{ id: two.id, parentProjectKey: 'WEB', parentKey: 1 }])).status).toBe(200)
    expect((await taskByTitle(service, 'Two')).parentId).toBe(one.id)
    const cycle = await update([{ id: one.id, parentId: two.id }])
    expect(cycle.status).toBe(400)
    expect(cycle.body.message).toContain('tasks[0].parentId')
    expect(cycle.body.message).toContain('cannot become its own ancestor')
    const self = await update([{ id: one.id, parentId: one.id }])
    expect(self.body.message).toContain('the task itself')
    await update([{ id: two.id, parentId: '' }])
    expect((await taskByTitle(service, 'Two')).parentId).toBe('')
  })

  it('keeps subtasks within the nesting limit a create has, a batch of moves included', async () => {
    // Ten separate tasks, L1 to L10, then linked into one chain by parent updates.
    await createTasks(
      service,
      ...Array.from({ length: 10 }, (_, i) => newTask({ title: `L${i + 1}`, projectKey: 'OPS' })),
    )
    const ids = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => (await taskByTitle(service, `L${i + 1}`)).id),
    )
    const link = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => ({
        id: ids[from + i]!,
        parentId: ids[from + i - 1]!,
      }))
    // L1 > L2 > ... > L8: eight levels, the most a create allows.
    expect((await update(link(1, 8))).status).toBe(200)
    // L9 under L8 is a ninth level; so is L8 (with L9 below it) moved under the chain's end.
    const ninth = await update([{ id: ids[8]!, parentId: ids[7]! }])
    expect(ninth.status).toBe(400)
    expect(ninth.body.message).toContain('tasks[0].parentId')
    expect(ninth.body.message).toContain('would nest 9 levels deep; subtasks nest at most 8')
    // In one batch: L10 under L9, then L9 under L8 (each fine alone at the time of the first).
    const batch = await update([
      { id: ids[9]!, parentId: ids[8]! },
      { id: ids[8]!, parentId: ids[7]! },
    ])
    expect(batch.status).toBe(400)
    expect(batch.body.message).toContain('tasks[1].parentId')
    expect((await taskByTitle(service, 'L10')).parentId).toBe('')
    // Moving a task up keeps it within: L8 under L1 is two levels.
    expect((await update([{ id: ids[7]!, parentId: ids[0]! }])).status).toBe(200)
  })

  it('links and unlinks a milestone; a milestone ignores the fields the spec lists', async () => {
    const one = await taskByTitle(service, 'One')
    const milestone = await taskByTitle(service, 'Milestone')
    await update([{ id: one.id, milestoneProjectKey: 'WEB', milestoneKey: milestone.key }])
    expect((await taskByTitle(service, 'One')).milestoneId).toBe(milestone.id)
    await update([{ id: one.id, milestoneId: '' }])
    expect((await taskByTitle(service, 'One')).milestoneId).toBe('')
    const response = await update([
      {
        id: milestone.id,
        priority: 'high',
        tags: ['x'],
        startDate: '2026-03-01',
        pinToTop: true,
        dueDate: '2026-04-02',
        title: 'Launch',
      },
    ])
    expect(response.status).toBe(200)
    expect(await taskByTitle(service, 'Launch')).toMatchObject({
      priority: '',
      tags: [],
      startDate: '',
      pinToTop: false,
      dueDate: '2026-04-02T00:00:00.000Z',
    })
  })

  it('applies a batch whole or not at all, naming the failing item and field', async () => {
    const one = await taskByTitle(service, 'One')
    const response = await update([
      { id: one.id, title: 'Changed' },
      { projectKey: 'APP', key: 1, status: 'Shipped' },
    ])
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ error: true })
    expect(response.body.message).toContain('tasks[1].status')
    expect(response.body.message).toContain('"Shipped" is not a status of this board')
    expect((await taskByTitle(service, 'One')).title).toBe('One')
  })

  it('answers 404 for an unknown task and 400 for a start after the due date', async () => {
    const missing = await update([{ projectKey: 'WEB', key: 99, title: 'x' }])
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('tasks[0].key: no task WEB-99 on this board.')
  })

  it('names the date field the client sent when the dates would be out of order', async () => {
    const one = await taskByTitle(service, 'One')
    // Only dueDate sent: the stored start is not the client's mistake to look for.
    const dueOnly = await update([{ id: one.id, dueDate: '2026-02-01' }])
    expect(dueOnly.status).toBe(400)
    expect(dueOnly.body.issues).toEqual([
      {
        path: 'tasks[0].dueDate',
        message:
          'the due date (2026-02-01T00:00:00.000Z) is before the start (2026-03-01T09:30:00.000Z) the task has',
      },
    ])
    const startOnly = await update([{ id: one.id, startDate: '2026-03-05' }])
    expect(startOnly.body.issues).toEqual([
      {
        path: 'tasks[0].startDate',
        message:
          'the start (2026-03-05T00:00:00.000Z) is after the due date (2026-03-04T17:00:00.000Z) the task has',
      },
    ])
    // Both sent: the start is named, as on create.
    const both = await update([{ id: one.id, startDate: '2026-03-05', dueDate: '2026-03-02' }])
    expect(both.body.issues).toEqual([
      {
        path: 'tasks[0].startDate',
        message:
          'the start (2026-03-05T00:00:00.000Z) is after the due date (2026-03-02T00:00:00.000Z)',
      },
    ])
    const stored = await taskByTitle(service, 'One')
    expect([stored.startDate, stored.dueDate]).toEqual([
      '2026-03-01T09:30:00.000Z',
      '2026-03-04T17:00:00.000Z',
    ])
  })
})
