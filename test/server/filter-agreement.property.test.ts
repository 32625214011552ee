// Property: the planner's in-memory filtering (src-shared/filters) and the board service's list
// endpoint agree. A seeded board of fewer than 100 tasks (so every list answer is complete) is
// listed over a real socket once without filters; random filters then go through the endpoint
// and through the shared matcher on that listing, and both must pick the same tasks. Filters
// are drawn from the board's own values (and some it does not have), e-mails in random case.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadBoardConfig } from '../../src-server'
import { seedBoard, SEED_TAGS } from '../../src-server/seed/seed-board'
import { ListTasksResponse, toListQuery } from '../../src-shared/api'
import type { ListTasksFilters, PropertyType, Task } from '../../src-shared/api'
import { boardVocabulary, propertyTypes } from '../../src-shared/board/vocabulary'
import { compileFilters } from '../../src-shared/filters'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, newTask } from '../support/tasks'

let service: TestService
let baseUrl: string
let all: Task[]
let definitions: Map<string, { type: PropertyType; options: string[] }>

async function list(filters: ListTasksFilters): Promise<Task[]> {
  const query = toListQuery(filters).toString()
  const response = await fetch(`${baseUrl}/api/v1/tasks${query ? `?${query}` : ''}`, {
    headers: { authorization: `Bearer ${service.key}` },
  })
  const body: unknown = await response.json()
  if (response.status !== 200) throw new Error(`${query}: ${JSON.stringify(body)}`)
  return ListTasksResponse.parse(body).tasks
}

beforeAll(async () => {
  service = await startTestService()
  seedBoard(service.db, service.boardId, 'olivia.owner@example.com', { tasks: 84, seed: 11 })
  // Edges the seed does not make: times of day at the ends of a UTC day, a zone offset, a
  // Person value and an assignee written in capitals, an unchecked checkbox set explicitly.
  await createTasks(
    service,
    newTask({
      title: 'late',
      startDate: '2026-01-05T23:59:59.999Z',
      dueDate: '2026-01-06T00:00:00.000Z',
      assignedUserEmail: 'ADA.Lovelace@example.com',
      properties: {
        'Release Date': '2026-02-01T23:30:00-02:00',
        Reviewer: 'Grace.Hopper@Example.com',
      },
    }),
    newTask({
      title: 'offset',
      startDate: '2026-01-06T01:00:00+02:00',
      dueDate: '2026-01-07',
      properties: { Blocked: false, 'Customer Facing': true, Contact: 'Mixed.Case@example.com' },
    }),
  )
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' })
  all = await list({})
  definitions = loadBoardConfig(service.db, service.boardId).properties
}, 60_000)
afterAll(() => service?.close())

const DAY = 86_400_000
const ANCHOR = Date.parse('2026-01-05T00:00:00.000Z')
const day = (offset: number) => new Date(ANCHOR + offset * DAY).toISOString().slice(0, 10)
const dayRange = (min: number, max: number) =>
  fc
    .tuple(fc.integer({ min, max }), fc.integer({ min: 0, max: 40 }), fc.boolean())
    .map(([from, length, single]) => ({ from: day(from), to: day(single ? from : from + length) }))
const someOf = <T>(values: readonly T[]) =>
  fc.subarray([...values], { minLength: 1, maxLength: Math.min(3, values.length) })
const anyCase = (email: string) =>
  fc.boolean().map((upper) => (upper ? email.toUpperCase() : email))
const emails = (values: readonly string[]) =>
  someOf(values).chain((list) => fc.tuple(...list.map(anyCase)))

