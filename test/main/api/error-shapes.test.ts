// Both error shapes of the spec, statuses and odd bodies, normalised into typed errors whose
// messages say what to do. Scripted stub on loopback; nothing here is retried.
import { isRetryable } from '../../../src-shared/ipc'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../src-main/api'
import { unsetFieldsOf } from '../../../src-shared/api'
import {
  expectApiError,
  newTask,
  recordingClient,
  sampleDependency,
  sampleTask,
  STUB_KEY,
} from './fixtures'
import { json, raw, startStub } from './stub-server'
import type { StubServer } from './stub-server'

let stub: StubServer
beforeEach(async () => {
  stub = await startStub()
})
afterEach(async () => {
  await stub.close()
})

const edge = { predecessorId: 'T1', successorId: 'T2' }
const api = () => recordingClient(stub.url).client

describe('the two error shapes', () => {
  it('{error: true, message} keeps the message', async () => {
    stub.otherwise(json(404, { error: true, message: 'No task with id "x" on this board.' }))
    const error = await expectApiError(api().listDependencies({ taskId: 'x' }), 'NOT_FOUND')
    expect(error.message).toBe('No task with id "x" on this board.')
    expect(error.serverCode).toBeUndefined()
  })

  it('{error: CODE, message} keeps the code and the message', async () => {
    stub.otherwise(json(409, { error: 'DUPLICATE', message: 'That dependency exists.' }))
    const error = await expectApiError(api().createDependency(edge), 'CONFLICT')
    expect(error).toMatchObject({
      serverCode: 'DUPLICATE',
      serverMessage: 'That dependency exists.',
    })
  })

  it('a failure sent with a 200 is read by its code', async () => {
    stub.otherwise(json(200, { error: 'CYCLE_DETECTED', message: 'That would close a cycle.' }))
    const error = await expectApiError(api().createDependency(edge), 'CONFLICT')
    expect(error.serverCode).toBe('CYCLE_DETECTED')
  })

  it('keeps the field issues the board lists', async () => {
    const issues = [{ path: 'tasks[0].title', message: 'must not be blank' }]
    stub.otherwise(json(400, { error: true, message: 'Invalid request.', issues }))
    const error = await expectApiError(api().updateTasks([{ id: 'T1' }]), 'INVALID_REQUEST')
    expect(error.issues).toEqual(issues)
  })
})

describe('statuses', () => {
  it.each([
    [401, 'KEY_REJECTED', /rejected the API key; check it in the board settings/],
    [402, 'PLAN_OR_PERMISSION', /HTTP 402.*paid plan/],
    [403, 'PLAN_OR_PERMISSION', /HTTP 403.*board owners/],
    [409, 'CONFLICT', /state changed/],
    [413, 'INVALID_REQUEST', /state changed/],
  ] as const)('%i is %s with an actionable message', async (status, code, pattern) => {
    const message = 'The board state changed.'
    stub.otherwise(json(status, { error: true, message }))
    const error = await expectApiError(api().listTasks(), code)
    expect(error.message).toMatch(pattern)
    expect(error.serverMessage).toBe(message)
    expect(stub.requests).toHaveLength(1)
  })

  it('an error status with JSON of another shape keeps to the status', async () => {
    stub.otherwise(json(403, { detail: 'forbidden' }))
    const error = await expectApiError(api().listTasks(), 'PLAN_OR_PERMISSION')
    expect(error.message).not.toContain('instead of JSON')
    expect(error.serverMessage).toBeUndefined()
  })

  it('a redirect is not followed: the key stays here, and the message names the target', async () => {
    stub.otherwise(raw(301, '', 'text/plain', { location: 'https://elsewhere.example/api' }))
    const error = await expectApiError(api().listTasks(), 'INVALID_RESPONSE')
    expect(error.message).toContain('redirects (HTTP 301) to https://elsewhere.example/api')
    expect(stub.requests).toHaveLength(1)
  })

  it('a 404 HTML page says the base URL is probably wrong', async () => {
    stub.otherwise(raw(404, '<!doctype html><h1>Not Found</h1>', 'text/html'))
    const error = await expectApiError(api().listTasks(), 'INVALID_RESPONSE')
    expect(error.message).toMatch(/HTML page instead of JSON.*Check the base URL/)
  })

  it('a 404 page is not "deleted already": a dependency delete through it fails', async () => {
    stub.otherwise(raw(404, '<!doctype html><h1>Not Found</h1>', 'text/html'))
    const error = await expectApiError(api().deleteDependency({ id: 'D1' }), 'INVALID_RESPONSE')
    expect(error.message).toContain('Check the base URL')
  })

  it('a 500 with JSON is SERVER_ERROR with the board message, after the retries', async () => {
    stub.otherwise(json(500, { error: true, message: 'Disk full.' }))
    const error = await expectApiError(api().listTasks(), 'SERVER_ERROR')
    expect(error.message).toBe(
      'The board failed to list tasks (HTTP 500) after 3 attempts. Try again later. The board said: Disk full.',
    )
    expect(isRetryable(error.code)).toBe(true)
  })
})

