// The stored snapshot of a board is shown only for the address it was read from. A sync still
// writing when the board moved (its write lands after the move's forget) left the old server's
// tasks on disk, and every later start showed them as the moved board's stored copy.
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { SnapshotCache } from '../../../src-main/board/snapshot-cache'
import type { BoardSnapshot } from '../../../src-shared/ipc'
import { buildTask } from '../../support/task-builder'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-snapshots-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const snapshot: BoardSnapshot = {
  profileId: 'team',
  tasks: [buildTask('t1')],
  dependencies: [],
  coverage: { complete: true, knownTasks: 1, requests: 1, truncated: [], wants: [] },
  syncedAt: '2026-11-28T10:00:00.000Z',
  fromCache: false,
}

it('answers a stored snapshot for the address it was read from, and none for another', async () => {
  await new SnapshotCache(dir).put(snapshot, 'https://old.example.com')
  // A later start: the board has moved since the file was written.
  const next = new SnapshotCache(dir)
  expect(await next.get('team', 'https://new.example.com')).toBeUndefined()
  expect((await next.get('team', 'https://old.example.com'))?.tasks).toHaveLength(1)
  // In memory too.
  const same = new SnapshotCache(dir)
  await same.put(snapshot, 'https://old.example.com')
  expect(await same.get('team', 'https://new.example.com')).toBeUndefined()
})

it('removes the temp file a crash mid-write left, at the next write', async () => {
  const cache = new SnapshotCache(dir)
  await cache.put(snapshot, 'https://old.example.com')
  const stale = join(dir, '.team.json.tmp-12345')
  writeFileSync(stale, 'half a snapshot')
  const hourAgo = new Date(Date.now() - 3_600_000)
  utimesSync(stale, hourAgo, hourAgo)
  await cache.put(snapshot, 'https://old.example.com')
  expect(existsSync(stale)).toBe(false)
})

it('takes a file written before addresses were kept for the board as it is now', async () => {
  writeFileSync(join(dir, 'team.json'), JSON.stringify(snapshot))
  expect((await new SnapshotCache(dir).get('team', 'https://now.example.com'))?.tasks).toHaveLength(
    1,
  )
})
