// The sync engine against the local board service over a real socket: whole boards, crowds
// due on one day, crowds of undated tasks, and what the coverage report says about each.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { syncBoard } from '../../../src-main/sync'
import { DEMO_LISTS, startSocketBoard, task, times } from './socket-board'
import type { SocketBoard } from './socket-board'

const MEMBERS = ['max.member@example.com', 'ada.lovelace@example.com', 'grace.hopper@example.com']

let board: SocketBoard
beforeEach(async () => {
  board = await startSocketBoard()
})
afterEach(async () => {
  await board.close()
})

describe('syncBoard', () => {
  it('loads an empty board with one request', async () => {
    const reader = board.reader()
    const result = await syncBoard(reader)
    expect(result.tasks).toEqual([])
    expect(result.dependencies).toEqual([])
    expect(result.coverage).toEqual({ complete: true, knownTasks: 0, requests: 1, truncated: [] })
  })

  it('loads a seeded board of 1,000 tasks and its dependencies within 1.25 requests a page', async () => {
    board.seed(1000)
    const reader = board.reader()
    const result = await syncBoard(reader)
    const ids = board.db.prepare('SELECT id FROM tasks ORDER BY id').raw(true).all() as [string][]
    expect(result.tasks.map((t) => t.id).sort()).toEqual(ids.map(([id]) => id))
    expect(result.dependencies).toHaveLength(
      board.count('SELECT count(*) FROM dependencies WHERE board_id = ?'),
    )
    expect(result.coverage.complete).toBe(true)
    expect(result.coverage.requests).toBeLessThanOrEqual(12)
  })

  it('returns tasks in list order: due date (undated first), then creation', async () => {
    await board.create([
      task({ title: 'late', dueDate: '2026-05-01' }),
      task({ title: 'undated' }),
      task({ title: 'early', dueDate: '2026-01-01' }),
    ])
    const result = await syncBoard(board.reader())
    expect(result.tasks.map((t) => t.title)).toEqual(['undated', 'early', 'late'])
  })

  it('continues a full page from the due date of its last task', async () => {
    await board.create(
      times(250, (i) => task({ dueDate: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}` })),
    )
    const reader = board.reader()
    const result = await syncBoard(reader)
    expect(result.coverage).toMatchObject({ complete: true, knownTasks: 250 })
    expect(reader.queries.length).toBeLessThanOrEqual(4)
    expect(
      reader.queries.slice(1).every((q) => /^dueDate=2026-03-\d\d%2C9999-12-31$/.test(q)),
    ).toBe(true)
  })

  it('splits a day with more than 100 tasks along the other filters', async () => {
    const statuses = ['Backlog', 'To Do', 'Done']
    await board.create([
      ...times(240, (i) => task({ dueDate: '2026-03-01', status: statuses[i % 3] })),
      ...times(30, () => task({ dueDate: '2026-03-02' })),
    ])
    const reader = board.reader()
    const result = await syncBoard(reader, { known: DEMO_LISTS })
    expect(result.coverage).toMatchObject({ complete: true, knownTasks: 270 })
    expect(reader.queries.some((q) => q.includes('dueDate=2026-03-01&'))).toBe(true)
  })

  it('reports 100 or more tasks that share every filtered value, and loads the rest', async () => {
    const crowd = {
      dueDate: '2026-03-01',
      assignedUserEmail: MEMBERS[0],
      priority: 'high' as const,
    }
    const others = times(20, () => task({ dueDate: '2026-03-01', priority: 'low' }))
    await board.create([...times(130, () => task(crowd)), ...others])
    const result = await syncBoard(board.reader(), { known: DEMO_LISTS })
    expect(result.coverage.complete).toBe(false)
    expect(result.coverage.knownTasks).toBe(120)
    expect(result.coverage.truncated).toContainEqual({
      query:
        'projectKey=WEB&status=Backlog&assignedUserEmail=max.member%40example.com&priority=high&pinToTop=false&dueDate=2026-03-01&type=task',
      description: expect.stringMatching(
        /^due 2026-03-01, tasks \(not milestones\), not pinned, project WEB, status Backlog, assignee max\.member@example\.com, priority high, no tag .*, no start date: the page is full/,
      ),
      returned: 100,
    })
  })

  it('reaches undated tasks by assignee, priority and start date when there are more than 100', async () => {
    await board.create([
      ...times(150, (i) => task({ assignedUserEmail: MEMBERS[i % 3] })),
      ...times(60, (i) => task({ priority: (['low', 'medium', 'high'] as const)[i % 3] })),
      ...times(40, (i) => task({ startDate: `2026-02-${String(1 + (i % 20)).padStart(2, '0')}` })),
      ...times(50, () => task({ dueDate: '2026-04-01' })),
    ])
    const result = await syncBoard(board.reader(), { known: DEMO_LISTS })
    expect(result.tasks).toHaveLength(300)
    // No filter can tell apart undated tasks with none of these fields; there are none here,
    // but the engine cannot know, so the slice that could hide them is named.
    expect(result.coverage.complete).toBe(false)
    expect(result.coverage.truncated).toEqual([
      expect.objectContaining({
        query: 'projectKey=WEB&status=Backlog&pinToTop=false&type=task',
        description: expect.stringContaining(
          'no due date, tasks (not milestones), not pinned, project WEB, status Backlog, no assignee',
        ),
      }),
    ])
  })

  it('without the board lists, says that tasks of unseen projects and statuses may hide', async () => {
    await board.create(
      times(150, (i) => task({ assignedUserEmail: MEMBERS[i % 3], priority: 'low', tags: ['x'] })),
    )
    const result = await syncBoard(board.reader())
    expect(result.tasks).toHaveLength(150)
    expect(result.coverage.complete).toBe(false)
    const descriptions = result.coverage.truncated.map((s) => s.description)
    expect(descriptions).toContainEqual(
      expect.stringContaining('tasks with a project other than WEB may be hidden'),
    )
    expect(descriptions).toContainEqual(
      expect.stringContaining('tasks with a status other than Backlog may be hidden'),
    )
  })

  it('is complete when the undated tasks fit the exhaustive splits', async () => {
    await board.create([
      ...times(90, () => task({ projectKey: 'WEB' })),
      ...times(90, () => task({ projectKey: 'APP' })),
      ...times(90, () => task({ projectKey: 'OPS', status: 'Done' })),
    ])
    const result = await syncBoard(board.reader(), { known: DEMO_LISTS })
    expect(result.coverage).toMatchObject({ complete: true, knownTasks: 270 })
  })
})
