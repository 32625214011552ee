// `npm run web` end to end: the real entry in its own process, reached the way the renderer's
// HTTP bridge reaches it (token from the served page). Needs the built renderer (npm test builds
// it first).
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BoardSnapshot, IpcResult } from '../../../src-shared/ipc'

const ENTRY = join(import.meta.dirname, '../../../src-main/web/main.ts')
let dir: string
let child: ChildProcess
let url = ''
let token = ''

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-browser-mode-'))
  child = spawn(
    process.execPath,
    ['--import', 'tsx', ENTRY, '--memory-keychain', '--user-data', dir, '--local-tasks', '120'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /browser mode\) at (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`npm run web exited early (${code}): ${out}`)))
  })
  const page = await (await fetch(url)).text()
  token = /<meta name="planner-token" content="([^"]+)"/.exec(page)?.[1] ?? ''
}, 60_000)

afterAll(() => {
  child.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
})

const call = async <T>(channel: string, payload?: unknown): Promise<IpcResult<T>> =>
  (await (
    await fetch(`${new URL('/', url).href}ipc/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-planner-token': token },
      body: JSON.stringify({ payload }),
    })
  ).json()) as IpcResult<T>

describe('browser mode', () => {
  it('serves the built renderer with its per-launch token', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('opens the local demo board and syncs it over the IPC contract', async () => {
    const result = await call<BoardSnapshot>('board:sync', {})
    expect(result.ok).toBe(true)
    const snapshot = (result as { value: BoardSnapshot }).value
    expect(snapshot.tasks).toHaveLength(120)
    expect(snapshot.coverage.complete).toBe(true)
  })

  it('writes the token only into the page at the printed address: without it, nothing to take', async () => {
    const bare = await fetch(new URL('/', url))
    expect(bare.status).toBe(200)
    expect(await bare.text()).not.toContain(token)
    const wrong = await fetch(new URL(`/?token=${'x'.repeat(43)}`, url))
    expect(wrong.status).toBe(403)
    const text = await wrong.text()
    expect(text).toContain('Open the address the planner printed')
    expect(text).not.toContain(token)
  })

  it('refuses calls without the token', async () => {
    const response = await fetch(`${new URL('/', url).href}ipc/boards:list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(403)
  })
})
