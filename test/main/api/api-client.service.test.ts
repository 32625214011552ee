// The client against the real local board service over a real socket: every method round-trips,
// and the board's refusals arrive as typed errors that keep its message and code.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../src-main/api'
import type { ApiClientOptions } from '../../../src-main/api'
import { listen } from '../../../src-server/cli/serve'
import type { RunningService } from '../../../src-server/cli/serve'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { startTestService } from '../../support/service'
import type { TestService } from '../../support/service'
import { expectApiError, newTask } from './fixtures'

let service: TestService
let running: RunningService
/** Method and path of every request the client sent. */
let sent: string[]

beforeEach(async () => {
  service = await startTestService()
  running = await listen(service.db, '127.0.0.1', 0)
  sent = []
})
afterEach(async () => {
  await running.close()
  await service.close()
})

function client(options: Partial<ApiClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl: running.url,
    apiKey: service.key,
    fetch: (url, init) => {
      sent.push(`${init.method} ${new URL(url).pathname}`)
      return fetch(url, init)
    },
    sleep: async () => {},
    ...options,
  })
}

const titles = (tasks: Task[]) => tasks.map((t) => t.title).sort()

describe('tasks', () => {
  it('creates, then lists with filters', async () => {
    const api = client()
    await api.createTasks([
      { ...newTask('Design'), dueDate: '2026-03-02', priority: 'high' },
      { ...newTask('Build', 'APP'), dueDate: '2026-04-10', subtasks: [newTask('Wire', 'APP')] },
      { ...newTask('Launch'), type: 'milestone', dueDate: '2026-05-01' },
    ])
    expect(titles(await api.listTasks())).toEqual(['Build', 'Design', 'Launch', 'Wire'])
    expect(titles(await api.listTasks({ projectKey: ['APP'] }))).toEqual(['Build', 'Wire'])
    const march = { from: '2026-03-01', to: '2026-03-31' }
    expect(titles(await api.listTasks({ dueDate: march, priority: 'high' }))).toEqual(['Design'])
    const [launch] = await api.listTasks({ type: 'milestone' })
    expect(launch).toMatchObject({ title: 'Launch', type: 'milestone' })
    const wire = (await api.listTasks({ projectKey: ['APP'] })).find((t) => t.title === 'Wire')
    const build = (await api.listTasks({ projectKey: ['APP'] })).find((t) => t.title === 'Build')
    expect(wire?.parentId).toBe(build?.id)
  })

  it('writes list separators as literal commas and spaces as %20, as the spec writes queries', async () => {
    // A board that splits the raw query on "," before decoding (RFC 3986: a percent-encoded
    // comma is data, not a delimiter), or decodes without reading "+" as a space, must read the
    // same filters. The form-encoded query (status=To+Do%2CIn+Progress) read as one status.
    const urls: string[] = []
    const api = client({
      fetch: (url, init) => {
        urls.push(url)
        return fetch(url, init)
      },
    })
    await api.createTasks([
      { ...newTask('Design'), dueDate: '2026-03-02', status: 'In Progress' },
      { ...newTask('Build', 'APP'), dueDate: '2026-03-10', status: 'To Do' },
    ])
    const found = await api.listTasks({
      projectKey: ['WEB', 'APP'],
      status: ['To Do', 'In Progress'],
      dueDate: { from: '2026-03-01', to: '2026-03-31' },
    })
    expect(titles(found)).toEqual(['Build', 'Design'])
    const query = new URL(urls.at(-1)!).search.slice(1)
    expect(query).not.toMatch(/%2C|\+/i)
    /** The query read the strict way: split on "&", "=" and ",", then each part decoded. */
    const strict = Object.fromEntries(
      query.split('&').map((pair) => {
        const [name, value = ''] = pair.split('=')
        return [decodeURIComponent(name!), value.split(',').map(decodeURIComponent)]
      }),
    )
    expect(strict).toMatchObject({
      projectKey: ['WEB', 'APP'],
      status: ['To Do', 'In Progress'],
      dueDate: ['2026-03-01', '2026-03-31'],
    })
  })

  it('splits creates to the batch limit, counting subtasks', async () => {
    const api = client({ batchLimit: 3 })
    const withTwo = { ...newTask('A'), subtasks: [newTask('A1'), newTask('A2')] }
    const withOne = { ...newTask('D'), subtasks: [newTask('D1')] }
    await api.createTasks([withTwo, newTask('B'), newTask('C'), withOne])
    expect(sent.filter((s) => s === 'POST /api/v1/tasks')).toHaveLength(3)
    expect(titles(await api.listTasks())).toEqual(['A', 'A1', 'A2', 'B', 'C', 'D', 'D1'])
  })

  it('updates 7 tasks in 3 requests of at most 3, answers in request order', async () => {
    const api = client({ batchLimit: 3 })
    await api.createTasks(['1', '2', '3', '4', '5', '6', '7'].map((n) => newTask(`Task ${n}`)))
    const tasks = (await api.listTasks()).sort((a, b) => a.key - b.key)
    sent = []
    const answer = await api.updateTasks(
      tasks.map((t, i) => ({ id: t.id, dueDate: `2026-06-0${i + 1}`, status: 'In Progress' })),
    )
    expect(sent).toEqual(Array(3).fill('PUT /api/v1/tasks'))
    expect(answer.map((a) => a.id)).toEqual(tasks.map((t) => t.id))
    const after = (await api.listTasks({ status: ['In Progress'] })).sort((a, b) => a.key - b.key)
    expect(after.map((t) => t.dueDate.slice(0, 10))).toEqual(
      ['01', '02', '03', '04', '05', '06', '07'].map((d) => `2026-06-${d}`),
    )
  })

  it('a chunk the board refuses stops the rest; the ones before it stay applied', async () => {
    const api = client({ batchLimit: 3 })
    await api.createTasks(['1', '2', '3', '4', '5', '6', '7'].map((n) => newTask(`Task ${n}`)))
    const tasks = (await api.listTasks()).sort((a, b) => a.key - b.key)
    sent = []
    const items = tasks.map((t, i) => ({ id: t.id, status: i === 4 ? 'Shipped' : 'Done' }))
    const error = await expectApiError(api.updateTasks(items), 'INVALID_REQUEST')
    expect(error.batch).toEqual({ completed: 3, failedFrom: 3, failedTo: 6, total: 7 })
    expect(error.message).toContain('"Shipped" is not a status of this board')
    expect(error.message).toContain(
      'updated: 1-3; failed: 4-6 (the board may have applied some); not sent: 7',
    )
    expect(sent).toHaveLength(2)
    expect((await api.listTasks({ status: ['Done'] })).map((t) => t.key).sort()).toEqual([1, 2, 3])
  })
})

