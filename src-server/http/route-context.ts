// What the route modules get from createApp (create-app.ts), in a file of its own so that the
// routes and the app that registers them do not import each other.
import type { FastifyRequest } from 'fastify'
import type { ListOrder } from '../store/list-order'
import type { WriteContext } from '../store/write-context'

export interface RouteContext {
  /** The board, actor and clock of one authenticated request. */
  forRequest(request: FastifyRequest): WriteContext
  /**
   * The time now: a write stamps it once it holds the write lock, not when its request arrived
   * (a request waits for its descriptions' conversion and for the lock, and a later, quicker
   * write of the same task would be followed by an older updatedAt).
   */
  now(): string
  taskUrl(id: string): string
  /** The order of GET /api/v1/tasks. */
  listOrder: ListOrder
}
