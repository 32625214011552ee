// The write path through IPC, as the renderer drives it, against a real board behind a proxy
// that can be taken down: an edit made while the board is down is journaled and answered
// "queued", shows in snapshots, survives a restart of the planner, and lands once the board is
// back; a later refusal is kept as a problem; a planner and a direct HTTP client editing the same
// task in turn conflict every time, with who, when and which fields, and Keep mine wins.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src-main/api'
import { createIpcRouter } from '../../../src-main/ipc/ipc-router'
import type { IpcRouter } from '../../../src-main/ipc/ipc-router'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { createPlannerServices } from '../../../src-main/services/planner-services'
import type { PlannerServices } from '../../../src-main/services/planner-services'
import type { Task } from '../../../src-shared/api'
import type {
  BoardProfileView,
  BoardSnapshot,
  EventName,
  PendingEdits,
  UpdateTasksResult,
} from '../../../src-shared/ipc'
import { startSwitchableProxy } from '../../support/switchable-proxy'
import type { SwitchableProxy } from '../../support/switchable-proxy'

let dir: string
const secrets = new MemorySecretStore()
let services: PlannerServices
let router: IpcRouter
let proxy: SwitchableProxy
let boardId: string
const events: [EventName, unknown][] = []

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await router.dispatch(channel, payload, true)
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
  return result.value as T
}

async function startPlanner(): Promise<void> {
  services = await createPlannerServices({
    userDataDir: dir,
    secretStore: secrets,
    emit: (name, payload) => events.push([name, payload]),
    localBoardTasks: 120,
    log: () => {},
    edits: { answerWithinMs: 3_000, backoffMs: () => 150 },
  })
  router = createIpcRouter(services.handlers)
}

/** A client of the board that is not the planner: straight to the board, past the proxy. */
const direct = () =>
  new ApiClient({ baseUrl: services.localBoard!.url, apiKey: services.localBoard!.apiKey })

async function onBoard(task: Task): Promise<Task> {
  const tasks = await direct().listTasks({ projectKey: [task.projectKey] })
  return tasks.find((t) => t.id === task.id)!
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-write-path-'))
  await startPlanner()
  proxy = await startSwitchableProxy(services.localBoard!.url)
  const added = await call<BoardProfileView>('boards:add', {
    name: 'Team board',
    baseUrl: proxy.url,
    apiKey: services.localBoard!.apiKey,
  })
  boardId = added.id
  await call('boards:select', { id: boardId })
})
afterAll(async () => {
  await proxy.close()
  await services.close()
  rmSync(dir, { recursive: true, force: true })
})

const dated = (snapshot: BoardSnapshot, n: number) =>
  snapshot.tasks.filter((t) => t.type === 'task' && t.dueDate !== '' && t.startDate !== '')[n]!

