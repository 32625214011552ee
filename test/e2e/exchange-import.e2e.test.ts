/// <reference lib="dom" />
// Import as a user meets it (issue 14, item 2): MPXJ's sample MS Project XML imported through
// the wizard on a fresh local board creates its tasks with summary tasks as parents, the
// milestone at the top, and exactly the finish-to-start dependencies (lag in days); the other
// link types and the lead are reported, not made. Checked over HTTP with the test's own key.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Task } from '../../src-shared/api'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

const FIXTURE = join(import.meta.dirname, '../fixtures/mpxj-sample1.mspdi.xml')
let planner: Planner
let board: BoardClient

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 4 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
}, 90_000)
afterAll(() => planner?.close())

describe('Import… an MS Project XML file', () => {
  it('creates its tasks, parents and finish-to-start dependencies, and reports the rest', async () => {
    const { page } = planner
    const before = await board.tasks()
    const project = before[0]!.projectKey
    await page.getByRole('button', { name: 'Import…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import' })
    await dialog.getByLabel('CSV or MS Project XML file').setInputFiles(FIXTURE)
    await expect
      .poll(() => dialog.textContent())
      .toContain('22 tasks to create, 2 dependencies, 4 left out')
    expect(await dialog.getByRole('list', { name: 'Left out' }).textContent()).toContain(
      'a start-to-start link: the board has finish-to-start dependencies only',
    )
    await dialog.getByLabel('Project').fill(project)
    await dialog.getByRole('button', { name: 'Import 22 tasks' }).click()
    const report = dialog.getByLabel('Import report')
    await expect
      .poll(
        () =>
          report
            .getByRole('status')
            .textContent()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toContain('Import finished. Created 22 tasks, made 2 dependencies')
    await planner.screenshot('exchange-import-report')

    const tasks: Task[] = await board.tasks(`projectKey=${project}`)
    const imported = tasks.filter((t) => !before.some((b) => b.id === t.id))
    expect(imported).toHaveLength(22)
    const byTitle = (title: string) => {
      const found = imported.filter((t) => t.title === title)
      expect(found, title).toHaveLength(1)
      return found[0]!
    }
    const relationships = byTitle('Task Relationships')
    const assignments = byTitle('Resource Assignments')
    expect(relationships.parentId).toBe('')
    expect(assignments.parentId).toBe(relationships.id)
    expect(byTitle('Assigned Task 2').parentId).toBe(assignments.id)
    expect(byTitle('Second Task').parentId).toBe(byTitle('First Task').id)
    const milestone = byTitle('Third task')
    expect(milestone).toMatchObject({ type: 'milestone', parentId: '' })
    expect(milestone.dueDate.slice(0, 10)).toBe('2003-01-07')
    expect(byTitle('Related Task 2b').startDate.slice(0, 10)).toBe('2003-01-09')

    const ids = new Set(imported.map((t) => t.id))
    const made = (await board.dependencies())
      .filter((d) => ids.has(d.successorId))
      .map((d) => [d.predecessorTitle, d.successorTitle, d.lagDays])
      .sort()
    expect(made).toEqual([
      ['Related Task 1a', 'Related Task 1b', 0],
      ['Related Task 2a', 'Related Task 2b', 1],
    ])
  }, 120_000)
})
