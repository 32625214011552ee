import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Task } from '../../src-shared/api'
import { BASE_URL, startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, listTasks, newTask, taskByTitle, titles } from '../support/tasks'

let service: TestService
const clockTime = '2026-03-02T10:00:00.000Z'
beforeEach(async () => {
  service = await startTestService({ clock: () => new Date(clockTime) })
})
afterEach(() => service.close())

describe('POST /api/v1/tasks', () => {
  it('creates a task with every field present, defaults filled and the owner as creator', async () => {
    const response = await service.call('POST', '/api/v1/tasks', {
      tasks: [newTask({ title: 'Write spec' })],
    })
    expect(response).toEqual({ status: 200, body: { success: true } })
    const [task] = await listTasks(service)
    // Every field of the spec's Task table, plus the task URL.
    expect(Object.keys(task!).sort()).toEqual([...Object.keys(Task.shape), 'url'].sort())
    expect(task).toMatchObject({
      parentId: '',
      projectKey: 'WEB',
      key: 1,
      title: 'Write spec',
      description: '',
      coverImageUrl: '',
      assignedUserEmail: '',
      startDate: '',
      dueDate: '',
      status: 'Backlog',
      tags: [],
      pinToTop: false,
      priority: '',
      type: 'task',
      milestoneId: '',
      createdAt: clockTime,
      createdBy: 'olivia.owner@example.com',
      updatedAt: clockTime,
      updatedBy: 'olivia.owner@example.com',
      startedAt: '',
      endedAt: '',
      properties: {},
    })
    expect(task!.id).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(task!.url).toBe(`${BASE_URL}/tasks/${task!.id}`)
  })

  it('numbers keys from 1 per project', async () => {
    await createTasks(
      service,
      newTask({ title: 'w1' }),
      newTask({ title: 'a1', projectKey: 'APP' }),
      newTask({ title: 'w2' }),
    )
    const tasks = await listTasks(service)
    expect(tasks.map((t) => `${t.projectKey}-${t.key}:${t.title}`)).toEqual([
      'WEB-1:w1',
      'APP-1:a1',
      'WEB-2:w2',
    ])
  })

  it('stores every optional field, normalising dates to UTC timestamps and e-mails to lower case', async () => {
    await createTasks(
      service,
      newTask({
        title: 'Full',
        status: 'In Progress',
        assignedUserEmail: 'Ada.Lovelace@example.com',
        priority: 'high',
        pinToTop: true,
        tags: ['ui', 'ui', 'urgent'],
        startDate: '2026-03-01',
        dueDate: '2026-03-05T17:30:00+02:00',
        properties: {
          'Story Points': 5,
          Area: 'Design',
          Platforms: ['Web', 'iOS'],
          Blocked: true,
          'Release Date': '2026-04-01',
        },
      }),
    )
    const task = await taskByTitle(service, 'Full')
    expect(task).toMatchObject({
      status: 'In Progress',
      assignedUserEmail: 'ada.lovelace@example.com',
      priority: 'high',
      pinToTop: true,
      tags: ['ui', 'urgent'],
      startDate: '2026-03-01T00:00:00.000Z',
      dueDate: '2026-03-05T15:30:00.000Z',
      startedAt: clockTime,
      startedBy: 'olivia.owner@example.com',
      properties: {
        'Story Points': 5,
        Area: 'Design',
        Platforms: ['Web', 'iOS'],
        Blocked: true,
        'Release Date': '2026-04-01T00:00:00.000Z',
      },
    })
  })

  it('creates subtasks recursively as children of their parent', async () => {
    await createTasks(
      service,
      newTask({
        title: 'Parent',
        subtasks: [
          newTask({
            title: 'Child',
            // A subtask in another project than its parent is taken (docs/board-service.md).
            subtasks: [newTask({ title: 'Grandchild', projectKey: 'APP' })],
          }),
        ],
      }),
    )
    const tasks = await listTasks(service)
    const byTitle = Object.fromEntries(tasks.map((t) => [t.title, t]))
    expect(byTitle['Child']!.parentId).toBe(byTitle['Parent']!.id)
    expect(byTitle['Grandchild']!.parentId).toBe(byTitle['Child']!.id)
    expect(byTitle['Grandchild']!.projectKey).toBe('APP')
  })

  it('drops the fields a milestone ignores and links tasks to it by id or by key', async () => {
    await createTasks(
      service,
      newTask({
        title: 'Launch',
        type: 'milestone',
        dueDate: '2026-06-01',
        startDate: '2026-05-01',
        priority: 'high',
        assignedUserEmail: 'ada.lovelace@example.com',
        tags: ['x'],
        pinToTop: true,
        properties: { Area: 'Design' },
        subtasks: [newTask({ title: 'ignored subtask' })],
      }),
    )
    const milestone = await taskByTitle(service, 'Launch')
    expect(milestone).toMatchObject({
      type: 'milestone',
      dueDate: '2026-06-01T00:00:00.000Z',
      startDate: '',
      priority: '',
      assignedUserEmail: '',
      tags: [],
      pinToTop: false,
      properties: {},
    })
    await createTasks(
      service,
      newTask({ title: 'By id', milestoneId: milestone.id }),
      newTask({ title: 'By key', milestoneProjectKey: 'WEB', milestoneKey: milestone.key }),
    )
    const tasks = await listTasks(service)
    expect(titles(tasks)).not.toContain('ignored subtask')
    expect(tasks.filter((t) => t.milestoneId === milestone.id).map((t) => t.title)).toEqual([
      'By id',
      'By key',
    ])
  })

  it('stores descriptions in all formats and returns the requested one', async () => {
    await createTasks(
      service,
      newTask({
        title: 'Doc',
        descriptionType: 'markdown',
        descriptionContent: '# Plan\n\nShip **fast** <script>alert(1)</script>',
      }),
    )
    const [asText] = await listTasks(service)
    const [asHtml] = await listTasks(service, 'descriptionType=html')
    const [asMarkdown] = await listTasks(service, 'descriptionType=markdown')
    expect(asText!.description).toBe('Plan\n\nShip fast')
    expect(asHtml!.description).toContain('<h1>Plan</h1>')
    expect(asHtml!.description).toContain('<strong>fast</strong>')
    expect(asHtml!.description).not.toContain('<script')
    expect(asMarkdown!.description).toContain('Ship **fast**')
  })

  it('sanitises HTML descriptions and converts them to markdown', async () => {
    await createTasks(
      service,
      newTask({
        title: 'Html',
        descriptionType: 'html',
        descriptionContent: '<p onclick="x()">Hi <em>there</em><img src="javascript:alert(1)"></p>',
      }),
    )
    const [html] = await listTasks(service, 'descriptionType=html')
    const [markdown] = await listTasks(service, 'descriptionType=markdown')
    expect(html!.description).toBe('<p>Hi <em>there</em><img /></p>')
    expect(markdown!.description).toBe('Hi _there_')
  })

  it('escapes plain-text descriptions when they are read as HTML', async () => {
    await createTasks(service, newTask({ title: 'Text', descriptionContent: 'a < b & *c*' }))
    const [html] = await listTasks(service, 'descriptionType=html')
    const [markdown] = await listTasks(service, 'descriptionType=markdown')
    expect(html!.description).toBe('<p>a &#60; b &#38; *c*</p>')
    // Every '<' is escaped in markdown (it could open HTML): description-forms.test.ts.
    expect(markdown!.description).toBe('a \\< b & \\*c\\*')
  })

  it('refuses a Select value that is not an option, naming the item and property', async () => {
    const response = await service.call('POST', '/api/v1/tasks', {
      tasks: [newTask(), newTask({ properties: { Area: 'Marketing' } })],
    })
    expect(response.status).toBe(400)
    expect(response.body.error).toBe(true)
    expect(response.body.message).toContain('tasks[1].properties.Area')
    expect(response.body.message).toContain('"Marketing" is not an option')
    expect(await listTasks(service)).toEqual([])
  })
})
