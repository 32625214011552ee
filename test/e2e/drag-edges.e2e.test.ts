/// <reference lib="dom" />
// Drags at the edges of what a drag may do, as a user meets them on the local board: a resize of
// a bar whose due has a time stays a resize (its due is never written), and a multi-select drag
// that 9999-12-31 holds at zero days puts the bars back and says so, sending nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request } from 'playwright-core'
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
let ids: { timed: string; plain: string; never: string }

const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 20 })
  page = planner.page
  page.on('request', (request) => {
    if (decodeURIComponent(request.url()).endsWith('/ipc/tasks:update')) updates.push(request)
  })
  await page.goto(planner.url)
  await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(page, planner.userData)
  const base = {
    projectKey: 'APP',
    descriptionType: 'text',
    descriptionContent: '',
    pinToTop: true,
  }
  await board.create([
    // Three whole days, from 09:00 to 09:00.
    {
      ...base,
      title: 'Timed edges',
      startDate: `${day(-6)}T09:00:00.000Z`,
      dueDate: `${day(-3)}T09:00:00.000Z`,
    },
    { ...base, title: 'Plain mover', startDate: day(-2), dueDate: day(0) },
    { ...base, title: 'Never due', dueDate: '9999-12-31' },
  ])
  const tasks = await board.tasks('pinToTop=true')
  const idOf = (title: string) => tasks.find((t) => t.title === title)!.id
  ids = { timed: idOf('Timed edges'), plain: idOf('Plain mover'), never: idOf('Never due') }
  await page.getByRole('button', { name: 'Refresh' }).click()
  for (const id of Object.values(ids))
    await page.locator(`.tree-row[data-task-id="${id}"]`).waitFor({ timeout: 20_000 })
}, 90_000)
afterAll(() => planner?.close())
afterEach(async () => {
  await page.mouse.up().catch(() => undefined)
  await page.keyboard.up('Control').catch(() => undefined)
})

const rectOf = (id: string) => page.locator(`.tb-bar[data-task-id="${id}"] rect.bar`)

/** The pinned rows at the top of the chart, and the bar's rect settled where it is drawn. */
async function inView(id: string) {
  await page.getByTestId('timeline').evaluate((element) => (element.scrollTop = 0))
  let before = ''
  await expect
    .poll(
      async () => {
        const box = await rectOf(id).boundingBox()
        const now = box ? `${box.x},${box.y},${box.width}` : ''
        const same = now !== '' && now === before
        before = now
        return same
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBe(true)
  return (await rectOf(id).boundingBox())!
}

describe('drags at the edges', () => {
  it('a start handle pulled past a timed due in one move resizes: the due is never written', async () => {
    const before = (await board.tasks('pinToTop=true')).find((t) => t.id === ids.timed)!
    const box = await inView(ids.timed)
    // Selected, its handles show.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect
      .poll(() => page.locator(`.tb-bar.is-selected[data-task-id="${ids.timed}"]`).count())
      .toBe(1)
    const handle = (await page
      .locator(`.tb-bar[data-task-id="${ids.timed}"] .handle.left`)
      .boundingBox())!
    const x = handle.x + handle.width / 2
    const y = handle.y + handle.height / 2
    const sent = updates.length
    await page.mouse.move(x, y)
    await page.mouse.down()
    // One event, five days right: past the due. The start stops a day before it.
    await page.mouse.move(x + 5 * PX_PER_DAY, y)
    await page.mouse.up()
    await expect.poll(() => updates.length, { timeout: 10_000 }).toBe(sent + 1)
    const body = JSON.parse(updates.at(-1)!.postData()!) as {
      payload: { tasks: Record<string, string>[] }
    }
    expect(body.payload.tasks).toEqual([
      { id: ids.timed, startDate: new Date(Date.parse(before.startDate) + 2 * DAY).toISOString() },
    ])
    await expect
      .poll(async () => (await board.tasks('pinToTop=true')).find((t) => t.id === ids.timed))
      .toMatchObject({ dueDate: before.dueDate })
  })

  it('a move held at 9999-12-31 puts the bars back, sends nothing and says so', async () => {
    const box = await inView(ids.plain)
    const home = await rectOf(ids.plain).getAttribute('x')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.keyboard.down('Control')
    await page.locator(`.tree-row[data-task-id="${ids.never}"]`).click()
    await page.keyboard.up('Control')
    await expect
      .poll(() =>
        page.locator(`.tree-row[data-task-id="${ids.never}"]`).getAttribute('aria-selected'),
      )
      .toBe('true')
    const sent = updates.length
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    for (let step = 1; step <= 8; step += 1)
      await page.mouse.move(x + (3 * PX_PER_DAY * step) / 8, y)
    await page.mouse.up()
    const held = page
      .getByRole('status')
      .filter({ hasText: /Not moved: APP-\d+ Never due would go past 9999-12-31/ })
    await expect.poll(() => held.count()).toBe(1)
    await expect.poll(() => rectOf(ids.plain).getAttribute('x')).toBe(home)
    await page.waitForTimeout(500)
    expect(await rectOf(ids.plain).getAttribute('x')).toBe(home)
    expect(updates.length).toBe(sent)
  })
})
