// PUT/PATCH /api/v1/tasks: a batch of partial updates, applied whole or not at all, answered
// with the updated tasks' info in request order.
import { MILESTONE_IGNORED_ON_UPDATE, SERVICE_LIMITS } from '../../src-shared/api'
import type { StatusCategory, UpdatedTaskInfo, UpdateTaskItem } from '../../src-shared/api'
import { storedDescription } from './descriptions'
import type { StoredPropertyValue } from './property-values'
import { badField } from './service-error'
import {
  applyStatusLifecycle,
  canonicalDate,
  checkAssignee,
  checkDateOrder,
  checkStatus,
  mergeProperties,
  resolveMilestoneLink,
  resolveTask,
  writeFilterIndexes,
} from './write-context'
import type { TaskRef, WriteContext } from './write-context'
import { prepared } from '../db/statements'
import { writeTransaction } from '../db/write-lock'

interface CurrentTask {
  parentId: string | null
  status: string
  startDate: string
  dueDate: string
  properties: Record<string, StoredPropertyValue>
  startedAt: string
  startedBy: string
  endedAt: string
  endedBy: string
}

export function updateTasks(
  ctx: WriteContext,
  items: readonly UpdateTaskItem[],
  taskUrl: (id: string) => string,
): UpdatedTaskInfo[] {
  return writeTransaction(ctx.db, () => {
    const seen = new Map<number, number>()
    return items.map((item, index) => {
      const path = `tasks[${index}]`
      const target = resolveTask(ctx, item, path, 'id', 'key')
      const earlier = seen.get(target.seq)
      if (earlier !== undefined) {
        throw badField(
          path,
          `updates ${target.projectKey}-${target.key} again (also tasks[${earlier}]); send one update per task`,
        )
      }
      seen.set(target.seq, index)
      const title = updateOne(ctx, target, item, path)
      return {
        id: target.id,
        projectKey: target.projectKey,
        key: target.key,
        title,
        url: taskUrl(target.id),
      }
    })
  })
}

function loadCurrent(ctx: WriteContext, seq: number): CurrentTask {
  const row = prepared(
    ctx.db,
    `SELECT parent_id, status, start_date, due_date, properties_json, started_at, started_by, ended_at, ended_by
       FROM tasks WHERE seq = ?`,
  )
    .raw(true)
    .get(seq) as [string | null, string, string, string, string, string, string, string, string]
  return {
    parentId: row[0],
    status: row[1],
    startDate: row[2],
    dueDate: row[3],
    properties: JSON.parse(row[4]) as Record<string, StoredPropertyValue>,
    startedAt: row[5],
    startedBy: row[6],
    endedAt: row[7],
    endedBy: row[8],
  }
}

/** Applies one update; returns the task's title after it. */
function updateOne(
  ctx: WriteContext,
  target: TaskRef,
  input: UpdateTaskItem,
  path: string,
): string {
  const item: UpdateTaskItem = { ...input }
  if (target.type === 'milestone') {
    // Ignored, but still checked as on a task: a null this board refuses is refused here too
    // (taken only on a milestone, it hid a client's stray null there).
    if (ctx.propertyNull === 'refuse')
      for (const [name, value] of Object.entries(input.properties ?? {}))
        if (value === null)
          throw badField(
            `${path}.properties.${name}`,
            'null is not a property value, and this board removes no property (it runs with --property-null refuse)',
          )
    for (const field of MILESTONE_IGNORED_ON_UPDATE) delete item[field]
  }
  const current = loadCurrent(ctx, target.seq)
  const sets: string[] = []
  const params: (string | number | null)[] = []
  const set = (column: string, value: string | number | null) => {
    sets.push(`${column} = ?`)
    params.push(value)
  }

  if (item.title !== undefined) set('title', item.title)
  if (item.descriptionType !== undefined && item.descriptionContent !== undefined) {
    const description = storedDescription(
      ctx.descriptions,
      input,
      item.descriptionType,
      item.descriptionContent,
      path,
    )
    set('description_markdown', description.markdown)
    set('description_html', description.html)
    set('description_text', description.text)
  }
  if (item.status !== undefined) {
    const category = checkStatus(ctx, item.status, path)
    const previousCategory: StatusCategory | undefined = ctx.board.statuses.get(current.status)
    const lifecycle = applyStatusLifecycle(ctx, current, previousCategory, category)
    set('status', item.status)
    set('started_at', lifecycle.startedAt)
    set('started_by', lifecycle.startedBy)
    set('ended_at', lifecycle.endedAt)
    set('ended_by', lifecycle.endedBy)
  }
  if (item.assignedUserEmail !== undefined)
    set('assignee', checkAssignee(ctx, item.assignedUserEmail, path))
  if (item.priority !== undefined) set('priority', item.priority)
  if (item.pinToTop !== undefined) set('pin_to_top', item.pinToTop ? 1 : 0)
  const tags = item.tags === undefined ? undefined : [...new Set(item.tags)]
  if (tags !== undefined) set('tags_json', JSON.stringify(tags))

  const startDate =
    item.startDate === undefined
      ? current.startDate
      : canonicalDate(item.startDate, `${path}.startDate`)
  const dueDate =
    item.dueDate === undefined ? current.dueDate : canonicalDate(item.dueDate, `${path}.dueDate`)
  if (item.startDate !== undefined || item.dueDate !== undefined) {
    const sent =
      item.startDate === undefined ? 'dueDate' : item.dueDate === undefined ? 'startDate' : 'both'
    checkDateOrder(target.type === 'milestone' ? '' : startDate, dueDate, path, sent)
    if (item.startDate !== undefined) set('start_date', startDate)
    if (item.dueDate !== undefined) set('due_date', dueDate)
  }

  const properties =
    item.properties === undefined
      ? undefined
      : mergeProperties(ctx, current.properties, item.properties, path, 'update')
  if (properties !== undefined) set('properties_json', JSON.stringify(properties))

  // '' unlinks; otherwise undefined leaves the link as it is.
  const milestoneId = item.milestoneId === '' ? null : resolveMilestoneLink(ctx, item, path)
  if (milestoneId !== undefined) set('milestone_id', milestoneId)
  const parentId = resolveParentChange(ctx, target, item, path)
  if (parentId !== undefined) set('parent_id', parentId)

  set('updated_at', ctx.now)
  set('updated_by', ctx.actor)
  params.push(target.seq)
  prepared(ctx.db, `UPDATE tasks SET ${sets.join(', ')} WHERE seq = ?`).run(...params)
  writeFilterIndexes(ctx, target.seq, tags, properties)
  return item.title ?? target.title
}

