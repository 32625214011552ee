// When a rest of a board (tasks no filter can reach directly: undated, say) is worth proving.
// A small rest was proven whatever it took; where only optional filters were left to cut it,
// each leaving a rest of its own, "4 requests" became 12 (10,000 tasks, due order) and creation
// order spent a third of its requests proving rests its pages showed nothing missing from.
import { describe, expect, it } from 'vitest'
import type { Task } from '../../../src-shared/api'
import { BoardKnowledge } from '../../../src-main/sync/board-knowledge'
import type { DimensionName } from '../../../src-main/sync/dimensions'
import type { Slice } from '../../../src-main/sync/slice'
import { smartStrategy } from '../../../src-main/sync/smart-strategy'

const LISTS = { projectKeys: ['WEB', 'APP'], statuses: ['To Do', 'Done'], complete: true }
const ADA = 'ada@example.com'

const day = (i: number) =>
  `2026-${String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00.000Z`

const make = (i: number, fields: Partial<Task>): Task =>
  ({
    id: `t${i}`,
    key: i + 1,
    projectKey: 'APP',
    status: 'Done',
    assignedUserEmail: ADA,
    priority: (['low', 'medium', 'high'] as const)[i % 3],
    tags: [],
    type: 'task',
    pinToTop: false,
    startDate: '',
    dueDate: day(i),
    createdAt: '2026-01-05T09:00:00.000Z',
    ...fields,
  }) as unknown as Task

// 300 dated tasks in APP / Done, every one assigned to Ada; the page is its first 100 by due date.
const cell = Array.from({ length: 300 }, (_, i) => make(i, {}))
const page = [...cell].sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1)).slice(0, 100)

// Its undated tasks with no assignee (or one not seen): only optional filters are left to cut
// it (priority, tag, start date), and a page of dated tasks in due order shows none missing.
const rest: Slice = {
  filters: { projectKey: ['APP'], status: ['Done'] },
  without: [
    { name: 'dueDate', values: 'all' },
    { name: 'assignedUserEmail', values: [ADA] },
  ],
}
const open: DimensionName[] = ['type', 'pinToTop', 'priority', 'tag', 'startDate']

describe('smartStrategy, a small rest', () => {
  it('is reported on a large board when no filter every task has cuts it under a page', () => {
    const board = new BoardKnowledge(LISTS)
    board.add(cell)
    board.add(Array.from({ length: 1200 }, (_, i) => make(1000 + i, { projectKey: 'WEB' })))
    const decision = smartStrategy.decide({ slice: rest, page, open, waited: true }, board)
    expect(decision).toMatchObject({ kind: 'stop', reason: expect.stringMatching(/^proving/) })
  })

  it('is proven on a small board, so that the board can sync complete', () => {
    const board = new BoardKnowledge(LISTS)
    board.add(cell)
    const decision = smartStrategy.decide({ slice: rest, page, open, waited: true }, board)
    expect(decision).toMatchObject({ kind: 'split' })
  })
})
