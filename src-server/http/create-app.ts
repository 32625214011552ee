// The board service as a Fastify app, separate from listen(): tests inject requests in-process
// or listen on a real socket; the CLI and the planner's local board listen on 127.0.0.1.
import Fastify from 'fastify'
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { SERVICE_LIMITS } from '../../src-shared/api'
import type { Principal } from '../auth/api-keys'
import { authenticate } from '../auth/api-keys'
import { loadBoardConfig } from '../boards/board-config'
import type { Db } from '../db/database'
import { randomId } from '../store/ids'
import { DEFAULT_LIST_ORDER, isListOrder, LIST_ORDERS } from '../store/list-order'
import type { ListOrder } from '../store/list-order'
import { isPropertyNullMode, PROPERTY_NULL_MODES } from '../store/write-context'
import type { PropertyNullMode } from '../store/write-context'
import { ServiceError } from '../store/service-error'
import { connectionServerOptions, guardConnections, resolveConnectionLimits } from './connections'
import type { ConnectionLimits } from './connections'
import { DEPENDENCIES_PATH, sendError, TASKS_PATH, toServiceError } from './error-replies'
import {
  contentEncodingRefusal,
  contentTypeRefusal,
  misplacedInputRefusal,
  queryRefusal,
  registerJsonParser,
} from './json-body'
import { registerDependencyRoutes } from './dependency-routes'
import type { RouteContext } from './route-context'
import { registerTaskRoutes } from './task-routes'

export interface AppOptions {
  db: Db
  /** Base address for task URLs; a function when it is known only after listen(). */
  baseUrl?: string | (() => string)
  clock?: () => Date
  newId?: () => string
  bodyLimit?: number
  /** Fastify's logger settings; off by default (tests, embedding). */
  logger?: FastifyServerOptions['logger']
  /**
   * The list endpoint's order and choice of 100, which the spec leaves open: `due` (default),
   * `created`, `created-desc`, `updated-desc` or `random` (see store/list-order.ts).
   */
  listOrder?: ListOrder
  /** What `null` does as a property value on update: `remove` (default) or `refuse`. */
  propertyNull?: PropertyNullMode
  /**
   * Timeouts and the connection cap (connections.ts); each one left out keeps its default
   * (CONNECTION_LIMITS). Tests shrink them; they apply once the app listens.
   */
  connections?: Partial<ConnectionLimits>
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The interface's methods on each of its paths; any other method there is a 405. */
const ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  [TASKS_PATH]: ['GET', 'POST', 'PUT', 'PATCH'],
  [DEPENDENCIES_PATH]: ['GET', 'POST', 'DELETE'],
}

