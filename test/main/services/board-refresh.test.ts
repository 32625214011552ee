// A refresh of a board already synced plans from its cached snapshot (board:sync hands the sync
// the last snapshot's tasks): fewer list requests, the same board loaded. Main's services as the
// app composes them, against the embedded local board over real HTTP.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BoardSnapshot } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
beforeAll(async () => {
  planner = await startServices('tb-refresh-', 2000)
})
afterAll(() => planner.close())

it('a refresh asks fewer list requests than the first sync and loads the same board', async () => {
  const first = await planner.call<BoardSnapshot>('board:sync', {})
  const again = await planner.call<BoardSnapshot>('board:sync', {})
  expect(again.fromCache).toBe(false)
  expect(again.coverage.requests).toBeLessThan(first.coverage.requests)
  expect(again.tasks.map((t) => t.id).sort()).toEqual(first.tasks.map((t) => t.id).sort())
})
