// A task created in this session is checked for changes made elsewhere like any other. The
// stored snapshot does not hold it until the next full sync, so its edits (and their undos)
// went out unchecked: another user's change to it made meanwhile was written over unasked.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiClient } from '../../../src-main/api'
import type { BoardSnapshot, CreateTasksResult, UpdateTasksResult } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
beforeAll(async () => {
  planner = await startServices('tb-created-conflicts-', 20)
})
afterAll(() => planner.close())

it('holds back an edit of a task created this session that someone else changed since', async () => {
  await planner.call<BoardSnapshot>('board:sync', {})
  const created = await planner.call<CreateTasksResult>('tasks:create', {
    tasks: [
      {
        title: 'Fresh one',
        projectKey: 'WEB',
        descriptionType: 'markdown',
        descriptionContent: '',
        dueDate: '2026-12-10',
      },
    ],
  })
  const made = created.created[0]!.task!
  const direct = new ApiClient({
    baseUrl: planner.services.localBoard!.url,
    apiKey: planner.services.localBoard!.apiKey,
  })
  await new Promise((resolve) => setTimeout(resolve, 5))
  await direct.updateTasks([{ id: made.id, title: 'Theirs' }])
  const answer = await planner.call<UpdateTasksResult>('tasks:update', {
    tasks: [{ id: made.id, title: 'Mine' }],
    seen: { [made.id]: made.updatedAt },
  })
  expect(answer.conflicts.map((p) => [p.conflict?.taskId, p.conflict?.fields])).toEqual([
    [made.id, ['title']],
  ])
  const [onBoard] = (await direct.listTasks({ projectKey: ['WEB'] })).filter(
    (t) => t.id === made.id,
  )
  expect(onBoard!.title).toBe('Theirs')
})
