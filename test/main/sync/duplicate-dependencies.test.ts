// A board that lists a dependency twice (the same id: a join gone wrong on its side). The chart
// keeps arrows by id, so one of the two was lost in a redraw, and Problems and the context menu
// named it twice. The sync keeps each dependency once.
import { expect, it } from 'vitest'
import { syncBoard } from '../../../src-main/sync'
import { buildTask } from '../../support/task-builder'
import { memoryBoard } from './memory-board'
import { sampleDependency } from '../api/fixtures'

const dependency = (id: string, lagDays: number) =>
  sampleDependency({ id, predecessorId: 't1', successorId: 't2', lagDays })

it('keeps each dependency id once, the first the board listed', async () => {
  const board = memoryBoard([buildTask('t1'), buildTask('t2')])
  const listed = [dependency('D1', 1), dependency('D2', 0), dependency('D1', 1)]
  const result = await syncBoard({ ...board, listDependencies: async () => listed })
  expect(result.dependencies.map((d) => d.id)).toEqual(['D1', 'D2'])
})