/** One filter at a time, drawn from what the board holds (plus values it does not). */
function filterEntry(): fc.Arbitrary<ListTasksFilters> {
  const seen = <T>(pick: (t: Task) => T[]) => [...new Set(all.flatMap(pick))]
  const props = [...definitions].map(([name, def]) => {
    const values = seen((t) => {
      const v = t.properties[name]
      return Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]
    })
    let raw: fc.Arbitrary<string>
    switch (def.type) {
      case 'Number':
        raw = someOf(['1', '2', '3', '5', '8', '13', '4', '-0.5', '1e1']).map((l) => l.join(','))
        break
      case 'Date':
        raw = dayRange(-70, 130).map((r) => (r.from === r.to ? r.from : `${r.from},${r.to}`))
        break
      case 'Checkbox':
      case 'Toggle':
        raw = fc.constantFrom('true', 'false')
        break
      case 'Person':
      case 'Email':
        raw = emails([...values, 'nobody@example.com']).map((l) => l.join(','))
        break
      default:
        raw = someOf([...values, ...def.options, 'Other']).map((l) => l.join(','))
    }
    return raw.map((value): ListTasksFilters => ({ properties: { [name]: value } }))
  })
  const members = [...loadBoardConfig(service.db, service.boardId).members.keys()]
  const milestones = all.filter((t) => t.type === 'milestone').map((t) => t.id)
  return fc.oneof(
    someOf(['WEB', 'APP', 'OPS', 'NOPE']).map((projectKey) => ({ projectKey })),
    someOf([...seen((t) => [t.status]), 'Nope']).map((status) => ({ status })),
    emails([...members, 'nobody@example.com']).map((assignedUserEmail) => ({ assignedUserEmail })),
    fc.constantFrom('low', 'medium', 'high' as const).map((priority) => ({ priority })),
    fc.boolean().map((pinToTop) => ({ pinToTop })),
    someOf([...SEED_TAGS, 'zz']).map((tag) => ({ tag })),
    dayRange(-200, 220).map((startDate) => ({ startDate })),
    dayRange(-200, 230).map((dueDate) => ({ dueDate })),
    fc.constantFrom('task', 'milestone' as const).map((type) => ({ type })),
    fc.constantFrom(...milestones, 'no-such-id').map((milestoneId) => ({ milestoneId })),
    ...props,
  )
}

/** One to three filters together (properties merged). */
const filters = () =>
  fc.array(filterEntry(), { minLength: 1, maxLength: 3 }).map((entries) =>
    entries.reduce<ListTasksFilters>(
      (acc, f) => ({
        ...acc,
        ...f,
        ...(acc.properties || f.properties
          ? { properties: { ...acc.properties, ...f.properties } }
          : {}),
      }),
      {},
    ),
  )

const ids = (tasks: readonly Task[]) => tasks.map((t) => t.id).sort()

describe('the shared matcher and the list endpoint', () => {
  it('the board is small enough that every list answer is complete', () => {
    expect(all.length).toBeGreaterThan(80)
    expect(all.length).toBeLessThan(100)
  })

  for (const source of ['the board definitions', 'types inferred from the listed board'] as const) {
    it(`pick the same tasks for random filters (property types: ${source})`, async () => {
      const types =
        source === 'the board definitions'
          ? new Map([...definitions].map(([name, d]) => [name, d.type]))
          : propertyTypes(boardVocabulary(all))
      let nonEmpty = 0
      let runs = 0
      await fc.assert(
        fc.asyncProperty(filters(), async (f) => {
          const compiled = compileFilters(f, types)
          expect(compiled.problems).toEqual({})
          const local = all.filter((t) => compiled.test(t))
          const remote = await list(f)
          runs += 1
          if (remote.length > 0) nonEmpty += 1
          expect(ids(local), JSON.stringify(f)).toEqual(ids(remote))
        }),
        { numRuns: 300, seed: 20261124 },
      )
      // The draws are useful only if many of them match something.
      expect(nonEmpty / runs).toBeGreaterThan(0.3)
    }, 120_000)
  }

  it('read the edges alike: a day ends at 23:59:59.999 UTC, e-mails of people in any case', async () => {
    const cases: ListTasksFilters[] = [
      { startDate: { from: '2026-01-05', to: '2026-01-05' } },
      { startDate: { from: '2026-01-05', to: '2026-01-06' } },
      { dueDate: { from: '2026-01-06', to: '2026-01-06' } },
      { assignedUserEmail: ['ada.lovelace@EXAMPLE.com'] },
      { properties: { Reviewer: 'GRACE.HOPPER@example.com' } },
      { properties: { 'Release Date': '2026-02-02' } },
      { properties: { Blocked: 'false' } },
      { properties: { Contact: 'mixed.case@example.com' } },
      { properties: { Contact: 'Mixed.Case@example.com' } },
    ]
    const types = new Map([...definitions].map(([name, d]) => [name, d.type]))
    for (const f of cases) {
      const compiled = compileFilters(f, types)
      expect(ids(all.filter((t) => compiled.test(t))), JSON.stringify(f)).toEqual(
        ids(await list(f)),
      )
    }
    // The late task starts on 2026-01-05 (UTC) and the offset one on 2026-01-05 23:00 UTC.
    const late = compileFilters({ startDate: { from: '2026-01-05', to: '2026-01-05' } })
    expect(all.filter((t) => late.test(t)).map((t) => t.title)).toEqual(
      expect.arrayContaining(['late', 'offset']),
    )
  })
})
