/// <reference lib="dom" />
// The keyboard in the task forms and the dependency panel, for someone who plans without a mouse
// or with a screen reader, in Chromium on the local demo board: a button that removes itself
// ("Remove tag", "Remove subtask", "Not a subtask", "Clear parent") leaves the keyboard in its
// dialog, so Esc and the modal's Tab trap keep working; the Menu key on a focused arrow opens the
// arrow's menu, and its panel takes the keyboard into "Lag (days)"; messages are said in a live
// region that was there before them; "Create" and "Save" keep their names while they send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Route } from 'playwright-core'
import { draggableBar } from './bars'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

let planner: Planner
let board: BoardClient
const RUN = Date.now().toString(36)

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 60 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
}, 90_000)
afterAll(() => planner?.close())

const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true })
const newTaskDialog = () => planner.page.getByRole('dialog', { name: 'New task' })
const hasFocus = (element: Locator) => element.evaluate((e) => e === document.activeElement)
const focusIn = (scope: Locator) =>
  scope.evaluate((element) => element.contains(document.activeElement))

async function openNewTask(): Promise<Locator> {
  await planner.page.getByRole('button', { name: 'New task', exact: true }).click()
  const dialog = newTaskDialog()
  await dialog.waitFor()
  return dialog
}

/** Focuses `button` and presses Enter on it, as a keyboard user activates it. */
async function pressOn(button: Locator): Promise<void> {
  await button.focus()
  await planner.page.keyboard.press('Enter')
}

/** A plain task with its bar in view, and its details panel opened by a double-click. */
async function openPlainTask() {
  const { id, box } = await draggableBar(planner.page)
  const task = (await board.tasks()).find((t) => t.id === id)!
  await planner.page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2)
  const panel = planner.page.getByRole('dialog', { name: `Task ${task.projectKey}-${task.key}` })
  await panel.waitFor()
  return { task, panel }
}

/** Holds the page's calls on an IPC channel until release() (always called in a finally). */
async function hold(channel: string) {
  const { page } = planner
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const matches = (url: URL) => decodeURIComponent(url.pathname).endsWith(`/ipc/${channel}`)
  const handled: Promise<void>[] = []
  const handler = (route: Route) => {
    const done = held.then(() => route.continue())
    handled.push(done)
    return done
  }
  await page.route(matches, handler)
  return {
    /** How many calls are held now. */
    count: () => handled.length,
    release: async () => {
      release()
      await Promise.all(handled)
      await page.unroute(matches, handler)
    },
  }
}

describe('what a screen reader hears', () => {
  // First: no message has been shown on this page yet.
  it('the first message is said in a live region that was on the page before it', async () => {
    const { page } = planner
    const messages = page.locator('.messages .message')
    expect(await messages.count()).toBe(0)
    const regions = page.locator('[aria-live="polite"]')
    const before = await regions.count()
    expect(before).toBeGreaterThan(0)
    // Each live region as it is now: the message must come into one of these very elements.
    await page.evaluate(() => {
      ;(window as { __regions?: Element[] }).__regions = Array.from(
        document.querySelectorAll('[aria-live="polite"]'),
      )
    })
    await page.locator('.tree-row[data-task-id]').first().click()
    await page.getByRole('tree').focus()
    await page.keyboard.press('Shift+F10')
    await page.getByRole('menuitem', { name: 'Copy link' }).click()
    await expect.poll(() => messages.count()).toBe(1)
    const text = (await messages.first().locator('span').textContent())!
    expect(
      await page.evaluate(
        (said) =>
          (window as { __regions?: Element[] }).__regions!.some(
            (region) => region.isConnected && (region.textContent ?? '').includes(said),
          ),
        text,
      ),
    ).toBe(true)
    await messages.first().getByRole('button', { name: 'Dismiss' }).click()
    await expect.poll(() => messages.count()).toBe(0)
  })

  it('"Create" keeps its name while the task is created; "Creating…" is said beside it', async () => {
    const dialog = await openNewTask()
    await field(dialog, 'Title').fill(`Busy create ${RUN}`)
    await field(dialog, 'Project').fill('APP')
    const held = await hold('tasks:create')
    try {
      const create = dialog.getByRole('button', { name: 'Create', exact: true })
      await pressOn(create)
      await expect.poll(held.count).toBe(1)
      expect(await create.count()).toBe(1)
      expect(await create.getAttribute('aria-disabled')).toBe('true')
      expect(await dialog.getByRole('status').textContent()).toBe('Creating…')
      // Still the dialog's: the keyboard stayed on the button, and Esc would close it.
      expect(await hasFocus(create)).toBe(true)
    } finally {
      await held.release()
    }
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0)
  })

  it('"Save" keeps its name while the change is saved; "Saving…" is said beside it', async () => {
    const { task, panel } = await openPlainTask()
    await field(panel, 'Title').fill(`${task.title} (busy ${RUN})`)
    const held = await hold('tasks:update')
    try {
      const save = panel.getByRole('button', { name: 'Save', exact: true })
      await pressOn(save)
      await expect.poll(held.count).toBe(1)
      expect(await save.count()).toBe(1)
      expect(await save.getAttribute('aria-disabled')).toBe('true')
      expect(await panel.getByRole('status').textContent()).toBe('Saving…')
    } finally {
      await held.release()
    }
    await expect.poll(() => panel.count(), { timeout: 15_000 }).toBe(0)
  })
})

