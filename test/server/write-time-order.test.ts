// A write's timestamps are taken when it is written, not when its request arrived. A request
// whose description is converted first (in the worker pool) used to stamp the time it arrived:
// a quick edit of the same task that arrived later but was written first was then followed by
// an older updatedAt, and a client syncing on updatedAt missed the slow write.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, newTask, taskByTitle } from '../support/tasks'

let service: TestService
/** Each read of the clock is a millisecond later than the one before. */
let ticks = 0
beforeEach(async () => {
  ticks = 0
  service = await startTestService({
    clock: () => new Date(Date.UTC(2026, 2, 1) + (ticks += 1)),
  })
  await createTasks(service, newTask({ title: 'Shared' }))
})
afterEach(() => service.close())

it('a slow update written after a quick one has the later updatedAt', async () => {
  const { id } = await taskByTitle(service, 'Shared')
  const slow = service.call('PATCH', '/api/v1/tasks', {
    tasks: [{ id, descriptionType: 'markdown', descriptionContent: '_a'.repeat(20_000) }],
  })
  const quick = await service.call('PATCH', '/api/v1/tasks', {
    tasks: [{ id, status: 'In Progress' }],
  })
  expect(quick.status).toBe(200)
  const afterQuick = (await taskByTitle(service, 'Shared')).updatedAt
  expect((await slow).status).toBe(200)
  const last = await taskByTitle(service, 'Shared')
  expect(last.description).toContain('a')
  expect(Date.parse(last.updatedAt)).toBeGreaterThanOrEqual(Date.parse(afterQuick))
})