/** undefined: unchanged; null: no parent; else the parent's id, never the task or a descendant. */
function resolveParentChange(
  ctx: WriteContext,
  target: TaskRef,
  item: UpdateTaskItem,
  path: string,
): string | null | undefined {
  if (item.parentId === '') return null
  if (item.parentId === undefined && item.parentKey === undefined) return undefined
  if (target.type === 'milestone')
    throw badField(`${path}.parentId`, 'a milestone cannot be a subtask')
  const parent = resolveTask(
    ctx,
    { id: item.parentId, projectKey: item.parentProjectKey, key: item.parentKey },
    path,
    'parentId',
    'parentKey',
  )
  if (parent.type === 'milestone') {
    throw badField(
      `${path}.parentId`,
      `${parent.projectKey}-${parent.key} is a milestone; milestones have no subtasks`,
    )
  }
  // Walk up from the new parent: meeting the task itself means it would become its own ancestor.
  const parentOf = prepared(ctx.db, 'SELECT parent_id FROM tasks WHERE id = ?').raw(true)
  let parentLevel = 0
  for (
    let id: string | null = parent.id;
    id !== null;
    id = (parentOf.get(id) as [string | null] | undefined)?.[0] ?? null
  ) {
    if (id === target.id) {
      throw badField(
        `${path}.parentId`,
        `${parent.projectKey}-${parent.key} is ${parent.id === target.id ? 'the task itself' : 'a subtask of this task'}; a task cannot become its own ancestor`,
      )
    }
    parentLevel += 1
  }
  // The same nesting limit as a create's subtasks: the task and everything below it, moved under
  // the new parent, must end within it (checked against the batch's earlier moves too).
  const deepest = parentLevel + levelsFrom(ctx, target.id)
  if (deepest > SERVICE_LIMITS.subtaskDepth) {
    throw badField(
      `${path}.parentId`,
      `under ${parent.projectKey}-${parent.key} this task's subtasks would nest ${deepest} levels deep; subtasks nest at most ${SERVICE_LIMITS.subtaskDepth} levels deep`,
    )
  }
  return parent.id
}

/** Levels of the task and its subtasks below it: 1 for a task with none. */
function levelsFrom(ctx: WriteContext, id: string): number {
  const childrenOf = prepared(ctx.db, 'SELECT id FROM tasks WHERE parent_id = ?').raw(true)
  let level: string[] = [id]
  let levels = 0
  // Bounded: the stored tree is within the limit, and a cycle was refused above.
  while (level.length > 0 && levels <= SERVICE_LIMITS.subtaskDepth) {
    levels += 1
    level = level.flatMap((parentId) =>
      (childrenOf.all(parentId) as [string][]).map(([childId]) => childId),
    )
  }
  return levels
}
