// A refresh: the sync given the board's last snapshot (SyncOptions.prior) plans its due-date cuts
// from where those tasks lay, over a real socket, in every list order our service can play. The
// snapshot only saves requests: whatever it says, what is loaded and proven comes from the
// replies, so a snapshot the board has since left behind leaves nothing out.
import { afterEach, describe, expect, it } from 'vitest'
import { LIST_ORDERS } from '../../../src-server'
import type { ListOrder } from '../../../src-server'
import { syncBoard } from '../../../src-main/sync'
import type { SyncResult } from '../../../src-main/sync'
import type { Task } from '../../../src-shared/api'
import { DEMO_LISTS, startSocketBoard, task, times } from './socket-board'
import type { SocketBoard } from './socket-board'

let board: SocketBoard | undefined
const open = async (order: ListOrder) => (board = await startSocketBoard(order))
afterEach(async () => {
  await board?.close()
  board = undefined
})

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
const idsOf = (result: SyncResult) => result.tasks.map((t) => t.id).sort()
const datedIds = (b: SocketBoard) =>
  (
    b.db.prepare("SELECT id FROM tasks WHERE due_date != '' ORDER BY id").raw(true).all() as [
      string,
    ][]
  ).map(([id]) => id)

const moved = (tasks: readonly Task[], days: number): Task[] =>
  tasks.map((t) =>
    t.dueDate === ''
      ? t
      : { ...t, dueDate: new Date(Date.parse(t.dueDate) + days * 86_400_000).toISOString() },
  )

describe.each(LIST_ORDERS)('a refresh given the last snapshot, list order %s', (order) => {
  it('asks fewer requests than the first sync and loads every dated task again', async () => {
    const b = await open(order)
    b.seed(2000)
    // A random 100 of the matches makes each sync's count its own draw (at 2,000 tasks, first
    // syncs 81-100 requests, refreshes 71-89 in 12 pairs): one pair can tie, so that order
    // compares the medians of five of each; the others answer alike every time.
    const pairs = order === 'random' ? 5 : 1
    let first: SyncResult | undefined
    let again: SyncResult | undefined
    const firsts: number[] = []
    const agains: number[] = []
    for (let i = 0; i < pairs; i += 1) {
      first = await syncBoard(b.reader(), { known: DEMO_LISTS })
      again = await syncBoard(b.reader(), { known: DEMO_LISTS, prior: first.tasks })
      firsts.push(first.coverage.requests)
      agains.push(again.coverage.requests)
    }
    expect(median(agains)).toBeLessThan(median(firsts))
    const loaded = new Set(idsOf(again!))
    expect(datedIds(b).filter((id) => !loaded.has(id))).toEqual([])
    // A list order that keeps to itself answers the same queries the same way.
    if (order !== 'random') expect(idsOf(again!)).toEqual(idsOf(first!))
  })

  it('leaves nothing out when the board has moved on since the snapshot', async () => {
    const b = await open(order)
    b.seed(600)
    const first = await syncBoard(b.reader(), { known: DEMO_LISTS })
    // Since then: 150 tasks due on one day (in three statuses, so that the day can be cut), and
    // the snapshot's dates a month off the board's.
    const statuses = ['Backlog', 'To Do', 'Done']
    await b.create(
      times(150, (i) =>
        task({ dueDate: '2026-03-02', status: statuses[i % 3], title: `New ${i}` }),
      ),
    )
    const again = await syncBoard(b.reader(), {
      known: DEMO_LISTS,
      prior: moved(first.tasks, 30),
    })
    const loaded = new Set(idsOf(again))
    expect(datedIds(b).filter((id) => !loaded.has(id))).toEqual([])
    if (again.coverage.complete) expect(loaded.size).toBe(first.tasks.length + 150)
    else expect(again.coverage.truncated.length).toBeGreaterThan(0)
  })
})
