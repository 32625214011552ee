// Preloaded into a server child of the benchmark, so that the server's own code is not changed:
//
//   node --import tsx --import ./bench/server/event-loop-probe.ts bin/taskboard.js serve ...
//
// It measures the event-loop delay of the process with perf_hooks.monitorEventLoopDelay:
// - over the whole life of the process, written as JSON to the file named by
//   EVENT_LOOP_PROBE_FILE when the process gets SIGTERM and again at exit;
// - per phase, when the parent opened an IPC channel: the message {eventLoopProbe: 'start',
//   phase} starts a histogram for that phase, {eventLoopProbe: 'stop', phase} stops it and is
//   answered with {eventLoopProbe: 'stopped', phase, delay}. Phases may overlap.
// Figures are in milliseconds: how late the probe's 1 ms timer fired (the interval between its
// callbacks less the 1 ms asked for), as p50, p99 and max over the samples.
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { IntervalHistogram } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'
import { PROBE_FILE_ENV, PROBE_RESOLUTION_MS } from './event-loop'
import type { LoopDelay, ProbeFile, ProbeReply, ProbeRequest } from './event-loop'

const delayMs = (ns: number) => Math.max(0, ns / 1e6 - PROBE_RESOLUTION_MS)

function loopDelay(histogram: IntervalHistogram): LoopDelay {
  if (histogram.count === 0) return { p50: 0, p99: 0, max: 0, samples: 0 }
  return {
    p50: delayMs(histogram.percentile(50)),
    p99: delayMs(histogram.percentile(99)),
    max: delayMs(histogram.max),
    samples: histogram.count,
  }
}

function startProbe(file: string | undefined): void {
  const started = Date.now()
  const whole = monitorEventLoopDelay({ resolution: PROBE_RESOLUTION_MS })
  whole.enable()
  const phases: ProbeFile['phases'] = []
  const open = new Map<string, IntervalHistogram>()

  const write = () => {
    if (!file) return
    const figures: ProbeFile = {
      pid: process.pid,
      seconds: (Date.now() - started) / 1000,
      whole: loopDelay(whole),
      phases,
    }
    try {
      writeFileSync(file, JSON.stringify(figures))
    } catch (error) {
      process.stderr.write(`event-loop probe: cannot write ${file}: ${String(error)}\n`)
    }
  }

  // The server's own SIGTERM handler (registered after this preload) does the closing; without
  // one, a SIGTERM would end the process at once, so then this handler ends it as Node would.
  process.on('SIGTERM', () => {
    write()
    if (process.listenerCount('SIGTERM') === 1) process.exit(128 + 15)
  })
  process.on('exit', write)

  if (!process.send) return
  const reply = (message: ProbeReply) => process.send?.(message)
  process.on('message', (message: Partial<ProbeRequest> | undefined) => {
    const phase = message?.phase
    if (typeof phase !== 'string') return
    if (message?.eventLoopProbe === 'start') {
      open.get(phase)?.disable()
      const histogram = monitorEventLoopDelay({ resolution: PROBE_RESOLUTION_MS })
      histogram.enable()
      open.set(phase, histogram)
      reply({ eventLoopProbe: 'started', phase })
    } else if (message?.eventLoopProbe === 'stop') {
      const histogram = open.get(phase)
      histogram?.disable()
      open.delete(phase)
      const delay = histogram ? loopDelay(histogram) : { p50: 0, p99: 0, max: 0, samples: 0 }
      phases.push({ phase, delay })
      reply({ eventLoopProbe: 'stopped', phase, delay })
    }
  })
  // The channel must not keep the server alive when it means to exit.
  process.channel?.unref()
}

// Worker threads inherit --import; only the main thread's loop serves requests.
if (isMainThread) startProbe(process.env[PROBE_FILE_ENV])
