// Row order over a real store: a load or Refresh takes the board's order, a sort setting takes
// its own, and asking again for the same board in the same sort keeps the rank it has (the
// load path asks twice; a ranking lays out every task).
import { describe, expect, it } from 'vitest'
import { createPlannerStore } from '../../../src-renderer/state'
import { resortRows } from '../../../src-renderer/timeline/view/resort-rows'
import type { Task } from '../../../src-shared/api'
import { snapshot, task } from '../state/fixtures'

const d = (day: string) => `${day}T00:00:00.000Z`
const order = (rank: ReadonlyMap<string, number> | null) =>
  [...(rank ?? new Map<string, number>())].sort((a, b) => a[1] - b[1]).map(([id]) => id)

function loaded(tasks: Task[]) {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot(tasks))
  return store
}

describe('resortRows', () => {
  const tasks = [
    task('t1', { key: 1, startDate: d('2030-01-05'), dueDate: d('2030-01-06') }),
    task('t2', { key: 2, startDate: d('2030-01-01'), dueDate: d('2030-01-09') }),
    task('t3', { key: 3, startDate: d('2030-01-03'), dueDate: d('2030-01-04') }),
  ]

  it('ranks the board in the sort setting, and keeps the rank for the same board', () => {
    const store = loaded(tasks)
    resortRows(store)
    const rank = store.getState().view.rowRank
    expect(order(rank)).toEqual(['t2', 't3', 't1'])
    resortRows(store)
    expect(store.getState().view.rowRank).toBe(rank)
  })

  it('takes a new order for a changed board and for another sort', () => {
    const store = loaded(tasks)
    resortRows(store)
    // A Refresh brings t1 forward.
    store
      .getState()
      .snapshotReceived(
        snapshot(tasks.map((t) => (t.id === 't1' ? { ...t, startDate: d('2029-12-30') } : t))),
      )
    resortRows(store)
    expect(order(store.getState().view.rowRank)).toEqual(['t1', 't2', 't3'])
    resortRows(store, 'due')
    expect(store.getState().view.sort).toBe('due')
    expect(order(store.getState().view.rowRank)).toEqual(['t3', 't1', 't2'])
    resortRows(store, 'key')
    expect(order(store.getState().view.rowRank)).toEqual(['t1', 't2', 't3'])
  })

  it('ranks a second store of its own (another window, a test) however the first was ranked', () => {
    const first = loaded(tasks)
    resortRows(first)
    const second = loaded(tasks)
    expect(second.getState().view.rowRank).toBeNull()
    resortRows(second)
    expect(order(second.getState().view.rowRank)).toEqual(['t2', 't3', 't1'])
  })
})
