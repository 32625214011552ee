// List queries as long as a URL within the header limit may make them. Their SQL grew with the
// values of their comma lists: past SQLite's limit on parameters (a 500), and compiled
// statements of that size held (cached or waiting for the garbage collector) over a gigabyte.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import demoBoard from '../../src-server/demo/demo-board.json'
import { loadBoardConfig, MAX_HEADER_BYTES } from '../../src-server'
import {
  cachedStatements,
  MOST_CACHE_SQL_CHARS,
  MOST_CACHED_SQL_CHARS,
  prepared,
} from '../../src-server/db/statements'
import { seedBoard } from '../../src-server/seed/seed-board'
import { MOST_LISTED_VALUES } from '../../src-server/store/list-filter-sql'
import { buildListQuery } from '../../src-server/store/list-tasks'
import { MOST_WALK_PARAMS } from '../../src-server/store/list-walks'
import { parseListQuery } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

const TASKS = '/api/v1/tasks'

let service: TestService
let statuses: string[]
beforeAll(async () => {
  service = await startTestService()
  seedBoard(service.db, service.boardId, 'olivia.owner@example.com', { tasks: 3_000, seed: 5 })
  statuses = [...loadBoardConfig(service.db, service.boardId).statuses.keys()]
})
afterAll(() => service.close())

/** A list query's URL, checked to be within the header limit (a real client could send it). */
function listUrl(query: string): string {
  const url = `${TASKS}?${query}`
  expect(url.length).toBeLessThan(MAX_HEADER_BYTES - 1_024)
  return url
}

