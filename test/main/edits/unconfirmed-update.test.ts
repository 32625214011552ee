// A board that answers an update as a success without naming every task sent: another
// implementation of the interface may leave out a task the edit did not change, or one it
// skipped. The client cannot tell from the answer which; sending the same batch again gets the
// same answer, so it once waited and retried for ever, and every later edit of the board waited
// behind it. Now each unnamed task is read back: the edit is done where the board holds it, and
// kept as a problem with the board's version where it does not. Against the real local board
// over HTTP, with the answers (and, for a skipping board, the requests) rewritten in between.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { ApiClient } from '../../../src-main/api'
import { EditJournal } from '../../../src-main/edits/edit-journal'
import { EditSender } from '../../../src-main/edits/edit-sender'
import { listen } from '../../../src-server/cli/serve'
import type { RunningService } from '../../../src-server/cli/serve'
import type { Task } from '../../../src-shared/api'
import { startTestService } from '../../support/service'
import type { TestService } from '../../support/service'
import { createTasks, newTask, taskByTitle } from '../../support/tasks'

const P = 'local'
let dir: string
let service: TestService
let running: RunningService
let sender: EditSender
/** Task ids the board leaves out of its update answers. */
const unnamed = new Set<string>()
/** Task ids the board also leaves out of the update itself (it skips them). */
const skipped = new Set<string>()
let updateRequests = 0

/** The real board, but its update answers leave out `unnamed` and it skips `skipped`. */
const rewriting: typeof fetch = async (input, init) => {
  if (init?.method !== 'PUT') return fetch(input, init)
  updateRequests += 1
  const body = JSON.parse(String(init.body)) as { tasks: { id?: string }[] }
  body.tasks = body.tasks.filter((t) => !skipped.has(t.id ?? ''))
  const answer = await fetch(input, { ...init, body: JSON.stringify(body) })
  const json = (await answer.json()) as { tasks: { id: string }[] }
  json.tasks = json.tasks.filter((t) => !unnamed.has(t.id))
  return new Response(JSON.stringify(json), {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  })
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-unconfirmed-'))
  service = await startTestService()
  running = await listen(service.db, '127.0.0.1', 0)
  const client = new ApiClient({
    baseUrl: running.url,
    apiKey: service.key,
    fetch: rewriting,
    sleep: async () => {},
  })
  sender = new EditSender({
    journal: new EditJournal(join(dir, 'edits.db')),
    writer: async () => client,
    backoffMs: () => 60_000,
    log: () => {},
  })
  unnamed.clear()
  skipped.clear()
  updateRequests = 0
  await createTasks(
    service,
    newTask({ title: 'Plan', dueDate: '2026-03-04' }),
    newTask({ title: 'Build', dueDate: '2026-03-05' }),
  )
})
afterEach(async () => {
  sender.close()
  await running.close()
  await service.close()
  rmSync(dir, { recursive: true, force: true })
})

const edit = (task: Task, fields: Record<string, unknown>) =>
  sender.submit(P, [{ id: task.id, ...fields }], { [task.id]: task.updatedAt }, [task])

it('a task left out of the answer that holds the edit is done, and the next edit is not held up', async () => {
  const plan = await taskByTitle(service, 'Plan')
  const build = await taskByTitle(service, 'Build')
  unnamed.add(plan.id)
  const answer = await sender.submit(
    P,
    [
      { id: plan.id, title: 'Plan' },
      { id: build.id, title: 'Build, renamed' },
    ],
    { [plan.id]: plan.updatedAt, [build.id]: build.updatedAt },
    [plan, build],
  )
  expect(answer).toMatchObject({ status: 'sent', conflicts: [] })
  expect(sender.pending(P)).toMatchObject({ count: 0, problems: [] })
  expect(updateRequests).toBe(1)
  // The board's edit queue moves on.
  unnamed.clear()
  expect((await edit(plan, { title: 'Plan, later' })).status).toBe('sent')
  expect((await taskByTitle(service, 'Plan, later')).id).toBe(plan.id)
})

it('a task left out of the answer whose edit moved it (new due date, new status) is found where the edit put it', async () => {
  const plan = await taskByTitle(service, 'Plan')
  unnamed.add(plan.id)
  const answer = await edit(plan, { dueDate: '2026-03-20', status: 'Done' })
  expect(answer).toMatchObject({ status: 'sent', conflicts: [] })
  expect(sender.pending(P)).toMatchObject({ count: 0, problems: [] })
  // Learned as the planner's own version: the next edit of it is no conflict.
  expect(sender.writtenVersions(P).map((t) => t.id)).toEqual([plan.id])
  unnamed.clear()
  const moved = await taskByTitle(service, 'Plan')
  expect((await edit(moved, { title: 'Plan, after' })).status).toBe('sent')
})

it('a task the board skipped is kept as a problem with the board\u2019s version, sent once', async () => {
  const plan = await taskByTitle(service, 'Plan')
  const build = await taskByTitle(service, 'Build')
  unnamed.add(plan.id)
  skipped.add(plan.id)
  const answer = await sender.submit(
    P,
    [
      { id: plan.id, title: 'Plan, mine' },
      { id: build.id, title: 'Build, renamed' },
    ],
    { [plan.id]: plan.updatedAt, [build.id]: build.updatedAt },
    [plan, build],
  )
  expect(answer.status).toBe('sent')
  const [problem] = answer.conflicts
  expect(problem).toMatchObject({
    kind: 'refused',
    tasks: [{ id: plan.id, title: 'Plan, mine' }],
    conflict: { taskId: plan.id, fields: ['title'], theirs: { title: 'Plan' } },
  })
  expect(problem!.message).toBe(
    'Plan: the board answered your change as saved without naming the task, and read back it does not hold the change (title), so your change was not saved.',
  )
  // Nothing waits to be sent again; the problem is the user's to settle. The task written is
  // read back as the planner's own version; the one not written is not.
  expect(sender.pending(P)).toMatchObject({ count: 0, problems: [problem] })
  expect(sender.writtenVersions(P).map((t) => t.id)).toEqual([build.id])
  expect(updateRequests).toBe(1)
  expect((await taskByTitle(service, 'Build, renamed')).id).toBe(build.id)
  // "Keep mine" sends it again, once the board takes it.
  skipped.clear()
  unnamed.clear()
  await sender.resolve(P, problem!.id, 'mine')
  expect((await taskByTitle(service, 'Plan, mine')).id).toBe(plan.id)
  expect(sender.pending(P).problems).toEqual([])
})
