// A board's key is read with its address, in one step. The client was built from two reads of
// the settings (the address, then the key): a board edit that moved the board and gave the new
// server's key landed between them, and a connection test or sync sent the new key to the old
// address, the server the user was moving away from (a typo'd one, say).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BoardProfileView } from '../../../src-shared/ipc'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

/** Runs `hook` (once) inside the secret read numbered `at`, counted from `arm`. */
class WatchedStore extends MemorySecretStore {
  #reads = 0
  #at = -1
  #hook: (() => void) | undefined
  arm(at: number, hook: () => void) {
    this.#reads = 0
    this.#at = at
    this.#hook = hook
  }
  override async get(account: string): Promise<string | null> {
    this.#reads += 1
    if (this.#reads === this.#at) this.#hook?.()
    return super.get(account)
  }
}

const OLD_KEY = 'tb_old_server_key_0123456789'
const store = new WatchedStore()
let planner: ServicesUnderTest
let oldServer: http.Server
let oldUrl = ''
const keysAtOldServer: string[] = []

beforeAll(async () => {
  planner = await startServices('tb-key-race-', 5, { secretStore: store })
  oldServer = http.createServer((request, response) => {
    keysAtOldServer.push(request.headers.authorization ?? '')
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ success: true, tasks: [] }))
  })
  await new Promise<void>((resolve) => oldServer.listen(0, '127.0.0.1', resolve))
  oldUrl = `http://127.0.0.1:${(oldServer.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => oldServer.close(resolve))
  await planner.close()
})

it('never sends the key given for a new address to the old one', async () => {
  const newUrl = await planner.otherAddress()
  const newKey = planner.services.localBoard!.apiKey
  const board = await planner.call<BoardProfileView>('boards:add', {
    name: 'Moving board',
    baseUrl: oldUrl,
    apiKey: OLD_KEY,
  })
  // The move lands at each point of the connection test's reads of the settings in turn.
  for (let at = 1; at <= 6; at++) {
    await planner.call('boards:update', {
      id: board.id,
      name: 'Moving board',
      baseUrl: oldUrl,
      apiKey: OLD_KEY,
    })
    keysAtOldServer.length = 0
    let moved: Promise<unknown> = Promise.resolve()
    store.arm(at, () => {
      moved = planner.router.dispatch(
        'boards:update',
        { id: board.id, name: 'Moving board', baseUrl: newUrl, apiKey: newKey },
        true,
      )
    })
    await planner.router.dispatch('boards:test', { id: board.id }, true)
    await moved
    expect(
      keysAtOldServer.filter((key) => key.includes(newKey)),
      `move at read ${at}`,
    ).toEqual([])
  }
})
