// A boards.json that cannot be read at start (empty, cut short, hand-edited wrong) is moved
// aside, as before; the planner then sets the local demo board up again and says on it what
// happened. Before, the window showed no board at all (not even the local board running) until
// the next start, and the reason went only to the log.
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BoardProfileView, PendingEdits } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

let planner: ServicesUnderTest
beforeAll(async () => {
  planner = await startServices('tb-settings-unreadable-', 20, {
    before: (dir) => writeFileSync(join(dir, 'boards.json'), '{"version": 1, "profi'),
  })
})
afterAll(() => planner.close())

it('starts with the local board again, keeps the file aside and says so', async () => {
  expect(readdirSync(planner.dir).filter((f) => f.startsWith('boards.json.corrupt-'))).toHaveLength(
    1,
  )
  const boards = await planner.call<BoardProfileView[]>('boards:list')
  expect(boards.map((b) => [b.isLocal, b.isCurrent])).toEqual([[true, true]])
  const pending = await planner.call<PendingEdits>('edits:pending')
  expect(pending.problems.map((p) => p.message).join(' ')).toMatch(
    /board settings file .* could not be read .* moved to .*boards\.json\.corrupt-/,
  )
})
