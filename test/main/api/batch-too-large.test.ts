// A board whose batch limit is lower than the planner's (the spec gives none) answers 413 to a
// batch it will not take. Such a request was refused whole, so the client sends it again in
// halves, and the rest of the call in pieces no larger than what went through: a bulk move,
// a cascade or an import then lands instead of failing every time.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { expectApiError, newTask, recordingClient } from './fixtures'
import { json, startStub } from './stub-server'
import type { StubAction, StubServer } from './stub-server'

let stub: StubServer
beforeEach(async () => {
  stub = await startStub()
})
afterEach(() => stub.close())

/** A board that takes at most `most` tasks a request; applied: the ids or titles it took. */
function boardTaking(most: number, applied: string[]): StubAction {
  return (request, response) => {
    const { tasks } = JSON.parse(stub.requests.at(-1)!.body) as {
      tasks: { id?: string; title?: string }[]
    }
    if (tasks.length > most) {
      json(413, { error: true, message: 'Request body too large.' })(request, response)
      return
    }
    applied.push(...tasks.map((t) => t.id ?? t.title ?? ''))
    const infos = tasks.map((t, i) => ({
      id: t.id ?? `new${i}`,
      projectKey: 'WEB',
      key: i + 1,
      title: t.title ?? '',
      url: '',
    }))
    json(200, { success: true, tasks: infos })(request, response)
  }
}

it('an update batch the board finds too large is sent in smaller pieces, each task once, in order', async () => {
  const applied: string[] = []
  stub.otherwise(boardTaking(3, applied))
  const ids = Array.from({ length: 10 }, (_, i) => `T${i}`)
  const { client } = recordingClient(stub.url)
  const answer = await client.updateTasks(ids.map((id) => ({ id, title: `x ${id}` })))
  expect(applied).toEqual(ids)
  expect(answer.map((t) => t.id)).toEqual(ids)
  // 10 and 5 refused, then pieces of at most 3 (3, 2, 3, 2): no piece after a refusal is larger.
  const sizes = stub.requests.map((r) => (JSON.parse(r.body) as { tasks: unknown[] }).tasks.length)
  expect(sizes).toEqual([10, 5, 3, 2, 3, 2])
})

it('a create batch the same, and a single task the board still refuses fails as before', async () => {
  const applied: string[] = []
  stub.otherwise(boardTaking(2, applied))
  const { client } = recordingClient(stub.url)
  const titles = ['a', 'b', 'c', 'd', 'e']
  await client.createTasks(titles.map((t) => newTask(t)))
  expect(applied).toEqual(titles)

  stub.otherwise(boardTaking(0, applied))
  const error = await expectApiError(client.createTasks([newTask('alone')]), 'INVALID_REQUEST')
  expect(error.status).toBe(413)
})
