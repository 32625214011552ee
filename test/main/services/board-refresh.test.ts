// A refresh of a board already synced plans from its cached snapshot (board:sync hands the sync
// the last snapshot's tasks): fewer list requests, the same board loaded. Main's services as the
// app composes them, against the embedded local board over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createIpcRouter } from '../../../src-main/ipc/ipc-router'
import type { IpcRouter } from '../../../src-main/ipc/ipc-router'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { createPlannerServices } from '../../../src-main/services/planner-services'
import type { PlannerServices } from '../../../src-main/services/planner-services'
import type { BoardSnapshot } from '../../../src-shared/ipc'

let dir: string
let services: PlannerServices
let router: IpcRouter

const sync = async (): Promise<BoardSnapshot> => {
  const result = await router.dispatch('board:sync', {}, true)
  if (!result.ok) throw new Error(`board:sync: ${result.error.message}`)
  return result.value as BoardSnapshot
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-refresh-'))
  services = await createPlannerServices({
    userDataDir: dir,
    secretStore: new MemorySecretStore(),
    emit: () => {},
    localBoardTasks: 2000,
    log: () => {},
  })
  router = createIpcRouter(services.handlers)
})
afterAll(async () => {
  await services.close()
  rmSync(dir, { recursive: true, force: true })
})

it('a refresh asks fewer list requests than the first sync and loads the same board', async () => {
  const first = await sync()
  const again = await sync()
  expect(again.fromCache).toBe(false)
  expect(again.coverage.requests).toBeLessThan(first.coverage.requests)
  expect(again.tasks.map((t) => t.id).sort()).toEqual(first.tasks.map((t) => t.id).sort())
})
