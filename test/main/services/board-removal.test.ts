// Removing a board from the planner drops what the planner kept for it (its saved views among
// them), so nothing of it lingers in the user-data folder or comes back with a new board.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createIpcRouter } from '../../../src-main/ipc/ipc-router'
import type { IpcRouter } from '../../../src-main/ipc/ipc-router'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { createPlannerServices } from '../../../src-main/services/planner-services'
import type { PlannerServices } from '../../../src-main/services/planner-services'
import type { BoardProfileView } from '../../../src-shared/ipc'

let dir: string
let services: PlannerServices
let router: IpcRouter

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await router.dispatch(channel, payload, true)
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
  return result.value as T
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-board-removal-'))
  services = await createPlannerServices({
    userDataDir: dir,
    secretStore: new MemorySecretStore(),
    emit: () => {},
    localBoardTasks: 20,
    log: () => {},
  })
  router = createIpcRouter(services.handlers)
})
afterAll(async () => {
  await services.close()
  rmSync(dir, { recursive: true, force: true })
})

it('drops the saved views of a removed board', async () => {
  const board = await call<BoardProfileView>('boards:add', {
    name: 'Team board',
    baseUrl: services.localBoard!.url,
    apiKey: services.localBoard!.apiKey,
  })
  const view = { name: 'Mine', filters: { status: ['Done'] }, zoom: 'week', collapsedIds: [] }
  await call('views:save', { profileId: board.id, view })
  expect(await call<unknown[]>('views:list', { profileId: board.id })).toHaveLength(1)
  const files = () => readdirSync(join(dir, 'views')).filter((f) => f.endsWith('.json'))
  expect(files()).toHaveLength(1)

  await call('boards:remove', { id: board.id })
  expect(files()).toEqual([])
  const listed = await router.dispatch('views:list', { profileId: board.id }, true)
  expect(listed.ok).toBe(false)
  expect(existsSync(join(dir, 'views'))).toBe(true)
})
