import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CreateDependencyResponse, ListDependenciesResponse } from '../../src-shared/api'
import { BASE_URL, startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, listTasks, newTask } from '../support/tasks'
import type { Task } from '../../src-shared/api'

let service: TestService
let tasks: Task[]
beforeEach(async () => {
  service = await startTestService({ clock: () => new Date('2026-03-02T10:00:00.000Z') })
  await createTasks(
    service,
    newTask({ title: 'Design' }),
    newTask({ title: 'Build' }),
    newTask({ title: 'Ship', projectKey: 'OPS' }),
  )
  tasks = await listTasks(service)
})
afterEach(() => service.close())

const link = (body: unknown) => service.call('POST', '/api/v1/dependencies', body)
const byKeys = (from: number, to: number, lagDays?: number) => ({
  predecessorProjectKey: 'WEB',
  predecessorKey: from,
  successorProjectKey: 'WEB',
  successorKey: to,
  ...(lagDays === undefined ? {} : { lagDays }),
})

describe('dependencies', () => {
  it('creates a dependency by ids and returns every field of the Dependency object', async () => {
    const [design, build] = tasks as [Task, Task]
    const response = await link({ predecessorId: design.id, successorId: build.id, lagDays: 3 })
    expect(response.status).toBe(200)
    const { dependency } = CreateDependencyResponse.parse(response.body)
    expect(dependency).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
      predecessorId: design.id,
      predecessorKey: 1,
      predecessorProjectKey: 'WEB',
      predecessorTitle: 'Design',
      predecessorUrl: `${BASE_URL}/tasks/${design.id}`,
      successorId: build.id,
      successorKey: 2,
      successorProjectKey: 'WEB',
      successorTitle: 'Build',
      successorUrl: `${BASE_URL}/tasks/${build.id}`,
      lagDays: 3,
      createdAt: '2026-03-02T10:00:00.000Z',
    })
  })

  it('defaults lagDays to 0 and links tasks by project key + key', async () => {
    const response = await link(byKeys(1, 2))
    expect(response.body.dependency.lagDays).toBe(0)
  })

  it('lists all dependencies, or those of one task as predecessor or successor', async () => {
    await link(byKeys(1, 2))
    const ship = tasks[2]!
    await link({
      predecessorProjectKey: 'WEB',
      predecessorKey: 2,
      successorId: ship.id,
      lagDays: 1,
    })
    const all = ListDependenciesResponse.parse(
      (await service.call('GET', '/api/v1/dependencies')).body,
    ).dependencies
    expect(all.map((d) => `${d.predecessorTitle}->${d.successorTitle}`)).toEqual([
      'Design->Build',
      'Build->Ship',
    ])
    const ofBuild = (await service.call('GET', '/api/v1/dependencies?taskProjectKey=WEB&taskKey=2'))
      .body.dependencies
    expect(ofBuild).toHaveLength(2)
    const ofShip = (await service.call('GET', `/api/v1/dependencies?taskId=${ship.id}`)).body
      .dependencies
    expect(ofShip.map((d: { predecessorTitle: string }) => d.predecessorTitle)).toEqual(['Build'])
  })

  it.each([
    ['SELF_REFERENCE', 400, byKeys(1, 1), 'WEB-1 cannot depend on itself.'],
    ['TASKS_NOT_FOUND', 404, byKeys(1, 9), 'Not found on this board: the successor (WEB-9).'],
    [
      'TASKS_NOT_FOUND',
      404,
      { predecessorId: 'nope', successorId: 'nada' },
      'Not found on this board: the predecessor (id "nope") and the successor (id "nada").',
    ],
  ])('refuses with %s', async (code, status, body, message) => {
    const response = await link(body)
    expect(response).toEqual({ status, body: { error: code, message } })
  })

  it('refuses a duplicate and a cycle, directly or through other tasks', async () => {
    await link(byKeys(1, 2))
    const duplicate = await link(byKeys(1, 2, 4))
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.error).toBe('DUPLICATE')
    expect((await link(byKeys(2, 1))).body.error).toBe('CYCLE_DETECTED')
    const ship = tasks[2]!
    await link({ predecessorProjectKey: 'WEB', predecessorKey: 2, successorId: ship.id })
    const indirect = await link({
      predecessorId: ship.id,
      successorProjectKey: 'WEB',
      successorKey: 1,
    })
    expect(indirect).toMatchObject({ status: 409, body: { error: 'CYCLE_DETECTED' } })
    expect(indirect.body.message).toContain('would make a cycle')
    expect((await service.call('GET', '/api/v1/dependencies')).body.dependencies).toHaveLength(2)
  })

  it('answers bad create bodies with the string code INVALID_REQUEST', async () => {
    const response = await link({ ...byKeys(1, 2), lagDays: 1.5 })
    expect(response.status).toBe(400)
    expect(response.body.error).toBe('INVALID_REQUEST')
    expect(response.body.message).toContain('lagDays')
  })

  it('deletes by id and by both tasks; an unknown one is a 404 in the boolean shape', async () => {
    const first = (await link(byKeys(1, 2))).body.dependency
    await link({ predecessorProjectKey: 'WEB', predecessorKey: 2, successorId: tasks[2]!.id })
    expect(await service.call('DELETE', '/api/v1/dependencies', { id: first.id })).toEqual({
      status: 200,
      body: { success: true },
    })
    expect(
      await service.call('DELETE', '/api/v1/dependencies', {
        predecessorProjectKey: 'WEB',
        predecessorKey: 2,
        successorProjectKey: 'OPS',
        successorKey: 1,
      }),
    ).toEqual({ status: 200, body: { success: true } })
    expect((await service.call('GET', '/api/v1/dependencies')).body.dependencies).toEqual([])
    const again = await service.call('DELETE', '/api/v1/dependencies', { id: first.id })
    expect(again).toEqual({
      status: 404,
      body: { error: true, message: `No dependency with id "${first.id}" on this board.` },
    })
  })
})