describe('dependencies', () => {
  it('creates, lists (all, by id, by key) and deletes (by id, by tasks)', async () => {
    const api = client()
    await api.createTasks([newTask('Design'), newTask('Build'), newTask('Ship')])
    const [design, build, ship] = (await api.listTasks()).sort((a, b) => a.key - b.key)
    const first = await api.createDependency({
      predecessorId: design!.id,
      successorId: build!.id,
      lagDays: 2,
    })
    expect(first).toMatchObject({ predecessorTitle: 'Design', successorTitle: 'Build', lagDays: 2 })
    await api.createDependency({
      predecessorProjectKey: 'WEB',
      predecessorKey: build!.key,
      successorProjectKey: 'WEB',
      successorKey: ship!.key,
    })
    expect(await api.listDependencies()).toHaveLength(2)
    expect(await api.listDependencies({ taskId: ship!.id })).toHaveLength(1)
    expect(await api.listDependencies({ taskProjectKey: 'WEB', taskKey: build!.key })).toHaveLength(
      2,
    )
    await api.deleteDependency({ id: first.id })
    await api.deleteDependency({ predecessorId: build!.id, successorId: ship!.id })
    expect(await api.listDependencies()).toEqual([])
  })

  it('a cycle is CONFLICT with the board code kept; a missing one on delete is NOT_FOUND', async () => {
    const api = client()
    await api.createTasks([newTask('Design'), newTask('Build')])
    const [design, build] = (await api.listTasks()).sort((a, b) => a.key - b.key)
    await api.createDependency({ predecessorId: design!.id, successorId: build!.id })
    const cycle = await expectApiError(
      api.createDependency({ predecessorId: build!.id, successorId: design!.id }),
      'CONFLICT',
    )
    expect(cycle.serverCode).toBe('CYCLE_DETECTED')
    expect(cycle.status).toBe(409)
    expect(cycle.message).toBe(cycle.serverMessage)
    const missing = await expectApiError(api.deleteDependency({ id: 'nope' }), 'NOT_FOUND')
    expect(missing.attempts).toBe(1)
  })
})

