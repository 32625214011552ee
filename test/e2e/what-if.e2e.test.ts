/// <reference lib="dom" />
// The what-if cascade as a user meets it (issue 12, item 1), in Chromium on the local demo board:
// dragging a task whose successors have no slack shows them as ghost bars with a live summary;
// on the drop "Apply all" writes ONE batch with every moved task, and one undo puts them all
// back; Shift at the drop applies all without asking. Checked over HTTP with the test's own key.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request } from 'playwright-core'
import type { Task } from '../../src-shared/api'
import { PX_PER_DAY } from './bars'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

const DAY = 86_400_000
let planner: Planner
let page: Page
let board: BoardClient
const updates: Request[] = []
let ids: [string, string, string]

const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 60 })
  page = planner.page
  page.on('request', (request) => {
    if (decodeURIComponent(request.url()).endsWith('/ipc/tasks:update')) updates.push(request)
  })
  await page.goto(planner.url)
  await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(page, planner.userData)
  // A chain with no slack: each task starts the day after the one before it finishes.
  const titles = ['Chain A', 'Chain B', 'Chain C']
  await board.create(
    titles.map((title, i) => ({
      title,
      projectKey: 'APP',
      descriptionType: 'text',
      descriptionContent: '',
      startDate: day(-12 + 3 * i),
      dueDate: day(-10 + 3 * i),
      pinToTop: true,
    })),
  )
  const tasks = await board.tasks('pinToTop=true')
  ids = titles.map((title) => tasks.find((t) => t.title === title)!.id) as typeof ids
  await board.createDependency({ predecessorId: ids[0], successorId: ids[1], lagDays: 0 })
  await board.createDependency({ predecessorId: ids[1], successorId: ids[2], lagDays: 0 })
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.getByTestId('timeline').evaluate((element) => (element.scrollTop = 0))
  for (const id of ids) await page.locator(`.tb-bar[data-task-id="${id}"]`).waitFor()
}, 90_000)

/** The refresh and the re-sort after it are over: the first bar stays where it is. */
async function settled(): Promise<void> {
  // (Not 'networkidle': once the page has loaded it waits for nothing.)
  const place = () =>
    page.locator(`.tb-bar[data-task-id="${ids[0]}"] rect.bar`).evaluate((rect) => {
      const box = rect.getBoundingClientRect()
      return `${box.x},${box.y}`
    })
  let before = ''
  await expect
    .poll(
      async () => {
        const now = await place()
        const same = now === before
        before = now
        return same
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBe(true)
}
afterAll(() => planner?.close())
// A test that fails mid-drag must not leave the button (or Shift) held for the next one.
afterEach(async () => {
  await page.mouse.up().catch(() => undefined)
  await page.keyboard.up('Shift').catch(() => undefined)
  await page.keyboard.press('Escape').catch(() => undefined)
})

async function dates(): Promise<string[]> {
  const tasks = await board.tasks('pinToTop=true')
  const of = (id: string) => tasks.find((t) => t.id === id) as Task
  return ids.map((id) => of(id).startDate)
}

/** Presses on the first bar and moves it `days` to the right, without releasing. */
async function dragFirst(days: number): Promise<void> {
  await settled()
  // The pinned chain is at the top. A refresh that lands after the scroll in beforeAll keeps
  // the rows in view where they were (the scroll anchor), which pushes the new pinned rows up
  // out of view: scroll back to them.
  await page.getByTestId('timeline').evaluate((element) => (element.scrollTop = 0))
  const box = (await page.locator(`.tb-bar[data-task-id="${ids[0]}"] rect.bar`).boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  // The press lands on the bar itself (not on a header, a panel or off screen); if not, say
  // what is there instead of failing later on a missing ghost.
  const pressed = () =>
    page.evaluate(
      ([px, py]) => {
        const hit = document.elementFromPoint(px, py)
        const bar = hit?.closest<HTMLElement>('.tb-bar')
        return (
          bar?.dataset.taskId ?? `${hit?.tagName ?? 'nothing'}.${hit?.getAttribute('class') ?? ''}`
        )
      },
      [x, y] as const,
    )
  await expect.poll(pressed, { message: `what is under the press at ${x},${y}` }).toBe(ids[0])
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let step = 1; step <= 8; step += 1)
    await page.mouse.move(x + (days * PX_PER_DAY * step) / 8, y)
}

const shifted = (before: string[], days: number) =>
  before.map((d) => new Date(Date.parse(d) + days * DAY).toISOString())

describe('the what-if cascade', () => {
  it('shows the pushed successors while dragging, and Apply all writes one batch', async () => {
    const before = await dates()
    const sent = updates.length
    await dragFirst(2)
    await expect.poll(() => page.locator('.tb-ghost').count()).toBe(2)
    const summary = page.getByRole('status', { name: 'What if' })
    expect(await summary.textContent()).toContain('3 tasks move')
    await page.mouse.up()

    const dialog = page.getByRole('alertdialog', { name: 'Apply the cascade?' })
    await dialog.waitFor()
    // While asked, nothing is sent and the bars show where they would go.
    expect(updates.length).toBe(sent)
    expect(await page.locator('.tb-ghost').count()).toBe(3)
    await planner.screenshot('what-if-question')
    await dialog.getByRole('button', { name: 'Apply all' }).click()
    await expect.poll(() => updates.length).toBe(sent + 1)
    const batch = JSON.parse(updates.at(-1)!.postData()!) as {
      payload: { tasks: { id: string }[] }
    }
    expect(batch.payload.tasks.map((t) => t.id)).toEqual(ids)
    await expect.poll(dates).toEqual(shifted(before, 2))
    expect(await page.locator('.tb-ghost').count()).toBe(0)

    // One undo puts the whole cascade back.
    await page.locator('.legend').click()
    await page.keyboard.press('Control+z')
    await expect.poll(dates).toEqual(before)
    // Counted here, not in the next test: the request event may come after the board changed.
    await expect.poll(() => updates.length).toBe(sent + 2)
  })

  it('Discard sends nothing; Apply this task only moves the dragged task alone', async () => {
    const before = await dates()
    const sent = updates.length
    await dragFirst(1)
    await page.mouse.up()
    await page.getByRole('button', { name: 'Discard' }).click()
    await page.waitForTimeout(300)
    expect(updates.length).toBe(sent)

    await dragFirst(1)
    await page.mouse.up()
    await page.getByRole('button', { name: 'Apply this task only' }).click()
    await expect.poll(() => updates.length).toBe(sent + 1)
    await expect.poll(dates).toEqual([shifted(before, 1)[0], before[1], before[2]])
    await page.locator('.legend').click()
    await page.keyboard.press('Control+z')
    await expect.poll(dates).toEqual(before)
  })

  it('applies all without asking when Shift is held at the drop', async () => {
    const before = await dates()
    await dragFirst(2)
    await page.keyboard.down('Shift')
    await page.mouse.up()
    await page.keyboard.up('Shift')
    await expect.poll(dates).toEqual(shifted(before, 2))
    expect(await page.getByRole('alertdialog').count()).toBe(0)
  })

  it('"Apply cascades without asking" makes that the default for the board, across a reload', async () => {
    const setting = () => page.getByRole('checkbox', { name: 'Apply cascades without asking' })
    await setting().check()
    await page.reload()
    await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
    await expect.poll(() => setting().isChecked()).toBe(true)
    const before = await dates()
    await dragFirst(1)
    await page.mouse.up()
    await expect.poll(dates).toEqual(shifted(before, 1))
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    await setting().uncheck()
    await expect.poll(() => setting().isChecked()).toBe(false)
  })
})
