// The planner's in-process board: it serves the list order it is given (the spec leaves order
// open, so the planner can be tried against services that choose differently).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startLocalBoard } from '../../../src-main/local-board/local-board'
import type { LocalBoardOptions } from '../../../src-main/local-board/local-board'
import { ListTasksResponse } from '../../../src-shared/api'
import type { Task } from '../../../src-shared/api'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

async function listWebTasks(options: Partial<LocalBoardOptions>): Promise<Task[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-local-'))
  dirs.push(dataDir)
  const board = await startLocalBoard({ dataDir, seedTasks: 120, ...options })
  try {
    const response = await fetch(`${board.url}/api/v1/tasks?projectKey=WEB`, {
      headers: { authorization: `Bearer ${board.apiKey}` },
    })
    return ListTasksResponse.parse(await response.json()).tasks
  } finally {
    await board.close()
  }
}

describe('startLocalBoard', () => {
  it('lists in the order it is given; by due date when given none', async () => {
    // A project's task keys are numbered in creation order.
    const newest = (await listWebTasks({ listOrder: 'created-desc' })).map((t) => t.key)
    expect(newest.length).toBeGreaterThan(10)
    expect(newest).toEqual([...newest].sort((a, b) => b - a))
    const byDue = (await listWebTasks({})).map((t) => t.dueDate)
    expect(byDue).toEqual([...byDue].sort())
    expect(byDue).toHaveLength(newest.length)
  })
})
