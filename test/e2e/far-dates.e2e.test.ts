/// <reference lib="dom" />
// A board may hold 9999-12-31 as "never" and 0001-01-01 as "always" (both valid ISO dates the
// spec allows). The timeline's range was padded past year 9999, the time scale refused it, and
// the whole window showed "could not draw this view" on every load, the cached board included,
// so the planner stayed unusable until the board's data changed. Every zoom is tried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'

let planner: Planner

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 20 })
  const { page } = planner
  await page.goto(planner.url)
  await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  const board = await localBoardClient(page, planner.userData)
  await board.create([
    {
      title: 'Never due',
      projectKey: 'APP',
      descriptionType: 'text',
      descriptionContent: '',
      dueDate: '9999-12-31',
    },
    {
      title: 'Always started',
      projectKey: 'APP',
      descriptionType: 'text',
      descriptionContent: '',
      startDate: '0001-01-01',
      dueDate: '2026-12-01',
    },
  ])
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page
    .getByText(/22 tasks/)
    .first()
    .waitFor({ timeout: 20_000 })
}, 90_000)
afterAll(() => planner?.close())

const broken = () =>
  planner.page.getByRole('alert').filter({ hasText: 'could not draw this view' }).count()

describe('dates at the ends of the calendar', () => {
  it('draw at every zoom, and Fit, without taking the window down', async () => {
    const { page } = planner
    for (const zoom of ['Day', 'Week', 'Month', 'Quarter', 'Year']) {
      await page
        .getByRole('group', { name: 'Zoom' })
        .getByRole('button', { name: zoom, exact: true })
        .click()
      await page.waitForTimeout(100)
      expect(await broken()).toBe(0)
    }
    await page.getByRole('button', { name: 'Fit', exact: true }).click()
    await page.waitForTimeout(200)
    expect(await broken()).toBe(0)
    await page.getByRole('textbox', { name: 'Find' }).fill('Never due')
    await page.keyboard.press('Enter')
    await page.waitForTimeout(200)
    expect(await broken()).toBe(0)
    expect(await page.locator('.tb-bar[data-task-id]').count()).toBeGreaterThan(0)
  })
})
