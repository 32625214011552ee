// What every write needs: the board's definitions, who acts, one clock reading per request,
// and the checks shared by create and update.
import { toCanonicalTimestamp } from '../../src-shared/api'
import type { PropertyValue, StatusCategory } from '../../src-shared/api'
import type { BoardConfig } from '../boards/board-config'
import type { Db } from '../db/database'
import type { DescriptionLookup } from './descriptions'
import { checkPropertyValue, indexRows } from './property-values'
import type { StoredPropertyValue } from './property-values'
import { badField, unknownTask } from './service-error'
import { prepared } from '../db/statements'

export interface WriteContext {
  db: Db
  board: BoardConfig
  actor: string
  /** One timestamp for the whole batch. */
  now: string
  newId: () => string
  /** The batch's descriptions, converted beforehand (store/descriptions.ts); else converted here. */
  descriptions?: DescriptionLookup
  /** What an update's `null` property value does; `remove` when not given (PROPERTY_NULL_MODES). */
  propertyNull?: PropertyNullMode
}

/**
 * What `null` does as a property value on update, which the spec leaves open (its value shapes
 * have no null, and it shows no way to remove a property): `remove` deletes the property (the
 * default, what the planner uses to clear one), `refuse` answers 400 as a board without a way
 * to remove one would. Switchable so that the planner can be tested against both.
 */
export const PROPERTY_NULL_MODES = ['remove', 'refuse'] as const
export type PropertyNullMode = (typeof PROPERTY_NULL_MODES)[number]
export const isPropertyNullMode = (value: unknown): value is PropertyNullMode =>
  (PROPERTY_NULL_MODES as readonly unknown[]).includes(value)

export interface TaskRef {
  seq: number
  id: string
  projectKey: string
  key: number
  type: 'task' | 'milestone'
  title: string
}

const REF_COLUMNS = 'seq, id, project_key, key, type, title'
type RefRow = [number, string, string, number, 'task' | 'milestone', string]
const toRef = (r: RefRow): TaskRef => ({
  seq: r[0],
  id: r[1],
  projectKey: r[2],
  key: r[3],
  type: r[4],
  title: r[5],
})

export function findTaskById(ctx: WriteContext, id: string): TaskRef | undefined {
  const row = prepared(ctx.db, `SELECT ${REF_COLUMNS} FROM tasks WHERE id = ? AND board_id = ?`)
    .raw(true)
    .get(id, ctx.board.id)
  return row ? toRef(row as RefRow) : undefined
}

export function findTaskByKey(
  ctx: WriteContext,
  projectKey: string,
  key: number,
): TaskRef | undefined {
  const row = prepared(
    ctx.db,
    `SELECT ${REF_COLUMNS} FROM tasks WHERE board_id = ? AND project_key = ? AND key = ?`,
  )
    .raw(true)
    .get(ctx.board.id, projectKey, key)
  return row ? toRef(row as RefRow) : undefined
}

/** Resolves a task named by id or by project key + key; 404 when it is not on this board. */
export function resolveTask(
  ctx: WriteContext,
  ref: { id?: string | undefined; projectKey?: string | undefined; key?: number | undefined },
  path: string,
  idField: string,
  keyField: string = idField,
): TaskRef {
  if (ref.id !== undefined) {
    const task = findTaskById(ctx, ref.id)
    if (!task) throw unknownTask(`${path}.${idField}`, `no task with id "${ref.id}" on this board`)
    return task
  }
  const task = findTaskByKey(ctx, ref.projectKey as string, ref.key as number)
  if (!task)
    throw unknownTask(`${path}.${keyField}`, `no task ${ref.projectKey}-${ref.key} on this board`)
  return task
}

/**
 * The milestone named by `milestoneId` or `milestoneProjectKey` + `milestoneKey`, which must be a
 * milestone of this board; undefined when the item names none.
 */
export function resolveMilestoneLink(
  ctx: WriteContext,
  item: {
    milestoneId?: string | undefined
    milestoneProjectKey?: string | undefined
    milestoneKey?: number | undefined
  },
  path: string,
): string | undefined {
  if (item.milestoneId === undefined && item.milestoneKey === undefined) return undefined
  const milestone = resolveTask(
    ctx,
    { id: item.milestoneId, projectKey: item.milestoneProjectKey, key: item.milestoneKey },
    path,
    'milestoneId',
    'milestoneKey',
  )
  if (milestone.type !== 'milestone') {
    throw badField(
      `${path}.milestoneId`,
      `${milestone.projectKey}-${milestone.key} is a task, not a milestone`,
    )
  }
  return milestone.id
}

export function checkProject(ctx: WriteContext, projectKey: string, path: string): void {
  if (!ctx.board.projects.has(projectKey)) {
    throw badField(
      `${path}.projectKey`,
      `this board has no project "${projectKey}" (it has: ${[...ctx.board.projects.keys()].join(', ')})`,
    )
  }
}

export function checkStatus(ctx: WriteContext, status: string, path: string): StatusCategory {
  const category = ctx.board.statuses.get(status)
  if (category === undefined) {
    throw badField(
      `${path}.status`,
      `"${status}" is not a status of this board (it has: ${[...ctx.board.statuses.keys()].join(', ')})`,
    )
  }
  return category
}

