// Input within the limits that used to freeze or crash the service: a quadratic e-mail check,
// descriptions nested thousands deep (stack overflows in the converters, 500s after seconds of
// blocking), conversions that take seconds of CPU each, and unbounded URL and Email values.
// Each is refused with a 400 naming the field, or stored, quickly; and while the worst a
// 4 MiB body can hold is being converted, other clients are answered at once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { descriptionPool, DescriptionPool } from '../../src-server/description/pool'
import { isEmailAddress } from '../../src-shared/api'
import { SERVICE_LIMITS } from '../../src-shared/api'
import { cli, createKey, DEMO_BOARD, killServers, serve } from '../support/cli-server'
import type { CliServer } from '../support/cli-server'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

const TASKS = '/api/v1/tasks'
const NESTING = SERVICE_LIMITS.descriptionNesting
/** What "answered quickly" means for one refused or stored request, in-process. */
const QUICK_MS = 2_000

const newTask = (overrides: Record<string, unknown> = {}) => ({
  title: 'A task',
  projectKey: 'WEB',
  descriptionType: 'text',
  descriptionContent: '',
  ...overrides,
})

/** A markdown list nested `depth` deep, two spaces of indentation per level. */
const indentedList = (depth: number) =>
  Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n')

let service: TestService

async function timed(method: 'POST' | 'PATCH' | 'GET', url: string, body?: unknown) {
  const started = performance.now()
  const response = await service.call(method, url, body)
  return { ...response, ms: performance.now() - started }
}

async function taskCount(): Promise<number> {
  return (service.db.prepare('SELECT count(*) FROM tasks').raw(true).get() as [number])[0] as number
}

/** Creates one task and expects a 400 naming `field`, quickly, with nothing stored. */
async function expectRefused(item: Record<string, unknown>, field: string, message: RegExp) {
  const before = await taskCount()
  const answer = await timed('POST', TASKS, { tasks: [item] })
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400)
  expect(answer.body.error).toBe(true)
  expect(answer.body.message).toContain(field)
  expect(answer.body.message).toMatch(message)
  expect(answer.body.issues?.[0]?.path).toBe(field)
  expect(answer.ms).toBeLessThan(QUICK_MS)
  expect(await taskCount()).toBe(before)
}

/** Creates one task and expects it stored (conversion takes its time: no bound here). */
async function expectStored(item: Record<string, unknown>) {
  const answer = await timed('POST', TASKS, { tasks: [item] })
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200)
}

