// Stable rows: a frozen rank keeps siblings in place when dates change; the sort choices order
// them by board order, start, due date or key.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  layoutOfRanking,
  layoutRows,
  rankTasks,
  SORT_ORDERS,
} from '../../../src-renderer/timeline/geometry'
import type { LayoutTask, RowLayout, SortOrder } from '../../../src-renderer/timeline/geometry'
import { at, randomBoards, task } from './builders'

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

describe('the layout a ranking was read from', () => {
  const rowsOf = (layout: RowLayout) => ({
    rows: layout.rows,
    index: [...layout.rowIndexById],
    unscheduled: layout.unscheduled.map((t) => t.id),
    height: layout.height,
  })
  const boards = randomBoards({ maxLength: 40 })

  it('is what laying the same tasks out by that rank gives, in every sort order', () => {
    fc.assert(
      fc.property(boards, fc.constantFrom(...SORT_ORDERS), (tasks, sort) => {
        const rank = rankTasks(tasks, sort)
        const reused = layoutOfRanking([...tasks], sort, rank)
        expect(reused).toBeDefined()
        expect(rowsOf(reused!)).toEqual(rowsOf(layoutRows(tasks, { sort, rank })))
      }),
    )
  })

  it('is not given for other tasks, another sort or another order', () => {
    const rank = rankTasks(board, 'start')
    const moved = board.map((t) => (t.id === 'a' ? { ...t, startDate: at('2026-04-01') } : t))
    expect(layoutOfRanking(moved, 'start', rank)).toBeUndefined()
    expect(layoutOfRanking(board.slice(1), 'start', rank)).toBeUndefined()
    expect(layoutOfRanking(board, 'due', rank)).toBeUndefined()
    const swapped = new Map([...rank].map(([id, place]) => [id, rank.size - 1 - place]))
    expect(layoutOfRanking(board, 'start', swapped)).toBeUndefined()
    expect(layoutOfRanking(board, 'start', rank)).toBeDefined()
  })

  it('is given for a rank equal to the one read (the store keeps its rank for the same order)', () => {
    const rank = rankTasks(board, 'start')
    const kept = new Map(rank)
    rankTasks(board, 'start')
    expect(layoutOfRanking(board, 'start', kept)?.rows).toEqual(
      layoutRows(board, { sort: 'start', rank: kept }).rows,
    )
  })
})