/** '' unassigns; anything else must be a board member. Stored in lower case. */
export function checkAssignee(ctx: WriteContext, email: string, path: string): string {
  if (email === '') return ''
  const normalised = email.toLowerCase()
  if (!ctx.board.members.has(normalised))
    throw badField(`${path}.assignedUserEmail`, `${email} is not a member of this board`)
  return normalised
}

export function canonicalDate(value: string, path: string): string {
  if (value === '') return ''
  const canonical = toCanonicalTimestamp(value)
  if (canonical === undefined) throw badField(path, 'must be an ISO 8601 date or date-time')
  return canonical
}

/**
 * Refuses a start after the due date. The error names a field the client sent: an update that
 * moves only the due date before the stored start is told about `dueDate` (naming `startDate`,
 * which it did not send, sent its author looking at the wrong field); with both sent, or on
 * create, the start is named.
 */
export function checkDateOrder(
  startDate: string,
  dueDate: string,
  path: string,
  sent: 'both' | 'startDate' | 'dueDate' = 'both',
): void {
  if (startDate === '' || dueDate === '' || startDate <= dueDate) return
  if (sent === 'dueDate')
    throw badField(
      `${path}.dueDate`,
      `the due date (${dueDate}) is before the start (${startDate}) the task has`,
    )
  throw badField(
    `${path}.startDate`,
    `the start (${startDate}) is after the due date (${dueDate})${sent === 'startDate' ? ' the task has' : ''}`,
  )
}

/** A null property value on create: there is nothing to remove. */
export const nullOnCreate = (field: string) =>
  badField(field, 'null is no value; leave the property out of a new task')

/**
 * Merges `changes` into `current`; values are checked by type. `null` removes a property on
 * update when the service's `propertyNull` is `remove`; on create, where there is nothing to
 * remove, it is refused (leave the property out).
 */
export function mergeProperties(
  ctx: WriteContext,
  current: Record<string, StoredPropertyValue>,
  changes: Record<string, PropertyValue>,
  path: string,
  write: 'create' | 'update',
): Record<string, StoredPropertyValue> {
  const next = { ...current }
  for (const [name, value] of Object.entries(changes)) {
    const definition = ctx.board.properties.get(name)
    if (!definition) {
      const known = [...ctx.board.properties.keys()].join(', ') || 'none'
      throw badField(
        `${path}.properties.${name}`,
        `this board has no custom property "${name}" (it has: ${known})`,
      )
    }
    if (value === null) {
      if (write === 'create') throw nullOnCreate(`${path}.properties.${name}`)
      if (ctx.propertyNull === 'refuse') {
        throw badField(
          `${path}.properties.${name}`,
          `null is not a value of a ${definition.type} property, and this board removes no property (it runs with --property-null refuse)`,
        )
      }
      delete next[name]
      continue
    }
    const checked = checkPropertyValue(definition, value, ctx.board.members)
    if (typeof checked === 'object' && !Array.isArray(checked))
      throw badField(`${path}.properties.${name}`, checked.problem)
    next[name] = checked
  }
  return next
}

export interface Lifecycle {
  startedAt: string
  startedBy: string
  endedAt: string
  endedBy: string
}

/**
 * Started/ended stamps after a move into `category`. Entering a started status for the first
 * time stamps startedAt; entering done stamps endedAt (and startedAt if it never started);
 * leaving done clears endedAt (the task is open again); startedAt is history and stays.
 */
export function applyStatusLifecycle(
  ctx: WriteContext,
  previous: Lifecycle,
  previousCategory: StatusCategory | undefined,
  category: StatusCategory,
): Lifecycle {
  const next = { ...previous }
  if ((category === 'started' || category === 'done') && next.startedAt === '') {
    next.startedAt = ctx.now
    next.startedBy = ctx.actor
  }
  if (category === 'done' && previousCategory !== 'done') {
    next.endedAt = ctx.now
    next.endedBy = ctx.actor
  }
  if (category !== 'done') {
    next.endedAt = ''
    next.endedBy = ''
  }
  return next
}

// The index rows carry their task's due date, the default list order (migration 3); read from the
// row just written, and kept current afterwards by the trigger on tasks.due_date.
const DUE_DATE_OF_TASK = '(SELECT due_date FROM tasks WHERE seq = ?2)'

/** Rewrites the filter index rows of one task's tags and properties (after the task's row). */
export function writeFilterIndexes(
  ctx: WriteContext,
  seq: number,
  tags: readonly string[] | undefined,
  properties: Record<string, StoredPropertyValue> | undefined,
): void {
  if (tags !== undefined) {
    prepared(ctx.db, 'DELETE FROM task_tags WHERE task_seq = ?').run(seq)
    const insert = prepared(
      ctx.db,
      `INSERT OR IGNORE INTO task_tags (tag, due_date, task_seq) VALUES (?1, ${DUE_DATE_OF_TASK}, ?2)`,
    )
    for (const tag of tags) insert.run(tag, seq)
  }
  if (properties !== undefined) {
    prepared(ctx.db, 'DELETE FROM task_property_values WHERE task_seq = ?').run(seq)
    const insert = prepared(
      ctx.db,
      `INSERT INTO task_property_values (name, value, number, due_date, task_seq)
         VALUES (?1, ?3, ?4, ${DUE_DATE_OF_TASK}, ?2)`,
    )
    for (const [name, value] of Object.entries(properties)) {
      const definition = ctx.board.properties.get(name)
      if (!definition) continue
      for (const [text, number] of indexRows(definition, value)) insert.run(name, seq, text, number)
    }
  }
}
