// From a draft to the interface's bodies: a create item (with the milestone rule applied, so the
// request says what the board will store) and an update holding only the fields that changed,
// with '' clearing where the spec allows it.
import { entryOf, idTable } from '../../src-shared/api/id-table'
import { PLANNER_DESCRIPTION_TYPE } from '../../src-shared/ipc/board-snapshot'
import { MILESTONE_IGNORED_ON_UPDATE } from '../../src-shared/api/enums'
import type { PropertyValue } from '../../src-shared/api/fields'
import type { Task } from '../../src-shared/api/resources'
import type { CreateTaskItem, UpdateTaskItem } from '../../src-shared/api/task-bodies'
import type { PropertyShape } from '../../src-shared/board/vocabulary'
import type { DraftPropertyValue, TaskDraft } from './draft'
import { dayOf, isBlankValue, propertyDraftValue, timestampForDay } from './draft'

/** The fields of one task's update, without its id (what the updateFields command takes). */
export type TaskFieldChanges = Partial<
  Pick<
    UpdateTaskItem,
    | 'title'
    | 'status'
    | 'assignedUserEmail'
    | 'priority'
    | 'pinToTop'
    | 'tags'
    | 'startDate'
    | 'dueDate'
    | 'milestoneId'
    | 'parentId'
    | 'descriptionType'
    | 'descriptionContent'
  >
> & { properties?: Record<string, PropertyValue> }

export function createItemFrom(
  draft: TaskDraft,
  properties: readonly PropertyShape[],
): CreateTaskItem {
  const item: CreateTaskItem = {
    title: draft.title,
    projectKey: draft.projectKey.trim(),
    descriptionType: draft.descriptionType,
    descriptionContent: draft.descriptionContent,
  }
  if (draft.status.trim()) item.status = draft.status.trim()
  if (draft.dueDate) item.dueDate = draft.dueDate
  if (draft.type === 'milestone') {
    // The milestone rule: everything else the board would ignore, so it is not sent at all.
    item.type = 'milestone'
    return item
  }
  if (draft.assignedUserEmail) item.assignedUserEmail = draft.assignedUserEmail.trim()
  if (draft.priority) item.priority = draft.priority
  if (draft.pinToTop) item.pinToTop = true
  if (draft.tags.length > 0) item.tags = [...draft.tags]
  if (draft.startDate) item.startDate = draft.startDate
  if (draft.milestoneId) item.milestoneId = draft.milestoneId
  const values = idTable<PropertyValue>()
  for (const shape of properties) {
    const value = entryOf(draft.properties, shape.name)
    // An unticked checkbox is no value: the board stores nothing rather than a false per task.
    if (value === undefined || isBlankValue(value) || value === false) continue
    values[shape.name] = value
  }
  if (Object.keys(values).length > 0) item.properties = values
  const subtasks = draft.subtasks.map((subtask) => {
    const child: CreateTaskItem = {
      title: subtask.title,
      projectKey: item.projectKey,
      descriptionType: 'text',
      descriptionContent: '',
    }
    if (subtask.status.trim()) child.status = subtask.status.trim()
    if (subtask.assignedUserEmail) child.assignedUserEmail = subtask.assignedUserEmail.trim()
    if (subtask.dueDate) child.dueDate = subtask.dueDate
    return child
  })
  if (subtasks.length > 0) item.subtasks = subtasks
  return item
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i])

const sameValue = (a: DraftPropertyValue, b: DraftPropertyValue) =>
  Array.isArray(a) && Array.isArray(b) ? sameList(a, b) : a === b

/** Only what the user changed; {} when nothing. */
export function changesFrom(
  task: Task,
  draft: TaskDraft,
  properties: readonly PropertyShape[],
  /**
   * The fields the user edited (the panel's `edited`, keys `property:<name>`): when given, only
   * the custom properties named here can be sent. A property's type is guessed from the values
   * the board has shown, and that guess can change while the panel is open (another task's value
   * syncs in): the draft's value, derived with the old guess, then read as a change the user
   * never made, and Save wrote it back (a Date's time of day dropped).
   */
  edited?: ReadonlySet<string>,
): TaskFieldChanges {
  const changes: TaskFieldChanges = {}
  if (draft.title !== task.title) changes.title = draft.title
  // An untouched description is not sent back; a touched one, or one given another format than
  // the one the planner holds descriptions in, is sent whole.
  if (
    draft.descriptionContent !== task.description ||
    draft.descriptionType !== PLANNER_DESCRIPTION_TYPE
  ) {
    changes.descriptionType = draft.descriptionType
    changes.descriptionContent = draft.descriptionContent
  }
  // Trimmed on both sides: a board's status with a space at an end ("Done ") is not the user's
  // change, and sending it trimmed would move the task (or be refused) on every save.
  if (draft.status.trim() !== task.status.trim()) changes.status = draft.status.trim()
  if (draft.dueDate !== dayOf(task.dueDate))
    changes.dueDate = timestampForDay(draft.dueDate, task.dueDate)
  if (draft.parentId !== task.parentId) changes.parentId = draft.parentId
  if (task.type === 'milestone') return withoutIgnored(changes)

  if (draft.assignedUserEmail.trim().toLowerCase() !== task.assignedUserEmail.toLowerCase())
    changes.assignedUserEmail = draft.assignedUserEmail.trim()
  if (draft.priority !== task.priority) changes.priority = draft.priority
  if (draft.pinToTop !== task.pinToTop) changes.pinToTop = draft.pinToTop
  if (!sameList(draft.tags, task.tags)) changes.tags = [...draft.tags]
  if (draft.startDate !== dayOf(task.startDate))
    changes.startDate = timestampForDay(draft.startDate, task.startDate)
  if (draft.milestoneId !== task.milestoneId) changes.milestoneId = draft.milestoneId
  const values = idTable<PropertyValue>()
  for (const shape of properties) {
    if (edited && !edited.has(`property:${shape.name}`)) continue
    const before = propertyDraftValue(shape, entryOf(task.properties, shape.name))
    const after = entryOf(draft.properties, shape.name) ?? before
    if (sameValue(before, after)) continue
    // null removes the property (the board merges properties, so '' would be a value). A Date
    // property moved to another day keeps its time of day, as Start and Due dates do.
    const held = entryOf(task.properties, shape.name)
    values[shape.name] = isBlankValue(after)
      ? null
      : shape.type === 'Date' && typeof after === 'string' && typeof held === 'string'
        ? timestampForDay(after, held)
        : after
  }
  if (Object.keys(values).length > 0) changes.properties = values
  return changes
}

/** A milestone's update never carries what the board would ignore for it. */
function withoutIgnored(changes: TaskFieldChanges): TaskFieldChanges {
  const kept: Record<string, unknown> = { ...changes }
  for (const field of MILESTONE_IGNORED_ON_UPDATE) delete kept[field]
  return kept as TaskFieldChanges
}
