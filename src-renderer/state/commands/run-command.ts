// Runs a command given as data, and says in words what it does (for messages).
import { moveTasks } from './move-tasks'
import { resizeTask } from './resize-task'
import { scheduleTask } from './schedule-task'
import { setDates } from './set-dates'
import { updateFields } from './update-fields'
import type { Command, CommandResult, TaskTable } from './types'

export function runCommand<B extends TaskTable>(board: B, command: Command): CommandResult<B> {
  switch (command.kind) {
    case 'moveTasks':
      return moveTasks(board, command)
    case 'resizeTask':
      return resizeTask(board, command)
    case 'scheduleTask':
      return scheduleTask(board, command)
    case 'setDates':
      return setDates(board, command)
    case 'updateFields':
      return updateFields(board, command)
  }
}

/**
 * What the command does, as the middle of a sentence: 'move 3 tasks', 'resize "Login page"'.
 * `changed` are the ids of the tasks it actually changes (its updates), which is what counts.
 */
export function describeCommand(
  board: TaskTable,
  command: Command,
  changed: readonly string[],
): string {
  const what =
    changed.length === 1
      ? `"${board.tasksById[changed[0] as string]?.title ?? changed[0]}"`
      : `${changed.length} tasks`
  switch (command.kind) {
    case 'moveTasks':
      return `move ${what}`
    case 'resizeTask':
      return `resize ${what}`
    case 'scheduleTask':
      return `schedule ${what}`
    case 'setDates':
      return `change the dates of ${what}`
    case 'updateFields':
      return `change ${what}`
  }
}