describe('successful answers', () => {
  it('tolerate unknown fields, keep them, and fill the fields older boards lack', async () => {
    const { type: _type, milestoneId: _milestone, ...older } = sampleTask()
    stub.script(json(200, { success: true, tasks: [{ ...older, colour: 'red' }], extra: 1 }))
    const [task] = await api().listTasks()
    expect(task).toMatchObject({ type: 'task', milestoneId: '', colour: 'red' })
  })

  it('an HTML page with 200 is INVALID_RESPONSE pointing at the base URL', async () => {
    stub.otherwise(raw(200, '<html><body>Welcome</body></html>', 'text/html'))
    const error = await expectApiError(api().listDependencies(), 'INVALID_RESPONSE')
    expect(error.message).toMatch(/HTML page \(HTTP 200\).*base URL/)
  })

  it('a dependency of the wrong shape is INVALID_RESPONSE naming the field', async () => {
    const dependency = { ...sampleDependency(), lagDays: 'two' }
    stub.otherwise(json(200, { success: true, dependencies: [dependency] }))
    const error = await expectApiError(api().listDependencies(), 'INVALID_RESPONSE')
    expect(error.message).toContain('(dependencies[0].lagDays: ')
  })

  it('null where the spec says "" (or an empty list) is read as no value, not refused', async () => {
    const task = {
      ...sampleTask(),
      parentId: null,
      assignedUserEmail: null,
      startDate: null,
      priority: null,
      tags: null,
      properties: null,
    }
    stub.otherwise(json(200, { success: true, tasks: [task] }))
    const [read] = await api().listTasks()
    expect(read).toMatchObject({
      parentId: '',
      assignedUserEmail: '',
      startDate: '',
      priority: '',
      tags: [],
      properties: {},
    })
  })

  it('an empty list for no properties (PHP writes an empty map so) and a null type are read as none', async () => {
    const task = { ...sampleTask(), properties: [], type: null }
    stub.otherwise(json(200, { success: true, tasks: [task] }))
    const [read] = await api().listTasks()
    expect(read).toMatchObject({ properties: {}, type: 'task' })
    // A list that holds something is no map of properties: refused, naming the field.
    stub.otherwise(json(200, { success: true, tasks: [{ ...task, properties: ['x'] }] }))
    const error = await expectApiError(api().listTasks(), 'INVALID_RESPONSE')
    expect(error.message).toContain('tasks[0].properties')
  })

  it('a task that leaves out its empty fields (Go\u2019s omitempty) is read with them empty; one without a status is refused', async () => {
    const { id, projectKey, key, title, status, createdAt, updatedAt } = sampleTask()
    stub.otherwise(
      json(200, {
        success: true,
        tasks: [{ id, projectKey, key, title, status, createdAt, updatedAt }],
      }),
    )
    const [read] = await api().listTasks()
    expect(read).toMatchObject({
      parentId: '',
      description: '',
      coverImageUrl: '',
      assignedUserEmail: '',
      startDate: '',
      dueDate: '',
      tags: [],
      pinToTop: false,
      priority: '',
      type: 'task',
      milestoneId: '',
      properties: {},
    })
    // Left out is false and 'task' (as the board's filters read it), not a field left unset:
    // only `null` is (the sync keeps a rest slice for such tasks, at a cost in requests).
    expect(unsetFieldsOf(read!)).toEqual([])
    stub.otherwise(
      json(200, { success: true, tasks: [{ ...sampleTask(), pinToTop: null, type: null }] }),
    )
    const [nulls] = await api().listTasks()
    expect(nulls).toMatchObject({ pinToTop: false, type: 'task' })
    expect(unsetFieldsOf(nulls!)).toEqual(['pinToTop', 'type'])
    stub.otherwise(
      json(200, { success: true, tasks: [{ id, projectKey, key, title, createdAt, updatedAt }] }),
    )
    const error = await expectApiError(api().listTasks(), 'INVALID_RESPONSE')
    expect(error.message).toContain('tasks[0].status')
  })

  // One board writes keys as strings (as update answers may: "12"), another has priorities beyond
  // the spec's three: each failed every page, and with it every sync.
  it('a key written as a numeric string is read as the number; any other key is refused', async () => {
    stub.otherwise(json(200, { success: true, tasks: [{ ...sampleTask(), key: '12' }] }))
    const [read] = await api().listTasks()
    expect(read?.key).toBe(12)
    stub.otherwise(json(200, { success: true, tasks: [{ ...sampleTask(), key: 'twelve' }] }))
    const error = await expectApiError(api().listTasks(), 'INVALID_RESPONSE')
    expect(error.message).toContain('tasks[0].key')
  })

  it.each(['urgent', 'LOW', 3])(
    'a priority the spec does not name (%s) is read as none, not refused',
    async (priority) => {
      const tasks = [sampleTask({ id: 'T1', priority: 'high' }), { ...sampleTask(), priority }]
      stub.otherwise(json(200, { success: true, tasks }))
      const read = await api().listTasks()
      expect(read.map((t) => t.priority)).toEqual(['high', ''])
    },
  )

  it('a property the board named "__proto__" is kept as the task\u2019s own, not dropped', async () => {
    const task = JSON.stringify(sampleTask()).replace(
      '"properties":{}',
      '"properties":{"__proto__":"kept","Team":"Core"}',
    )
    stub.otherwise(raw(200, `{"success":true,"tasks":[${task}]}`, 'application/json'))
    const [read] = await api().listTasks()
    expect(Object.entries(read!.properties)).toEqual([
      ['__proto__', 'kept'],
      ['Team', 'Core'],
    ])
    stub.otherwise(json(200, { success: true, tasks: [{ ...sampleTask(), properties: 'x' }] }))
    const error = await expectApiError(api().listTasks(), 'INVALID_RESPONSE')
    expect(error.message).toContain('tasks[0].properties')
  })

  it('a dependency with no lag (absent or null) has lag 0, the spec\u2019s default', async () => {
    const { lagDays: _lag, ...noLag } = sampleDependency()
    stub.otherwise(
      json(200, { success: true, dependencies: [noLag, { ...sampleDependency(), lagDays: null }] }),
    )
    expect((await api().listDependencies()).map((d) => d.lagDays)).toEqual([0, 0])
  })

  it('a dependency with a fractional lag (the spec says a number) is read, not refused', async () => {
    stub.otherwise(json(200, { success: true, dependencies: [sampleDependency({ lagDays: 0.5 })] }))
    expect((await api().listDependencies())[0]!.lagDays).toBe(0.5)
  })

  it('testConnection reports a malformed board as not ok, after one request', async () => {
    stub.otherwise(json(200, { success: true }))
    const result = await api().testConnection()
    expect(result.ok).toBe(false)
    expect(result.message).toContain('does not have the shape')
    expect(stub.requests.map((r) => r.url)).toEqual(['/api/v1/tasks?type=milestone'])
  })
})