describe('the write path', () => {
  it('keeps an edit made while the board is down, across a restart, and lands it once', async () => {
    const snapshot = await call<BoardSnapshot>('board:sync', {})
    const task = dated(snapshot, 0)
    const moved = {
      id: task.id,
      startDate: '2032-04-05T09:00:00.000Z',
      dueDate: '2032-04-07T17:00:00.000Z',
    }

    await proxy.down()
    events.length = 0
    const answer = await call<UpdateTasksResult>('tasks:update', {
      tasks: [moved],
      seen: { [task.id]: task.updatedAt },
    })
    expect(answer).toMatchObject({ status: 'queued', updated: [], conflicts: [] })
    expect(answer.reason).toMatch(/reach the board|connect|refused/i)
    // The journal had it before anything touched the network.
    const first = events.find(([name]) => name === 'edits:changed')?.[1] as PendingEdits
    expect(first).toMatchObject({ profileId: boardId, count: 1, taskIds: [task.id] })
    expect(await call<PendingEdits>('edits:pending')).toMatchObject({
      profileId: boardId,
      count: 1,
      taskIds: [task.id],
    })
    const shown = await call<BoardSnapshot>('board:sync', { cachedFirst: true })
    expect(shown.tasks.find((t) => t.id === task.id)).toMatchObject({
      startDate: moved.startDate,
      dueDate: moved.dueDate,
    })

    // The planner restarts while the board is still down; the board comes back later.
    await services.close()
    await startPlanner()
    proxy.target = services.localBoard!.url
    expect((await call<PendingEdits>('edits:pending')).count).toBe(1)
    expect(await onBoard(task)).toMatchObject({ dueDate: task.dueDate })
    await proxy.up()
    await expect
      .poll(async () => (await call<PendingEdits>('edits:pending')).count, { timeout: 15_000 })
      .toBe(0)
    const landed = await onBoard(task)
    expect(landed).toMatchObject({ startDate: moved.startDate, dueDate: moved.dueDate })
    expect((await call<PendingEdits>('edits:pending')).problems).toEqual([])
  })

  it('keeps a later refusal of a queued edit as a problem and says so', async () => {
    const snapshot = await call<BoardSnapshot>('board:sync', {})
    const task = dated(snapshot, 1)
    await proxy.down()
    const answer = await call<UpdateTasksResult>('tasks:update', {
      tasks: [{ id: task.id, status: 'Shipped' }],
      seen: { [task.id]: task.updatedAt },
    })
    expect(answer.status).toBe('queued')
    events.length = 0
    await proxy.up()
    const pending = await call<PendingEdits>('edits:retry')
    expect(pending.count).toBe(0)
    expect(pending.problems).toEqual([
      expect.objectContaining({ kind: 'refused', tasks: [{ id: task.id, status: 'Shipped' }] }),
    ])
    expect(pending.problems[0]!.message).toContain('"Shipped" is not a status of this board')
    expect(
      events.some(
        ([name, p]) => name === 'edits:changed' && (p as PendingEdits).problems.length === 1,
      ),
    ).toBe(true)
    expect((await onBoard(task)).status).toBe(task.status)
    await call('edits:resolve', { problemId: pending.problems[0]!.id, choice: 'theirs' })
    expect((await call<PendingEdits>('edits:pending')).problems).toEqual([])
  })

  it('finds a conflict every time a direct client and the planner edit one task in turn', async () => {
    const snapshot = await call<BoardSnapshot>('board:sync', {})
    const task = dated(snapshot, 2)
    for (let round = 1; round <= 3; round += 1) {
      await direct().updateTasks([{ id: task.id, title: `Theirs ${round}`, priority: 'high' }])
      const mine = { id: task.id, dueDate: `2033-0${round}-10T17:00:00.000Z` }
      // After its own write the renderer sends no `seen` for the task: main checks it against
      // the version it read back after that write.
      const answer = await call<UpdateTasksResult>('tasks:update', {
        tasks: [mine],
        seen: round === 1 ? { [task.id]: task.updatedAt } : {},
      })
      expect(answer.status).toBe('sent')
      expect(answer.updated).toEqual([])
      expect(answer.conflicts).toHaveLength(1)
      const [problem] = answer.conflicts
      expect(problem!.conflict).toMatchObject({
        taskId: task.id,
        changedBy: 'olivia.owner@example.com',
        theirs: expect.objectContaining({ title: `Theirs ${round}` }),
      })
      expect(problem!.conflict!.fields).toContain('title')
      expect(problem!.message).toContain(problem!.conflict!.changedAt)
      expect((await onBoard(task)).dueDate).not.toBe(mine.dueDate)

      const kept = await call<UpdateTasksResult>('edits:resolve', {
        problemId: problem!.id,
        choice: 'mine',
      })
      expect(kept).toMatchObject({ status: 'sent', conflicts: [] })
      expect(await onBoard(task)).toMatchObject({ dueDate: mine.dueDate, title: `Theirs ${round}` })
    }
    // The planner's own edits in a row are not conflicts with each other.
    for (const day of ['11', '12']) {
      const answer = await call<UpdateTasksResult>('tasks:update', {
        tasks: [{ id: task.id, dueDate: `2033-05-${day}T17:00:00.000Z` }],
        seen: {},
      })
      expect(answer).toMatchObject({ status: 'sent', conflicts: [] })
    }
    expect((await onBoard(task)).dueDate).toBe('2033-05-12T17:00:00.000Z')
  })

  it('discards waiting edits only when asked, and the snapshot shows the board again', async () => {
    const snapshot = await call<BoardSnapshot>('board:sync', {})
    const task = dated(snapshot, 3)
    await proxy.down()
    await call('tasks:update', {
      tasks: [{ id: task.id, dueDate: '2034-01-01T17:00:00.000Z' }],
      seen: { [task.id]: task.updatedAt },
    })
    expect((await call<PendingEdits>('edits:pending')).count).toBe(1)
    expect((await call<PendingEdits>('edits:discard')).count).toBe(0)
    const shown = await call<BoardSnapshot>('board:sync', { cachedFirst: true })
    expect(shown.tasks.find((t) => t.id === task.id)?.dueDate).toBe(task.dueDate)
    await proxy.up()
    expect((await onBoard(task)).dueDate).toBe(task.dueDate)
  })
})
