/// <reference lib="dom" />
// The Unscheduled tray on a board with more undated tasks than it shows at once: only the items
// in its view are in the page (a 50,000-task board has thousands, and laying them all out was
// most of the first frame), yet every one of them can be scrolled to, read and dragged, and
// reached and scheduled from the keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'

let planner: Planner
/** How many the tray says it holds. */
let undated: number

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 900 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 30_000 })
  await planner.page.waitForFunction(
    () =>
      /tasks(, complete| ·)/.test(
        document.querySelector('[data-testid="coverage"]')?.textContent ?? '',
      ),
    undefined,
    { timeout: 30_000 },
  )
  const heading = await tray().getByRole('heading').textContent()
  undated = Number(/^Unscheduled \((\d+)\)$/.exec(heading ?? '')?.[1])
}, 90_000)
afterAll(() => planner?.close())

const tray = () => planner.page.getByRole('complementary', { name: 'Unscheduled tasks' })
const items = () =>
  tray()
    .locator('li')
    .evaluateAll((lis) =>
      lis.map((li) => ({
        position: Number(li.getAttribute('aria-posinset')),
        size: Number(li.getAttribute('aria-setsize')),
        top: li.getBoundingClientRect().top,
        height: li.getBoundingClientRect().height,
        label: li.getAttribute('aria-label') ?? '',
      })),
    )

describe('the Unscheduled tray', () => {
  it('holds only the items in its view, one line each, and says how many there are', async () => {
    // More than the tray's view holds (about 25 lines) and the few drawn past it.
    expect(undated).toBeGreaterThan(45)
    const shown = await items()
    expect(shown.length).toBeGreaterThan(10)
    expect(shown.length).toBeLessThan(undated)
    expect(shown.every((item) => item.size === undated)).toBe(true)
    expect(shown.map((item) => item.position)).toEqual(shown.map((_, i) => i + 1))
    // One line each, one under the other, not overlapping.
    for (let i = 1; i < shown.length; i += 1) {
      expect(shown[i]!.top - shown[i - 1]!.top).toBeGreaterThanOrEqual(shown[i - 1]!.height)
    }
    expect(shown.every((item) => item.height < 30)).toBe(true)
  })

  it('Find reaches an undated task in the tray: scrolled to and marked', async () => {
    const { page } = planner
    await tray().evaluate((element) => element.scrollTo({ top: 0 }))
    // An item far down the tray, not drawn while the tray is at its top.
    const far = Math.min(undated, 300)
    await tray().evaluate((element, top) => element.scrollTo({ top }), far * 30)
    await expect.poll(async () => (await items()).some((item) => item.position === far)).toBe(true)
    const { label } = (await items()).find((item) => item.position === far)!
    const key = label.split(' ')[0]!
    await tray().evaluate((element) => element.scrollTo({ top: 0 }))
    const find = page.getByRole('textbox', { name: 'Find' })
    await find.fill(key)
    await find.press('Enter')
    const item = tray().locator('li.selected')
    await expect.poll(() => item.count()).toBe(1)
    expect(await item.getAttribute('aria-label')).toBe(label)
    expect(await item.isVisible()).toBe(true)
  })

  it('scrolled to its end, shows the last undated tasks, and they can still be dragged', async () => {
    await tray().evaluate((element) => (element.scrollTop = element.scrollHeight))
    await expect
      .poll(async () => (await items()).at(-1)?.position, { timeout: 5_000 })
      .toBe(undated)
    const shown = await items()
    expect(shown[0]!.position).toBeGreaterThan(1)
    const box = (await tray().boundingBox())!
    const last = shown.at(-1)!
    // The last item is inside the tray's view, not below it.
    expect(last.top + last.height).toBeLessThanOrEqual(box.y + box.height + 1)
    const item = tray().locator(`li[aria-posinset="${undated}"]`)
    expect(await item.getAttribute('draggable')).toBe('true')
    expect(await item.getAttribute('title')).toBe(
      (await item.getAttribute('aria-label'))!.replace(
        ', unscheduled; Enter opens it to give it dates, or drag it onto the timeline',
        '',
      ),
    )
    await planner.screenshot('unscheduled-tray-end')
  })

  it('is reached from the keyboard: arrows move, End reaches the last, Enter opens it for dates', async () => {
    const { page } = planner
    const list = tray().getByRole('listbox')
    const active = () =>
      list.evaluate((element) => {
        const id = element.getAttribute('aria-activedescendant')
        const item = id ? document.getElementById(id) : null
        return item
          ? { position: Number(item.getAttribute('aria-posinset')), label: item.ariaLabel ?? '' }
          : null
      })
    // Arriving in a tray scrolled down, the keyboard lands on an item in view; nothing jumps.
    await tray().evaluate((element) => element.scrollTo({ top: 40 * 30 }))
    await expect.poll(async () => (await items())[0]!.position).toBeGreaterThan(20)
    const scrolled = await tray().evaluate((element) => element.scrollTop)
    await list.focus()
    const arrived = (await active())!
    expect(arrived.position).toBeGreaterThanOrEqual(40)
    expect(arrived.position).toBeLessThan(70)
    // (Focus may nudge the list by a few pixels; never by an item.)
    const nudged = (await tray().evaluate((element) => element.scrollTop)) - scrolled
    expect(Math.abs(nudged)).toBeLessThan(30)
    // Its menu from the keyboard is that item's; "Open" there, then Esc: back in the list.
    await page.keyboard.press('Shift+F10')
    const arrivedKey = arrived.label.split(' ')[0]!
    const itsMenu = page.getByRole('menu', { name: new RegExp(`^Actions for ${arrivedKey} `) })
    await itsMenu.getByRole('menuitem', { name: 'Open' }).click()
    const opened = page.getByRole('dialog', { name: `Task ${arrivedKey}` })
    await opened.waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => opened.count()).toBe(0)
    expect(await list.evaluate((element) => element === document.activeElement)).toBe(true)

    await tray().evaluate((element) => element.scrollTo({ top: 0 }))
    await page.keyboard.press('Home')
    expect(await active()).toMatchObject({ position: 1 })
    await page.keyboard.press('ArrowDown')
    expect(await active()).toMatchObject({ position: 2 })
    expect(await tray().locator('li.selected').getAttribute('aria-posinset')).toBe('2')
    // The last one is far below the drawn items: it is scrolled to, drawn and named.
    await page.keyboard.press('End')
    await expect.poll(async () => (await active())?.position).toBe(undated)
    const { label } = (await active())!
    const key = label.split(' ')[0]!
    // Its context menu, from the keyboard; Esc gives the keyboard back to the list.
    await page.keyboard.press('Shift+F10')
    const menu = page.getByRole('menu', { name: new RegExp(`^Actions for ${key} `) })
    await menu.waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => menu.count()).toBe(0)
    expect(await list.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: `Task ${key}` })
    await panel.waitFor()
    await panel.getByLabel('Start date', { exact: true }).fill('2026-12-01')
    await panel.getByLabel('Due date', { exact: true }).fill('2026-12-03')
    await panel.getByRole('button', { name: 'Save' }).click()
    // Scheduled: the board has its dates, and the tray one task fewer.
    const board = await localBoardClient(page, planner.userData)
    // Asked by its new start day: a list answers at most 100 tasks, and this board has 900.
    await expect
      .poll(async () => {
        const scheduled = await board.tasks('startDate=2026-12-01')
        return scheduled.some((t) => `${t.projectKey}-${t.key}` === key)
      })
      .toBe(true)
    await expect
      .poll(() => tray().getByRole('heading').textContent())
      .toBe(`Unscheduled (${undated - 1})`)
  })
})
