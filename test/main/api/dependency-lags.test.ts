// The spec gives a dependency's lag as "number". Our board takes whole days from 0 to 3650, and
// the forms check a typed lag against that; but another board may hold 2.5, -1 or 5000, and
// undo of a delete (or the restore after a failed lag change) must send back exactly the lag the
// board held. The client refused them before sending, and the dependency was lost.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { expectApiError, recordingClient, sampleDependency } from './fixtures'
import { json, startStub } from './stub-server'
import type { StubServer } from './stub-server'
import { SendDependencyBody } from '../../../src-shared/api'

let stub: StubServer
beforeEach(async () => {
  stub = await startStub()
})
afterEach(() => stub.close())

const made = (lagDays: number) => sampleDependency({ lagDays })

it.each([2.5, -1, 5000])('sends a lag of %s days the board held', async (lagDays) => {
  stub.otherwise(json(201, { success: true, dependency: made(lagDays) }))
  const { client } = recordingClient(stub.url)
  const dependency = await client.createDependency({
    predecessorId: 'T1',
    successorId: 'T2',
    lagDays,
  })
  expect(dependency.lagDays).toBe(lagDays)
  expect(JSON.parse(stub.requests.at(-1)!.body)).toEqual({
    predecessorId: 'T1',
    successorId: 'T2',
    lagDays,
  })
})

it('still refuses what is no number of days, before sending', async () => {
  const { client } = recordingClient(stub.url)
  await expectApiError(
    client.createDependency({ predecessorId: 'T1', successorId: 'T2', lagDays: Infinity }),
    'INVALID_REQUEST',
  )
  expect(stub.requests).toEqual([])
  expect(
    SendDependencyBody.safeParse({ predecessorId: 'T1', successorId: 'T2', lagDays: NaN }).success,
  ).toBe(false)
})
