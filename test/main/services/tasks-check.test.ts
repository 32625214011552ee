// tasks:check, what undo asks before it sends anything: which tasks changed on the board since
// the planner's own last write of them (or since the user saw them), with who, when and which
// fields, against a real local board. It sends nothing.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiClient } from '../../../src-main/api'
import type { BoardSnapshot, EditConflict } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
const call = <T>(channel: string, payload?: unknown) => planner.call<T>(channel, payload)

beforeAll(async () => {
  planner = await startServices('tb-tasks-check-', 60)
})
afterAll(() => planner.close())

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

  const board = planner.services.localBoard!
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
