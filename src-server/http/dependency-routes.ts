import type { FastifyInstance } from 'fastify'
import {
  CreateDependencyBody,
  DeleteDependencyBody,
  ListDependenciesQuery,
} from '../../src-shared/api'
import { whenWriteLockFree } from '../db/write-lock'
import { createDependency, deleteDependency, listDependencies } from '../store/dependencies'
import type { RouteContext } from './route-context'
import { DEPENDENCIES_PATH } from './error-replies'
import { parseOrThrow, parseQueryOrThrow } from './parse-body'

export function registerDependencyRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(DEPENDENCIES_PATH, async (request) => {
    const query = parseQueryOrThrow(
      ListDependenciesQuery,
      request.query as Record<string, string | string[] | undefined>,
    )
    return {
      success: true,
      dependencies: listDependencies(context.forRequest(request), query, context.taskUrl),
    }
  })

  app.post(DEPENDENCIES_PATH, async (request) => {
    const body = parseOrThrow(CreateDependencyBody, request.body)
    const ctx = context.forRequest(request)
    const dependency = await whenWriteLockFree(ctx.db, () =>
      createDependency({ ...ctx, now: context.now() }, body, context.taskUrl),
    )
    return { success: true, dependency }
  })

  app.delete(DEPENDENCIES_PATH, async (request) => {
    const body = parseOrThrow(DeleteDependencyBody, request.body)
    const ctx = context.forRequest(request)
    await whenWriteLockFree(ctx.db, () => deleteDependency({ ...ctx, now: context.now() }, body))
    return { success: true }
  })
}
