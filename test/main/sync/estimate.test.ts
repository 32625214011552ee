// How many of a rest's tasks are missing steers whether it is chased. A rest of undated tasks
// that also lack an assignee was judged on the two or three such tasks a page shows; a page
// with none of them (the oldest 100, say) made it look empty and it was reported, not chased.
import { describe, expect, it } from 'vitest'
import type { Task } from '../../../src-shared/api'
import { BoardKnowledge } from '../../../src-main/sync/board-knowledge'
import { estimateSlice } from '../../../src-main/sync/estimate'
import type { Slice } from '../../../src-main/sync/slice'

const make = (i: number, fields: Partial<Task>): Task =>
  ({
    id: `t${i}`,
    key: i + 1,
    projectKey: 'WEB',
    status: 'Backlog',
    assignedUserEmail: 'ada@example.com',
    priority: 'low',
    tags: [],
    type: 'task',
    pinToTop: false,
    startDate: '',
    dueDate: '2026-01-05T00:00:00.000Z',
    createdAt: '2026-01-05T09:00:00.000Z',
    ...fields,
  }) as unknown as Task

describe('estimateSlice', () => {
  it("reads a rest's other missing fields off the loaded tasks, not off one page", () => {
    // 1,000 dated tasks loaded, a fifth of them with no assignee; keys go up to 1,200, so about
    // 200 tasks (undated ones) are not loaded.
    const dated = Array.from({ length: 1000 }, (_, i) =>
      make(i, i % 5 === 0 ? { assignedUserEmail: '' } : {}),
    )
    const board = new BoardKnowledge()
    board.add(dated)
    board.add([make(1199, { dueDate: '' })])
    // The page: the oldest 100 matches, 20 of them undated, every one with an assignee.
    const page = [
      ...dated.slice(0, 80),
      ...Array.from({ length: 20 }, (_, i) => make(1000 + i, { dueDate: '' })),
    ]
    const rest: Slice = {
      filters: { projectKey: ['WEB'], status: ['Backlog'] },
      without: [
        { name: 'dueDate', values: 'all' },
        { name: 'assignedUserEmail', values: ['ada@example.com'] },
      ],
    }
    const { unloaded } = estimateSlice(rest, page, board)
    // Undated: about a fifth of 1,200; of them a fifth with no assignee: about 48, not ~6.
    expect(unloaded).toBeGreaterThan(30)
    expect(unloaded).toBeLessThan(70)
  })

  it('expects no more of a rest missing than its query has matches not loaded', () => {
    // Due order lists undated tasks first: the whole board's undated rest shows a page of
    // nothing but its own tasks, which says only that there are at least 100. 1,000 dated tasks
    // are loaded and keys reach 1,200: at most about 200 tasks can be missing, not about 1,100
    // (the page read as a sample of the board, all of it undated).
    const dated = Array.from({ length: 1000 }, (_, i) => make(i, {}))
    const page = Array.from({ length: 100 }, (_, i) => make(1100 + i, { dueDate: '' }))
    const board = new BoardKnowledge()
    board.add(dated)
    board.add(page)
    const rest: Slice = { filters: {}, without: [{ name: 'dueDate', values: 'all' }] }
    const { matches, unloaded } = estimateSlice(rest, page, board)
    expect(matches).toBeGreaterThan(1100)
    expect(unloaded).toBeLessThanOrEqual(matches - 1100)
    expect(unloaded).toBeGreaterThanOrEqual(50)
  })
})
