// Editing a board through IPC, as the board menu does, against a real board behind a proxy that
// can be taken down: a move to another address waits until the board's waiting edits are sent
// (a rename or a new key does not), and a move forgets the stored copy of the old address, so
// the planner never shows one service's tasks as another's.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type {
  BoardProfileView,
  BoardSnapshot,
  PendingEdits,
  UpdateTasksResult,
} from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'
import { startSwitchableProxy } from '../../support/switchable-proxy'
import type { SwitchableProxy } from '../../support/switchable-proxy'

let planner: ServicesUnderTest
let proxy: SwitchableProxy
/** The board's new address: the same board behind a second proxy. */
let elsewhere: { url: string }
const call = <T>(channel: string, payload?: unknown) => planner.call<T>(channel, payload)

beforeAll(async () => {
  planner = await startServices('tb-board-edit-', 30, {
    edits: { answerWithinMs: 3_000, backoffMs: () => 150 },
  })
  proxy = await startSwitchableProxy(planner.services.localBoard!.url)
  elsewhere = { url: await planner.otherAddress() }
})
afterAll(async () => {
  await proxy.close()
  await planner.close()
})

it('moves a board only once its waiting edits are sent; renames it at any time', async () => {
  const local = planner.services.localBoard!
  const board = await call<BoardProfileView>('boards:add', {
    name: 'Team board',
    baseUrl: proxy.url,
    apiKey: local.apiKey,
  })
  await call('boards:select', { id: board.id })
  const snapshot = await call<BoardSnapshot>('board:sync', {})
  const task = snapshot.tasks.find((t) => t.type === 'task' && t.dueDate !== '')!

  await proxy.down()
  const answer = await call<UpdateTasksResult>('tasks:update', {
    tasks: [{ id: task.id, title: `${task.title} (offline)` }],
    seen: { [task.id]: task.updatedAt },
  })
  expect(answer.status).toBe('queued')

  // Another server (another port): the key is given again, as main asks.
  const moved = { id: board.id, name: 'Team board', baseUrl: elsewhere.url, apiKey: local.apiKey }
  const refused = await planner.router.dispatch('boards:update', moved, true)
  expect(refused.ok).toBe(false)
  expect(!refused.ok && refused.error.message).toBe(
    'The board was not moved: 1 edit waits for it at its present address. Send or discard them first; the name and key can change now.',
  )
  const renamed = await call<BoardProfileView>('boards:update', {
    ...moved,
    baseUrl: proxy.url,
    name: 'Team board (renamed)',
  })
  expect(renamed).toMatchObject({ id: board.id, name: 'Team board (renamed)', baseUrl: proxy.url })
  expect(await call<PendingEdits>('edits:pending')).toMatchObject({ count: 1 })

  // Back up: the waiting edit lands, and then the board may move.
  await proxy.up()
  await call('edits:retry')
  await expect
    .poll(async () => (await call<PendingEdits>('edits:pending')).count, { timeout: 10_000 })
    .toBe(0)
  const done = await call<BoardProfileView>('boards:update', { ...moved, name: 'Team board' })
  expect(done).toMatchObject({ id: board.id, baseUrl: elsewhere.url, isCurrent: true })
  // No stored copy of the old address is shown for the new one: the first look loads afresh.
  const first = await call<BoardSnapshot & { fromCache?: boolean }>('board:sync', {
    cachedFirst: true,
  })
  expect(first.fromCache).not.toBe(true)
  expect(first.tasks.find((t) => t.id === task.id)?.title).toBe(`${task.title} (offline)`)
})

/** A proxy that holds each connection `delayMs` before passing it on: a slow board. */
async function slowProxy(target: string, delayMs: number) {
  const { hostname, port } = new URL(target)
  const server = net.createServer((client) => {
    client.pause()
    setTimeout(() => {
      const upstream = net.connect(Number(port), hostname)
      upstream.on('error', () => client.destroy())
      client.on('error', () => upstream.destroy())
      client.pipe(upstream).pipe(client)
      client.resume()
    }, delayMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

it("a load still running when the board moves is not kept as the new address's", async () => {
  const local = planner.services.localBoard!
  const slow = await slowProxy(local.url, 400)
  try {
    const board = await call<BoardProfileView>('boards:add', {
      name: 'Slow board',
      baseUrl: slow.url,
      apiKey: local.apiKey,
    })
    await call('boards:select', { id: board.id })
    const loading = planner.router.dispatch('board:sync', {}, true)
    // The load has its client for the old address by now.
    await new Promise((resolve) => setTimeout(resolve, 150))
    // (The first test's board left this proxy's address; the local board's own is taken.)
    await call('boards:update', {
      id: board.id,
      name: 'Slow board',
      baseUrl: proxy.url,
      apiKey: local.apiKey,
    })
    const answer = await loading
    expect(!answer.ok && answer.error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(
        /moved to another address while it loaded; Refresh loads it from there\.$/,
      ),
    })
    // Nothing of the old address was stored: the first look loads afresh.
    const first = await call<BoardSnapshot & { fromCache?: boolean }>('board:sync', {
      cachedFirst: true,
    })
    expect(first.fromCache).not.toBe(true)
  } finally {
    await slow.close()
  }
})
