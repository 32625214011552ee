// After a create, the new tasks are looked for on the board (the interface does not return
// them). A board that writes createdAt as a count of seconds (the spec gives it no form), or
// that trims the titles it stores, had its new tasks never found: they stayed "created, not
// yet seen", and an import skipped every dependency of theirs.
import { describe, expect, it } from 'vitest'
import { findCreatedTasks } from '../../../src-main/edits/find-created-tasks'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { buildTask } from '../../support/task-builder'
import { newTask } from '../api/fixtures'

const since = new Date(Date.now() - 60_000).toISOString()
const lister = (tasks: Task[]) => ({ listTasks: async (_: ListTasksFilters) => tasks })

describe('finding the tasks a create made', () => {
  it('reads a createdAt written as epoch seconds or milliseconds', async () => {
    const seconds = String(Math.floor(Date.now() / 1000))
    const board = [
      buildTask('old-1', { title: 'Launch', key: 1, createdAt: '1000000000' }),
      buildTask('new-2', { title: 'Launch', key: 2, createdAt: seconds }),
      buildTask('new-3', { title: 'Review', key: 3, createdAt: String(Date.now()) }),
    ]
    const found = await findCreatedTasks(lister(board), [newTask('Launch'), newTask('Review')], {
      knownIds: new Set(),
      since,
    })
    expect(found.created.map((c) => c.id)).toEqual(['new-2', 'new-3'])
    expect(found.unknown).toEqual([])
  })

  it('finds a task whose title the board trimmed', async () => {
    const board = [buildTask('new-1', { title: 'Padded', createdAt: new Date().toISOString() })]
    const found = await findCreatedTasks(lister(board), [newTask('  Padded ')], {
      knownIds: new Set(),
      since,
    })
    expect(found.created.map((c) => c.id)).toEqual(['new-1'])
  })
})
