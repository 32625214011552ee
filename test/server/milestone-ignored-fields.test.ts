// A milestone ignores some update fields (the spec's rule 2), but what is sent is still checked:
// under --property-null refuse a null property was refused on a task and on a milestone's
// create, yet taken on a milestone's update, hiding a client's stray null there only.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, newTask, taskByTitle } from '../support/tasks'

let service: TestService
beforeAll(async () => {
  service = await startTestService({ propertyNull: 'refuse' })
  await createTasks(service, newTask({ title: 'Launch', type: 'milestone', dueDate: '2026-05-01' }))
})
afterAll(() => service.close())

it('refuses a null property on a milestone update as on a task, changing nothing', async () => {
  const milestone = await taskByTitle(service, 'Launch')
  const answer = await service.call('PUT', '/api/v1/tasks', {
    tasks: [{ id: milestone.id, title: 'Launch v2', properties: { 'Story Points': null } }],
  })
  expect(answer.status).toBe(400)
  expect(answer.body.message).toContain('tasks[0].properties.Story Points')
  expect((await taskByTitle(service, 'Launch')).title).toBe('Launch')
})