// Choices where the spec is silent (docs/board-service.md, Dependencies): a dependency only
// orders two tasks' dates, so it may end at a milestone (the usual "done before the release"),
// start at one, and join a parent and its own subtask in either direction (a parent that
// cannot finish before a child, or a child that starts after its parent's design work). Only
// a task with itself and a cycle are refused.
describe('dependencies the spec neither allows nor forbids', () => {
  it('takes a milestone as predecessor or successor', async () => {
    await createTasks(
      service,
      newTask({ title: 'Release', type: 'milestone', dueDate: '2026-05-01' }),
    )
    const release = (await listTasks(service)).find((t) => t.title === 'Release')!
    const [design, build] = tasks as [Task, Task]
    const into = await link({ predecessorId: design.id, successorId: release.id })
    expect(into.status).toBe(200)
    expect(into.body.dependency.successorId).toBe(release.id)
    const out = await link({ predecessorId: release.id, successorId: build.id, lagDays: 1 })
    expect(out.status).toBe(200)
    expect(out.body.dependency.predecessorId).toBe(release.id)
  })

  it('joins a parent and its own subtask, in either direction, but not both ways', async () => {
    await createTasks(
      service,
      newTask({
        title: 'Parent',
        subtasks: [newTask({ title: 'Child' }), newTask({ title: 'Sibling' })],
      }),
    )
    const all = await listTasks(service)
    const [parent, child, sibling] = ['Parent', 'Child', 'Sibling'].map((title) =>
      all.find((t) => t.title === title)!,
    ) as [Task, Task, Task]
    expect(child.parentId).toBe(parent.id)
    expect((await link({ predecessorId: child.id, successorId: parent.id })).status).toBe(200)
    expect((await link({ predecessorId: parent.id, successorId: sibling.id })).status).toBe(200)
    // The usual rules still hold: the reverse of an existing link is a cycle.
    const back = await link({ predecessorId: parent.id, successorId: child.id })
    expect(back.status).toBe(409)
    expect(back.body.error).toBe('CYCLE_DETECTED')
  })

  it('joins tasks of different projects', async () => {
    const [design, , ship] = tasks as [Task, Task, Task]
    const response = await link({ predecessorId: design.id, successorId: ship.id })
    expect(response.status).toBe(200)
    expect(response.body.dependency).toMatchObject({
      predecessorProjectKey: 'WEB',
      successorProjectKey: 'OPS',
    })
  })
})