// Answers a board may give where the spec is silent (its content type, its status codes for
// errors, its error messages), and values no board should send: read by what they are.
describe('answers of other boards', () => {
  it('JSON labelled as an HTML page is read as the JSON it is', async () => {
    const body = JSON.stringify({ success: true, tasks: [sampleTask()] })
    stub.otherwise(raw(200, body, 'text/html; charset=utf-8'))
    const tasks = await api().listTasks()
    expect(tasks.map((t) => t.id)).toEqual([sampleTask().id])
  })

  it.each(['SELF_REFERENCE', 'TASKS_NOT_FOUND', 'DUPLICATE', 'CYCLE_DETECTED'])(
    'a dependency refusal %s sent with HTTP 500 is a refusal, not an unknown outcome',
    async (code) => {
      stub.otherwise(json(500, { error: code, message: 'Refused.' }))
      const error = await api()
        .createDependency(edge)
        .then(
          () => undefined,
          (e: unknown) => e as { code: string; serverCode?: string; serverMessage?: string },
        )
      expect(error?.code).not.toBe('OUTCOME_UNKNOWN')
      expect(error).toMatchObject({ serverCode: code, serverMessage: 'Refused.' })
      expect(stub.requests).toHaveLength(1)
    },
  )

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'an error code named %s is an unknown code, a plain string the IPC can carry',
    async (code) => {
      stub.otherwise(json(200, { error: code, message: 'x' }))
      const error = await expectApiError(api().createDependency(edge), 'INVALID_REQUEST')
      expect(typeof error.code).toBe('string')
      expect(() => structuredClone(error.toIpcError())).not.toThrow()
    },
  )

  it.each([200, 400, 404])(
    'an empty error message (HTTP %i) still says what failed',
    async (status) => {
      stub.otherwise(json(status, { error: true, message: '' }))
      const error = await api()
        .listDependencies()
        .then(
          () => undefined,
          (e: unknown) => e as Error,
        )
      expect(error?.message.trim().length).toBeGreaterThan(10)
    },
  )

  it.each([
    ['2024-02-09 10:00:00', '2024-02-09T10:00:00'],
    ['2024-02-09t10:00:00z', '2024-02-09T10:00:00Z'],
    ['2024-02-09T10:00:00+00', '2024-02-09T10:00:00+00:00'],
    ['2024-02-09T10:00:00+0530', '2024-02-09T10:00:00+05:30'],
    ['2024-02-09 10:00:00.123456+00:00', '2024-02-09T10:00:00.123456+00:00'],
    ['2024-02-09T10:00:00,5Z', '2024-02-09T10:00:00.5Z'],
  ])(
    'a due date in another form RFC 3339 or ISO 8601 allows (%s) is read, as %s',
    async (dueDate, read) => {
      // Refused, one such date failed its page and with it the whole sync.
      stub.otherwise(json(200, { success: true, tasks: [sampleTask({ dueDate })] }))
      const [task] = await api().listTasks()
      expect(task?.dueDate).toBe(read)
      expect(Number.isNaN(Date.parse(task!.dueDate))).toBe(false)
    },
  )

  it.each(['20240209T000000Z', '2024-1-9', 'soon', '2024-02-09 25:00', '2024-02-09Tnoon'])(
    'a task due date no one can read (%s) is INVALID_RESPONSE naming the field',
    async (dueDate) => {
      stub.otherwise(json(200, { success: true, tasks: [sampleTask({ dueDate })] }))
      const error = await expectApiError(api().listTasks(), 'INVALID_RESPONSE')
      expect(error.message).toContain('tasks[0].dueDate')
    },
  )
})

