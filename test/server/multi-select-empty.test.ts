// An empty Multi-Select list (docs/board-service.md, Tasks): the spec types the value "array of
// strings", and [] is one. It is stored and read back as [], matches no `prop_` filter, and is
// not the property's removal (null removes).
import { afterEach, expect, it } from 'vitest'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, listTasks, newTask, taskByTitle } from '../support/tasks'

let service: TestService
afterEach(() => service.close())

it('keeps [] on create and on update, and no option filter matches it', async () => {
  service = await startTestService()
  await createTasks(service, newTask({ title: 'Empty', properties: { Platforms: [] } }))
  await createTasks(service, newTask({ title: 'Held', properties: { Platforms: ['Web'] } }))
  expect((await taskByTitle(service, 'Empty')).properties).toEqual({ Platforms: [] })
  const held = await taskByTitle(service, 'Held')
  const answer = await service.call('PATCH', '/api/v1/tasks', {
    tasks: [{ id: held.id, properties: { Platforms: [] } }],
  })
  expect(answer.status).toBe(200)
  expect((await taskByTitle(service, 'Held')).properties).toEqual({ Platforms: [] })
  expect(await listTasks(service, 'prop_Platforms=Web')).toEqual([])
})

it('still removes a Multi-Select property with null', async () => {
  service = await startTestService()
  await createTasks(service, newTask({ title: 'Held', properties: { Platforms: ['Web'] } }))
  const held = await taskByTitle(service, 'Held')
  const answer = await service.call('PATCH', '/api/v1/tasks', {
    tasks: [{ id: held.id, properties: { Platforms: null } }],
  })
  expect(answer.status).toBe(200)
  expect((await taskByTitle(service, 'Held')).properties).toEqual({})
})
