// deps:between, what undo and redo of a dependency read before they send anything: the board's
// dependency between two tasks as it is now (read afresh over HTTP, not from the last sync), or
// null, against a real local board. Dependencies of either task with other tasks are not it.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiClient } from '../../../src-main/api'
import type { Dependency } from '../../../src-shared/api'
import type { BoardSnapshot } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
const call = <T>(channel: string, payload?: unknown) => planner.call<T>(channel, payload)

beforeAll(async () => {
  planner = await startServices('tb-deps-between-', 40)
})
afterAll(() => planner.close())

it('reads the dependency between two tasks as the board holds it now, or null', async () => {
  const snapshot = await call<BoardSnapshot>('board:sync', {})
  const [a, b, c] = snapshot.tasks.filter((t) => t.type === 'task')
  const board = planner.services.localBoard!
  const theirs = new ApiClient({ baseUrl: board.url, apiKey: board.apiKey })
  const ends = { predecessorId: a!.id, successorId: b!.id }
  expect(await call('deps:between', ends)).toBeNull()

  // Made elsewhere, after the sync: a, and another of a's (a -> c) and one the other way (b -> a).
  await theirs.createDependency({ predecessorId: a!.id, successorId: c!.id, lagDays: 1 })
  await theirs.createDependency({ predecessorId: b!.id, successorId: c!.id, lagDays: 2 })
  expect(await call('deps:between', ends)).toBeNull()
  const made = await theirs.createDependency({ ...ends, lagDays: 3 })
  expect(await call<Dependency | null>('deps:between', ends)).toMatchObject({
    id: made.id,
    ...ends,
    lagDays: 3,
  })
  // The other way round is another pair.
  expect(await call('deps:between', { predecessorId: b!.id, successorId: a!.id })).toBeNull()
  await theirs.deleteDependency({ id: made.id })
  expect(await call('deps:between', ends)).toBeNull()
})

it('refuses a request without both tasks', async () => {
  await expect(call('deps:between', { predecessorId: 'x' })).rejects.toThrow(
    /^deps:between: INVALID_REQUEST .*successorId/,
  )
})
