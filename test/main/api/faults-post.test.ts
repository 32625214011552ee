// Fault injection for POSTs (create tasks, create a dependency): once a POST may have reached
// the board it is never sent again; an unclear end is OUTCOME_UNKNOWN.
import { createServer } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectApiError, newTask, recordingClient, sampleDependency } from './fixtures'
import { hang, html, json, raw, reset, startStub } from './stub-server'
import type { StubServer } from './stub-server'

let stub: StubServer
beforeEach(async () => {
  stub = await startStub()
})
afterEach(async () => {
  await stub.close()
})

const created = json(200, { success: true })
const edge = { predecessorId: 'T1', successorId: 'T2' }

describe('a POST that may have reached the board', () => {
  it('reset after the body: OUTCOME_UNKNOWN, and the stub saw exactly one POST', async () => {
    stub.script(reset())
    stub.otherwise(created)
    const { client, delays } = recordingClient(stub.url)
    const error = await expectApiError(client.createTasks([newTask('Once')]), 'OUTCOME_UNKNOWN')
    expect(stub.count('POST')).toBe(1)
    expect(delays).toEqual([])
    expect(error.attempts).toBe(1)
    expect(error.message).toMatch(/create 1 task .*unknown whether it was applied.*not sent again/)
  })

  it('creating a dependency: the same', async () => {
    stub.script(reset())
    stub.otherwise(json(200, { success: true, dependency: sampleDependency() }))
    const { client } = recordingClient(stub.url)
    await expectApiError(client.createDependency(edge), 'OUTCOME_UNKNOWN')
    expect(stub.count('POST')).toBe(1)
  })

  it('hang past the timeout: OUTCOME_UNKNOWN after one attempt', async () => {
    stub.otherwise(hang())
    const { client } = recordingClient(stub.url, { timeoutMs: 100 })
    const error = await expectApiError(client.createTasks([newTask('Slow')]), 'OUTCOME_UNKNOWN')
    expect(error.message).toContain('no answer came in time')
    expect(stub.count('POST')).toBe(1)
  })

  it('an HTML 502 from a gateway: OUTCOME_UNKNOWN, not retried', async () => {
    stub.otherwise(html(502))
    const { client } = recordingClient(stub.url)
    const error = await expectApiError(client.createTasks([newTask('Gateway')]), 'OUTCOME_UNKNOWN')
    expect(error.status).toBe(502)
    expect(stub.count('POST')).toBe(1)
  })

  it('an HTML 503 from a gateway: OUTCOME_UNKNOWN (the board may have applied it)', async () => {
    // A proxy answers 503 after its upstream reset: it cannot say the POST was not handled, and
    // read as "not done", the user created the tasks again.
    stub.otherwise(html(503))
    const { client } = recordingClient(stub.url)
    await expectApiError(client.createTasks([newTask('Proxy')]), 'OUTCOME_UNKNOWN')
    expect(stub.count('POST')).toBe(1)
  })

  // Redirect-after-POST: the board may have made the tasks, then pointed at them. Read as a wrong
  // address, the user was told nothing was made, tried again, and had every task twice.
  it.each([301, 302, 303])(
    'a %i answer: OUTCOME_UNKNOWN (the board may have applied it), not followed',
    async (status) => {
      stub.otherwise(raw(status, '', 'text/plain', { location: '/tasks/42' }))
      const { client } = recordingClient(stub.url)
      const error = await expectApiError(client.createTasks([newTask('Moved')]), 'OUTCOME_UNKNOWN')
      expect(error.status).toBe(status)
      expect(error.message).toContain(`redirect (HTTP ${status}) to /tasks/42`)
      expect(stub.count('POST')).toBe(1)
      expect(stub.requests).toHaveLength(1)
      await expectApiError(client.createDependency(edge), 'OUTCOME_UNKNOWN')
    },
  )

  it('a 503 with JSON that is not the spec\u2019s error (a gateway\u2019s): OUTCOME_UNKNOWN', async () => {
    // Only the board's own error body says the POST was not handled; a proxy's JSON page does not.
    stub.otherwise(json(503, { message: 'Service Unavailable' }))
    const { client } = recordingClient(stub.url)
    const error = await expectApiError(client.createTasks([newTask('Gateway')]), 'OUTCOME_UNKNOWN')
    expect(error.status).toBe(503)
    expect(stub.count('POST')).toBe(1)
  })

  it('a 200 whose body cannot be read: OUTCOME_UNKNOWN', async () => {
    stub.otherwise(raw(200, '{"success": tr', 'application/json'))
    const { client } = recordingClient(stub.url)
    await expectApiError(client.createDependency(edge), 'OUTCOME_UNKNOWN')
    expect(stub.count('POST')).toBe(1)
  })
})

