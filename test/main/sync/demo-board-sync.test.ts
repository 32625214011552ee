// The board every newcomer opens first: the planner's embedded demo board at its default size,
// synced as the planner syncs it (with the board's own lists), must load complete, so the first
// status bar does not warn about parts of the board that may hide tasks.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { startEmbeddedBoard } from '../../../src-server'
import { ApiClient } from '../../../src-main/api'
import { syncBoard } from '../../../src-main/sync'

it('syncs the default demo board complete, with its lists', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tb-demo-sync-'))
  // A fixed week: the seed lays the board out around the Monday of `now`.
  const board = await startEmbeddedBoard({ dataDir: dir, now: new Date('2026-11-23T12:00:00Z') })
  try {
    const client = new ApiClient({ baseUrl: board.url, apiKey: board.apiKey })
    const result = await syncBoard(client, { known: { ...board.definitions, complete: true } })
    expect(result.coverage).toMatchObject({ complete: true, truncated: [] })
    expect(result.tasks).toHaveLength(300)
  } finally {
    await board.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
