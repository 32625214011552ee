/// <reference lib="dom" />
// A render that throws must not leave an empty window: the page says what happened, that edits
// are safe, and offers Reload, which draws the board again. The failure is made by handing the
// renderer a board whose first task has a due date of the wrong type, as no board should send
// (main validates what boards send; this stands for any bug that throws while drawing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlanner } from './harness'
import type { Planner } from './harness'

let planner: Planner
beforeAll(async () => {
  planner = await startPlanner()
}, 60_000)
afterAll(() => planner?.close())

describe('a view that cannot be drawn', () => {
  it('shows what happened and Reload, which brings the board back', async () => {
    const { page } = planner
    let broken = true
    // The renderer escapes the channel's colon in the path.
    await page.route(/\/ipc\/board(:|%3A)sync$/, async (route) => {
      const response = await route.fetch()
      const result = (await response.json()) as {
        ok: boolean
        value?: { tasks: Record<string, unknown>[] }
      }
      if (broken && result.ok && result.value) {
        for (const task of result.value.tasks) task.dueDate = 20260301
      }
      await route.fulfill({ response, json: result })
    })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(planner.url)
    const alert = page.getByRole('alert').filter({ hasText: 'could not draw this view' })
    await alert.waitFor({ timeout: 30_000 })
    expect(await alert.textContent()).toContain('Your edits are safe')
    broken = false
    await alert.getByRole('button', { name: 'Reload' }).click()
    await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 30_000 })
    expect(await page.getByRole('alert').filter({ hasText: 'could not draw' }).count()).toBe(0)
    // A refresh may still be on its way through the route when the test ends: let it go (its
    // route.fetch failed once the page closed, as an unhandled error of the run).
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  }, 60_000)
})
