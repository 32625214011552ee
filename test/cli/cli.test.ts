// The `taskboard` CLI as a user runs it: a real process, real files, real HTTP.
import { execFile, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-server'

const run = promisify(execFile)
const BIN = join(import.meta.dirname, '../../bin/taskboard.js')
const BOARD = join(import.meta.dirname, '../../src-server/demo/demo-board.json')

let dir: string
let db: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-cli-'))
  db = join(dir, 'nested', 'board.db')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function taskboard(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args])
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** Waits until the child's stdout matches `pattern`; the match. */
function printed(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = pattern.exec(out)
      if (match) resolve(match)
    })
    child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)))
  })
}

async function listOver(
  url: string,
  apiKey: string,
  query: string,
): Promise<{ id: string; key: number }[]> {
  const response = await fetch(`${url}/api/v1/tasks?${query}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { tasks: { id: string; key: number }[] }).tasks
}

describe('taskboard CLI', () => {
  let key = ''

  it('imports a board into a new database and prints its name', async () => {
    expect(await taskboard('board', 'import', '--db', db, BOARD)).toMatchObject({
      code: 0,
      stdout: 'Demo board\n',
    })
    const again = await taskboard('board', 'import', '--db', db, BOARD)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('A board named "Demo board" already exists')
  })

  it('refuses an invalid board file with the reason', async () => {
    const bad = join(dir, 'bad.json')
    writeFileSync(
      bad,
      JSON.stringify({
        name: 'Bad',
        projects: [],
        statuses: [{ name: 'A', category: 'todo' }],
        members: [],
      }),
    )
    const result = await taskboard('board', 'import', '--db', db, bad)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'Invalid board file: projects: a board needs at least one project',
    )
  })

  it('creates a key printed alone on one line, lists it masked, and revokes it', async () => {
    const created = await taskboard('key', 'create', '--db', db, '--board', 'Demo board')
    expect(created.code).toBe(0)
    expect(created.stdout).toMatch(/^tb_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}\n$/)
    key = created.stdout.trim()
    const spare = (
      await taskboard(
        'key',
        'create',
        '--db',
        db,
        '--board',
        'Demo board',
        '--owner',
        'olivia.owner@example.com',
      )
    ).stdout.trim()
    const listed = await taskboard('key', 'list', '--db', db)
    expect(listed.stdout).not.toContain(key)
    expect(listed.stdout).toContain(`tb_…${key.slice(-4)}`)
    const spareId = spare.split('_')[1] as string
    expect((await taskboard('key', 'revoke', '--db', db, '--id', spareId)).stdout).toBe(
      `Revoked ${spareId}.\n`,
    )
    expect((await taskboard('key', 'list', '--db', db)).stdout).toMatch(
      new RegExp(`${spareId}.*revoked`),
    )
  })

  it('seeds the same board for the same seed', async () => {
    const other = join(dir, 'other.db')
    await taskboard('board', 'import', '--db', other, BOARD)
    const seeded = await taskboard(
      'seed',
      '--db',
      db,
      '--board',
      'Demo board',
      '--tasks',
      '300',
      '--seed',
      '5',
    )
    expect(seeded.stdout).toMatch(/^Seeded 300 tasks \(\d+ milestones\) and \d+ dependencies\.\n$/)
    await taskboard('seed', '--db', other, '--board', 'Demo board', '--tasks', '300', '--seed', '5')
    const dump = (path: string) => {
      const handle = openDatabase(path)
      const rows = handle
        .prepare(
          'SELECT id, project_key, key, title, start_date, due_date, status, tags_json, properties_json, parent_id, milestone_id FROM tasks ORDER BY seq',
        )
        .raw(true)
        .all()
      const deps = handle
        .prepare('SELECT predecessor_id, successor_id, lag_days FROM dependencies ORDER BY seq')
        .raw(true)
        .all()
      handle.close()
      return { rows, deps }
    }
    const a = dump(db)
    expect(a.rows).toHaveLength(300)
    expect(a).toEqual(dump(other))
    const kinds = (a.rows as unknown[][]).reduce<Record<string, number>>((acc, r) => {
      if (r[9]) acc['subtasks'] = (acc['subtasks'] ?? 0) + 1
      if (r[10]) acc['linked'] = (acc['linked'] ?? 0) + 1
      if (!r[4] && !r[5]) acc['undated'] = (acc['undated'] ?? 0) + 1
      return acc
    }, {})
    expect(kinds['subtasks']).toBeGreaterThan(20)
    expect(kinds['linked']).toBeGreaterThan(20)
    expect(kinds['undated']).toBeGreaterThan(5)
    expect(a.deps.length).toBeGreaterThan(30)
  })

  it('serves the board on a free port until SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--db', db, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out)
          if (match) resolve(match[0])
        })
        child.once('exit', (code) => reject(new Error(`serve exited early with ${code}`)))
      })
      const response = await fetch(`${url}/api/v1/tasks?type=milestone`, {
        headers: { authorization: `Bearer ${key}` },
      })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { tasks: unknown[] }).tasks.length).toBeGreaterThan(0)
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('starts a ready demo board and prints its URL and a working key', async () => {
    const demoDb = join(dir, 'demo.db')
    const child = spawn(
      process.execPath,
      [BIN, 'demo', '--port', '0', '--db', demoDb, '--tasks', '150'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    try {
      const { url, demoKey } = await new Promise<{ url: string; demoKey: string }>(
        (resolve, reject) => {
          let out = ''
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString()
            const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0]
            const demoKey = /API key: (tb_\S+)/.exec(out)?.[1]
            if (url && demoKey) resolve({ url, demoKey })
          })
          child.once('exit', (code) => reject(new Error(`demo exited early with ${code}`)))
        },
      )
      const list = async (query: string) => {
        const response = await fetch(`${url}/api/v1/tasks?${query}`, {
          headers: { authorization: `Bearer ${demoKey}` },
        })
        return ((await response.json()) as { tasks: { type: string }[] }).tasks
      }
      expect(await list('')).toHaveLength(100)
      expect((await list('type=milestone')).length).toBeGreaterThan(0)
      const deps = await fetch(`${url}/api/v1/dependencies`, {
        headers: { authorization: `Bearer ${demoKey}` },
      })
      expect(
        ((await deps.json()) as { dependencies: unknown[] }).dependencies.length,
      ).toBeGreaterThan(10)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('removes a demo database it made itself when the demo stops', async () => {
    const child = spawn(process.execPath, [BIN, 'demo', '--port', '0', '--tasks', '10'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const out = await printed(child, /Database: (\S+) \(temporary[^\n]*\n/)
    const folder = dirname(out[1]!)
    expect(existsSync(out[1]!)).toBe(true)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    expect(existsSync(folder)).toBe(false)
  })

  it('serves another list order with --list-order, and says so', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--db', db, '--port', '0', '--list-order', 'created-desc'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    try {
      const out = await printed(child, /listening on (http:\/\/127\.0\.0\.1:\d+).*\n/)
      expect(out[0]).toContain('(list order: created-desc)')
      const tasks = await listOver(out[1]!, key, 'projectKey=WEB')
      expect(tasks.length).toBeGreaterThan(50)
      // Newest first: a project's task keys are numbered in creation order.
      const keys = tasks.map((t) => t.key)
      expect(keys).toEqual([...keys].sort((a, b) => b - a))
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('refuses null property values with --property-null refuse, and says so', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--db', db, '--port', '0', '--property-null', 'refuse'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    try {
      const out = await printed(child, /listening on (http:\/\/127\.0\.0\.1:\d+).*\n/)
      expect(out[0]).toContain('(property null: refuse)')
      const [task] = await listOver(out[1]!, key, 'projectKey=WEB&type=task')
      const response = await fetch(`${out[1]}/api/v1/tasks`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tasks: [{ id: task!.id, properties: { Area: null } }] }),
      })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toContain(
        'removes no property',
      )
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('starts a demo board whose lists are a random 100 with --list-order random', async () => {
    const child = spawn(
      process.execPath,
      [
        BIN,
        'demo',
        '--port',
        '0',
        '--db',
        join(dir, 'random.db'),
        '--tasks',
        '150',
        '--list-order',
        'random',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    try {
      const out = await printed(
        child,
        /at (http:\S+) \(list order: random\)\n[^]*API key: (tb_\S+)/,
      )
      const samples: string[] = []
      for (let i = 0; i < 4; i += 1) {
        const tasks = await listOver(out[1]!, out[2]!, '')
        expect(tasks).toHaveLength(100)
        samples.push(
          tasks
            .map((t) => t.id)
            .sort()
            .join(),
        )
      }
      expect(new Set(samples).size).toBeGreaterThan(1)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it.each([
    [['bogus'], 'unknown command "bogus"'],
    [[], 'no command given'],
    [['key', 'create', '--db', 'x.db'], '--board is required'],
    [['seed', '--db', 'x.db', '--board', 'B', '--tasks', 'many'], '--tasks must be a whole number'],
    [['serve', '--db', 'x.db', '--port', '70000'], '--port must be a whole number from 0 to 65535'],
    [['key', 'list', '--db', 'x.db', '--colour', 'red'], "Unknown option '--colour'"],
    [
      ['serve', '--db', 'x.db', '--list-order', 'sideways'],
      '--list-order must be one of due, created, created-desc, updated-desc, random',
    ],
    [['demo', '--db', 'x.db', '--list-order', 'Random'], '--list-order must be one of'],
    [['demo', '--db', 'x.db', '--list-order'], "Option '--list-order <value>' argument missing"],
    [
      ['serve', '--db', 'x.db', '--property-null', 'keep'],
      '--property-null must be one of remove, refuse',
    ],
  ])('prints usage and exits 2 for %j', async (args, message) => {
    const result = await taskboard(...args)
    expect(existsSync('x.db')).toBe(false) // nothing is created before the arguments are checked
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
    expect(result.stderr).toContain('Usage: taskboard <command>')
  })
})
