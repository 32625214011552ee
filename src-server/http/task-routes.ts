import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CreateTasksBody, parseListQuery, UpdateTasksBody } from '../../src-shared/api'
import type { QueryInput } from '../../src-shared/api'
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