describe('an update the board does not confirm', () => {
  const info = (id: string, key: number) => ({
    id,
    projectKey: 'WEB',
    key,
    title: 't',
    url: `https://board.example/tasks/${id}`,
  })

  it('is not taken as saved when the answer leaves a task out', async () => {
    stub.otherwise(json(200, { success: true, tasks: [info('T1', 1)] }))
    const error = await expectApiError(
      api().updateTasks([
        { id: 'T1', title: 'a' },
        { projectKey: 'WEB', key: 2, title: 'b' },
      ]),
      'INVALID_RESPONSE',
    )
    expect(error.message).toContain('without naming WEB-2')
    expect(error.message).toContain('Refresh to see the board')
  })

  it('reads an entry whose key is a numeric string, and leaves one it cannot read unconfirmed', async () => {
    // The spec gives the updated-task info's fields no types. An entry that could not be read
    // failed the whole answer as unreadable, and the journal sent the batch again for ever.
    stub.otherwise(
      json(200, {
        success: true,
        tasks: [
          { ...info('T1', 1), key: '1' },
          { id: 7, title: 'no identity the client reads' },
        ],
      }),
    )
    const error = await expectApiError(
      api().updateTasks([
        { id: 'T1', title: 'a' },
        { id: 'T2', title: 'b' },
      ]),
      'INVALID_RESPONSE',
    )
    expect(error.unconfirmed?.map((item) => item.id)).toEqual(['T2'])
  })

  it('is saved when every task is named, in any order and by either identity', async () => {
    stub.otherwise(json(200, { success: true, tasks: [info('T2', 2), info('T1', 1)] }))
    const answer = await api().updateTasks([
      { id: 'T1', title: 'a' },
      { projectKey: 'WEB', key: 2, title: 'b' },
    ])
    expect(answer.map((t) => t.id)).toEqual(['T2', 'T1'])
  })
})

