// Property: on random boards (0-4,400 tasks; undated clusters, a crowd due on one day, a crowd
// identical in every filtered field, up to 40 statuses), served in every list order the spec
// allows (our service's --list-order), the sync loads only real tasks, never twice, and its
// coverage report is honest: "complete" only when every task is loaded; every part it names
// still returns a full page; every task not loaded matches a part it names. The core runs alone
// (plain strategy) and with the heuristics (smart strategy); with the board's whole lists the
// plain one also loads every task that some query can prove loaded, in any order. A refresh,
// given the last snapshot to plan from (the same board, or one whose due dates have since moved
// and half of whose tasks are gone), is held to all of the same.
import fc from 'fast-check'
import type { Task } from '../../../src-shared/api'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LIST_ORDERS, openDatabase } from '../../../src-server'
import type { Db, ListOrder } from '../../../src-server'
import { listen } from '../../../src-server/cli/serve'
import type { RunningService } from '../../../src-server/cli/serve'
import { plainStrategy, smartStrategy, syncBoard } from '../../../src-main/sync'
import { CoverageReport } from '../../../src-shared/ipc/board-snapshot'
import { fetchReader } from './fetch-reader'
import { createBoard } from './random-board'
import type { BoardShape } from './random-board'
import { boardRows, filtersOf, matchesQuery, provableIds } from './reference'

/** More runs for a deeper check now and then: SYNC_PROPERTY_RUNS=400 npx vitest run … */
const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 40)

let db: Db
const services = new Map<ListOrder, RunningService>()
let boards = 0

beforeAll(async () => {
  db = openDatabase(':memory:')
  for (const order of LIST_ORDERS)
    services.set(order, await listen(db, '127.0.0.1', 0, { listOrder: order }))
})
afterAll(async () => {
  for (const service of services.values()) await service.close()
  db.close()
})

const rate = fc.integer({ min: 0, max: 10 }).map((n) => n / 10)
const shape: fc.Arbitrary<BoardShape> = fc.record({
  seed: fc.integer(),
  // Mostly small boards, some around a few pages, a few large.
  tasks: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 300 }) },
    { weight: 3, arbitrary: fc.integer({ min: 300, max: 1500 }) },
    { weight: 1, arbitrary: fc.integer({ min: 2500, max: 4400 }) },
  ),
  projects: fc.integer({ min: 1, max: 4 }),
  statuses: fc.integer({ min: 1, max: 40 }),
  members: fc.integer({ min: 1, max: 6 }),
  tags: fc.integer({ min: 0, max: 8 }),
  days: fc.integer({ min: 1, max: 60 }),
  undatedRate: rate,
  emptyRate: rate,
  sameDay: fc.oneof(fc.constant(0), fc.integer({ min: 90, max: 300 })),
  identical: fc.oneof(fc.constant(0), fc.integer({ min: 90, max: 250 })),
  identicalUndated: fc.boolean(),
})

it(
  'loads real tasks once, in every list order, and reports honestly what may be missing',
  async () => {
    await fc.assert(
      fc.asyncProperty(
        shape,
        fc.constantFrom(...LIST_ORDERS),
        fc.constantFrom(plainStrategy, smartStrategy),
        fc.boolean(),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('none', 'same', 'moved'),
        async (board, order, strategy, givenLists, concurrency, snapshot) => {
          boards += 1
          const service = services.get(order) as RunningService
          const created = await createBoard(db, service.url, board, `Board ${boards}`)
          const options = {
            concurrency,
            strategy,
            ...(givenLists ? { known: created.known } : {}),
          }
          const prior =
            snapshot === 'none'
              ? undefined
              : staleSnapshot(
                  (await syncBoard(fetchReader(service.url, created.key), options)).tasks,
                  snapshot === 'moved' ? board.seed : undefined,
                )
          const reader = fetchReader(service.url, created.key)
          const result = await syncBoard(reader, { ...options, ...(prior ? { prior } : {}) })
          const rows = boardRows(db, created.boardId)
          const loaded = new Set(result.tasks.map((t) => t.id))
          const { coverage } = result

          expect(loaded.size).toBe(result.tasks.length) // no duplicates
          expect(rows.filter((r) => loaded.has(r.id)).length).toBe(loaded.size) // all real
          expect(CoverageReport.parse(coverage).knownTasks).toBe(loaded.size)
          expect(coverage.requests).toBe(reader.queries.length)
          expect(reader.peak).toBeLessThanOrEqual(concurrency)
          if (coverage.complete) expect(loaded.size).toBe(rows.length)
          else expect(coverage.truncated.length).toBeGreaterThan(0)
          if (rows.length < 100) expect(coverage).toMatchObject({ complete: true, requests: 1 })

          const again = fetchReader(service.url, created.key)
          for (const part of coverage.truncated) {
            expect(part.returned).toBe(100)
            expect(await again.listTasks(filtersOf(part.query))).toHaveLength(100)
          }
          for (const row of rows) {
            if (loaded.has(row.id)) continue
            expect(coverage.truncated.some((s) => matchesQuery(row, s.query))).toBe(true)
          }
          if (givenLists && strategy === plainStrategy) {
            const missed = [...provableIds(rows)].filter((id) => !loaded.has(id))
            expect(missed).toEqual([])
          }
        },
      ),
      { numRuns: RUNS },
    )
  },
  RUNS * 5_000,
)

/**
 * A last snapshot to plan a refresh from: the tasks as loaded, or (with a seed) as if the board
 * had changed since: every other task gone and each due date moved by up to 40 days either way
 * (every seventh cleared).
 */
function staleSnapshot(tasks: readonly Task[], seed: number | undefined): Task[] {
  if (seed === undefined) return [...tasks]
  const random = fc.sample(fc.integer({ min: -40, max: 40 }), { seed, numRuns: tasks.length })
  return tasks.flatMap((task, i) => {
    if (i % 2 === 1) return []
    const shift = random[i] ?? 0
    const due = task.dueDate === '' || i % 7 === 0 ? '' : moveDays(task.dueDate, shift)
    return [{ ...task, dueDate: due }]
  })
}

function moveDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString()
}
