// The list query reads a tag or custom-property filter one of two ways, chosen by how many tasks
// it matches (src-server/store/list-tasks.ts): from the filter's own index then sorted, or task
// by task while walking the list order. Both must return the same page, in every list order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadBoardConfig, LIST_ORDERS } from '../../src-server'
import type { ListOrder } from '../../src-server'
import { prepared } from '../../src-server/db/statements'
import { seedBoard } from '../../src-server/seed/seed-board'
import { buildListQuery } from '../../src-server/store/list-tasks'
import type { Counter } from '../../src-server/store/list-tasks'
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
]

function page(query: string, order: ListOrder, counter: Counter): string {
  const parsed = parseListQuery(new URLSearchParams(query))
  if (!parsed.ok) throw new Error(parsed.message)
  const board = loadBoardConfig(service.db, service.boardId)
  const { sql, params, direction } = buildListQuery(board, parsed.filters, order, 100, counter)
  const rows = prepared(service.db, sql)
    .raw(true)
    .all('http://x/', ...params) as PageRow[]
  return joinTaskRows(rows, direction)
}

/** As if every filter matched very many tasks: each is checked while walking the list order. */
const walking: Counter = () => Number.MAX_SAFE_INTEGER

describe('list query planning', () => {
  it.each(LIST_ORDERS.filter((o) => o !== 'random'))(
    'reads the same page from the filter index and by walking the list order (%s)',
    (order) => {
      for (const query of QUERIES) {
        const seeking = page(query, order, undefined)
        expect(JSON.parse(seeking).length, query).toBeGreaterThan(0)
        expect(page(query, order, walking), query).toBe(seeking)
      }
    },
  )
})