describe('a bare 204', () => {
  it('is a done create and a done delete (their answers say no more than success)', async () => {
    stub.otherwise(raw(204, '', 'text/plain'))
    await expect(api().deleteDependency({ id: 'D1' })).resolves.toBeUndefined()
    await expect(api().createTasks([newTask('A')])).resolves.toBeUndefined()
  })

  it('is not a done list: a list must name its tasks', async () => {
    stub.otherwise(raw(204, '', 'text/plain'))
    await expectApiError(api().listTasks(), 'INVALID_RESPONSE')
  })

  // It was refused as unreadable, and the edit was sent again and again behind every later one.
  it('is an update that names no task: each is left to be read back, as for one left out', async () => {
    stub.otherwise(raw(204, '', 'text/plain'))
    const error = await expectApiError(
      api().updateTasks([{ id: 'T1', title: 'a' }]),
      'INVALID_RESPONSE',
    )
    expect(error.unconfirmed).toEqual([{ id: 'T1', title: 'a' }])
  })
})

// A 200 (or another 2xx) with an empty body says what a bare 204 says. Refused as unreadable, an
// update the board had applied was sent again and again by the edit journal, and a dependency
// delete the board had done reported an error.
describe('a 2xx with an empty body', () => {
  it.each([200, 202])('%i is a done create and a done delete, as a 204 is', async (status) => {
    stub.otherwise(raw(status, '', 'application/json'))
    await expect(api().deleteDependency({ id: 'D1' })).resolves.toBeUndefined()
    await expect(api().createTasks([newTask('A')])).resolves.toBeUndefined()
    expect(stub.requests).toHaveLength(2)
  })

  it('200 is an update that names no task: each is left to be read back, not sent again', async () => {
    stub.otherwise(raw(200, '', 'application/json'))
    const error = await expectApiError(
      api().updateTasks([{ id: 'T1', title: 'a' }]),
      'INVALID_RESPONSE',
    )
    expect(error.unconfirmed).toEqual([{ id: 'T1', title: 'a' }])
    expect(stub.requests).toHaveLength(1)
  })

  it('200 is not a done list: a list must name its tasks', async () => {
    stub.otherwise(raw(200, '', 'application/json'))
    await expectApiError(api().listTasks(), 'INVALID_RESPONSE')
  })
})