const ids = (body: { tasks: { id: string }[] }) => body.tasks.map((t) => t.id)
const list = (values: readonly string[]) => values.map(encodeURIComponent).join(',')
const numbered = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`)
/** 49 tags no task has, and one many have: 50 arms, the most a walk takes. */
const walkTags = [...numbered('t', 49), 'ui']

/** The list's SQL as the service plans it: `counted`, with its counts of matches, as served. */
function sqlOf(service: TestService, query: string, { counted = false } = {}) {
  const parsed = parseListQuery(new URLSearchParams(query))
  if (!parsed.ok) throw new Error(parsed.message)
  const counter = (sql: string, params: (string | number)[]) =>
    Number(
      (
        prepared(service.db, sql)
          .raw(true)
          .get(...params) as [number]
      )[0],
    )
  const board = loadBoardConfig(service.db, service.boardId)
  return buildListQuery(board, parsed.filters, undefined, undefined, counted ? counter : undefined)
}

describe('list queries with long comma lists', () => {
  it('answers a walk whose every arm would repeat 706 statuses (35,000 parameters) with 200', async () => {
    // Every status matches (more than 2,000 tasks), so the tag filter's own index was walked, one
    // arm per tag, each arm binding all 706 statuses: past SQLite's 32,766, a 500.
    const long = await service.call(
      'GET',
      listUrl(`status=${list([...statuses, ...numbered('x', 700)])}&tag=${list(walkTags)}`),
    )
    expect(long.status, JSON.stringify(long.body).slice(0, 300)).toBe(200)
    const short = await service.call('GET', listUrl(`status=${list(statuses)}&tag=ui`))
    expect(short.status).toBe(200)
    expect(short.body.tasks.length).toBeGreaterThan(0)
    expect(ids(long.body)).toEqual(ids(short.body))
  })

  it('does not walk where the arms would bind more than MOST_WALK_PARAMS in all', async () => {
    // The tag filter matches fewest (two tasks), so its index is walked, and each arm checks
    // every other filter: 40 properties of 20 values (a `?` each) are 840 parameters an arm,
    // 42,000 for 50 tags. Answered by reading each filter once instead.
    const names = numbered('P', 40)
    const board = {
      ...demoBoard,
      properties: names.map((name) => ({ name, type: 'Text' })),
    }
    const wide = await startTestService({ board })
    const plain = { projectKey: 'WEB', descriptionType: 'text', descriptionContent: '' }
    const properties = Object.fromEntries(names.map((name) => [name, 'v']))
    try {
      const created = await wide.call('POST', TASKS, {
        tasks: [
          { ...plain, title: 'Has the tag only', tags: ['ui'] },
          { ...plain, title: 'Has the properties only', properties },
          { ...plain, title: 'Has them all', tags: ['ui'], properties },
        ],
      })
      expect(created.status, JSON.stringify(created.body)).toBe(200)
      const values = ['v', ...numbered('w', MOST_LISTED_VALUES - 1)]
      const query = `tag=${list(walkTags)}&${names.map((n) => `prop_${n}=${list(values)}`).join('&')}`
      // Planned as served (with counts, which a walk needs): not walked, each parameter once.
      const planned = sqlOf(wide, query, { counted: true })
      expect(planned.sql).not.toMatch(/UNION/)
      expect(planned.params.length).toBeLessThan(MOST_WALK_PARAMS)
      const answer = await wide.call('GET', listUrl(query))
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200)
      expect(answer.body.tasks.map((t: { title: string }) => t.title)).toEqual(['Has them all'])
    } finally {
      await wide.close()
    }
  })

  it('reads a value repeated in a comma list once, and answers as for the value alone', async () => {
    const times = (value: string, n: number) => Array.from({ length: n }, () => value).join(',')
    const repeated = `projectKey=${times('WEB', 700)}&status=${times('Done', 1_000)}&tag=${times('ui', 60)}&prop_Area=${times('Design', 300)}&prop_Story%20Points=${times('3', 300)}`
    const once = 'projectKey=WEB&status=Done&tag=ui&prop_Area=Design&prop_Story%20Points=3'
    expect(sqlOf(service, repeated)).toEqual(sqlOf(service, once))
    const answer = await service.call('GET', listUrl(repeated))
    expect(answer.status).toBe(200)
    expect(ids(answer.body)).toEqual(ids((await service.call('GET', listUrl(once))).body))
  })

  it('finds a Number property value in a long list, whatever its decimals', async () => {
    // Bound as JSON, a list of numbers came back from SQLite's JSON reader as other doubles for
    // some values (866.413297 among them) and matched nothing.
    const points = 866.413297
    const created = await service.call('POST', TASKS, {
      tasks: [
        {
          title: 'Precise points',
          projectKey: 'WEB',
          descriptionType: 'text',
          descriptionContent: '',
          properties: { 'Story Points': points },
        },
      ],
    })
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(200)
    const others = Array.from({ length: MOST_LISTED_VALUES + 5 }, (_, i) => String(1000.5 + i))
    for (const query of [
      `prop_Story%20Points=${list([String(points), ...others])}`,
      `projectKey=WEB&prop_Story%20Points=${list([...others, String(points)])}`,
    ]) {
      const answer = await service.call('GET', listUrl(query))
      expect(answer.status).toBe(200)
      expect(
        answer.body.tasks.map((t: { title: string }) => t.title),
        query,
      ).toContain('Precise points')
    }
  })

  it('writes the same SQL for any long list, and answers as for its matching values', async () => {
    // One `?` a value made SQL (and compiled statements, never freed until V8 collected them)
    // as long as the URL: 500 such requests held 850 MB, cached or not.
    const board = (n: number) =>
      `status=${list([...statuses, ...numbered('x', n)])}` +
      `&assignedUserEmail=${list(['max.member@example.com', ...numbered('a', n)])}` +
      `&tag=${list(['ui', 'bug', ...numbered('t', n)])}` +
      `&prop_Area=${list(['Design', 'Backend', ...numbered('A', n)])}` +
      `&prop_Story%20Points=${list(['1', '2', '3', '5', ...numbered('10', n)])}`
    const short = sqlOf(service, board(0))
    expect(short.sql).not.toMatch(/json_each/)
    const long = sqlOf(service, board(MOST_LISTED_VALUES))
    expect(long.sql).toMatch(/json_each/)
    expect(sqlOf(service, board(1_000)).sql).toBe(long.sql)
    const expected = await service.call('GET', listUrl(board(0)))
    expect(expected.body.tasks.length).toBeGreaterThan(0)
    for (const n of [MOST_LISTED_VALUES, 400]) {
      const answer = await service.call('GET', listUrl(board(n)))
      expect(answer.status).toBe(200)
      expect(ids(answer.body)).toEqual(ids(expected.body))
    }
  })

  it('keeps the statement cache within its size, however long the queries', async () => {
    const before = cachedStatements(service.db)
    const values = Array.from({ length: 3_000 }, (_, i) => i.toString(36))
    for (let i = 0; i < 60; i++) {
      const answer = await service.call(
        'GET',
        listUrl(
          `status=${list(values.slice(i))}&assignedUserEmail=${list(values.slice(0, i + 30))}`,
        ),
      )
      expect(answer.status).toBe(200)
    }
    const after = cachedStatements(service.db)
    expect(after.sqlChars).toBeLessThanOrEqual(MOST_CACHE_SQL_CHARS)
    // The same few statements, whatever the number of values.
    expect(after.count - before.count).toBeLessThan(10)
  })

  it('caches no statement longer than MOST_CACHED_SQL_CHARS, and MOST_CACHE_SQL_CHARS in all', () => {
    const inList = (n: number, k: number) =>
      `SELECT ${k} WHERE 1 IN (${Array.from({ length: n }, () => '?').join(', ')})`
    const run = (sql: string, n: number) =>
      prepared(service.db, sql)
        .raw(true)
        .get(...Array.from({ length: n }, () => 1))
    const before = cachedStatements(service.db)
    const longN = Math.ceil(MOST_CACHED_SQL_CHARS / 3) + 10
    const long = inList(longN, 0)
    expect(long.length).toBeGreaterThan(MOST_CACHED_SQL_CHARS)
    expect(run(long, longN)).toEqual([0])
    expect(cachedStatements(service.db)).toEqual(before)
    // Just short enough to be cached, each; more of them than the cache holds in all.
    const n = Math.floor((MOST_CACHED_SQL_CHARS - 30) / 3)
    for (let k = 1; k <= Math.ceil((2 * MOST_CACHE_SQL_CHARS) / MOST_CACHED_SQL_CHARS); k++) {
      const sql = inList(n, k)
      expect(sql.length).toBeLessThanOrEqual(MOST_CACHED_SQL_CHARS)
      expect(run(sql, n)).toEqual([k])
    }
    const after = cachedStatements(service.db)
    expect(after.sqlChars).toBeGreaterThan(MOST_CACHE_SQL_CHARS / 2)
    expect(after.sqlChars).toBeLessThanOrEqual(MOST_CACHE_SQL_CHARS)
  })
})
