// The benchmark's side of the event-loop probe (event-loop-probe.ts, preloaded into each server
// child): how a child is started with it, phase figures asked for over the IPC channel, and the
// whole-life figures the probe writes to its file when the server stops.
import { readFileSync } from 'node:fs'
import type { ChildProcess } from 'node:child_process'
import { median } from './stats'

export const PROBE_FILE_ENV = 'EVENT_LOOP_PROBE_FILE'
/** The probe timer's interval, ms (monitorEventLoopDelay's smallest). */
export const PROBE_RESOLUTION_MS = 1
/** Node arguments that preload the probe (tsx first: the probe is TypeScript). */
export const PROBE_NODE_ARGS = ['--import', 'tsx', '--import', './bench/server/event-loop-probe.ts']

export interface LoopDelay {
  p50: number
  p99: number
  max: number
  /** Timer callbacks sampled. */
  samples: number
}

export interface ProbeFile {
  pid: number
  /** Seconds from the probe's start to the write. */
  seconds: number
  /** The whole life of the process up to the write. */
  whole: LoopDelay
  /** Every phase stopped, in order. */
  phases: { phase: string; delay: LoopDelay }[]
}

export type ProbeRequest = { eventLoopProbe: 'start' | 'stop'; phase: string }
export type ProbeReply =
  | { eventLoopProbe: 'started'; phase: string }
  | { eventLoopProbe: 'stopped'; phase: string; delay: LoopDelay }

export const NO_DELAY: LoopDelay = { p50: 0, p99: 0, max: 0, samples: 0 }

/** Talks to the probe in one server child. */
export class LoopProbe {
  private readonly waiting = new Map<string, (reply: ProbeReply) => void>()

  constructor(
    private readonly child: ChildProcess,
    /** Where the probe writes its whole-life figures (at SIGTERM and at exit). */
    readonly file: string,
  ) {
    child.on('message', (message: ProbeReply) => {
      const key = `${message?.eventLoopProbe}:${message?.phase}`
      const resolve = this.waiting.get(key)
      this.waiting.delete(key)
      resolve?.(message)
    })
  }

  private ask(request: ProbeRequest, answer: ProbeReply['eventLoopProbe']): Promise<ProbeReply> {
    return new Promise((resolve, reject) => {
      const key = `${answer}:${request.phase}`
      const timer = setTimeout(() => {
        this.waiting.delete(key)
        reject(
          new Error(`event-loop probe: no answer to ${request.eventLoopProbe} ${request.phase}`),
        )
      }, 30_000)
      this.waiting.set(key, (reply) => {
        clearTimeout(timer)
        resolve(reply)
      })
      this.child.send(request)
    })
  }

  async start(phase: string): Promise<void> {
    await this.ask({ eventLoopProbe: 'start', phase }, 'started')
  }

  async stop(phase: string): Promise<LoopDelay> {
    const reply = await this.ask({ eventLoopProbe: 'stop', phase }, 'stopped')
    return reply.eventLoopProbe === 'stopped' ? reply.delay : NO_DELAY
  }

  /** Times `run` as one phase. */
  async measure<T>(phase: string, run: () => Promise<T>): Promise<{ result: T; delay: LoopDelay }> {
    await this.start(phase)
    const result = await run()
    return { result, delay: await this.stop(phase) }
  }

  /** The figures the probe wrote when the server stopped; undefined if it wrote none. */
  written(): ProbeFile | undefined {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as ProbeFile
    } catch {
      return undefined
    }
  }
}

/** Several runs of one phase: medians of p50 and p99, the largest max, samples summed. */
export function combineDelays(delays: readonly LoopDelay[]): LoopDelay {
  if (delays.length === 0) return NO_DELAY
  return {
    p50: median(delays.map((d) => d.p50)),
    p99: median(delays.map((d) => d.p99)),
    max: Math.max(...delays.map((d) => d.max)),
    samples: delays.reduce((n, d) => n + d.samples, 0),
  }
}
