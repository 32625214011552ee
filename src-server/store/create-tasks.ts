// POST /api/v1/tasks: a batch of tasks with their subtasks, created whole or not at all.
import { MILESTONE_IGNORED_ON_CREATE, SERVICE_LIMITS } from '../../src-shared/api'
import type { CreateTaskItem } from '../../src-shared/api'
import { storedDescription } from './descriptions'
import { badField, ServiceError } from './service-error'
import {
  applyStatusLifecycle,
  canonicalDate,
  checkAssignee,
  checkDateOrder,
  checkProject,
  checkStatus,
  mergeProperties,
  nullOnCreate,
  resolveMilestoneLink,
  writeFilterIndexes,
} from './write-context'
import type { WriteContext } from './write-context'
import { prepared } from '../db/statements'
import { writeTransaction } from '../db/write-lock'

/**
 * Checked before schema parsing, without recursion: how many tasks a create body holds and how
 * deep its subtasks nest. A hostile body cannot make the parser recurse without bound.
 */
export function checkCreateShape(body: unknown, limits = SERVICE_LIMITS): void {
  const tasks = (body as { tasks?: unknown } | null)?.tasks
  if (!Array.isArray(tasks)) return // the schema explains what is missing
  let count = 0
  const stack: { items: unknown[]; depth: number; path: string }[] = [
    { items: tasks, depth: 1, path: 'tasks' },
  ]
  while (stack.length > 0) {
    const { items, depth, path } = stack.pop()!
    count += items.length
    if (count > limits.batchItems) {
      throw new ServiceError(
        400,
        `Invalid request: a batch holds at most ${limits.batchItems} tasks, subtasks included.`,
      )
    }
    items.forEach((item, index) => {
      const subtasks = (item as { subtasks?: unknown } | null)?.subtasks
      if (!Array.isArray(subtasks) || subtasks.length === 0) return
      if (depth >= limits.subtaskDepth) {
        throw badField(
          `${path}[${index}].subtasks`,
          `subtasks nest at most ${limits.subtaskDepth} levels deep`,
        )
      }
      stack.push({ items: subtasks, depth: depth + 1, path: `${path}[${index}].subtasks` })
    })
  }
}

export function createTasks(ctx: WriteContext, items: readonly CreateTaskItem[]): void {
  writeTransaction(ctx.db, () => {
    items.forEach((item, index) => createOne(ctx, item, `tasks[${index}]`, null))
  })
}

function createOne(
  ctx: WriteContext,
  input: CreateTaskItem,
  path: string,
  parentId: string | null,
): void {
  const type = input.type ?? 'task'
  if (type === 'milestone' && parentId !== null)
    throw badField(`${path}.type`, 'a milestone cannot be a subtask')
  // The spec's milestone rule: these fields are ignored for milestones.
  const item: CreateTaskItem = { ...input }
  if (type === 'milestone') {
    // Ignored, but still read as the request writes it: a null property value is refused on
    // every create (there is nothing to remove), a milestone's too.
    for (const [name, value] of Object.entries(input.properties ?? {}))
      if (value === null) throw nullOnCreate(`${path}.properties.${name}`)
    for (const field of MILESTONE_IGNORED_ON_CREATE) delete item[field]
  }

  checkProject(ctx, item.projectKey, path)
  const status = item.status ?? ctx.board.defaultStatus
  const category = checkStatus(ctx, status, path)
  const assignee = checkAssignee(ctx, item.assignedUserEmail ?? '', path)
  const startDate = canonicalDate(item.startDate ?? '', `${path}.startDate`)
  const dueDate = canonicalDate(item.dueDate ?? '', `${path}.dueDate`)
  checkDateOrder(startDate, dueDate, path)
  const properties = mergeProperties(ctx, {}, item.properties ?? {}, path, 'create')
  const milestoneId = resolveMilestoneLink(ctx, item, path) ?? null
  const tags = [...new Set(item.tags ?? [])]
  const description = storedDescription(
    ctx.descriptions,
    input,
    item.descriptionType,
    item.descriptionContent,
    path,
  )
  const lifecycle = applyStatusLifecycle(
    ctx,
    { startedAt: '', startedBy: '', endedAt: '', endedBy: '' },
    undefined,
    category,
  )

  const [key] = prepared(
    ctx.db,
    'UPDATE projects SET next_task_key = next_task_key + 1 WHERE board_id = ? AND key = ? RETURNING next_task_key - 1',
  )
    .raw(true)
    .get(ctx.board.id, item.projectKey) as [number]
  const id = ctx.newId()
  const { lastInsertRowid } = prepared(
    ctx.db,
    `INSERT INTO tasks (id, board_id, project_key, key, parent_id, type, milestone_id, title,
         description_markdown, description_html, description_text, assignee, start_date, due_date,
         status, tags_json, pin_to_top, priority, properties_json, created_at, created_by,
         updated_at, updated_by, started_at, started_by, ended_at, ended_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    ctx.board.id,
    item.projectKey,
    key,
    parentId,
    type,
    milestoneId,
    item.title,
    description.markdown,
    description.html,
    description.text,
    assignee,
    startDate,
    dueDate,
    status,
    JSON.stringify(tags),
    item.pinToTop ? 1 : 0,
    item.priority ?? '',
    JSON.stringify(properties),
    ctx.now,
    ctx.actor,
    ctx.now,
    ctx.actor,
    lifecycle.startedAt,
    lifecycle.startedBy,
    lifecycle.endedAt,
    lifecycle.endedBy,
  )
  writeFilterIndexes(ctx, Number(lastInsertRowid), tags, properties)
  item.subtasks?.forEach((subtask, index) =>
    createOne(ctx, subtask, `${path}.subtasks[${index}]`, id),
  )
}
