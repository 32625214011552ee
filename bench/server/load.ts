// Load generators of the server benchmark, run in the benchmark process against a server in
// another process: autocannon (fixed rate and unlimited), a paced open-loop generator, and
// one-at-a-time batch updates timed end to end.
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import type { Result } from 'autocannon'
import { percentile } from './stats'

export type LoadFigures = {
  p50: number
  p90: number
  p99: number
  max: number
  reqPerSec: number
  requests: number
  /** Connection errors and timeouts. */
  errors: number
  non2xx: number
}

export interface Reply {
  status: number
  body: Buffer
  ms: number
}

/** One HTTP request on `agent` (a keep-alive agent reuses its connection); the body is read whole. */
export function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
  agent?: Agent,
): Promise<Reply> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

function figures(result: Result): LoadFigures {
  return {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    reqPerSec: result.requests.total / result.duration,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

export interface ListLoad {
  url: string
  headers: Record<string, string>
  /** Paths with query, taken in turn by all connections together. */
  paths: readonly string[]
  connections: number
  seconds: number
  /** Requests per second for all connections together; undefined: as many as the server takes. */
  rate?: number
}

/**
 * autocannon over the rotating list queries. Latency is recorded as measured (no coordinated
 * omission correction: autocannon 8 corrects with a 1 ms interval whatever the rate, which
 * floods the histogram with made-up samples). autocannon's rate limit lets each connection send
 * its share of a second's requests back to back, then wait for the next second.
 */
export async function autocannonList(load: ListLoad): Promise<LoadFigures> {
  let next = 0
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    headers: load.headers,
    timeout: 10,
    ...(load.rate ? { overallRate: load.rate, ignoreCoordinatedOmission: true } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: load.paths[next++ % load.paths.length] }),
      },
    ],
  })
  return figures(result)
}

/**
 * Open loop at an even pace: request i is due at start + i / rate, whatever earlier responses
 * do, and its latency runs from when it was due (so a stall counts against every request that
 * waited behind it). Connections are reused; new ones open when all are busy.
 */
export async function pacedList(load: ListLoad & { rate: number }): Promise<LoadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const total = Math.round(load.rate * load.seconds)
  const interval = 1000 / load.rate
  const latencies: number[] = []
  let errors = 0
  let non2xx = 0
  let sent = 0
  let finished = 0
  const started = performance.now()
  await new Promise<void>((resolve) => {
    const fire = (index: number) => {
      const due = started + index * interval
      const path = load.paths[index % load.paths.length] as string
      const done = () => {
        finished += 1
        if (finished === total) resolve()
      }
      send(load.url + path, 'GET', load.headers, undefined, agent).then(
        (reply) => {
          latencies.push(performance.now() - due)
          if (reply.status < 200 || reply.status > 299) non2xx += 1
          done()
        },
        () => {
          errors += 1
          done()
        },
      )
    }
    const timer = setInterval(() => {
      const dueNow = Math.min(total, Math.floor((performance.now() - started) / interval) + 1)
      while (sent < dueNow) fire(sent++)
      if (sent >= total) clearInterval(timer)
    }, 1)
  })
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    reqPerSec: total / seconds,
    requests: total,
    errors,
    non2xx,
  }
}
