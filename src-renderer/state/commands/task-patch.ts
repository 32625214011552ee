// A change to one task's fields, in the shape of an update item of the interface (absolute values,
// '' clears where the spec says so), and the "slots" it is made of: each plain field, the
// description (type and content go together), and each custom property by name. Rollback, the
// overlay of unconfirmed edits and undo all work slot by slot, so two edits of different fields
// of one task never undo each other.
import { entryOf } from '../../../src-shared/api/id-table'
import { applyUpdate } from '../../../src-shared/api/apply-update'
import type { PropertyValue } from '../../../src-shared/api/fields'
import type { Task } from '../../../src-shared/api/resources'
import type { UpdateTaskItem } from '../../../src-shared/api/task-bodies'
import { PLANNER_DESCRIPTION_TYPE } from '../../../src-shared/ipc/board-snapshot'

/** Fields a patch may set besides the description and the properties. */
export const PLAIN_FIELDS = [
  'title',
  'status',
  'assignedUserEmail',
  'priority',
  'pinToTop',
  'tags',
  'startDate',
  'dueDate',
  'milestoneId',
  'parentId',
] as const
export type PlainField = (typeof PLAIN_FIELDS)[number]

/** The fields of a patch, without the task it belongs to. */
export type PatchFields = Partial<
  Pick<UpdateTaskItem, PlainField | 'descriptionType' | 'descriptionContent'>
> & {
  properties?: Record<string, PropertyValue>
}

/** One task's change, addressed by id (the planner always knows it). */
export type TaskPatch = PatchFields & { id: string }

export type Slot = PlainField | 'description' | `property:${string}`

const PROPERTY = 'property:'

/** The slots a patch sets, in a fixed order. */
export function slotsOf(patch: PatchFields): Slot[] {
  const slots: Slot[] = PLAIN_FIELDS.filter((field) => patch[field] !== undefined)
  if (patch.descriptionContent !== undefined) slots.push('description')
  for (const name of Object.keys(patch.properties ?? {})) slots.push(`${PROPERTY}${name}`)
  return slots
}

/** What the patch writes to a slot; undefined when it leaves it alone. */
export function patchSlot(patch: PatchFields, slot: Slot): unknown {
  if (slot === 'description') {
    return patch.descriptionContent === undefined
      ? undefined
      : { type: patch.descriptionType ?? 'text', content: patch.descriptionContent }
  }
  if (slot.startsWith(PROPERTY)) return patch.properties?.[slot.slice(PROPERTY.length)]
  return patch[slot as PlainField]
}

/**
 * The task's value of a slot, in the form a patch writes it: what an inverse sends to restore
 * it. A property the task lacks is null (the local service removes a property sent as null).
 * The description is in the one format the planner holds descriptions in.
 */
export function taskSlot(task: Task, slot: Slot): unknown {
  if (slot === 'description') return { type: PLANNER_DESCRIPTION_TYPE, content: task.description }
  if (slot.startsWith(PROPERTY))
    return entryOf(task.properties, slot.slice(PROPERTY.length)) ?? null
  return task[slot as PlainField]
}

/** The patch with one slot set (a new object; the input is not changed). */
export function withSlot<P extends PatchFields>(patch: P, slot: Slot, value: unknown): P {
  if (slot === 'description') {
    const description = value as { type: UpdateTaskItem['descriptionType']; content: string }
    return {
      ...patch,
      descriptionType: description.type,
      descriptionContent: description.content,
    }
  }
  if (slot.startsWith(PROPERTY)) {
    const name = slot.slice(PROPERTY.length)
    return { ...patch, properties: { ...patch.properties, [name]: value as PropertyValue } }
  }
  return { ...patch, [slot]: value }
}

/** Equal values of a slot (tags and multi-select values are arrays, the description an object). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  return JSON.stringify(a) === JSON.stringify(b)
}

/** The fields of a patch that `slots` name. */
export function pickSlots(patch: PatchFields, slots: Iterable<Slot>): PatchFields {
  let out: PatchFields = {}
  for (const slot of slots) {
    const value = patchSlot(patch, slot)
    if (value !== undefined) out = withSlot(out, slot, value)
  }
  return out
}

/** The task as the planner shows it once the patch is applied (the board's rules where it can). */
export function applyPatch(task: Task, patch: PatchFields): Task {
  const next = applyUpdate(task, { id: task.id, ...patch })
  // The board converts a description to the format a list asks for; the planner shows what was
  // typed until the next sync brings the board's rendering.
  if (patch.descriptionContent !== undefined) next.description = patch.descriptionContent
  return next
}