describe('a POST the board did not take', () => {
  it('503 is SERVER_ERROR, not retried', async () => {
    stub.otherwise(json(503, { error: true, message: 'maintenance' }, { 'retry-after': '1' }))
    const { client } = recordingClient(stub.url)
    const error = await expectApiError(client.createTasks([newTask('Later')]), 'SERVER_ERROR')
    expect(error.serverMessage).toBe('maintenance')
    expect(stub.count('POST')).toBe(1)
  })

  it('a 503 in the dependency create\u2019s error shape is SERVER_ERROR too', async () => {
    stub.otherwise(json(503, { error: 'SERVICE_UNAVAILABLE', message: 'busy' }))
    const { client } = recordingClient(stub.url)
    const error = await expectApiError(client.createDependency(edge), 'SERVER_ERROR')
    expect(error.serverCode).toBe('SERVICE_UNAVAILABLE')
    expect(stub.count('POST')).toBe(1)
  })

  it.each([307, 308])(
    'a %i asks for the same POST elsewhere: not handled here, a wrong address',
    async (status) => {
      stub.otherwise(raw(status, '', 'text/plain', { location: 'https://elsewhere.example/api' }))
      const { client } = recordingClient(stub.url)
      const error = await expectApiError(client.createTasks([newTask('A')]), 'INVALID_RESPONSE')
      expect(error.message).toContain(`redirects (HTTP ${status}) to https://elsewhere.example/api`)
      expect(stub.count('POST')).toBe(1)
    },
  )

  it('429 is RATE_LIMITED, not retried', async () => {
    stub.otherwise(json(429, { error: 'RATE_LIMITED', message: 'slow down' }))
    const { client } = recordingClient(stub.url)
    await expectApiError(client.createDependency(edge), 'RATE_LIMITED')
    expect(stub.count('POST')).toBe(1)
  })

  it('a refused connection is retried: nothing can have been sent', async () => {
    const closed = await closedPort()
    const { client, delays } = recordingClient(`http://127.0.0.1:${closed}`)
    const error = await expectApiError(client.createTasks([newTask('Nobody')]), 'NETWORK')
    expect(error.attempts).toBe(3)
    expect(delays).toHaveLength(2)
    expect(error.message).toContain('connection refused')
  })
})

describe('chunked creates that fail part-way', () => {
  it('say which chunks were created, which is unknown, and which were not sent', async () => {
    stub.script(created, reset())
    const { client } = recordingClient(stub.url, { batchLimit: 2 })
    const items = ['A', 'B', 'C', 'D', 'E'].map((t) => newTask(t))
    const error = await expectApiError(client.createTasks(items), 'OUTCOME_UNKNOWN')
    expect(error.batch).toEqual({ completed: 2, failedFrom: 2, failedTo: 4, total: 5 })
    expect(error.message).toContain(
      '(Of the 5 tasks in the request, created: 1-2; outcome unknown: 3-4; not sent: 5.)',
    )
    expect(stub.count('POST')).toBe(2)
  })
})

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return address.port
}
