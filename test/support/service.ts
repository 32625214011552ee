// A board service on a fresh in-memory database with the demo board (or another board file
// with the same owner) and an owner's key.
import type { FastifyInstance, InjectOptions } from 'fastify'
import demoBoard from '../../src-server/demo/demo-board.json'
import { createApiKey, createApp, importBoard, openDatabase } from '../../src-server'
import type { Db, ListOrder } from '../../src-server'

export interface TestService {
  app: FastifyInstance
  db: Db
  key: string
  boardId: number
  /** Injects a request with the key and JSON content type set. */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON; tests assert its shape
  ): Promise<{ status: number; body: any }>
  close(): Promise<void>
}

export const BASE_URL = 'http://board.test'

export async function startTestService(
  options: {
    path?: string
    clock?: () => Date
    listOrder?: ListOrder
    propertyNull?: 'remove' | 'refuse'
    board?: unknown
  } = {},
): Promise<TestService> {
  const db = openDatabase(options.path ?? ':memory:')
  const board = importBoard(db, options.board ?? demoBoard)
  const { key } = createApiKey(db, board.id, 'olivia.owner@example.com')
  const app = createApp({
    db,
    baseUrl: BASE_URL,
    ...(options.clock ? { clock: options.clock } : {}),
    listOrder: options.listOrder,
    ...(options.propertyNull ? { propertyNull: options.propertyNull } : {}),
  })
  await app.ready()
  return {
    app,
    db,
    key,
    boardId: board.id,
    async call(method, url, body, headers = {}) {
      const response = await app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined
          ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
          : {}),
      })
      return {
        status: response.statusCode,
        body: response.body ? JSON.parse(response.body) : undefined,
      }
    },
    async close() {
      await app.close()
      db.close()
    },
  }
}
