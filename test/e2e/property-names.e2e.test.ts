/// <reference lib="dom" />
// A board may name a custom property like a built-in of every JS object ("toString",
// "constructor"). The planner read such a property of a task without it as the built-in
// function: opening Filters replaced the whole window with "could not draw this view", and New
// task refused every create ("a Text property takes a string"). The board here is the demo
// board with those two properties given to a few of its tasks on the way to the renderer (the
// local board's properties are fixed; what the renderer draws is the point).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlanner } from './harness'
import type { Planner } from './harness'

let planner: Planner
/** Tasks given the properties: the first three the board sends. */
const GIVEN = 3
let total = 0

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 40 })
  const { page } = planner
  // The renderer escapes the channel's colon in the path.
  await page.route(/\/ipc\/board(:|%3A)sync$/, async (route) => {
    const response = await route.fetch()
    const result = (await response.json()) as {
      ok: boolean
      value?: { tasks: { properties: Record<string, unknown> }[] }
    }
    if (result.ok && result.value) {
      total = result.value.tasks.length
      result.value.tasks.slice(0, GIVEN).forEach((task) => {
        task.properties = { ...task.properties, toString: 'Core', constructor: 'a@example.com' }
      })
    }
    await route.fulfill({ response, json: result })
  })
  await page.goto(planner.url)
  await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
}, 90_000)
afterAll(async () => {
  await planner?.page.unrouteAll({ behavior: 'ignoreErrors' })
  await planner?.close()
})

const broken = () =>
  planner.page.getByRole('alert').filter({ hasText: 'could not draw this view' }).count()

describe('properties named like built-ins', () => {
  it('Filters shows them as fields, and filters by them', async () => {
    const { page } = planner
    await page.getByRole('button', { name: 'Filters', exact: true }).click()
    const panel = page.getByRole('region', { name: 'Filter tasks' })
    await panel.waitFor()
    expect(await broken()).toBe(0)
    await panel.getByLabel('toString', { exact: true }).fill('Core')
    await expect
      .poll(() => page.getByTestId('filter-count').textContent())
      .toBe(`${GIVEN} of ${total} tasks shown`)
    await panel.getByLabel('toString', { exact: true }).fill('')
    await page.keyboard.press('Escape')
  })

  it('New task leaves them blank and valid: only the title is needed', async () => {
    const { page } = planner
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = page.getByRole('dialog', { name: 'New task' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('toString', { exact: true }).inputValue()).toBe('')
    await dialog.getByLabel('Title', { exact: true }).fill('Named like a built-in')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await broken()).toBe(0)
  })
})
