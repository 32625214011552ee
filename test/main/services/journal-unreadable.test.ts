// A damaged edit journal must not stop the planner from starting (it did: no window, no word).
// The file is kept aside under a new name, never deleted, a new journal starts, and every board
// shows a problem saying that edits waiting in the old one were not sent.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { PendingEdits } from '../../../src-shared/ipc'
import { startServices } from '../../support/services-under-test'
import type { ServicesUnderTest } from '../../support/services-under-test'

const GARBAGE = 'not a database, '.repeat(300)
let planner: ServicesUnderTest

beforeAll(async () => {
  planner = await startServices('tb-journal-unreadable-', 20, {
    before: (dir) => writeFileSync(join(dir, 'edits.db'), GARBAGE),
  })
})
afterAll(() => planner.close())

it('starts on a new journal, keeps the damaged one aside and says so on the board', async () => {
  const kept = readdirSync(planner.dir).filter((f) => f.startsWith('edits.db.unreadable-'))
  expect(kept).toHaveLength(1)
  expect(readFileSync(join(planner.dir, kept[0]!), 'utf8')).toBe(GARBAGE)
  const pending = await planner.call<PendingEdits>('edits:pending')
  expect(pending.problems.map((p) => p.kind)).toEqual(['unreadable'])
  expect(pending.problems[0]!.message).toContain('could not be read at start')
  expect(pending.problems[0]!.message).toContain(kept[0]!)
  // The new journal works: a retry of nothing answers with nothing waiting.
  expect((await planner.call<PendingEdits>('edits:retry')).count).toBe(0)
})
