import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { CreateTasksBody, parseListQuery, TagName, UpdateTasksBody } from '../../src-shared/api'
import type { ListTasksFilters, QueryInput } from '../../src-shared/api'
import { ProjectKey } from '../boards/board-file'
import { whenWriteLockFree } from '../db/write-lock'
import { checkCreateShape, createTasks } from '../store/create-tasks'
import { createBatchDescriptions, updateBatchDescriptions } from '../store/descriptions'
import { listTasksJson } from '../store/list-tasks'
import { ServiceError } from '../store/service-error'
import { updateTasks } from '../store/update-tasks'
import type { RouteContext } from './route-context'
import { TASKS_PATH } from './error-replies'
import { parseOrThrow } from './parse-body'

export function registerTaskRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(TASKS_PATH, async (request, reply) => {
    const parsed = parseListQuery(request.query as QueryInput)
    if (!parsed.ok) throw new ServiceError(400, parsed.message)
    checkFilterValues(parsed.filters)
    const ctx = context.forRequest(request)
    const tasks = listTasksJson(
      ctx.db,
      ctx.board,
      parsed.filters,
      context.taskUrl(''),
      context.listOrder,
    )
    return reply.type('application/json; charset=utf-8').send(`{"success":true,"tasks":${tasks}}`)
  })

  app.post(TASKS_PATH, async (request) => {
    checkCreateShape(request.body)
    const body = parseOrThrow(CreateTasksBody, request.body)
    const ctx = context.forRequest(request)
    // Converted in the pool before the write lock is asked for (store/descriptions.ts).
    const descriptions = await createBatchDescriptions(body.tasks)
    await whenWriteLockFree(ctx.db, () =>
      createTasks({ ...ctx, now: context.now(), descriptions }, body.tasks),
    )
    return { success: true }
  })

  const update = async (request: FastifyRequest) => {
    const body = parseOrThrow(UpdateTasksBody, request.body)
    const ctx = context.forRequest(request)
    const descriptions = await updateBatchDescriptions(body.tasks)
    const tasks = await whenWriteLockFree(ctx.db, () =>
      updateTasks({ ...ctx, now: context.now(), descriptions }, body.tasks, context.taskUrl),
    )
    return { success: true, tasks }
  }
  app.put(TASKS_PATH, update)
  app.patch(TASKS_PATH, update)
}

/**
 * Refuses a filter value that no task of any board of this service can hold, by the rules its
 * writes and board files follow: a blank or over-long tag (`tag=%20`), a project key of another
 * form (`projectKey=WEB;type=task`, `projectKey=web`). Such a filter would match nothing, and
 * answering it with an empty list hides the client's mistake. This is the service's own rule,
 * not parseListQuery's: the planner's client sends that parser's queries to other boards too,
 * whose tags and keys may be anything.
 */
function checkFilterValues(filters: ListTasksFilters): void {
  const check = (name: string, values: string[] | undefined, schema: z.ZodType, what: string) => {
    for (const value of values ?? []) {
      const result = schema.safeParse(value)
      if (!result.success)
        throw new ServiceError(
          400,
          `Query parameter "${name}" has "${value}", which no ${what} can have: ${result.error.issues[0]!.message}.`,
        )
    }
  }
  check('tag', filters.tag, TagName, 'task')
  check('projectKey', filters.projectKey, ProjectKey, 'project')
}
