// "Today" is the user's own date, not the UTC one (src-renderer/local-now.ts): at 17:00 on
// 2 March in Los Angeles it is already 3 March in UTC, and a task due 2 March must not show as
// overdue, nor the today line stand in the 3 March column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

let planner: Planner
let board: BoardClient

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 20 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
  await board.create([
    {
      title: 'Due on the local today',
      projectKey: 'APP',
      descriptionType: 'text',
      descriptionContent: '',
      startDate: '2026-02-27',
      dueDate: '2026-03-02',
    },
    {
      title: 'Due the day before',
      projectKey: 'APP',
      descriptionType: 'text',
      descriptionContent: '',
      startDate: '2026-02-25',
      dueDate: '2026-03-01',
    },
    {
      title: 'Due at a time of day',
      projectKey: 'APP',
      descriptionType: 'text',
      descriptionContent: '',
      startDate: '2026-02-24T09:00:00Z',
      dueDate: '2026-02-26T15:30:00Z',
    },
  ])
}, 90_000)
afterAll(() => planner?.close())

describe('today in the user’s own time zone', () => {
  for (const { zone, at, dueToday } of [
    // 17:00 on 2 March in Los Angeles (UTC-8): 3 March, 01:00 UTC.
    { zone: 'America/Los_Angeles', at: '2026-03-03T01:00:00Z', dueToday: false },
    // 09:00 on 3 March in Kiritimati (UTC+14): 2 March, 19:00 UTC. The task due 2 March is late.
    { zone: 'Pacific/Kiritimati', at: '2026-03-02T19:00:00Z', dueToday: true },
  ]) {
    it(`${zone}: overdue marks and the today line follow the local date`, async () => {
      const context = await planner.browser.newContext({
        timezoneId: zone,
        viewport: { width: 1400, height: 900 },
      })
      try {
        await context.clock.setFixedTime(new Date(at))
        const page = await context.newPage()
        await page.goto(planner.url)
        await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
        const [today, before] = await Promise.all(
          ['Due on the local today', 'Due the day before'].map(async (title) => {
            const task = (await board.tasks()).find((t) => t.title === title)!
            return page.locator(`.tb-bar[data-task-id="${task.id}"]`)
          }),
        )
        const find = page.getByRole('textbox', { name: 'Find' })
        await find.fill('Due on the local today')
        await find.press('Enter')
        await expect
          .poll(() => today!.getAttribute('class'), { timeout: 10_000 })
          .toContain('selected')
        const classes = async (bar: typeof today) =>
          ((await bar!.getAttribute('class')) ?? '').split(' ')
        expect((await classes(before)).includes('overdue')).toBe(true)
        expect((await classes(today)).includes('overdue')).toBe(dueToday)

        // The bar of the task due 2 March ends at the end of the 2 March column; it spans
        // 27 February to 2 March, 4 days. Local today is 2 March in Los Angeles (the line is in
        // the bar's last day), 3 March in Kiritimati (the line is past the bar's end).
        const bar = (await today!.locator('rect.bar').first().boundingBox())!
        const dayPx = bar.width / 4
        const line = (await page.locator('.today-line').boundingBox())!
        const end = bar.x + bar.width
        if (dueToday) {
          expect(line.x).toBeGreaterThanOrEqual(end)
          expect(line.x).toBeLessThan(end + dayPx)
        } else {
          expect(line.x).toBeGreaterThanOrEqual(end - dayPx)
          expect(line.x).toBeLessThan(end)
        }
      } finally {
        await context.close()
      }
    })
  }
})

describe('the hover card', () => {
  it('says a time of day is in UTC, as the details panel does', async () => {
    const { page } = planner
    await page.reload()
    const find = page.getByRole('textbox', { name: 'Find' })
    await find.fill('Due at a time of day')
    await find.press('Enter')
    const task = (await board.tasks()).find((t) => t.title === 'Due at a time of day')!
    const bar = page.locator(`.tb-bar[data-task-id="${task.id}"]`)
    await expect.poll(() => bar.getAttribute('class'), { timeout: 10_000 }).toContain('selected')
    const box = (await bar.locator('rect.bar').first().boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    const card = page.getByRole('tooltip')
    await expect.poll(() => card.textContent()).toContain('2026-02-26 15:30 UTC')
    expect(await card.textContent()).toContain('2026-02-24 09:00 UTC')
  })
})