describe('hostile input within the limits', () => {
  // The converter threads start at first need; not part of any timing here.
  beforeAll(() => descriptionPool().warm(), 60_000)

  beforeEach(async () => {
    service = await startTestService()
  })

  afterEach(async () => {
    await service.close()
  })

  describe('Email and URL property values', () => {
    it('the quadratic e-mail case is refused at once', async () => {
      await expectRefused(
        newTask({ properties: { Contact: `a@${'.'.repeat(200_000)} ` } }),
        'tasks[0].properties.Contact',
        /at most 254 characters/,
      )
    })

    it('checks e-mail addresses in linear time, whatever their length', () => {
      const hostile = `a@${'.'.repeat(4_000_000)} `
      const started = performance.now()
      expect(isEmailAddress(hostile)).toBe(false)
      expect(performance.now() - started).toBeLessThan(200)
      // The same rule as the regex it replaces: one @, something before it, a dot inside the
      // part after it, no whitespace.
      for (const good of ['a@b.c', 'first.last+tag@sub.example.org', 'x@y..z', 'ä@ü.ö'])
        expect(isEmailAddress(good), good).toBe(true)
      for (const bad of ['', 'a@b', '@b.c', 'a@.b', 'a@b.', 'a@@b.c', 'a@b@c.d', 'a b@c.d'])
        expect(isEmailAddress(bad), bad).toBe(false)
      expect(isEmailAddress('a@b.c\u00a0')).toBe(false)
    })

    it('Email: 254 characters stored, 255 refused (create and update)', async () => {
      const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`
      expect(at254).toHaveLength(254)
      await expectStored(newTask({ properties: { Contact: at254 } }))
      await expectRefused(
        newTask({ properties: { Contact: `a${at254}` } }),
        'tasks[0].properties.Contact',
        /at most 254 characters/,
      )
      const answer = await timed('PATCH', TASKS, {
        tasks: [{ projectKey: 'WEB', key: 1, properties: { Contact: `a${at254}` } }],
      })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toMatch(/tasks\[0\]\.properties\.Contact: .*at most 254/)
    })

    it('URL: 8,000 characters stored, 8,001 refused; 1 MB refused at once', async () => {
      const url8000 = `https://example.com/${'p'.repeat(8000 - 20)}`
      expect(url8000).toHaveLength(8000)
      await expectStored(newTask({ properties: { Spec: url8000 } }))
      await expectRefused(
        newTask({ properties: { Spec: `${url8000}q` } }),
        'tasks[0].properties.Spec',
        /at most 8000 characters/,
      )
      await expectRefused(
        newTask({ properties: { Spec: `https://example.com/${'%'.repeat(1_000_000)}` } }),
        'tasks[0].properties.Spec',
        /at most 8000 characters/,
      )
    })
  })

  describe('every other field and property type, at 1 MB of hostile text', () => {
    const MB = 1_000_000
    // Patterns that make backtracking regexes, parsers or lookups work hard: long runs of one
    // separator, with the character that makes the match fail at the end.
    const hostile = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB) + ' '
    it.each([
      ['title', { title: hostile('a@.') }],
      ['status', { status: hostile('To Do ') }],
      ['assignedUserEmail', { assignedUserEmail: hostile('a@') }],
      ['projectKey', { projectKey: hostile('WEB') }],
      ['a tag', { tags: [hostile(',')] }],
      ['startDate', { startDate: `2026-01-01T${hostile('0')}` }],
      ['dueDate', { dueDate: hostile('2026-01-01') }],
      ['milestoneId', { milestoneId: hostile('x') }],
      ...[
        ['Text', hostile('_a')],
        ['Email', hostile('a@.')],
        ['URL', `https://${hostile('a.')}`],
        ['Date', hostile('2026-')],
        ['Select', hostile('Frontend')],
        ['Multi-Select', Array.from({ length: 100 }, () => hostile('Web').slice(0, MB / 100))],
        ['Person', hostile('olivia.owner@example.com')],
      ].map(([type, value]) => [
        `a ${type as string} property`,
        {
          properties: {
            [{
              Text: 'Notes',
              Email: 'Contact',
              URL: 'Spec',
              Date: 'Release Date',
              Select: 'Area',
              'Multi-Select': 'Platforms',
              Person: 'Reviewer',
            }[type as string] as string]: value,
          },
        },
      ]),
    ] as [string, Record<string, unknown>][])('%s: refused quickly', async (_name, fields) => {
      const answer = await timed('POST', TASKS, { tasks: [newTask(fields)] })
      expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
      expect(answer.ms).toBeLessThan(QUICK_MS)
    })
  })

  describe('description nesting', () => {
    const field = 'tasks[0].descriptionContent'
    const tooDeep = new RegExp(`nests? more than ${NESTING} levels deep`)

    it.each([
      ['markdown', 'block quotes 3,000 deep', '> '.repeat(3000) + 'x'],
      ['markdown', 'list markers 1,000 deep', '- '.repeat(1000) + 'x'],
      ['markdown', `an indented list ${NESTING + 1} deep`, indentedList(NESTING + 1)],
      ['markdown', `block quotes ${NESTING + 1} deep`, '>'.repeat(NESTING + 1) + ' x'],
      ['markdown', 'html blocks 19,000 deep', '<div>'.repeat(19_000)],
      ['markdown', `inline html ${2 * NESTING + 1} deep`, '<b>'.repeat(2 * NESTING + 1) + 'x'],
      ['html', '<ul><li> 12,000 times', '<ul><li>'.repeat(12_000)],
      ['html', '<div> 19,000 times', '<div>'.repeat(19_000)],
      ['html', `<div> ${NESTING + 1} times`, '<div>'.repeat(NESTING + 1) + 'x'],
      [
        'html',
        '<div> 10,000 times, then 12,500 stray end tags',
        '<div>'.repeat(10_000) + '</p>'.repeat(12_500),
      ],
    ])('%s: %s is refused before conversion', async (type, _name, content) => {
      await expectRefused(
        newTask({ descriptionType: type, descriptionContent: content }),
        field,
        tooDeep,
      )
    })

    it.each([
      ['markdown', `block quotes ${NESTING} deep`, '>'.repeat(NESTING) + ' x'],
      ['markdown', `list markers ${NESTING} deep`, '- '.repeat(NESTING) + 'x'],
      ['markdown', `an indented list ${NESTING / 2} deep`, indentedList(NESTING / 2)],
      ['markdown', '** 24,000 times', '**'.repeat(24_000)],
      ['html', `<div> ${NESTING} times`, '<div>'.repeat(NESTING) + 'x'],
      ['html', '<p> 5,000 times, never closed (each closes the one before)', '<p>x'.repeat(5_000)],
      ['html', '<li> 5,000 times, never closed', `<ul>${'<li>x'.repeat(5_000)}</ul>`],
    ])('%s: %s is stored', async (type, _name, content) => {
      await expectStored(newTask({ descriptionType: type, descriptionContent: content }))
    })

    it('names the item and field: subtasks, and updates', async () => {
      await expectStored(newTask({ title: 'WEB-1' }))
      await expectRefused(
        newTask({
          subtasks: [
            newTask({ title: 'fine' }),
            newTask({ descriptionType: 'markdown', descriptionContent: '> '.repeat(3000) }),
          ],
        }),
        'tasks[0].subtasks[1].descriptionContent',
        tooDeep,
      )
      const before = service.db.prepare('SELECT updated_at FROM tasks').raw(true).all()
      const answer = await timed('PATCH', TASKS, {
        tasks: [
          { projectKey: 'WEB', key: 1, title: 'changed' },
          {
            projectKey: 'WEB',
            key: 1,
            descriptionType: 'html',
            descriptionContent: '<ul><li>'.repeat(12_000),
          },
        ],
      })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toContain('tasks[1].descriptionContent')
      expect(answer.ms).toBeLessThan(QUICK_MS)
      expect(service.db.prepare('SELECT updated_at FROM tasks').raw(true).all()).toEqual(before)
    })
  })
})

