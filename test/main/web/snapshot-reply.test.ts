// Browser mode's refresh: main's services and the HTTP bridge in this process, the local board in
// its worker. A sync makes the snapshot's JSON once: the disk cache and the reply carry the same
// text, and the reply is what the renderer got before (the snapshot, parsed back equal).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createIpcRouter } from '../../../src-main/ipc/ipc-router'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { createPlannerServices } from '../../../src-main/services/planner-services'
import type { PlannerServices } from '../../../src-main/services/planner-services'
import { startWebBridge, TOKEN_HEADER } from '../../../src-main/web/web-bridge'
import type { WebBridge } from '../../../src-main/web/web-bridge'
import { BoardSnapshot } from '../../../src-shared/ipc'

let dir: string
let services: PlannerServices
let bridge: WebBridge

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-snapshot-reply-'))
  services = await createPlannerServices({
    userDataDir: dir,
    secretStore: new MemorySecretStore(),
    emit: () => {},
    localBoardTasks: 250,
    log: () => {},
  })
  bridge = await startWebBridge({ router: createIpcRouter(services.handlers), rendererRoot: dir })
})
afterAll(async () => {
  await bridge.close()
  await services.close()
  rmSync(dir, { recursive: true, force: true })
})

const sync = async (payload: { cachedFirst?: boolean }): Promise<string> => {
  const response = await fetch(`${bridge.url}ipc/board:sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: bridge.token },
    body: JSON.stringify({ payload }),
  })
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  return response.text()
}

/** Calls of JSON.stringify whose value is a snapshot, or a reply that carries one. */
const snapshotStringifies = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([value]) => {
    const inner = (value as { value?: unknown } | null)?.value ?? value
    return BoardSnapshot.safeParse(inner).success
  }).length

describe('a refresh in browser mode', () => {
  it('stringifies the snapshot once, for the disk cache and the reply alike', async () => {
    const stringify = vi.spyOn(JSON, 'stringify')
    const body = await sync({})
    expect(snapshotStringifies(stringify)).toBe(1)
    stringify.mockRestore()
    // The file keeps the address the snapshot was read from beside the same text.
    const onDisk = readFileSync(join(dir, 'snapshots', 'local.json'), 'utf8')
    const snapshotText = body.slice('{"ok":true,"value":'.length, -1)
    expect(onDisk).toMatch(/^\{"address":"[^"]+","snapshot":/)
    expect(onDisk.endsWith(`,"snapshot":${snapshotText}}`)).toBe(true)
    const reply = JSON.parse(body) as { ok: true; value: unknown }
    const snapshot = BoardSnapshot.parse(reply.value)
    expect(snapshot).toMatchObject({ profileId: 'local', fromCache: false })
    expect(snapshot.tasks).toHaveLength(250)
  })

  it('still answers the cached snapshot first, marked as such', async () => {
    const fresh = BoardSnapshot.parse((JSON.parse(await sync({})) as { value: unknown }).value)
    const cached = JSON.parse(await sync({ cachedFirst: true })) as { value: BoardSnapshot }
    expect(cached.value).toEqual({ ...fresh, fromCache: true })
  })
})