export function createApp(options: AppOptions): FastifyInstance {
  const { db } = options
  const bodyLimit = options.bodyLimit ?? SERVICE_LIMITS.bodyBytes
  const clock = options.clock ?? (() => new Date())
  const newId = options.newId ?? randomId
  const listOrder = options.listOrder ?? DEFAULT_LIST_ORDER
  if (!isListOrder(listOrder)) {
    throw new TypeError(
      `listOrder must be one of ${LIST_ORDERS.join(', ')}; got ${JSON.stringify(listOrder)}`,
    )
  }
  const propertyNull = options.propertyNull ?? 'remove'
  if (!isPropertyNullMode(propertyNull)) {
    throw new TypeError(
      `propertyNull must be one of ${PROPERTY_NULL_MODES.join(', ')}; got ${JSON.stringify(propertyNull)}`,
    )
  }
  const limits = resolveConnectionLimits(options.connections)
  const baseUrl =
    typeof options.baseUrl === 'function'
      ? options.baseUrl
      : () => (options.baseUrl as string | undefined) ?? 'http://127.0.0.1'

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit,
    return503OnClosing: true,
    // The interface has no HEAD; it is answered 405 with the methods it has (methodNotAllowed).
    exposeHeadRoutes: false,
    // Closing (SIGINT, SIGTERM) cuts idle keep-alive connections and lets requests under way
    // finish: cut, a create the board had made reached its client as a reset, an unknown outcome.
    // A request cannot hold the close for long: connections.ts limits each silence.
    forceCloseConnections: 'idle',
    ...connectionServerOptions(limits),
    // A malformed percent-escape in the path: the documented shape, not Fastify's.
    frameworkErrors: (error, request, reply) =>
      sendError(
        request,
        reply,
        new ServiceError(
          400,
          `The address ${request.url.split('?')[0]?.slice(0, 200)} has a broken percent-escape (% and two hex digits, UTF-8); nothing was read. (${error.message})`,
        ),
      ),
  })
  app.decorateRequest('principal', null)
  // First of all hooks: nothing on a connection already answered and closing is handled.
  guardConnections(app, limits)
  registerJsonParser(app, bodyLimit)

  app.setErrorHandler((error, request, reply) => {
    const serviceError = toServiceError(error as Error, bodyLimit)
    if (serviceError.status >= 500) request.log.error(error)
    return sendError(request, reply, serviceError)
  })
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!
    // A method the router does not know at all (TRACE, PROPFIND, ...) on one of the interface's
    // paths is a 405 with Allow, as the methods it knows are: the path exists.
    const allowed = ROUTE_METHODS[path]
    if (allowed) return answerMethodNotAllowed(request, reply, path, allowed)
    return sendError(
      request,
      reply,
      new ServiceError(
        404,
        `There is no ${request.method} ${path}; the interface lives under /api/v1.`,
      ),
    )
  })

  // While closing, an answer ends its connection: kept alive, the close waited for the
  // client's keep-alive to run out (5 s) after the last request under way was answered.
  let closing = false
  let cutAll: NodeJS.Timeout | undefined
  app.addHook('preClose', async () => {
    closing = true
    // Requests under way get a grace period, not forever (connections.ts, closeGraceMs).
    cutAll = setTimeout(() => app.server.closeAllConnections(), limits.closeGraceMs)
    cutAll.unref()
  })
  app.addHook('onClose', async () => {
    clearTimeout(cutAll)
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })

  // Every API request is authenticated first; bodies must be JSON.
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      // Node's own answer to this has no body; this one has the documented shape.
      reply.header('connection', 'close')
      throw new ServiceError(400, 'An HTTP/1.1 request must carry a Host header.')
    }
    const badQuery = queryRefusal(request.url)
    if (badQuery) throw badQuery
    const doubled = doubledHeaderRefusal(request.raw.rawHeaders)
    if (doubled) throw doubled
    const principal = authenticate(db, request.headers.authorization)
    if (typeof principal === 'string') throw new ServiceError(401, principal, 'UNAUTHORIZED')
    request.principal = principal
    const route = request.routeOptions.url
    const methods = route === undefined ? undefined : ROUTE_METHODS[route]
    if (methods?.includes(request.method)) {
      const misplaced = misplacedInputRefusal(request)
      if (misplaced) throw misplaced
    }
    const type = request.headers['content-type']
    const hasBody =
      request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0'
    if (
      BODY_METHODS.has(request.method) &&
      (hasBody || request.headers['transfer-encoding'] !== undefined || type !== undefined)
    ) {
      const refusal =
        contentTypeRefusal(type) ?? contentEncodingRefusal(request.headers['content-encoding'])
      if (refusal) throw refusal
    }
  })

  const context: RouteContext = {
    forRequest(request) {
      const principal = request.principal
      if (!principal) throw new ServiceError(401, 'Not authenticated.', 'UNAUTHORIZED')
      return {
        db,
        board: loadBoardConfig(db, principal.boardId),
        actor: principal.actorEmail,
        now: clock().toISOString(),
        newId,
        propertyNull,
      }
    },
    now: () => clock().toISOString(),
    taskUrl: (id) => `${baseUrl()}/tasks/${encodeURIComponent(id)}`,
    listOrder,
  }
  registerTaskRoutes(app, context)
  registerDependencyRoutes(app, context)
  methodNotAllowed(app, TASKS_PATH, ROUTE_METHODS[TASKS_PATH]!)
  methodNotAllowed(app, DEPENDENCIES_PATH, ROUTE_METHODS[DEPENDENCIES_PATH]!)
  return app
}

/**
 * Node keeps the first of two Authorization or Content-Type headers and drops the other, so a
 * request with a valid key and a bad one (or JSON and text) was handled by the order of its
 * lines. The spec gives a request one of each: two are refused, as two Content-Length are.
 */
function doubledHeaderRefusal(rawHeaders: readonly string[]): ServiceError | undefined {
  for (const name of ['authorization', 'content-type']) {
    let count = 0
    for (let i = 0; i < rawHeaders.length; i += 2)
      if (rawHeaders[i]!.toLowerCase() === name) count += 1
    if (count > 1) {
      const shown = name === 'authorization' ? 'Authorization' : 'Content-Type'
      return new ServiceError(
        400,
        `The request carries ${count} ${shown} headers; send exactly one. Nothing was done.`,
      )
    }
  }
  return undefined
}

/** The spec's methods only: HEAD (which Fastify would answer for every GET) is one more. */
function methodNotAllowed(app: FastifyInstance, url: string, allowed: readonly string[]): void {
  const others = ['DELETE', 'PUT', 'PATCH', 'POST', 'OPTIONS', 'HEAD'].filter(
    (m) => !allowed.includes(m),
  )
  app.route({
    method: others as ('DELETE' | 'PUT' | 'PATCH' | 'POST' | 'OPTIONS' | 'HEAD')[],
    url,
    handler: async (request, reply) => answerMethodNotAllowed(request, reply, url, allowed),
  })
}

/** 405 with `Allow`: the path exists, the method is not one of its. */
function answerMethodNotAllowed(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  allowed: readonly string[],
) {
  reply.header('allow', allowed.join(', '))
  return sendError(
    request,
    reply,
    new ServiceError(
      405,
      `${request.method} is not supported on ${path}; use ${allowed.join(', ')}.`,
    ),
  )
}
