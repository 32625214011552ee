import type { FastifyInstance } from 'fastify'
import { createApp } from '../http/create-app'
import type { ConnectionLimits } from '../http/connections'
import type { Db } from '../db/database'
import type { ListOrder } from '../store/list-order'
import type { PropertyNullMode } from '../store/write-context'

export interface RunningService {
  app: FastifyInstance
  url: string
  close(): Promise<void>
}

export interface ListenOptions {
  /** The list endpoint's order; `due` when not given (see AppOptions.listOrder). */
  listOrder?: ListOrder
  /** What `null` does as a property value on update; `remove` when not given. */
  propertyNull?: PropertyNullMode
  /** Timeouts and connection cap; CONNECTION_LIMITS for each one left out. */
  connections?: Partial<ConnectionLimits>
}

/** Listens on host:port (port 0 picks a free one); task URLs use the address it got. */
export async function listen(
  db: Db,
  host: string,
  port: number,
  options: ListenOptions = {},
): Promise<RunningService> {
  let url = ''
  // Unexpected failures (500s) are logged to stderr as JSON lines; requests are not.
  const app = createApp({
    db,
    baseUrl: () => url,
    logger: { level: 'error', stream: process.stderr },
    listOrder: options.listOrder,
    propertyNull: options.propertyNull,
    connections: options.connections,
  })
  await app.listen({ host, port })
  const address = app.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`
  return {
    app,
    url,
    async close() {
      await app.close()
    },
  }
}

/** Closes the server, then the database, on SIGINT or SIGTERM. */
export function closeOnSignals(
  service: RunningService,
  db: Db,
  onClosed: () => void = () => process.exit(0),
): void {
  let closing = false
  const stop = (signal: string) => {
    if (closing) return
    closing = true
    process.stderr.write(`${signal}: stopping the board service\n`)
    void service.close().finally(() => {
      db.close()
      onClosed()
    })
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}
