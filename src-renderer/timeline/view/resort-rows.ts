// Takes a new row order from the board as it is now: on Refresh, when a board has loaded, and
// when the sort setting changes. Between these, rows keep their places (../geometry/row-order.ts).
import type { PlannerState, PlannerStore, RowSort } from '../../state'
import { rankTasks } from '../geometry'

/**
 * What the store's rank was last taken from. The same board in the same sort gives the same
 * order, so it is not taken again: a load asks twice (with the snapshot, then once the pending
 * edits' dates are in), and each ranking lays out every task (150-250 ms at 50,000 tasks).
 */
let lastRanked:
  | {
      board: Pick<PlannerState['board'], 'taskIds' | 'tasksById'>
      sort: RowSort
      rank: ReadonlyMap<string, number>
    }
  | undefined

export function resortRows(store: PlannerStore, sort?: RowSort): void {
  const state = store.getState()
  const { taskIds, tasksById } = state.board
  const order = sort ?? state.view.sort
  const last = lastRanked
  if (
    last &&
    last.board.taskIds === taskIds &&
    last.board.tasksById === tasksById &&
    last.sort === order &&
    state.view.sort === order &&
    state.view.rowRank === last.rank
  )
    return
  const tasks = taskIds.map((id) => tasksById[id]).filter((t) => t !== undefined)
  state.setRowOrder(order, rankTasks(tasks, order))
  const { rowRank } = store.getState().view
  lastRanked = rowRank ? { board: { taskIds, tasksById }, sort: order, rank: rowRank } : undefined
}