describe('refusals', () => {
  it('a wrong key is KEY_REJECTED, in both error shapes', async () => {
    const api = client({ apiKey: 'tb_AAAAAAAAAAAA_' + 'A'.repeat(43) })
    const listing = await expectApiError(api.listTasks(), 'KEY_REJECTED')
    expect(listing.message).toMatch(
      /^The board rejected the API key; check it in the board settings/,
    )
    const linking = await expectApiError(
      api.createDependency({ predecessorId: 'a', successorId: 'b' }),
      'KEY_REJECTED',
    )
    expect(linking.serverCode).toBe('UNAUTHORIZED')
    expect(sent).toHaveLength(2)
  })

  it('a 400 is INVALID_REQUEST with the board message and field, sent once', async () => {
    const api = client()
    await api.createTasks([newTask('Design')])
    const bad = await expectApiError(
      api.updateTasks([{ projectKey: 'WEB', key: 1, status: 'Shipped' }]),
      'INVALID_REQUEST',
    )
    expect(bad.status).toBe(400)
    expect(bad.message).toMatch(/^Invalid request: tasks\[0\]\.status: "Shipped"/)
    expect(bad.issues[0]?.path).toBe('tasks[0].status')
    expect(sent.filter((s) => s.startsWith('PUT'))).toHaveLength(1)
  })

  it('a task the board does not have is NOT_FOUND with its message', async () => {
    const error = await expectApiError(
      client().updateTasks([{ projectKey: 'WEB', key: 99, status: 'Done' }]),
      'NOT_FOUND',
    )
    expect(error.message).toBe(error.serverMessage)
    expect(error.message).toContain('tasks[0]')
  })

  it('checks requests against the contract before sending anything', async () => {
    const api = client()
    const error = await expectApiError(
      api.updateTasks([{ id: 'x', title: ' ' }]),
      'INVALID_REQUEST',
    )
    expect(error.message).toBe('Invalid request: tasks[0].title: must not be blank.')
    await expectApiError(api.listTasks({ projectKey: [] }), 'INVALID_REQUEST')
    // One priority a request, as the spec writes it (an untyped caller could still pass a list).
    const priorities = { priority: ['medium', 'low'] } as unknown as ListTasksFilters
    await expectApiError(api.listTasks(priorities), 'INVALID_REQUEST')
    await expectApiError(api.createDependency({ predecessorId: 'a' }), 'INVALID_REQUEST')
    expect(sent).toEqual([])
  })
})

describe('testConnection', () => {
  it('says ok with a working key, and why not with a wrong one', async () => {
    const ok = await client().testConnection()
    expect(ok).toEqual({ ok: true, message: expect.stringMatching(/^Connected to http:\/\/127/) })
    const wrong = await client({ apiKey: 'tb_wrong' }).testConnection()
    expect(wrong.ok).toBe(false)
    expect(wrong.message).toContain('rejected the API key')
  })
})

// The spec shows no way to remove a custom property; the local service removes one on `null`
// unless it runs with `propertyNull: 'refuse'`. The client works with either: a removal, or the
// board's refusal as a typed error that names the property, with the task left as it was.
describe.each(['remove', 'refuse'] as const)(
  'a property cleared with null (service: %s)',
  (mode) => {
    let strict: RunningService
    beforeEach(async () => {
      strict = await listen(service.db, '127.0.0.1', 0, { propertyNull: mode })
    })
    afterEach(async () => {
      await strict.close()
    })

    it(mode === 'remove' ? 'is removed' : 'is refused, naming the property, and kept', async () => {
      const api = new ApiClient({ baseUrl: strict.url, apiKey: service.key, sleep: async () => {} })
      await api.createTasks([{ ...newTask('Sized'), properties: { 'Story Points': 5 } }])
      const [task] = await api.listTasks({ projectKey: ['WEB'] })
      const clear = api.updateTasks([{ id: task!.id, properties: { 'Story Points': null } }])
      if (mode === 'remove') {
        await clear
      } else {
        const error = await expectApiError(clear, 'INVALID_REQUEST')
        expect(error.message).toContain('properties.Story Points')
        expect(error.message).toContain('removes no property')
      }
      const [after] = await api.listTasks({ projectKey: ['WEB'] })
      expect(after!.properties['Story Points']).toBe(mode === 'remove' ? undefined : 5)
    })
  },
)
