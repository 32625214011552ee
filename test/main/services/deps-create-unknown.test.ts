// deps:create whose answer is lost after the board made the dependency (a reset, a proxy's
// timeout): the client never sends a POST again, and says the outcome is unknown, "check the
// board". Nobody checked: the renderer said "Could not add", drew no arrow, recorded no undo, and
// the user's second try was refused as a duplicate. Main now lists the predecessor's
// dependencies and answers with the one the request made.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Dependency } from '../../../src-shared/api'
import type { BoardProfileView, BoardSnapshot } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
let proxy: http.Server
/** Whether the proxy also loses the list that checks (the board cannot be read either). */
let listsLost = false
const call = <T>(channel: string, payload?: unknown) => planner.call<T>(channel, payload)

beforeAll(async () => {
  planner = await startServices('tb-deps-unknown-', 40)
  const board = planner.services.localBoard!
  // Passes every request to the board; the answer to a dependency create never comes back.
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const answer = await fetch(board.url + req.url, {
        method: req.method!,
        headers: {
          authorization: req.headers.authorization ?? '',
          'content-type': 'application/json',
        },
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      })
      const body = Buffer.from(await answer.arrayBuffer())
      const path = new URL(req.url!, 'http://x').pathname
      const lost =
        path === '/api/v1/dependencies' &&
        (req.method === 'POST' || (listsLost && req.method === 'GET'))
      if (lost) return req.socket.destroy()
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(body)
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const remote = await call<BoardProfileView>('boards:add', {
    name: 'Behind a proxy that loses answers',
    baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    apiKey: board.apiKey,
  })
  await call('boards:select', { id: remote.id })
})
afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()))
  await planner.close()
})

it('answers with the dependency the board made when its answer was lost', async () => {
  const snapshot = await call<BoardSnapshot>('board:sync', {})
  const [a, b, c] = snapshot.tasks.filter((t) => t.type === 'task')
  const made = await call<Dependency>('deps:create', {
    predecessorId: a!.id,
    successorId: b!.id,
    lagDays: 2,
  })
  expect(made).toMatchObject({ predecessorId: a!.id, successorId: b!.id, lagDays: 2 })
  expect(made.id).toBeTruthy()

  // Nothing to find (the check cannot read the board either): still unknown, as the board said.
  listsLost = true
  await expect(
    call('deps:create', { predecessorId: a!.id, successorId: c!.id, lagDays: 0 }),
  ).rejects.toThrow(/OUTCOME_UNKNOWN/)
  listsLost = false
})

it('finds it too when the request named the tasks by project key and key (an import)', async () => {
  const snapshot = await call<BoardSnapshot>('board:sync', {})
  const [, , , d, e] = snapshot.tasks.filter((t) => t.type === 'task')
  const made = await call<Dependency>('deps:create', {
    predecessorProjectKey: d!.projectKey,
    predecessorKey: d!.key,
    successorProjectKey: e!.projectKey,
    successorKey: e!.key,
  })
  expect(made).toMatchObject({ predecessorId: d!.id, successorId: e!.id, lagDays: 0 })
})

it('deleting a dependency already gone from the board is done, not an error', async () => {
  // Deleted by someone else (or by an attempt whose answer was lost): the board refuses the
  // delete, and the renderer said "Could not delete" and drew the arrow again.
  const snapshot = await call<BoardSnapshot>('board:sync', {})
  const [f, g] = snapshot.tasks.filter((t) => t.type === 'task').slice(5)
  const made = await call<Dependency>('deps:create', { predecessorId: f!.id, successorId: g!.id })
  await call('deps:delete', { id: made.id })
  await expect(call('deps:delete', { id: made.id })).resolves.toBeUndefined()
  await expect(call('deps:delete', { id: 'no-such-dependency' })).resolves.toBeUndefined()
})
