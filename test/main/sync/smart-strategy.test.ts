// How the smart strategy judges a rest of a board (tasks no filter reaches directly: undated
// ones, say). A small rest was proven whatever it took: where only optional filters were left to
// cut it, each leaving a rest of its own, "4 requests" became 12 (10,000 tasks, due order), and
// creation order spent a sixth of its requests proving rests whose pages showed nothing missing.
// And a cut by type or pin that leaves every known task on one side asks the same query again.
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

describe('smartStrategy, a filter every task has', () => {
  it('does not cut by type or pin when every known task is on one side', () => {
    // 1,000 tasks of APP / Done loaded, every one a plain task, none pinned; the page shows its
    // undated tasks first (due order), 3 of them with no assignee. The slice was guessed at 1,400
    // tasks by its parent, more than the loaded tasks and the page suggest.
    const board = new BoardKnowledge(LISTS)
    const dated = Array.from({ length: 900 }, (_, i) => make(i, {}))
    const undated = Array.from({ length: 100 }, (_, i) =>
      make(2000 + i, { dueDate: '', assignedUserEmail: i < 3 ? '' : ADA }),
    )
    board.add(dated)
    board.add(undated)
    const guessed: Slice = { ...rest, expected: 1400 }
    const decision = smartStrategy.decide(
      { slice: guessed, page: undated, open, waited: true },
      board,
    )
    // Type would part it into 1,000 tasks and no milestone: the same query asked again.
    expect(decision.kind).toBe('split')
    expect(decision).not.toMatchObject({ dimension: expect.stringMatching(/^(type|pinToTop)$/) })
  })
})

describe('smartStrategy, a small rest one split proves', () => {
  it('is cut by that split, not along optional filters that each leave a rest', () => {
    // 240 tasks in status Done, 80 in each of 3 projects, none of them missing: the rest of its
    // undated tasks with no assignee is proven by cutting it by project, one request a project.
    const projects = ['WEB', 'APP', 'OPS']
    const lists = { projectKeys: [...projects, 'BIG'], statuses: ['To Do', 'Done'], complete: true }
    const board = new BoardKnowledge(lists)
    const done = Array.from({ length: 240 }, (_, i) => ({
      ...make(i, { projectKey: projects[i % 3] }),
      key: Math.floor(i / 3) + 1,
    }))
    board.add(done)
    board.add(
      Array.from({ length: 1200 }, (_, i) => ({
        ...make(1000 + i, { status: 'To Do', projectKey: 'BIG' }),
        key: i + 1,
      })),
    )
    const slice: Slice = { filters: { status: ['Done'] }, without: rest.without }
    const page = [...done].sort((a, b) => (a.dueDate < b.dueDate ? -1 : 1)).slice(0, 100)
    const decision = smartStrategy.decide(
      { slice, page, open: [...open, 'projectKey'], waited: true },
      board,
    )
    expect(decision).toMatchObject({ kind: 'split', dimension: 'projectKey' })
  })
})

describe('smartStrategy, a bucket of values', () => {
  it('counts a task with two of its values once', () => {
    // A crowded day of 450 tasks, each with two tags that always come together (15 pairs): a
    // bucket of one pair holds 30 tasks, not 60.
    const board = new BoardKnowledge(LISTS)
    const tasks = Array.from({ length: 450 }, (_, i) =>
      make(i, { tags: [`p${i % 15}a`, `p${i % 15}b`], dueDate: '2026-03-02T00:00:00.000Z' }),
    )
    board.add(tasks)
    const day: Slice = {
      filters: {
        projectKey: ['APP'],
        status: ['Done'],
        dueDate: { from: '2026-03-02', to: '2026-03-02' },
      },
      without: [],
    }
    const page = tasks.filter((_, i) => i % 5 === 0).slice(0, 100)
    const decision = smartStrategy.decide({ slice: day, page, open: ['tag'], waited: false }, board)
    expect(decision).toMatchObject({ kind: 'split', dimension: 'tag' })
    const { buckets, expected } = decision as { buckets: string[][]; expected: number[] }
    expect(buckets.some((bucket) => bucket.length > 1)).toBe(true)
    buckets.forEach((bucket, i) => {
      const holding = tasks.filter((t) => t.tags.some((tag) => bucket.includes(tag))).length
      expect(expected[i]).toBeCloseTo(holding)
    })
  })
})

describe('smartStrategy, a service that files timestamps under days of its own', () => {
  it('halves a date range whose full page reads as due outside it, instead of not narrowing', () => {
    // The service reads 02:00Z on 10 March as 9 March (its board's zone, UTC-05:00), so the
    // range up to 9 March comes back full of tasks whose dates say 10 March.
    const tasks = Array.from({ length: 100 }, (_, i) =>
      make(i, { dueDate: '2026-03-10T02:00:00.000Z' }),
    )
    const board = new BoardKnowledge(LISTS)
    board.add(tasks)
    const slice: Slice = {
      filters: { dueDate: { from: '2026-01-01', to: '2026-03-09' } },
      without: [],
    }
    const decision = smartStrategy.decide(
      { slice, page: tasks, open: ['dueDate', 'type', 'pinToTop'], waited: true },
      board,
    )
    expect(decision).toMatchObject({ kind: 'split', dimension: 'dueDate' })
    const { cuts } = decision as { cuts: string[] }
    expect(cuts).toHaveLength(1)
    expect(cuts[0]! > '2026-01-01' && cuts[0]! <= '2026-03-09').toBe(true)
  })
})
