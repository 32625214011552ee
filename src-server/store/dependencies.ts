// Dependencies: finish-to-start links with a lag in days. A link that would close a cycle is
// refused, so the stored graph is always acyclic.
import type {
  CreateDependencyBody,
  DeleteDependencyBody,
  Dependency,
  ListDependenciesQuery,
} from '../../src-shared/api'
import { ServiceError } from './service-error'
import { findTaskById, findTaskByKey } from './write-context'
import type { TaskRef, WriteContext } from './write-context'
import { prepared } from '../db/statements'
import { writeTransaction } from '../db/write-lock'

const DEPENDENCY_SELECT = `
  SELECT d.id, d.lag_days, d.created_at,
         p.id, p.key, p.project_key, p.title,
         s.id, s.key, s.project_key, s.title
  FROM dependencies d
  JOIN tasks p ON p.id = d.predecessor_id
  JOIN tasks s ON s.id = d.successor_id`

type DependencyRow = [
  string,
  number,
  string,
  string,
  number,
  string,
  string,
  string,
  number,
  string,
  string,
]

function rowToDependency(row: DependencyRow, taskUrl: (id: string) => string): Dependency {
  return {
    id: row[0],
    predecessorId: row[3],
    predecessorKey: row[4],
    predecessorProjectKey: row[5],
    predecessorTitle: row[6],
    predecessorUrl: taskUrl(row[3]),
    successorId: row[7],
    successorKey: row[8],
    successorProjectKey: row[9],
    successorTitle: row[10],
    successorUrl: taskUrl(row[7]),
    lagDays: row[1],
    createdAt: row[2],
  }
}

type Role = 'predecessor' | 'successor' | 'task'

function findRef(
  ctx: WriteContext,
  body: Record<string, unknown>,
  role: Role,
): TaskRef | undefined {
  const id = body[`${role}Id`]
  if (typeof id === 'string') return findTaskById(ctx, id)
  return findTaskByKey(ctx, body[`${role}ProjectKey`] as string, body[`${role}Key`] as number)
}

function describeRef(body: Record<string, unknown>, role: Role): string {
  const id = body[`${role}Id`]
  return typeof id === 'string'
    ? `id "${id}"`
    : `${String(body[`${role}ProjectKey`])}-${String(body[`${role}Key`])}`
}

function requireBoth(ctx: WriteContext, body: Record<string, unknown>): [TaskRef, TaskRef] {
  const predecessor = findRef(ctx, body, 'predecessor')
  const successor = findRef(ctx, body, 'successor')
  if (!predecessor || !successor) {
    const missing = [
      predecessor ? undefined : `the predecessor (${describeRef(body, 'predecessor')})`,
      successor ? undefined : `the successor (${describeRef(body, 'successor')})`,
    ].filter(Boolean)
    throw new ServiceError(
      404,
      `Not found on this board: ${missing.join(' and ')}.`,
      'TASKS_NOT_FOUND',
    )
  }
  return [predecessor, successor]
}

export function listDependencies(
  ctx: WriteContext,
  query: ListDependenciesQuery,
  taskUrl: (id: string) => string,
): Dependency[] {
  if (query.taskId === undefined && query.taskProjectKey === undefined) {
    const rows = prepared(ctx.db, `${DEPENDENCY_SELECT} WHERE d.board_id = ? ORDER BY d.seq`)
      .raw(true)
      .all(ctx.board.id) as DependencyRow[]
    return rows.map((row) => rowToDependency(row, taskUrl))
  }
  const task = findRef(ctx, query, 'task')
  if (!task)
    throw new ServiceError(
      404,
      `No task with ${describeRef(query, 'task')} on this board.`,
      'TASKS_NOT_FOUND',
    )
  const rows = prepared(
    ctx.db,
    `${DEPENDENCY_SELECT} WHERE d.predecessor_id = ? OR d.successor_id = ? ORDER BY d.seq`,
  )
    .raw(true)
    .all(task.id, task.id) as DependencyRow[]
  return rows.map((row) => rowToDependency(row, taskUrl))
}

export function createDependency(
  ctx: WriteContext,
  body: CreateDependencyBody,
  taskUrl: (id: string) => string,
): Dependency {
  return writeTransaction(ctx.db, () => {
    const [predecessor, successor] = requireBoth(ctx, body)
    const name = (t: TaskRef) => `${t.projectKey}-${t.key}`
    if (predecessor.id === successor.id) {
      throw new ServiceError(400, `${name(predecessor)} cannot depend on itself.`, 'SELF_REFERENCE')
    }
    const existing = prepared(
      ctx.db,
      'SELECT 1 FROM dependencies WHERE predecessor_id = ? AND successor_id = ?',
    )
      .raw(true)
      .get(predecessor.id, successor.id)
    if (existing) {
      throw new ServiceError(
        409,
        `${name(successor)} already depends on ${name(predecessor)}.`,
        'DUPLICATE',
      )
    }
    // Is the predecessor reachable from the successor? Then the new link closes a cycle.
    const cycle = prepared(
      ctx.db,
      `WITH RECURSIVE reach(id) AS (
           SELECT ?
           UNION
           SELECT d.successor_id FROM dependencies d JOIN reach r ON d.predecessor_id = r.id
         )
         SELECT 1 FROM reach WHERE id = ? LIMIT 1`,
    )
      .raw(true)
      .get(successor.id, predecessor.id)
    if (cycle) {
      throw new ServiceError(
        409,
        `${name(predecessor)} already depends (directly or through other tasks) on ${name(successor)}; this link would make a cycle.`,
        'CYCLE_DETECTED',
      )
    }
    const id = ctx.newId()
    prepared(
      ctx.db,
      'INSERT INTO dependencies (id, board_id, predecessor_id, successor_id, lag_days, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(id, ctx.board.id, predecessor.id, successor.id, body.lagDays ?? 0, ctx.now)
    const row = prepared(ctx.db, `${DEPENDENCY_SELECT} WHERE d.id = ?`)
      .raw(true)
      .get(id) as DependencyRow
    return rowToDependency(row, taskUrl)
  })
}

export function deleteDependency(ctx: WriteContext, body: DeleteDependencyBody): void {
  writeTransaction(ctx.db, () => {
    if (body.id !== undefined) {
      const result = prepared(ctx.db, 'DELETE FROM dependencies WHERE id = ? AND board_id = ?').run(
        body.id,
        ctx.board.id,
      )
      if (result.changes === 0)
        throw new ServiceError(
          404,
          `No dependency with id "${body.id}" on this board.`,
          'TASKS_NOT_FOUND',
        )
      return
    }
    const [predecessor, successor] = requireBoth(ctx, body)
    const result = prepared(
      ctx.db,
      'DELETE FROM dependencies WHERE predecessor_id = ? AND successor_id = ?',
    ).run(predecessor.id, successor.id)
    if (result.changes === 0) {
      throw new ServiceError(
        404,
        `${successor.projectKey}-${successor.key} does not depend on ${predecessor.projectKey}-${predecessor.key}.`,
        'TASKS_NOT_FOUND',
      )
    }
  })
}