describe('answers without their list', () => {
  it('an update answered without tasks, or with null, names no task: each is read back', async () => {
    for (const body of [{ success: true }, { success: true, tasks: null }]) {
      stub.otherwise(json(200, body))
      const error = await expectApiError(
        api().updateTasks([{ id: 'T1', title: 'a' }]),
        'INVALID_RESPONSE',
      )
      expect(error.unconfirmed).toEqual([{ id: 'T1', title: 'a' }])
    }
  })

  it('a list of null tasks or null dependencies (Go\u2019s nil slice) is an empty list', async () => {
    stub.otherwise(json(200, { success: true, tasks: null }))
    expect(await api().listTasks()).toEqual([])
    stub.otherwise(json(200, { success: true, dependencies: null }))
    expect(await api().listDependencies()).toEqual([])
  })
})

describe('a board that echoes the key', () => {
  // A debug proxy or a careless gateway may put the request's Authorization header in its
  // answer; the message goes to the window, the journal on disk and the log.
  it.each([
    ['401 JSON', json(401, { error: true, message: `Unauthorized: Bearer ${STUB_KEY}` })],
    ['400 JSON', json(400, { error: 'INVALID', message: `bad header Bearer ${STUB_KEY}` })],
    ['502 text', raw(502, `upstream said: authorization=Bearer ${STUB_KEY}`, 'text/plain')],
    ['200 text, cut short', raw(200, `${'x'.repeat(80)} Bearer ${STUB_KEY}`, 'text/plain')],
    ['200 text', raw(200, `echo: Bearer ${STUB_KEY}`, 'text/plain')],
    // The code reaches the window too; and a key written with JSON escapes is the key.
    ['200 JSON, the key as the code', json(200, { error: STUB_KEY, message: 'bad' })],
    [
      '400 JSON, the key escaped',
      raw(
        400,
        `{"error":"\\u${STUB_KEY.charCodeAt(0).toString(16).padStart(4, '0')}${STUB_KEY.slice(1)}","message":"no"}`,
        'application/json',
      ),
    ],
  ])('keeps the key out of every message (%s)', async (_, answer) => {
    stub.otherwise(answer)
    const error = await api()
      .listTasks({})
      .then(
        () => undefined,
        (e: unknown) => e as ApiError,
      )
    expect(error).toBeInstanceOf(ApiError)
    const said = JSON.stringify([
      error!.message,
      error!.serverMessage,
      error!.serverCode,
      error!.issues,
    ])
    expect(said).not.toContain(STUB_KEY)
    // Nor any long part of it (a snippet cut short).
    expect(said).not.toContain(STUB_KEY.slice(0, 24))
  })

  it('leaves the data of a successful answer as it is, the key in a description included', async () => {
    const description = `Rotate the CI key ${STUB_KEY} by Friday`
    stub.otherwise(json(200, { success: true, tasks: [sampleTask({ description })] }))
    const [task] = await api().listTasks({})
    expect(task!.description).toBe(description)
  })

  it('takes a key of 8 characters or more out of the messages', async () => {
    stub.otherwise(json(400, { error: 'k9Xp2Lq7aZ', message: 'key k9Xp2Lq7aZ refused' }))
    const short = recordingClient(stub.url, { apiKey: 'k9Xp2Lq7aZ' }).client
    const error = await expectApiError(short.listTasks({}), 'INVALID_REQUEST')
    expect(JSON.stringify([error.message, error.serverMessage, error.serverCode])).not.toContain(
      'k9Xp2Lq7aZ',
    )
  })

  it('takes nothing out of the words of a board whose key is too short to be a secret', async () => {
    stub.otherwise(json(400, { error: true, message: 'Invalid input: idempotency' }))
    const short = recordingClient(stub.url, { apiKey: 'id' }).client
    const error = await expectApiError(short.listTasks({}), 'INVALID_REQUEST')
    expect(error.message).toContain('Invalid input: idempotency')
  })
})
