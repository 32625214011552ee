// tasks:check, what undo asks before it sends anything: which tasks changed on the board since
// the planner's own last write of them (or since the user saw them), with who, when and which
// fields, against a real local board. It sends nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiClient } from '../../../src-main/api'
import { createIpcRouter } from '../../../src-main/ipc/ipc-router'
import type { IpcRouter } from '../../../src-main/ipc/ipc-router'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { createPlannerServices } from '../../../src-main/services/planner-services'
import type { PlannerServices } from '../../../src-main/services/planner-services'
import type { BoardSnapshot, EditConflict } from '../../../src-shared/ipc'

let dir: string
let services: PlannerServices
let router: IpcRouter

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await router.dispatch(channel, payload, true)
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
  return result.value as T
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-tasks-check-'))
  services = await createPlannerServices({
    userDataDir: dir,
    secretStore: new MemorySecretStore(),
    emit: () => {},
    localBoardTasks: 60,
    log: () => {},
  })
  router = createIpcRouter(services.handlers)
})
afterAll(async () => {
  await services.close()
  rmSync(dir, { recursive: true, force: true })
})

it('reports a task changed elsewhere since the planner wrote it, and nothing else', async () => {
  const snapshot = await call<BoardSnapshot>('board:sync', {})
  const [mine, untouched] = snapshot.tasks.filter((t) => t.type === 'task' && t.dueDate !== '')
  await call('tasks:update', {
    tasks: [{ id: mine!.id, title: 'Planner title' }],
    seen: { [mine!.id]: mine!.updatedAt },
  })
  const ids = [mine!.id, untouched!.id]
  const seen = { [untouched!.id]: untouched!.updatedAt }
  expect(await call<EditConflict[]>('tasks:check', { taskIds: ids, seen })).toEqual([])

  const board = services.localBoard!
  await new ApiClient({ baseUrl: board.url, apiKey: board.apiKey }).updateTasks([
    { id: mine!.id, title: 'Their title' },
  ])
  const conflicts = await call<EditConflict[]>('tasks:check', { taskIds: ids, seen })
  expect(conflicts).toEqual([
    expect.objectContaining({
      taskId: mine!.id,
      changedBy: 'olivia.owner@example.com',
      fields: ['title'],
      theirs: expect.objectContaining({ title: 'Their title' }),
    }),
  ])
})