describe('a button that removes itself leaves the keyboard in its dialog', () => {
  it('"Remove tag": the keyboard goes to the Tags field; Esc still closes New task', async () => {
    const { page } = planner
    const dialog = await openNewTask()
    for (const tag of ['one', 'two']) {
      await field(dialog, 'Tags').fill(tag)
      await field(dialog, 'Tags').press('Enter')
    }
    await pressOn(dialog.getByRole('button', { name: 'Remove tag one' }))
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove tag one' }).count()).toBe(0)
    expect(await hasFocus(field(dialog, 'Tags'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('"Remove subtask": the keyboard goes to the next subtask, then "Add subtask"; Tab stays inside', async () => {
    const { page } = planner
    const dialog = await openNewTask()
    const add = dialog.getByRole('button', { name: 'Add subtask' })
    await add.click()
    await field(dialog, 'Subtask 1 title').fill('first')
    await add.click()
    await field(dialog, 'Subtask 2 title').fill('second')
    await pressOn(dialog.getByRole('button', { name: 'Remove subtask 1' }))
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Remove subtask 2' }).count())
      .toBe(0)
    // The subtask that took its place has the keyboard.
    expect(await hasFocus(field(dialog, 'Subtask 1 title'))).toBe(true)
    expect(await field(dialog, 'Subtask 1 title').inputValue()).toBe('second')
    await pressOn(dialog.getByRole('button', { name: 'Remove subtask 1' }))
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Remove subtask 1' }).count())
      .toBe(0)
    expect(await hasFocus(add)).toBe(true)
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab')
      expect(await focusIn(dialog), `Tab ${i + 1}`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('"Not a subtask": the keyboard goes on to the next field; Esc still closes New task', async () => {
    const { page } = planner
    const { id } = await draggableBar(page)
    await page.locator(`.tree-row[data-task-id="${id}"]`).click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'New subtask' }).click()
    const dialog = newTaskDialog()
    await dialog.waitFor()
    await pressOn(dialog.getByRole('button', { name: 'Not a subtask' }))
    await expect.poll(() => dialog.getByRole('button', { name: 'Not a subtask' }).count()).toBe(0)
    expect(await hasFocus(field(dialog, 'Title'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('a press on the New task dialog’s own text keeps the keyboard in it', async () => {
    const { page } = planner
    const dialog = await openNewTask()
    await dialog.getByRole('heading', { name: 'New task' }).click()
    expect(await focusIn(dialog)).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('"Clear parent" in the details panel: the keyboard goes to the Parent field; Esc still discards', async () => {
    const { page } = planner
    const { task, panel } = await openPlainTask()
    const parent = (await board.tasks()).find(
      (t) => t.type === 'task' && t.parentId === '' && t.id !== task.id && t.id !== task.parentId,
    )!
    const parentKey = `${parent.projectKey}-${parent.key}`
    await field(panel, 'Parent').fill(parentKey)
    await panel.getByRole('option', { name: `${parentKey} ${parent.title}` }).click()
    const clear = panel.getByRole('button', { name: 'Clear parent' })
    await pressOn(clear)
    await expect.poll(() => clear.count()).toBe(0)
    expect(await hasFocus(field(panel, 'Parent'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => panel.count()).toBe(0)
  })
})

describe('an arrow of the chart from the keyboard', () => {
  /** A dependency arrow in view: its id, focused as the keyboard reaches it. */
  async function focusAnArrow(): Promise<string> {
    const { page } = planner
    const id = await page.evaluate(() => {
      for (const hit of Array.from(
        document.querySelectorAll<SVGPathElement>('[data-link-id] .tb-arrow-hit'),
      )) {
        const length = hit.getTotalLength()
        for (let i = 1; i < 20; i += 1) {
          const at = hit.getPointAtLength((length * i) / 20)
          const p = new DOMPoint(at.x, at.y).matrixTransform(hit.getScreenCTM()!)
          if (document.elementFromPoint(p.x, p.y) === hit)
            return hit.closest('[data-link-id]')!.getAttribute('data-link-id')
        }
      }
      return null
    })
    if (!id) throw new Error('no dependency arrow in view')
    // A key first: the focus that follows is a keyboard user's (it shows its ring).
    await page.keyboard.press('Shift')
    await page.locator(`[data-link-id="${id}"] .tb-arrow-hit`).focus()
    return id
  }
  const arrowHasFocus = (id: string) =>
    planner.page.evaluate(
      (linkId) =>
        document.activeElement?.closest('[data-link-id]')?.getAttribute('data-link-id') === linkId,
      id,
    )

  it('the Menu key opens the arrow’s menu, not the focused task’s; "Change lag" goes to "Lag (days)"', async () => {
    const { page } = planner
    // A task focused in the tree: its menu is what the Menu key opened on an arrow.
    await page.locator('.tree-row[data-task-id]').first().click()
    const id = await focusAnArrow()
    await page.keyboard.press('Shift+F10')
    const menu = page.getByRole('menu', { name: 'Actions for the dependency' })
    await menu.waitFor({ timeout: 5_000 })
    expect(await hasFocus(menu.getByRole('menuitem', { name: 'Change lag' }))).toBe(true)
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: /^Dependency / })
    await panel.waitFor()
    await expect.poll(() => hasFocus(panel.getByLabel('Lag (days)'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => panel.count()).toBe(0)
    expect(await arrowHasFocus(id)).toBe(true)
  })

  it('Enter on a focused arrow opens its panel with the keyboard in "Lag (days)"; Esc goes back', async () => {
    const { page } = planner
    const id = await focusAnArrow()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: /^Dependency / })
    await panel.waitFor()
    await expect.poll(() => hasFocus(panel.getByLabel('Lag (days)'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => panel.count()).toBe(0)
    expect(await arrowHasFocus(id)).toBe(true)
  })
})
