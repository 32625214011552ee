// A sync that loaded the board is answered even when its snapshot cannot be stored (a full disk,
// a folder that cannot be written): before, the loaded board was answered as a planner failure.
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BoardSnapshot } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
beforeAll(async () => {
  planner = await startServices('tb-snapshot-fails-', 30)
})
afterAll(() => planner.close())

it('answers the loaded board when the snapshot cannot be written', async () => {
  // Where the snapshots folder should be, a file: nothing can be written under it.
  rmSync(join(planner.dir, 'snapshots'), { recursive: true, force: true })
  writeFileSync(join(planner.dir, 'snapshots'), 'not a folder')
  const snapshot = await planner.call<BoardSnapshot>('board:sync', {})
  expect(snapshot.tasks.length).toBeGreaterThan(0)
  expect(snapshot.fromCache).toBe(false)
})
