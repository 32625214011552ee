// What the New task dialog and the details panel edit: one draft of a task's fields, as form
// inputs hold them (strings for text and dates, the property values as the spec's shapes). The
// same draft type serves both, so validation and the request builders are shared.
import { isCalendarDate } from '../../src-shared/api/dates'
import { entryOf } from '../../src-shared/api/id-table'
import type { DescriptionType, Priority, TaskType } from '../../src-shared/api/enums'
import type { Task } from '../../src-shared/api/resources'
import type { PropertyShape } from '../../src-shared/board/vocabulary'
import { PLANNER_DESCRIPTION_TYPE } from '../../src-shared/ipc/board-snapshot'
import {
  dayOfTaskDate,
  daysBetweenIsoDays,
  parseInstant,
  shiftTimestamp,
  writableTimestamp,
} from '../../src-shared/schedule/days'

/** A property value as an input holds it; '' (or an empty list) means "no value". */
export type DraftPropertyValue = string | number | boolean | string[]

/**
 * What a date field holds while a part of it (day, month or year) is left out: the browser
 * reads such a date as '', and taken as that, Save cleared the task's date.
 */
export const INCOMPLETE_DATE = 'incomplete date'

export interface SubtaskDraft {
  /** Stable React key; not sent. */
  key: number
  title: string
  status: string
  assignedUserEmail: string
  dueDate: string
}

export interface TaskDraft {
  title: string
  projectKey: string
  type: TaskType
  status: string
  assignedUserEmail: string
  priority: Priority | ''
  pinToTop: boolean
  tags: string[]
  /** `YYYY-MM-DD` (the UTC day, as the service files dates) or ''. */
  startDate: string
  dueDate: string
  descriptionType: DescriptionType
  descriptionContent: string
  milestoneId: string
  parentId: string
  properties: Record<string, DraftPropertyValue>
  subtasks: SubtaskDraft[]
}

export const EMPTY_DRAFT: TaskDraft = {
  title: '',
  projectKey: '',
  type: 'task',
  status: '',
  assignedUserEmail: '',
  priority: '',
  pinToTop: false,
  tags: [],
  startDate: '',
  dueDate: '',
  descriptionType: 'markdown',
  descriptionContent: '',
  milestoneId: '',
  parentId: '',
  properties: {},
  subtasks: [],
}

/** The UTC day of an ISO timestamp (the day its bar is on), as a date input wants it; '' for ''. */
export function dayOf(iso: string): string {
  return dayOfTaskDate(iso)
}

/**
 * The timestamp to send for a day picked in a date input. The timeline keeps a task's time of
 * day when it moves (DESIGN.md, Dates), so a changed day keeps the old time too; a date that had
 * none is sent as the bare day.
 */
export function timestampForDay(day: string, previous: string): string {
  if (day === '') return ''
  // Not a day (a date left incomplete): kept as it is, for the form's rule to refuse it.
  if (!isCalendarDate(day)) return day
  if (previous.length <= 10) return day
  // Moved by whole days from the day it is on, as a dragged bar moves: the same UTC time of
  // day, written in UTC (a board's offset or missing zone would put the day picked elsewhere).
  if (parseInstant(previous) !== undefined)
    return shiftTimestamp(previous, daysBetweenIsoDays(dayOf(previous), day))
  return writableTimestamp(`${day}${previous.slice(10)}`)
}

/** An input's starting value for a property: what the task has, else the type's blank. */
export function propertyDraftValue(shape: PropertyShape, value: unknown): DraftPropertyValue {
  switch (shape.type) {
    case 'Checkbox':
    case 'Toggle':
      return value === true
    case 'Multi-Select':
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
    case 'Number':
      return typeof value === 'number' ? value : ''
    case 'Date':
      return typeof value === 'string' ? dayOf(value) : ''
    default:
      return typeof value === 'string' ? value : value == null ? '' : String(value)
  }
}

export function draftFromTask(task: Task, properties: readonly PropertyShape[]): TaskDraft {
  return {
    title: task.title,
    projectKey: task.projectKey,
    type: task.type,
    status: task.status,
    assignedUserEmail: task.assignedUserEmail,
    priority: task.priority,
    pinToTop: task.pinToTop,
    tags: [...task.tags],
    startDate: dayOf(task.startDate),
    dueDate: dayOf(task.dueDate),
    // The planner holds descriptions in one format (the sync asks the board for it).
    descriptionType: PLANNER_DESCRIPTION_TYPE,
    descriptionContent: task.description,
    milestoneId: task.milestoneId,
    parentId: task.parentId,
    properties: Object.fromEntries(
      properties.map((shape) => [
        shape.name,
        propertyDraftValue(shape, entryOf(task.properties, shape.name)),
      ]),
    ),
    subtasks: [],
  }
}

/** Is a property input empty (nothing to send on create)? */
export function isBlankValue(value: DraftPropertyValue | undefined): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
}
