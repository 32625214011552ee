import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { filtersFor, findCreatedTasks } from '../../../src-main/edits/find-created-tasks'
import { toListQuery } from '../../../src-shared/api'
import type { ListTasksFilters } from '../../../src-shared/api'
import { startTestService } from '../../support/service'
import type { TestService } from '../../support/service'
import { createTasks, listTasks, newTask } from '../../support/tasks'
import { sampleTask } from '../api/fixtures'

let service: TestService
const queries: string[] = []
const lister = {
  listTasks: async (filters: ListTasksFilters) => {
    const query = toListQuery(filters).toString()
    queries.push(query)
    return listTasks(service, query)
  },
}
beforeEach(async () => {
  service = await startTestService()
  queries.length = 0
})
afterEach(() => service.close())

describe('finding created tasks', () => {
  it('finds each new task, even with duplicate titles and look-alike tasks that already existed', async () => {
    await createTasks(service, newTask({ title: 'Write tests', dueDate: '2026-03-03' }))
    const before = await listTasks(service)
    const since = new Date(Date.now() - 60_000).toISOString()
    const items = [
      newTask({ title: 'Write tests', dueDate: '2026-03-03' }),
      newTask({ title: 'Write tests', dueDate: '2026-03-03' }),
      newTask({
        title: 'Ship',
        projectKey: 'APP',
        assignedUserEmail: 'ada.lovelace@example.com',
        tags: ['ui'],
      }),
    ]
    await createTasks(service, ...items)
    const found = await findCreatedTasks(lister, items, {
      knownIds: new Set(before.map((t) => t.id)),
      since,
    })
    const all = await listTasks(service)
    const byKey = (p: string, k: number) => all.find((t) => t.projectKey === p && t.key === k)!
    const entry = (index: number, projectKey: string, key: number) => {
      const task = byKey(projectKey, key)
      return { index, id: task.id, projectKey, key, task }
    }
    expect(found).toEqual({
      created: [entry(0, 'WEB', 2), entry(1, 'WEB', 3), entry(2, 'APP', 1)],
      unknown: [],
    })
    expect(queries[2]).toContain('assignedUserEmail=ada.lovelace%40example.com')
  })

  it('reads creation times by the instant they name: a board that writes them with an offset', async () => {
    // Another board's clock: the new task made at 12:30 UTC, written as 07:30 at -05:00; an older
    // look-alike made at 11:00 UTC, written as 13:00 at +02:00. Compared as strings, the new one
    // looked older than `since` and the old one newer: the old task was claimed as the new one.
    const since = '2026-11-28T12:00:00.000Z'
    const older = sampleTask({
      id: 'old',
      key: 7,
      title: 'Ship',
      createdAt: '2026-11-28T13:00:00+02:00',
    })
    const made = sampleTask({
      id: 'new',
      key: 8,
      title: 'Ship',
      createdAt: '2026-11-28T07:30:00-05:00',
    })
    const board = { listTasks: async () => [older, made] }
    const found = await findCreatedTasks(board, [newTask({ title: 'Ship' })], {
      knownIds: new Set(),
      since,
    })
    expect(found.created.map((c) => c.id)).toEqual(['new'])
  })

  it('reports items it cannot find as unknown instead of guessing', async () => {
    const found = await findCreatedTasks(lister, [newTask({ title: 'Never created' })], {
      knownIds: new Set(),
      since: '2000-01-01',
    })
    expect(found).toEqual({ created: [], unknown: [{ index: 0, title: 'Never created' }] })
  })

  it('leaves out a value the list filter cannot name (a comma in it) instead of failing', () => {
    // A board may have a status or tag with a comma; the spec forbids none. The look-up threw
    // before anything was sent, and tasks the board had created were reported as not created.
    const filters = filtersFor(
      newTask({ projectKey: 'OPS', status: 'Blocked, waiting', tags: ['a,b', 'c'] }),
    )
    expect(filters).toEqual({ projectKey: ['OPS'], type: 'task', tag: ['c'] })
    expect(toListQuery(filters).toString()).toBe('projectKey=OPS&tag=c&type=task')
  })

  it('narrows the query by every field the item sets', () => {
    expect(
      filtersFor(
        newTask({
          projectKey: 'OPS',
          status: 'Done',
          dueDate: '2026-04-01T23:30:00-02:00',
          startDate: '2026-03-30',
          priority: 'high',
          pinToTop: true,
          tags: ['a', 'b'],
        }),
      ),
    ).toEqual({
      projectKey: ['OPS'],
      type: 'task',
      status: ['Done'],
      dueDate: { from: '2026-04-02', to: '2026-04-02' }, // the UTC day the service files it under
      startDate: { from: '2026-03-30', to: '2026-03-30' },
      priority: 'high',
      pinToTop: true,
      tag: ['a'],
    })
    expect(
      filtersFor(newTask({ type: 'milestone', dueDate: '2026-04-01', priority: 'high' })),
    ).toEqual({
      projectKey: ['WEB'],
      type: 'milestone',
      dueDate: { from: '2026-04-01', to: '2026-04-01' },
    })
  })
})
