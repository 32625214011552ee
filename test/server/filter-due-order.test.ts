// Tag, custom-property and start-date filters answer the first 100 matches in the default list
// order (due date, tasks without one first, then creation), over HTTP, and keep doing so after
// due dates move (issue 10, item 7: these filters walk index rows that carry the task's due
// date, kept current by the database on every write). Each expectation is computed from the
// full list of the board, so it does not depend on how the service reads its indexes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Task } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, newTask } from '../support/tasks'

let service: TestService
const TASKS = 260

async function list(query: string): Promise<Task[]> {
  const response = await service.call('GET', `/api/v1/tasks?${query}`)
  if (response.status !== 200) throw new Error(`${query}: ${JSON.stringify(response.body)}`)
  return (response.body as { tasks: Task[] }).tasks
}

/** Every task of the board (more than a page: one query per project and status-free slice). */
async function everything(): Promise<Task[]> {
  const all: Task[] = []
  for (let i = 0; i < TASKS; i += 50) {
    const titles = Array.from({ length: 50 }, (_, k) => `t${i + k}`)
    all.push(...(await list(`tag=${titles.join(',')}`)))
  }
  return all
}

/** The first 100 of `matches` in due order: undated first, then by due date, then creation. */
function firstPage(matches: Task[], created: Map<string, number>): string[] {
  return [...matches]
    .sort((a, b) =>
      a.dueDate < b.dueDate
        ? -1
        : a.dueDate > b.dueDate
          ? 1
          : (created.get(a.id) ?? 0) - (created.get(b.id) ?? 0),
    )
    .slice(0, 100)
    .map((t) => t.title)
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10)

beforeAll(async () => {
  service = await startTestService()
  // Due dates run against creation order and repeat (ties broken by creation); every fifth task
  // has none. Each task carries its title as a tag, so the whole board can be listed.
  for (let start = 0; start < TASKS; start += 65) {
    await createTasks(
      service,
      ...Array.from({ length: 65 }, (_, k) => {
        const i = start + k
        const dated = i % 5 !== 0
        return newTask({
          title: `t${i}`,
          tags: [`t${i}`, i % 2 === 0 ? 'even' : 'odd', ...(i % 3 === 0 ? ['three'] : [])],
          ...(dated || i % 10 === 0
            ? { startDate: dated ? day((TASKS - i) % 40) : day(i % 30) }
            : {}),
          ...(dated ? { dueDate: day(((TASKS - i) % 40) + (i % 7)) } : {}),
          properties: {
            'Story Points': [1, 2, 3][i % 3] as number,
            Area: i % 4 === 0 ? 'Frontend' : 'Backend',
            Platforms: i % 2 === 0 ? ['Web', 'iOS'] : ['iOS'],
            'Release Date': day(i % 30),
            Blocked: i % 6 === 0,
          },
        })
      }),
    )
  }
})
afterAll(() => service.close())

const QUERIES: [query: string, matches: (t: Task) => boolean][] = [
  ['tag=even', (t) => t.tags.includes('even')],
  ['tag=three,odd', (t) => t.tags.includes('three') || t.tags.includes('odd')],
  ['prop_Story%20Points=2', (t) => t.properties['Story Points'] === 2],
  ['prop_Story%20Points=1,3', (t) => [1, 3].includes(t.properties['Story Points'] as number)],
  ['prop_Area=Backend', (t) => t.properties.Area === 'Backend'],
  ['prop_Platforms=iOS', (t) => (t.properties.Platforms as string[]).includes('iOS')],
  ['prop_Platforms=Web,iOS', (t) => (t.properties.Platforms as string[]).length > 0],
  ['prop_Blocked=true', (t) => t.properties.Blocked === true],
  ['prop_Blocked=false', (t) => t.properties.Blocked !== true],
  [
    'prop_Release%20Date=2026-01-03,2026-01-25',
    (t) =>
      (t.properties['Release Date'] as string) >= '2026-01-03' &&
      (t.properties['Release Date'] as string) < '2026-01-26',
  ],
  [
    'startDate=2026-01-05,2026-02-28',
    (t) => t.startDate >= '2026-01-05' && t.startDate < '2026-03-01',
  ],
  [
    'tag=even&prop_Area=Frontend',
    (t) => t.tags.includes('even') && t.properties.Area === 'Frontend',
  ],
]

async function expectFirstPages(): Promise<void> {
  const all = await everything()
  expect(all).toHaveLength(TASKS)
  const created = new Map(all.map((t) => [t.id, Number(t.title.slice(1))]))
  for (const [query, matches] of QUERIES) {
    const expected = firstPage(all.filter(matches), created)
    expect(expected.length, query).toBeGreaterThan(0)
    expect(
      (await list(query)).map((t) => t.title),
      query,
    ).toEqual(expected)
  }
}

describe('filters in the default list order (due date, then creation)', () => {
  it('answer the first 100 matches of tags, properties and start dates', async () => {
    await expectFirstPages()
  })

  it('follow due dates that move, and tags and properties that change', async () => {
    const all = await everything()
    const byTitle = new Map(all.map((t) => [t.title, t]))
    const tasks = [
      // Late tasks moved to the front, early ones to the back, one undated, one dated.
      ...Array.from({ length: 30 }, (_, k) => ({
        id: byTitle.get(`t${k * 8 + 1}`)?.id ?? '',
        startDate: day(0),
        dueDate: k % 2 === 0 ? day(0) : day(80),
      })),
      { id: byTitle.get('t5')?.id ?? '', startDate: day(2), dueDate: day(3) },
      { id: byTitle.get('t7')?.id ?? '', startDate: '', dueDate: '' },
      {
        id: byTitle.get('t11')?.id ?? '',
        tags: ['t11', 'even'],
        properties: { Area: 'Backend', 'Story Points': 2 },
      },
    ]
    const response = await service.call('PUT', '/api/v1/tasks', { tasks })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    await expectFirstPages()
  })
})
