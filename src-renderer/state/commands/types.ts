// The shapes every edit command shares. A command is plain data (so it can be stored, logged and
// undone); running it is a pure function of the board that also returns its inverse.
import type { Task } from '../../../src-shared/api/resources'
import type { TaskPatch } from './task-patch'

export type { PatchFields, Slot, TaskPatch } from './task-patch'

/** What a command needs of the board: the tasks by id. The store's board slice is one. */
export interface TaskTable {
  readonly tasksById: Readonly<Record<string, Task>>
}

/** Absolute dates of one task; a missing field is left as it is, '' clears it. */
export interface TaskDates {
  id: string
  startDate?: string
  dueDate?: string
}

export interface MoveTasksArgs {
  ids: readonly string[]
  /** Whole days, negative to move earlier. */
  days: number
}

export interface ResizeTaskArgs {
  id: string
  edge: 'start' | 'end'
  /** Whole days the dragged edge moves, negative to the left. */
  days: number
}

export interface ScheduleTaskArgs {
  id: string
  /** The calendar day the task was dropped on, `YYYY-MM-DD`. */
  startDay: string
  /** Length in days, at least 1 (the first and last day are both included). */
  days: number
}

export interface SetDatesArgs {
  dates: readonly TaskDates[]
}

export interface UpdateFieldsArgs {
  /** Absolute values per task, as an update item writes them ('' clears where the spec says). */
  updates: readonly TaskPatch[]
}

export type Command =
  | ({ kind: 'moveTasks' } & MoveTasksArgs)
  | ({ kind: 'resizeTask' } & ResizeTaskArgs)
  | ({ kind: 'scheduleTask' } & ScheduleTaskArgs)
  | ({ kind: 'setDates' } & SetDatesArgs)
  | ({ kind: 'updateFields' } & UpdateFieldsArgs)

export interface CommandResult<B extends TaskTable = TaskTable> {
  /** The board after the command; the same object when nothing changed. */
  next: B
  /**
   * Restores exactly the fields this command changed: `setDates` for the date commands,
   * `updateFields` for any other.
   */
  inverse: Command
  /** One item per changed task with only its changed fields, absolute values: one batch. */
  updates: TaskPatch[]
}
