// Only one board is shown at a time: a sync of a board the user has left is stopped when a sync
// of another board starts, rather than left to run its course (at 50,000 tasks, seconds of
// main's thread and both cores; on a rate-limited board, minutes). The renderer ignores what a
// superseded load answers; the stopped sync answers that it was stopped, not a planner bug.
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BoardProfileView, BoardSnapshot } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
let slow: Server
/** Requests the slow board holds, unanswered. */
const held: [IncomingMessage, ServerResponse][] = []
const call = <T>(channel: string, payload?: unknown) => planner.call<T>(channel, payload)

beforeAll(async () => {
  planner = await startServices('tb-sync-superseded-', 30)
  slow = createServer((request, response) => void held.push([request, response]))
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
}, 60_000)
afterAll(async () => {
  for (const [, response] of held) response.destroy()
  slow.closeAllConnections()
  await new Promise((resolve) => slow.close(resolve))
  await planner.close()
})

it('stops the sync of a board left behind when another board is opened', async () => {
  const { port } = slow.address() as AddressInfo
  const other = await call<BoardProfileView>('boards:add', {
    name: 'Slow board',
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: 'tb_slow_board_key',
  })
  await call('boards:select', { id: other.id })
  const left = call<BoardSnapshot>('board:sync', { cachedFirst: false })
  const outcome = left.then(
    () => 'loaded',
    (error: Error) => error.message,
  )
  await expect.poll(() => held.length).toBeGreaterThan(0)

  await call('boards:select', { id: 'local' })
  const shown = await call<BoardSnapshot>('board:sync', { cachedFirst: false })
  expect(shown.tasks.length).toBeGreaterThan(0)
  // Still held by the slow board, and yet answered: stopped, in words, not a planner failure.
  expect(await outcome).toMatch(/stopped: another board was opened/)
})

it('stops the sync of a board the user removes while it loads', async () => {
  const { port } = slow.address() as AddressInfo
  const gone = await call<BoardProfileView>('boards:add', {
    name: 'Slow board to remove',
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: 'tb_slow_board_key_2',
  })
  await call('boards:select', { id: gone.id })
  const before = held.length
  const outcome = call<BoardSnapshot>('board:sync', { cachedFirst: false }).then(
    () => 'loaded',
    (error: Error) => error.message,
  )
  await expect.poll(() => held.length).toBeGreaterThan(before)

  // No other board is opened: the removal alone stops it, without waiting for the board.
  await call('boards:remove', { id: gone.id })
  expect(await outcome).toMatch(/stopped: the board was removed/)
})
