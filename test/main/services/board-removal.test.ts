// Removing a board from the planner drops what the planner kept for it (its saved views among
// them), so nothing of it lingers in the user-data folder or comes back with a new board.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BoardProfileView } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
const call = <T>(channel: string, payload?: unknown) => planner.call<T>(channel, payload)

beforeAll(async () => {
  planner = await startServices('tb-board-removal-', 20)
})
afterAll(() => planner.close())

it('drops the saved views of a removed board', async () => {
  const board = await call<BoardProfileView>('boards:add', {
    name: 'Team board',
    baseUrl: await planner.otherAddress(),
    apiKey: planner.services.localBoard!.apiKey,
  })
  const view = { name: 'Mine', filters: { status: ['Done'] }, zoom: 'week', collapsedIds: [] }
  await call('views:save', { profileId: board.id, view })
  expect(await call<unknown[]>('views:list', { profileId: board.id })).toHaveLength(1)
  const files = () => readdirSync(join(planner.dir, 'views')).filter((f) => f.endsWith('.json'))
  expect(files()).toHaveLength(1)

  await call('boards:remove', { id: board.id })
  expect(files()).toEqual([])
  // Deleted, as the remove dialog says: not kept under another name (a board's baselines can
  // be a hundred megabytes).
  expect(readdirSync(join(planner.dir, 'views'))).toEqual([])
  const listed = await planner.router.dispatch('views:list', { profileId: board.id }, true)
  expect(listed.ok).toBe(false)
  expect(existsSync(join(planner.dir, 'views'))).toBe(true)
})