describe('the converter pool', () => {
  it('without its threads (module missing), converts on the calling thread, same limits', async () => {
    const pool = new DescriptionPool(null)
    expect(pool.threaded).toBe(false)
    const [converted] = await pool.convert([
      { field: 'tasks[0].descriptionContent', type: 'markdown', content: '**bold**' },
    ])
    expect(converted?.html).toContain('<strong>bold</strong>')
    await expect(
      pool.convert([
        { field: 'tasks[3].descriptionContent', type: 'html', content: '<div>'.repeat(200) },
      ]),
    ).rejects.toMatchObject({
      field: 'tasks[3].descriptionContent',
      problem: expect.stringMatching(/nests more than 100 levels deep/),
    })
  })
})

describe('the converter pool under long conversions', () => {
  it('converts a short description before long ones queued ahead of it', async () => {
    // Every description waited its turn behind every one queued before it: behind a few other
    // clients' long markdown descriptions, a create with a one-line description took seconds
    // (minutes, with hundreds of connections), while reads stayed quick.
    const pool = new DescriptionPool(undefined, 1)
    try {
      await pool.warm()
      const finished: string[] = []
      const long = (n: number) =>
        pool
          .convert([{ field: `long ${n}`, type: 'markdown', content: '_a'.repeat(20_000) }])
          .then(() => finished.push(`long ${n}`))
      const all = [long(1), long(2), long(3)]
      const short = pool
        .convert([{ field: 'short', type: 'text', content: 'Call the vendor.' }])
        .then(() => finished.push('short'))
      await Promise.all([...all, short])
      expect(finished.indexOf('short')).toBeLessThan(finished.indexOf('long 2'))
    } finally {
      await pool.close()
    }
  }, 60_000)
})

