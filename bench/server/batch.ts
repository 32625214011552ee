// The batch-update part of the server benchmark: PUT /api/v1/tasks with 500 tasks, as when the
// planner saves a drag of many bars: each request moves every task's start and due date.
import { Agent } from 'node:http'
import type { BatchTask } from './board'
import { send } from './load'
import { percentile } from './stats'

const DAY = 86_400_000

const shift = (stored: string, days: number) =>
  new Date(Date.parse(stored) + days * DAY).toISOString().slice(0, 10)

/**
 * The body of the `n`th batch: odd batches move every task one day later than stored, even ones
 * put it back, so each request changes every task and the board ends as it started.
 */
export function batchBody(tasks: readonly BatchTask[], n: number): string {
  const days = n % 2 === 1 ? 1 : 0
  return JSON.stringify({
    tasks: tasks.map((t) => ({
      id: t.id,
      startDate: shift(t.startDate, days),
      dueDate: shift(t.dueDate, days),
    })),
  })
}

export interface BatchFigures {
  median: number
  p90: number
  min: number
  max: number
  runs: number
  failures: number
  /** The first failure, for the report. */
  failure?: string
}

/** Checks a batch reply: 200, success, one updated-task info per task sent. */
export function batchProblem(status: number, body: Buffer, expected: number): string | undefined {
  if (status !== 200) return `HTTP ${status}: ${body.toString().slice(0, 200)}`
  try {
    const reply = JSON.parse(body.toString()) as { success?: boolean; tasks?: unknown[] }
    if (reply.success !== true) return `success is not true: ${body.toString().slice(0, 200)}`
    if (reply.tasks?.length !== expected)
      return `${reply.tasks?.length ?? 'no'} tasks in reply, ${expected} sent`
  } catch {
    return `reply is not JSON: ${body.toString().slice(0, 200)}`
  }
  return undefined
}

export class BatchRunner {
  readonly times: number[] = []
  failures = 0
  failure: string | undefined
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 })

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    private readonly expected: number,
    /** Whether replies are checked (the bare server's replies are the service's, so yes too). */
    private readonly check = true,
  ) {}

  /** Sends one batch; records its time from send to the last byte of the reply. */
  async run(body: string, record = true): Promise<Buffer> {
    const reply = await send(`${this.url}/api/v1/tasks`, 'PUT', this.headers, body, this.agent)
    const problem = this.check ? batchProblem(reply.status, reply.body, this.expected) : undefined
    if (problem) {
      this.failures += 1
      this.failure ??= problem
    }
    if (record) this.times.push(reply.ms)
    return reply.body
  }

  figures(): BatchFigures {
    const sorted = [...this.times].sort((a, b) => a - b)
    return {
      median: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      min: sorted[0] ?? 0,
      max: sorted.at(-1) ?? 0,
      runs: sorted.length,
      failures: this.failures,
      ...(this.failure ? { failure: this.failure } : {}),
    }
  }

  close(): void {
    this.agent.destroy()
  }
}
