// Main's services composed as the app composes them, driven through the IPC router as the
// renderer drives them, against the embedded local board over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

let dir: string
let services: PlannerServices
let router: IpcRouter
const events: [EventName, unknown][] = []

async function call<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await router.dispatch(channel, payload, true)
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
  return result.value as T
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-services-'))
  services = await createPlannerServices({
    userDataDir: dir,
    secretStore: new MemorySecretStore(),
    emit: (name, payload) => events.push([name, payload]),
    localBoardTasks: 150,
    log: () => {},
  })
  router = createIpcRouter(services.handlers)
})
afterAll(async () => {
  await services.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('planner services', () => {
  let snapshot: BoardSnapshot

  it('opens the local demo board on first start', async () => {
    const boards = await call<BoardProfileView[]>('boards:list')
    expect(boards).toEqual([
      expect.objectContaining({
        id: 'local',
        name: 'Local demo board',
        isLocal: true,
        isCurrent: true,
        hasKey: true,
      }),
    ])
    expect(boards[0]!.maskedKey).toMatch(/^tb_….{4}$/)
    expect(JSON.stringify(boards)).not.toContain(services.localBoard!.apiKey)
  })

  it('syncs the whole board with a complete coverage report and reports progress', async () => {
    snapshot = await call<BoardSnapshot>('board:sync', {})
    expect(snapshot.tasks).toHaveLength(150)
    expect(new Set(snapshot.tasks.map((t) => t.id)).size).toBe(150)
    expect(snapshot.coverage).toMatchObject({ complete: true, knownTasks: 150, truncated: [] })
    expect(snapshot.dependencies.length).toBeGreaterThan(0)
    expect(events.some(([name]) => name === 'sync:progress')).toBe(true)
    const cached = await call<BoardSnapshot>('board:sync', { cachedFirst: true })
    expect(cached).toMatchObject({ fromCache: true, syncedAt: snapshot.syncedAt })
  })

  it('sends an update through the journal and the board changes', async () => {
    const task = snapshot.tasks.find(
      (t) => t.type === 'task' && t.dueDate !== '' && t.startDate !== '',
    ) as Task
    const moved = {
      id: task.id,
      startDate: '2031-01-06T09:00:00.000Z',
      dueDate: '2031-01-08T17:00:00.000Z',
    }
    events.length = 0
    const result = await call<{ updated: unknown[]; conflicts: unknown[] }>('tasks:update', {
      tasks: [moved],
      seen: { [task.id]: task.updatedAt },
    })
    expect(result).toEqual({
      status: 'sent',
      updated: [expect.objectContaining({ id: task.id })],
      conflicts: [],
    })
    // Through the journal: it held the batch (and said so) before the board took it.
    const journal = events.filter(([name]) => name === 'edits:changed').map(([, p]) => p)
    expect(journal[0]).toMatchObject({ profileId: 'local', count: 1, taskIds: [task.id] })
    expect(journal.at(-1)).toMatchObject({ profileId: 'local', count: 0, taskIds: [] })
    expect(await call('edits:pending')).toMatchObject({ count: 0, batches: [], problems: [] })
    const fresh = await call<BoardSnapshot>('board:sync', {})
    expect(fresh.tasks.find((t) => t.id === task.id)).toMatchObject({
      startDate: moved.startDate,
      dueDate: moved.dueDate,
    })
    snapshot = fresh
  })

  it('reports a conflict instead of overwriting a task changed since the renderer saw it', async () => {
    const task = snapshot.tasks.find((t) => t.type === 'task' && t.dueDate !== '') as Task
    const stale = '2000-01-01T00:00:00.000Z'
    const result = await call<UpdateTasksResult>('tasks:update', {
      tasks: [{ id: task.id, title: 'Mine' }],
      seen: { [task.id]: stale },
    })
    expect(result.updated).toEqual([])
    expect(result.conflicts.map((c) => c.conflict?.taskId)).toEqual([task.id])
    const pending = await call<PendingEdits>('edits:pending')
    expect(pending.problems.map((p) => p.id)).toEqual(result.conflicts.map((c) => c.id))
    await call('edits:resolve', { problemId: result.conflicts[0]!.id, choice: 'theirs' })
  })

  it('creates tasks and returns their ids', async () => {
    const result = await call<{
      created: { index: number; id: string; key: number }[]
      unknown: unknown[]
    }>('tasks:create', {
      tasks: [
        {
          title: 'New from the planner',
          projectKey: 'OPS',
          descriptionType: 'text',
          descriptionContent: '',
          dueDate: '2031-02-02',
        },
        { title: 'Another', projectKey: 'OPS', descriptionType: 'text', descriptionContent: '' },
      ],
    })
    expect(result.unknown).toEqual([])
    expect(result.created.map((c) => c.index)).toEqual([0, 1])
    const fresh = await call<BoardSnapshot>('board:sync', {})
    expect(fresh.tasks.find((t) => t.id === result.created[0]!.id)?.title).toBe(
      'New from the planner',
    )
  })

  it('names the task of each create when an earlier create made one of the same title', async () => {
    const item = {
      title: 'Review (batch)',
      projectKey: 'OPS',
      descriptionType: 'text',
      descriptionContent: '',
    }
    type Created = { created: { id: string }[]; unknown: unknown[] }
    // As an import's batches do: the stored snapshot does not hold the first one yet.
    const first = await call<Created>('tasks:create', { tasks: [item] })
    const second = await call<Created>('tasks:create', { tasks: [item] })
    expect(first.created).toHaveLength(1)
    expect(second.created).toHaveLength(1)
    expect(second.created[0]!.id).not.toBe(first.created[0]!.id)
  })

  it('turns board errors into error values the renderer can show', async () => {
    const [a, b] = snapshot.tasks.filter((t) => t.type === 'task') as [Task, Task]
    await call('deps:create', { predecessorId: a.id, successorId: b.id, lagDays: 2 })
    const cycle = await router.dispatch(
      'deps:create',
      { predecessorId: b.id, successorId: a.id },
      true,
    )
    expect(cycle).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', serverCode: 'CYCLE_DETECTED' },
    })
    const refused = await router.dispatch(
      'tasks:update',
      { tasks: [{ id: a.id, status: 'Shipped' }], seen: {} },
      true,
    )
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } })
    expect(!refused.ok && refused.error.message).toContain(
      '"Shipped" is not a status of this board',
    )
    expect(await call('edits:pending')).toMatchObject({ count: 0, batches: [], problems: [] })
  })

  it('refuses an http board that is not on this machine, saving nothing', async () => {
    const result = await router.dispatch(
      'boards:add',
      {
        name: 'Remote',
        baseUrl: 'http://boards.example.com',
        apiKey: 'tb_aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      },
      true,
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } })
    expect(await call<BoardProfileView[]>('boards:list')).toHaveLength(1)
  })
})

describe('first start', () => {
  it('creates a user-data folder that does not exist yet', async () => {
    const fresh = join(dir, 'not', 'there', 'yet')
    const started = await createPlannerServices({
      userDataDir: fresh,
      secretStore: new MemorySecretStore(),
      emit: () => {},
      localBoardTasks: 5,
      log: () => {},
    })
    try {
      const result = await createIpcRouter(started.handlers).dispatch(
        'edits:pending',
        undefined,
        true,
      )
      expect(result).toMatchObject({
        ok: true,
        value: { profileId: 'local', count: 0, batches: [] },
      })
    } finally {
      await started.close()
    }
  })
})
