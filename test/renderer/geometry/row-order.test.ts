// Stable rows: a frozen rank keeps siblings in place when dates change; the sort choices order
// them by board order, start, due date or key.
import { describe, expect, it } from 'vitest'
import { layoutRows, rankTasks } from '../../../src-renderer/timeline/geometry'
import type { LayoutTask, SortOrder } from '../../../src-renderer/timeline/geometry'
import { at, task } from './builders'

const ids = (tasks: LayoutTask[], options: Parameters<typeof layoutRows>[1] = {}) =>
  layoutRows(tasks, options)
    .rows.filter((r) => r.kind === 'task')
    .map((r) => r.id)

const board = [
  task('c', { key: 3, startDate: at('2026-03-05'), dueDate: at('2026-03-06') }),
  task('a', { key: 1, startDate: at('2026-03-01'), dueDate: at('2026-03-20') }),
  task('b', { key: 2, startDate: at('2026-03-03'), dueDate: at('2026-03-04') }),
]

describe('sort choices', () => {
  it.each<[SortOrder, string[]]>([
    ['board', ['c', 'a', 'b']],
    ['start', ['a', 'b', 'c']],
    ['due', ['b', 'c', 'a']],
    ['key', ['a', 'b', 'c']],
  ])('%s', (sort, expected) => {
    expect(ids(board, { sort })).toEqual(expected)
    expect(ids(board, { rank: rankTasks(board, sort) })).toEqual(expected)
  })
})

describe('a frozen order', () => {
  it('keeps a moved task in its row, where a live sort would move it', () => {
    const rank = rankTasks(board, 'start')
    // "a" is dragged past the others.
    const moved = board.map((t) =>
      t.id === 'a' ? { ...t, startDate: at('2026-04-01'), dueDate: at('2026-04-03') } : t,
    )
    expect(ids(moved, { sort: 'start' })).toEqual(['b', 'c', 'a'])
    expect(ids(moved, { sort: 'start', rank })).toEqual(['a', 'b', 'c'])
    // A re-sort (Refresh) takes the new dates.
    expect(ids(moved, { sort: 'start', rank: rankTasks(moved, 'start') })).toEqual(['b', 'c', 'a'])
  })

  it('puts a task it has not seen after the ranked ones, in sort order', () => {
    const rank = rankTasks(board, 'start')
    const added = [...board, task('z', { key: 9, startDate: at('2026-01-01') })]
    expect(ids(added, { sort: 'start', rank })).toEqual(['a', 'b', 'c', 'z'])
  })
})
