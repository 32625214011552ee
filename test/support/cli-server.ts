// The real CLI (`bin/taskboard.js`) as separate processes: boards and keys made with it, and
// `taskboard serve` started on a free loopback port. For tests that need more than one process
// on one database file (a second server, the CLI writing beside a server).
import { execFile, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const CLI = join(ROOT, 'bin', 'taskboard.js')
export const DEMO_BOARD = join(ROOT, 'src-server', 'demo', 'demo-board.json')
export const DEMO_BOARD_NAME = 'Demo board'

const run = promisify(execFile)

/** Runs one CLI command to its end; resolves with its standard output. */
export async function cli(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { cwd: ROOT, timeout: 60_000 })
  return stdout
}

/** `key create` on the demo board; resolves with the key it printed. */
export async function createKey(db: string): Promise<string> {
  const output = await cli('key', 'create', '--db', db, '--board', DEMO_BOARD_NAME)
  const line = output.split('\n').find((l) => /^tb_\S+$/.test(l))
  if (!line) throw new Error(`key create printed no key:\n${output}`)
  return line
}

export interface CliServer {
  child: ChildProcess
  url: string
  /** What the server wrote to standard error so far (500s are logged there). */
  stderr(): string
}

const children = new Set<ChildProcess>()

/** Starts `taskboard serve` on a free loopback port; resolves once it prints its address. */
export function serve(db: string): Promise<CliServer> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--db', db, '--host', '127.0.0.1', '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  children.add(child)
  child.once('exit', () => children.delete(child))
  let stdout = ''
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    const early = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited early (${code ?? signal})`)
    const fail = (why: string) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`taskboard serve ${why}\nstdout: ${stdout}\nstderr: ${stderr}`))
    }
    const timer = setTimeout(() => fail('did not start within 30 s'), 30_000)
    child.once('exit', early)
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)
      if (match) {
        clearTimeout(timer)
        child.off('exit', early)
        resolve({ child, url: match[1] as string, stderr: () => stderr })
      }
    })
  })
}

/** SIGKILLs every server this module started that is still running. */
export async function killServers(): Promise<void> {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
    }),
  )
}
