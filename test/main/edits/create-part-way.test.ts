// A create the client sent in parts (the board's batch limit is lower than the planner's, so it
// answered 413 and the batch went again in pieces) that failed part-way: the pieces before the
// failure stay created. They were reported as "The board did not create the task", and the user
// made them a second time. And a create the board took, whose look-up then failed, was reported
// the same way. Both now say what was made, what may have been, and what was not.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findCreatedTasks } from '../../../src-main/edits/find-created-tasks'
import { reportCreate, sendCreate } from '../../../src-main/edits/send-create'
import { ApiError } from '../../../src-main/api'
import type { CreateTaskItem, ListTasksFilters, Task } from '../../../src-shared/api'
import { expectApiError, newTask, recordingClient } from '../api/fixtures'
import { json, startStub } from '../api/stub-server'
import type { StubServer } from '../api/stub-server'
import { buildTask } from '../../support/task-builder'

let stub: StubServer
beforeEach(async () => {
  stub = await startStub()
})
afterEach(() => stub.close())

/** Takes at most 2 tasks a request; refuses any batch holding a task titled "bad". */
function strictBoard(made: string[]) {
  stub.otherwise((request, response) => {
    const { tasks } = JSON.parse(stub.requests.at(-1)!.body) as { tasks: { title: string }[] }
    if (tasks.length > 2)
      return json(413, { error: true, message: 'Too large.' })(request, response)
    if (tasks.some((t) => t.title === 'bad'))
      return json(400, { error: true, message: 'tasks[1].projectKey: no such project' })(
        request,
        response,
      )
    made.push(...tasks.map((t) => t.title))
    json(201, { success: true })(request, response)
  })
}

/** A board's list, from the titles the stub made. */
const listerOf = (made: string[]) => ({
  listTasks: async (filters: ListTasksFilters): Promise<Task[]> =>
    made.map((title, i) =>
      buildTask(`n${i + 1}`, {
        title,
        key: i + 1,
        projectKey: filters.projectKey?.[0] ?? 'WEB',
        createdAt: new Date().toISOString(),
      }),
    ),
})

async function create(items: CreateTaskItem[], made: string[]) {
  const { client } = recordingClient(stub.url)
  const stop = await sendCreate(client, items)
  const looked = items.slice(0, stop?.lookUpTo ?? items.length)
  const since = new Date(Date.now() - 60_000).toISOString()
  const found = await findCreatedTasks(listerOf(made), looked, { knownIds: new Set(), since })
  return reportCreate(items, found, stop)
}

describe('a create sent in parts that fails part-way', () => {
  it('reports the parts before as created, and the refused part and the rest as not created', async () => {
    const made: string[] = []
    strictBoard(made)
    const items = ['a', 'b', 'c', 'bad', 'e', 'f'].map((t) => newTask(t))
    const result = await create(items, made)
    // Sent as 6 and 3 (413), then a, b / c / bad, e (refused); f never sent.
    expect(made).toEqual(['a', 'b', 'c'])
    expect(result.created.map((c) => c.index)).toEqual([0, 1, 2])
    expect(result.unknown).toEqual([])
    expect(result.notCreated).toEqual({
      items: [3, 4, 5].map((index) => ({ index, title: items[index]!.title })),
      message: expect.stringContaining('no such project'),
    })
  })

  it('refused in its first part, nothing was made: the refusal is the answer, as before', async () => {
    const made: string[] = []
    strictBoard(made)
    const items = ['bad', 'b', 'c'].map((t) => newTask(t))
    await expect(create(items, made)).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    expect(made).toEqual([])
  })

  it('a single request the board refuses is still refused whole', async () => {
    const made: string[] = []
    strictBoard(made)
    const { client } = recordingClient(stub.url)
    await expectApiError(sendCreate(client, [newTask('bad')]), 'INVALID_REQUEST')
  })
})

describe('a create the board took, whose look-up fails', () => {
  it('says "created, not yet seen" for every item instead of failing', async () => {
    const items = ['a', 'b', 'c'].map((t) => newTask(t))
    let asked = 0
    const failing = {
      listTasks: async (): Promise<Task[]> => {
        asked += 1
        throw new ApiError('RATE_LIMITED', 'The board is busy.')
      },
    }
    const found = await findCreatedTasks(failing, items, {
      knownIds: new Set(),
      since: '2000-01-01T00:00:00Z',
    })
    expect(found).toEqual({
      created: [],
      unknown: items.map((item, index) => ({ index, title: item.title })),
    })
    // One failure stops the look-up: each further request would wait out the same retries.
    expect(asked).toBe(1)
  })
})

describe('a create the board answers with a redirect (redirect-after-POST)', () => {
  it('is looked for, and found created, instead of being refused as a wrong address', async () => {
    const made: string[] = []
    stub.otherwise((request, response) => {
      const { tasks } = JSON.parse(stub.requests.at(-1)!.body) as { tasks: { title: string }[] }
      made.push(...tasks.map((t) => t.title))
      response.writeHead(303, { location: '/board/tasks' })
      response.end()
    })
    const items = ['a', 'b'].map((t) => newTask(t))
    const result = await create(items, made)
    expect(made).toEqual(['a', 'b'])
    expect(result.created.map((c) => c.index)).toEqual([0, 1])
    expect(stub.count('POST')).toBe(1)
  })
})
