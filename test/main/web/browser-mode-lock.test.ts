// One browser-mode planner per data folder, through `npm run web`'s entry in its own processes:
// a second start on the same folder stops with a message and leaves the data alone; a planner
// killed with SIGKILL leaves a stale lock that the next start takes over; a clean stop removes
// the lock. Needs the built renderer (npm test builds it first).
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ENTRY = join(import.meta.dirname, '../../../src-main/web/main.ts')
const LOCK = 'planner.lock'
const dir = mkdtempSync(join(tmpdir(), 'tb-browser-lock-'))
const running: ChildProcess[] = []

afterAll(() => {
  running.forEach((child) => child.kill('SIGKILL'))
  rmSync(dir, { recursive: true, force: true })
})

interface Started {
  child: ChildProcess
  /** The page's address once it serves, or how it ended instead. */
  outcome: Promise<{ url: string } | { code: number | null; stderr: string }>
}

function startPlanner(): Started {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ENTRY, '--memory-keychain', '--user-data', dir, '--local-tasks', '20'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  running.push(child)
  const outcome = new Promise<{ url: string } | { code: number | null; stderr: string }>(
    (resolve) => {
      let out = ''
      let stderr = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /browser mode\) at (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out)
        if (match) resolve({ url: match[1]! })
      })
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.once('exit', (code) => resolve({ code, stderr }))
    },
  )
  return { child, outcome }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  )

/** Every file of the data folder but the lock, with its size and modification time. */
function dataFiles(): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name !== LOCK)
    .map((name) => {
      const stat = statSync(join(dir, name))
      return `${name} ${stat.isFile() ? stat.size : 'dir'} ${stat.mtimeMs}`
    })
    .sort()
}

describe('browser mode: one planner per data folder', () => {
  it('refuses a second planner on the folder, takes over after a SIGKILL, releases on stop', async () => {
    const first = startPlanner()
    expect(await first.outcome).toHaveProperty('url')
    const before = dataFiles()

    const second = startPlanner()
    const refused = await second.outcome
    expect(refused).toMatchObject({ code: 1 })
    const message = (refused as { stderr: string }).stderr
    expect(message).toContain(
      `Another Taskboard Planner (process ${first.child.pid}) is using the data folder ${dir}`,
    )
    expect(message).toContain('--user-data <another folder>')
    expect(dataFiles()).toEqual(before)

    // Killed outright: no exit handler runs and the lock stays behind, stale.
    first.child.kill('SIGKILL')
    await exited(first.child)
    expect(existsSync(join(dir, LOCK))).toBe(true)

    const third = startPlanner()
    const served = await third.outcome
    expect(served).toHaveProperty('url')
    const page = await fetch((served as { url: string }).url)
    expect(page.status).toBe(200)

    third.child.kill('SIGTERM')
    await exited(third.child)
    expect(third.child.exitCode).toBe(0)
    expect(existsSync(join(dir, LOCK))).toBe(false)
  }, 120_000)
})
