// A board that lists a dependency twice (the same id: a join gone wrong on its side). The chart
// keeps arrows by id, so one of the two was lost in a redraw, and Problems and the context menu
// named it twice. The sync keeps each dependency once.
import { expect, it } from 'vitest'
import type { Dependency } from '../../../src-shared/api'
import { syncBoard } from '../../../src-main/sync'
import { buildTask } from '../../support/task-builder'
import { memoryBoard } from './memory-board'

const dependency = (id: string, lagDays: number): Dependency => ({
  id,
  predecessorId: 't1',
  predecessorProjectKey: 'WEB',
  predecessorKey: 1,
  predecessorTitle: 'a',
  predecessorUrl: '',
  successorId: 't2',
  successorProjectKey: 'WEB',
  successorKey: 2,
  successorTitle: 'b',
  successorUrl: '',
  lagDays,
  createdAt: '2026-11-28T00:00:00.000Z',
})

it('keeps each dependency id once, the first the board listed', async () => {
  const board = memoryBoard([buildTask('t1'), buildTask('t2')])
  const listed = [dependency('D1', 1), dependency('D2', 0), dependency('D1', 1)]
  const result = await syncBoard({ ...board, listDependencies: async () => listed })
  expect(result.dependencies.map((d) => d.id)).toEqual(['D1', 'D2'])
})
