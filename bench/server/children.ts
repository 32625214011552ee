// Child processes of the server benchmark: the board service and the bare baseline each run in
// their own process, so the load generator never shares their event loop. Every child started
// here is killed when the benchmark exits, however it exits.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { LoopProbe, PROBE_FILE_ENV, PROBE_NODE_ARGS } from './event-loop'

export const ROOT = new URL('../../', import.meta.url).pathname

const live = new Set<ChildProcess>()

process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping the benchmark and its servers\n`)
    for (const child of live) child.kill('SIGKILL')
    process.exit(130)
  })
}

function launch(args: string[], env?: Record<string, string>, ipc = false): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
    ...(env ? { env: { ...process.env, ...env } } : {}),
  })
  live.add(child)
  child.once('exit', () => live.delete(child))
  return child
}

/** Runs `node bin/taskboard.js <args>`; resolves with its output and how long it took. */
export function runCli(args: string[]): Promise<{ stdout: string; ms: number }> {
  const started = performance.now()
  const child = launch(['bin/taskboard.js', ...args])
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0) resolve({ stdout: stdout.trim(), ms: performance.now() - started })
      else reject(new Error(`taskboard ${args.join(' ')} exited with ${code}: ${stderr.trim()}`))
    })
  })
}

export interface Server {
  name: string
  url: string
  pid: number
  /** The event-loop probe preloaded into it, when started with `probeFile`. */
  probe?: LoopProbe
  stop(): Promise<void>
}

/**
 * Starts a server process and waits for it to print `http://127.0.0.1:<port>`. With `probeFile`,
 * the event-loop probe is preloaded (event-loop-probe.ts) and writes its figures to that file.
 */
export function startServer(
  name: string,
  args: string[],
  { probeFile, timeoutMs = 60_000 }: { probeFile?: string; timeoutMs?: number } = {},
): Promise<Server> {
  const child = probeFile
    ? launch([...PROBE_NODE_ARGS, ...args], { [PROBE_FILE_ENV]: probeFile }, true)
    : launch(args)
  const probe = probeFile ? new LoopProbe(child, probeFile) : undefined
  let stderr = ''
  let stdout = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 20_000) stderr += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => {
      process.stderr.write(`${name}: still running 15 s after SIGTERM; killing it\n`)
      child.kill('SIGKILL')
    }, 15_000)
    await exited
    clearTimeout(timer)
  }
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (why: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void stop()
      reject(new Error(`${name}: ${why}\n${stderr.trim()}`))
    }
    const timer = setTimeout(() => fail(`not listening after ${timeoutMs} ms`), timeoutMs)
    child.once('error', (error) => fail(error.message))
    child.once('exit', (code, signal) => fail(`exited early (${code ?? signal})`))
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)
      if (!match || settled) return
      settled = true
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.stdout?.resume()
      resolve({ name, url: match[0], pid: child.pid ?? 0, stop, ...(probe ? { probe } : {}) })
    }
    child.stdout?.on('data', onData)
  })
}
