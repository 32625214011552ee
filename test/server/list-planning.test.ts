// The list query reads a tag, custom-property or start-date filter one of several ways, chosen by
// how many tasks it matches (src-server/store/list-tasks.ts): from the filter's own index then
// sorted (seek), task by task while walking the list order (probe), or, in the default order, by
// walking an index that holds the filter's matches in due order (walk). All must return the same
// page, in every list order; so must the plan chosen by counting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadBoardConfig, LIST_ORDERS } from '../../src-server'
import type { ListOrder } from '../../src-server'
import { prepared } from '../../src-server/db/statements'
import { seedBoard } from '../../src-server/seed/seed-board'
import { MOST_LISTED_VALUES } from '../../src-server/store/list-filter-sql'
import { buildListQuery } from '../../src-server/store/list-tasks'
import type { FilterPlan } from '../../src-server/store/list-tasks'
import { joinTaskRows } from '../../src-server/store/task-json'
import type { PageRow } from '../../src-server/store/task-json'
import { parseListQuery } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

let service: TestService
beforeAll(async () => {
  service = await startTestService()
  seedBoard(service.db, service.boardId, 'olivia.owner@example.com', { tasks: 1_500, seed: 5 })
})
afterAll(() => service.close())

/** More values than MOST_LISTED_VALUES, matching no task. */
const filler = (prefix: string) =>
  Array.from({ length: MOST_LISTED_VALUES }, (_, i) => `${prefix}${i}`).join(',')

const QUERIES = [
  'tag=ui',
  'tag=ui,bug,infra',
  'status=Done&tag=bug',
  'projectKey=WEB&tag=research',
  'prop_Story%20Points=3',
  'prop_Story%20Points=1,2,3',
  'prop_Area=Design',
  'prop_Area=Design,Backend&tag=ui',
  'prop_Release%20Date=2026-01-01,2026-06-30',
  'prop_Blocked=true',
  'prop_Blocked=false&tag=ui',
  'prop_Platforms=Web',
  'dueDate=2026-01-01,2026-12-31&tag=bug',
  'startDate=2025-12-01,2026-03-31&prop_Area=Design',
  'type=task&tag=ui',
  'startDate=2025-12-01,2026-03-31',
  'startDate=2026-01-05',
  'startDate=2025-06-01,2026-12-31&prop_Blocked=false',
  'startDate=2025-06-01,2026-12-31&tag=ui,bug',
  'prop_Release%20Date=2025-11-01,2026-06-30',
  'prop_Release%20Date=2026-01-01,2026-01-31&tag=ui',
  'prop_Platforms=Web,iOS',
  'prop_Platforms=Web,iOS&prop_Area=Design,Backend',
  'prop_Blocked=true&prop_Story%20Points=3,5,8',
  'prop_Customer%20Facing=false&prop_Reviewer=max.member@example.com',
  'tag=ui&prop_Blocked=false&prop_Area=Frontend',
  'projectKey=WEB&prop_Story%20Points=3',
  // Filters on the task's own columns matching fewer than a page: read from the index of the one
  // matching fewest and sorted (column-index.ts), or by walking the list order.
  'projectKey=WEB&status=Cancelled,In%20Review&assignedUserEmail=ada.lovelace@example.com',
  'projectKey=OPS&status=In%20Progress,In%20Review&assignedUserEmail=max.member@example.com&tag=backend,ui',
  'projectKey=APP&status=Backlog&startDate=2026-01-05,9999-12-31',
  'status=Done,Cancelled&priority=low&startDate=0000-01-01,2025-12-31',
  'assignedUserEmail=grace.hopper@example.com&type=task&dueDate=2026-01-01,2026-03-31',
  // Lists longer than MOST_LISTED_VALUES: one JSON parameter each (list-filter-sql.ts).
  `tag=ui,bug,infra,${filler('t')}`,
  `status=Done,In%20Review,${filler('s')}&prop_Story%20Points=1,2,3,${filler('10')}`,
  `prop_Area=Design,Backend,${filler('a')}&tag=ui,bug,${filler('t')}`,
  `projectKey=WEB,APP,${filler('X')}&assignedUserEmail=max.member@example.com,ada.lovelace@example.com,${filler('e')}`,
  `prop_Reviewer=max.member@example.com,${filler('r')}&prop_Platforms=Web,iOS,${filler('p')}`,
]

/** The service's own counter (listTasksJson's): a count(*) query's number. */
const counter = (sql: string, params: (string | number)[]) =>
  Number(
    (
      prepared(service.db, sql)
        .raw(true)
        .get(...params) as [number]
    )[0],
  )

function page(query: string, order: ListOrder, plan: FilterPlan): string {
  const parsed = parseListQuery(new URLSearchParams(query))
  if (!parsed.ok) throw new Error(parsed.message)
  const board = loadBoardConfig(service.db, service.boardId)
  const { sql, params, direction } = buildListQuery(
    board,
    parsed.filters,
    order,
    100,
    counter,
    plan,
  )
  const rows = prepared(service.db, sql)
    .raw(true)
    .all('http://x/', ...params) as PageRow[]
  return joinTaskRows(rows, direction)
}

describe('list query planning', () => {
  it.each(LIST_ORDERS.filter((o) => o !== 'random'))(
    'reads the same page by seeking, probing, walking and as counting chooses (%s)',
    (order) => {
      for (const query of QUERIES) {
        const seeking = page(query, order, 'seek')
        expect(JSON.parse(seeking).length, query).toBeGreaterThan(0)
        for (const plan of ['probe', 'walk', 'auto'] as const)
          expect(page(query, order, plan), `${query} (${plan})`).toBe(seeking)
      }
    },
  )

  it('reads few matches of the task’s own columns from the index of the filter matching fewest', () => {
    // The walk of the due order would check every task of the board for them.
    const board = loadBoardConfig(service.db, service.boardId)
    const sqlOf = (query: string, order: ListOrder) => {
      const parsed = parseListQuery(new URLSearchParams(query))
      if (!parsed.ok) throw new Error(parsed.message)
      return buildListQuery(board, parsed.filters, order, 100, counter).sql
    }
    const few =
      'projectKey=WEB&status=Cancelled,In%20Review&assignedUserEmail=ada.lovelace@example.com'
    expect(sqlOf(few, 'due')).toMatch(
      /INDEXED BY tasks_by_assignee|INDEXED BY tasks_by_project_status/,
    )
    expect(sqlOf(few, 'created')).toMatch(/INDEXED BY/)
  })

  it('walks in due order with several arms and with the partial start-date indexes', () => {
    // The walk must actually be taken (not fall back), so the comparison above covers it.
    const board = loadBoardConfig(service.db, service.boardId)
    const sqlOf = (query: string) => {
      const parsed = parseListQuery(new URLSearchParams(query))
      if (!parsed.ok) throw new Error(parsed.message)
      return buildListQuery(board, parsed.filters, 'due', 100, undefined, 'walk').sql
    }
    expect(sqlOf('tag=ui,bug')).toMatch(/UNION/)
    expect(sqlOf('startDate=2025-12-01,2026-03-31')).toMatch(/tasks_starting_after_due/)
    expect(sqlOf('prop_Release%20Date=2025-11-01,2026-06-30')).toMatch(/property_values_by_due/)
  })
})
