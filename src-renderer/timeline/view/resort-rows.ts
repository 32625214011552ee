// Takes a new row order from the board as it is now: on Refresh, when a board has loaded, and
// when the sort setting changes. Between these, rows keep their places (../geometry/row-order.ts).
import type { PlannerStore, RowSort } from '../../state'
import { rankTasks } from '../geometry'

export function resortRows(store: PlannerStore, sort?: RowSort): void {
  const state = store.getState()
  const { taskIds, tasksById } = state.board
  const tasks = taskIds.map((id) => tasksById[id]).filter((t) => t !== undefined)
  state.setRowOrder(sort ?? state.view.sort, rankTasks(tasks, sort ?? state.view.sort))
}