describe('the worst a 4 MiB body can hold, against a running server', () => {
  let dir: string
  let server: CliServer
  let key: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'taskboard-hostile-'))
    const db = join(dir, 'board.db')
    await cli('board', 'import', '--db', db, DEMO_BOARD)
    key = await createKey(db)
    server = await serve(db)
  }, 90_000)

  afterAll(async () => {
    await killServers()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  async function send(method: string, body?: unknown) {
    const started = performance.now()
    const response = await fetch(
      `${server.url}${TASKS}${method === 'GET' ? '?projectKey=WEB' : ''}`,
      {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      },
    )
    const json = (await response.json()) as { error?: unknown; message?: string }
    return { status: response.status, body: json, ms: performance.now() - started }
  }

  /**
   * While `heavy` runs, another client lists tasks every 100 ms; resolves with the heavy answer
   * and the slowest list answer.
   */
  async function whileOthersRead(heavy: () => ReturnType<typeof send>) {
    let done = false
    let slowest = 0
    let reads = 0
    const reader = (async () => {
      while (!done) {
        const read = await send('GET')
        expect(read.status).toBe(200)
        slowest = Math.max(slowest, read.ms)
        reads++
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    try {
      return { answer: await heavy(), slowest, reads }
    } finally {
      done = true
      await reader
    }
  }

  /** Items of `size` characters each filling most of the 4 MiB body limit. */
  function fillBody(type: string, content: string) {
    const count = Math.floor((SERVICE_LIMITS.bodyBytes - 4096) / (content.length + 120))
    return {
      tasks: Array.from({ length: count }, (_, i) =>
        newTask({ title: `heavy ${i}`, descriptionType: type, descriptionContent: content }),
      ),
    }
  }

  it('descriptions that take marked seconds each: refused within the budget, others answered at once', async () => {
    // `_a` repeated: marked matches emphasis delimiters in quadratic time (24 s for one 100,000
    // character description on the machine these figures come from).
    const body = fillBody('markdown', '_a'.repeat(SERVICE_LIMITS.descriptionLength / 2))
    expect(JSON.stringify(body).length).toBeGreaterThan(4_000_000)
    expect(JSON.stringify(body).length).toBeLessThanOrEqual(SERVICE_LIMITS.bodyBytes)
    await send('POST', {
      tasks: [newTask({ descriptionType: 'markdown', descriptionContent: '# warm' })],
    })
    const { answer, slowest, reads } = await whileOthersRead(() => send('POST', body))
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(/tasks\[\d+\]\.descriptionContent: .*10 s/)
    expect(answer.ms).toBeLessThan(20_000)
    expect(reads).toBeGreaterThan(10)
    expect(slowest).toBeLessThan(1_000)
    // The converters are fine after the refusal.
    const after = await send('POST', {
      tasks: [newTask({ descriptionType: 'markdown', descriptionContent: '**after**' })],
    })
    expect(after.status).toBe(200)
    expect(after.ms).toBeLessThan(5_000)
  }, 90_000)

  it('deeply nested descriptions filling the body: refused quickly, others answered at once', async () => {
    const body = fillBody('html', '<ul><li>'.repeat(SERVICE_LIMITS.descriptionLength / 8))
    const { answer, slowest } = await whileOthersRead(() => send('POST', body))
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(/tasks\[\d+\]\.descriptionContent: .*nests more than/)
    expect(answer.ms).toBeLessThan(5_000)
    expect(slowest).toBeLessThan(1_000)
  }, 60_000)

  it('a body of slow but legitimate markdown is stored, others answered at once', async () => {
    // Tables: the costliest ordinary markdown found (about 0.6 s for 100,000 characters).
    const row = (cell: string) => `| ${Array.from({ length: 8 }, () => cell).join(' | ')} |\n`
    const table = row('head') + row('---') + row('cell').repeat(2000)
    const content = table.slice(0, table.lastIndexOf('\n', 20_000) + 1)
    const body = fillBody('markdown', content)
    body.tasks = body.tasks.slice(0, 20)
    const { answer, slowest } = await whileOthersRead(() => send('POST', body))
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200)
    expect(slowest).toBeLessThan(1_000)
  }, 60_000)
})
