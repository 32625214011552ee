// What one list query of each filter kind costs inside the service's process (SQL and page
// JSON, no HTTP), and SQLite's plan for it: the part of a request's time the store owns, which
// the paced runs of run.ts cannot show on a loaded machine. Opens (and migrates) the board
// database given, or the benchmark's own.
//
//   node --import tsx bench/server/filter-cost.ts [--db PATH] [--order due] [--plans] [--reps 20]
import { parseArgs } from 'node:util'
import { parseListQuery } from '../../src-shared/api'
import { findBoardByName, loadBoardConfig } from '../../src-server/boards/board-config'
import { openDatabase } from '../../src-server/db/database'
import { buildListQuery, listTasksJson } from '../../src-server/store/list-tasks'
import { isListOrder } from '../../src-server/store/list-order'
import { BOARD_NAME, pickMilestoneIds } from './board'
import { ROOT } from './children'
import { filterKinds } from './queries'

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: `${ROOT}/.bench-tmp/board-100k.db` },
    order: { type: 'string', default: 'due' },
    plans: { type: 'boolean', default: false },
    reps: { type: 'string', default: '20' },
  },
})
const order = values.order
if (!isListOrder(order)) throw new Error(`--order: not a list order: ${order}`)
const reps = Number(values.reps)

const db = openDatabase(values.db)
const found = findBoardByName(db, BOARD_NAME)
if (!found) throw new Error(`no board "${BOARD_NAME}" in ${values.db}`)
const board = loadBoardConfig(db, found.id)

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}

console.log(`| Filter | queries | in-process median ms | slowest query ms | tasks |`)
console.log(`| --- | --: | --: | --: | --: |`)
for (const kind of filterKinds(pickMilestoneIds(values.db, 12))) {
  const perQuery: number[] = []
  let tasks = 0
  for (const query of kind.queries) {
    const parsed = parseListQuery(new URLSearchParams(query))
    if (!parsed.ok) throw new Error(`${query}: ${parsed.message}`)
    const times: number[] = []
    for (let i = 0; i < reps; i += 1) {
      const start = process.hrtime.bigint()
      const json = listTasksJson(db, board, parsed.filters, 'http://x/tasks/', order)
      times.push(Number(process.hrtime.bigint() - start) / 1e6)
      if (i === 0) tasks = Math.max(tasks, (json.match(/"seq"|"id":"/g) ?? []).length)
    }
    perQuery.push(median(times))
    if (values.plans) {
      const { sql, params } = buildListQuery(board, parsed.filters, order, undefined, (s, p) =>
        Number(
          (
            db
              .prepare(s)
              .raw(true)
              .get(...p) as [number]
          )[0],
        ),
      )
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .raw(true)
        .all('u', ...params) as [number, number, number, string][]
      const ms = (perQuery.at(-1) as number).toFixed(2)
      console.error(`${query} (${ms} ms)\n${plan.map((r) => `   ${r[3]}`).join('\n')}`)
    }
  }
  const line = [kind.name, kind.queries.length, median(perQuery), Math.max(...perQuery), tasks]
  console.log(
    `| ${line.map((v) => (typeof v === 'number' && v % 1 ? v.toFixed(2) : v)).join(' | ')} |`,
  )
}
db.close()
