// The planner's own write, applied by the board but never marked sent (the answer was lost, or
// the planner died before it could note it), is sent again after a restart. That retry must
// not read the write as someone else's change: the board holds exactly what the edit says, so
// the edit goes through, and a newer edit of the same task queued behind it lands too. A real
// change made elsewhere is still a conflict. Against the real local board over HTTP.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient, ApiError } from '../../../src-main/api'
import { EditJournal } from '../../../src-main/edits/edit-journal'
import { EditSender } from '../../../src-main/edits/edit-sender'
import type { BoardWriter } from '../../../src-main/edits/edit-sender'
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
let client: ApiClient
const senders: EditSender[] = []

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-own-write-'))
  service = await startTestService()
  running = await listen(service.db, '127.0.0.1', 0)
  client = new ApiClient({ baseUrl: running.url, apiKey: service.key, sleep: async () => {} })
  await createTasks(service, newTask({ title: 'Plan', dueDate: '2026-03-04' }))
})
afterEach(async () => {
  for (const sender of senders.splice(0)) sender.close()
  await running.close()
  await service.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A planner run on the journal at `path`; `lose` answers: the board applies, the reply is lost. */
function planner(path: string, lose: () => boolean = () => false): EditSender {
  const writer: BoardWriter = {
    listTasks: (filters) => client.listTasks(filters),
    updateTasks: async (items) => {
      const answer = await client.updateTasks(items)
      if (lose()) throw new ApiError('OUTCOME_UNKNOWN', 'The answer was lost on the way back.')
      return answer
    },
  }
  const sender = new EditSender({
    journal: new EditJournal(path),
    writer: async () => writer,
    backoffMs: () => 60_000,
    log: () => {},
  })
  senders.push(sender)
  return sender
}

const edit = (sender: EditSender, task: Task, title: string) =>
  sender.submit(P, [{ id: task.id, title }], { [task.id]: task.updatedAt }, [task])

describe('a write the board applied but the planner did not note', () => {
  it('is sent again after a restart without a conflict, and a newer edit behind it lands', async () => {
    const task = await taskByTitle(service, 'Plan')
    const path = join(dir, 'edits.db')
    let lost = true
    const first = planner(path, () => lost)
    expect((await edit(first, task, 'Plan, first')).status).toBe('queued')
    // The newer edit, made on what the user saw, waits behind the first.
    expect((await edit(first, task, 'Plan, second')).status).toBe('queued')
    expect((await taskByTitle(service, 'Plan, first')).id).toBe(task.id)
    first.close()
    lost = false

    const restarted = planner(path)
    await restarted.retry(P)
    const pending = restarted.pending(P)
    expect(pending.problems.map((p) => p.message)).toEqual([])
    expect(pending.count).toBe(0)
    expect((await taskByTitle(service, 'Plan, second')).id).toBe(task.id)
  })

  it('still stops at a change made elsewhere since', async () => {
    const task = await taskByTitle(service, 'Plan')
    const path = join(dir, 'edits.db')
    const first = planner(path, () => true)
    expect((await edit(first, task, 'Plan, mine')).status).toBe('queued')
    first.close()
    // Someone else renames the task after the lost answer.
    const other = await taskByTitle(service, 'Plan, mine')
    await client.updateTasks([{ id: other.id, title: 'Plan, theirs' }])

    const restarted = planner(path)
    await restarted.retry(P)
    const [problem] = restarted.pending(P).problems
    expect(problem?.kind).toBe('conflict')
    expect((await taskByTitle(service, 'Plan, theirs')).id).toBe(task.id)
  })
})

describe('a retry running while an edit is submitted', () => {
  it('leaves the edit to its own answer: a refusal is said to the caller, not kept as "sent"', async () => {
    const task = await taskByTitle(service, 'Plan')
    let down = true
    const writer: BoardWriter = {
      listTasks: (filters) => client.listTasks(filters),
      updateTasks: async (items) => {
        if (down) throw new ApiError('NETWORK', 'Could not reach the board.')
        return client.updateTasks(items)
      },
    }
    const sender = new EditSender({
      journal: new EditJournal(join(dir, 'edits.db')),
      writer: async () => writer,
      backoffMs: () => 60_000,
      log: () => {},
    })
    senders.push(sender)
    expect((await edit(sender, task, 'Plan, offline')).status).toBe('queued')
    down = false
    // The board is back: a retry starts, and an edit the board will refuse comes in meanwhile.
    const retried = sender.retry(P)
    const refused = sender.submit(P, [{ id: 'no-such-task', title: 'x' }], {}, [])
    await expect(refused).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await retried
    expect(sender.pending(P).problems).toEqual([])
    expect((await taskByTitle(service, 'Plan, offline')).id).toBe(task.id)
  })
})
