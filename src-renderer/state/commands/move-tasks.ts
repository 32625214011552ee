// Move tasks by whole days: every date a task has shifts by the same amount and keeps its time of
// day. A task with one date moves that date; a task with none stays (it lives in the Unscheduled
// tray). A milestone moves its due date only: the service ignores a milestone's startDate, so
// sending one would leave the planner showing a value the board never took.
import {
  daysWithin,
  parseInstant as timeOf,
  shiftTimestamp as addDays,
  wholeDays,
} from '../../../src-shared/schedule/days'
import { changeDates } from './change-dates'
import type { CommandResult, MoveTasksArgs, TaskDates, TaskTable } from './types'

export function moveTasks<B extends TaskTable>(board: B, args: MoveTasksArgs): CommandResult<B> {
  // The move is held where any date it moves would leave years 0000-9999 (a board's "never",
  // 9999-12-31): all tasks move by the same days, as dragged together.
  const moved = args.ids.flatMap((id) => {
    const task = board.tasksById[id]
    if (!task) return []
    return [task.type === 'milestone' ? '' : task.startDate, task.dueDate].filter(
      (date) => timeOf(date) !== undefined,
    )
  })
  const days = daysWithin(wholeDays(args.days), moved)
  const wanted: TaskDates[] = []
  if (days !== 0) {
    for (const id of args.ids) {
      const task = board.tasksById[id]
      if (!task) continue
      const dates: TaskDates = { id }
      if (task.type !== 'milestone' && timeOf(task.startDate) !== undefined)
        dates.startDate = addDays(task.startDate, days)
      if (timeOf(task.dueDate) !== undefined) dates.dueDate = addDays(task.dueDate, days)
      wanted.push(dates)
    }
  }
  return changeDates(board, wanted)
}
