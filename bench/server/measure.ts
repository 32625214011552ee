// Small measuring helpers of the server benchmark (run.ts): what code is measured, one request at
// a time on an idle server, and medians over runs.
import { execFileSync } from 'node:child_process'
import { Agent } from 'node:http'
import { ROOT } from './children'
import { send } from './load'
import type { LoadFigures } from './load'
import { medianOf } from './stats'

/** The commit measured, and whether the service's code differs from it. */
export function codeVersion(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()
    const dirty = git('status', '--porcelain', '--', 'src-server', 'src-shared', 'bin') !== ''
    return `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes in the service code' : ''}`
  } catch {
    return 'unknown (not a git checkout)'
  }
}

/**
 * Each path sent `reps` times, one request at a time on one keep-alive connection: the time one
 * request takes on an idle server (what the server can do at most: about 1000 / ms per second).
 */
export async function oneAtATime(
  url: string,
  headers: Record<string, string>,
  paths: readonly string[],
  reps = 3,
): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const times: number[] = []
  try {
    for (let rep = 0; rep < reps; rep += 1) {
      for (const path of paths)
        times.push((await send(url + path, 'GET', headers, undefined, agent)).ms)
    }
  } finally {
    agent.destroy()
  }
  return times
}

/** Medians over runs, but errors and non-2xx summed. */
export function combine(all: LoadFigures[]): LoadFigures {
  const m = medianOf(all)
  return {
    ...m,
    errors: all.reduce((n, f) => n + f.errors, 0),
    non2xx: all.reduce((n, f) => n + f.non2xx, 0),
  }
}
