/// <reference lib="dom" />
// Where the keyboard is, for someone who plans without a mouse, in Chromium on the local demo
// board: a modal dialog (New task, Export, Import, a question) keeps Tab inside it, and the
// menus, panels, popups and messages hand the focus back when they close, to what opened them or
// at least to the task tree, never to the page's body (where the next arrow key scrolls the page
// and a screen reader loses its place).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { startPlanner } from './harness'
import type { Planner } from './harness'

let planner: Planner

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 40 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tree-row[data-task-id]', { timeout: 20_000 })
}, 90_000)
afterAll(() => planner?.close())

const button = (name: string) => planner.page.getByRole('button', { name, exact: true })
/** What has the keyboard: 'body', or the element's role and accessible name as far as we know. */
const focused = () =>
  planner.page.evaluate(() => {
    const active = document.activeElement
    if (!active || active === document.body) return 'body'
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''
    return `${active.getAttribute('role') ?? active.tagName.toLowerCase()}: ${name}`
  })
const focusIn = (scope: Locator) =>
  scope.evaluate((element) => element.contains(document.activeElement))
const focusInTree = () =>
  planner.page.evaluate(() => document.activeElement?.closest('[role="tree"]') !== null)

/** Presses Tab (or Shift+Tab) `times` times; false as soon as the focus leaves the dialog. */
async function tabStaysIn(dialog: Locator, key: 'Tab' | 'Shift+Tab', times: number) {
  const seen = new Set<string>()
  for (let i = 0; i < times; i += 1) {
    await planner.page.keyboard.press(key)
    if (!(await focusIn(dialog))) return { inside: false, at: await focused(), stops: seen.size }
    seen.add(await focused())
  }
  return { inside: true, at: await focused(), stops: seen.size }
}

async function selectFirstRow(): Promise<void> {
  const row = planner.page.locator('.tree-row[data-task-id]').first()
  await row.click()
  await planner.page.getByRole('tree').focus()
}

describe('a modal dialog keeps Tab inside it', () => {
  it('New task: Tab and Shift+Tab go round its fields; Shift+F10 opens no menu behind it', async () => {
    const { page } = planner
    await selectFirstRow()
    await button('New task').click()
    const dialog = page.getByRole('dialog', { name: 'New task' })
    await dialog.waitFor()
    // More presses than the dialog has fields: Tab must come round to the first again.
    const forward = await tabStaysIn(dialog, 'Tab', 60)
    expect(forward).toMatchObject({ inside: true })
    expect(forward.stops).toBeGreaterThan(5)
    expect(await tabStaysIn(dialog, 'Shift+Tab', 60)).toMatchObject({ inside: true })
    // A press on the backdrop leaves the keyboard in the dialog.
    await page.mouse.click(5, 300)
    expect(await focusIn(dialog)).toBe(true)
    expect(await tabStaysIn(dialog, 'Shift+Tab', 3)).toMatchObject({ inside: true })
    await page.keyboard.press('Shift+F10')
    await page.waitForTimeout(200)
    expect(await page.getByRole('menu').count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    // Back where it was opened from.
    expect(await focused()).toBe('button: New task')
  })

  it('Export and Import keep Tab inside and give it back to their toolbar button', async () => {
    const { page } = planner
    for (const name of ['Export', 'Import']) {
      await button(`${name}…`).click()
      const dialog = page.getByRole('dialog', { name })
      await dialog.waitFor()
      expect(await tabStaysIn(dialog, 'Tab', 25)).toMatchObject({ inside: true })
      expect(await tabStaysIn(dialog, 'Shift+Tab', 25)).toMatchObject({ inside: true })
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog.count()).toBe(0)
      expect(await focused()).toBe(`button: ${name}…`)
    }
  })

  it('a question keeps Tab on its choices, and its answer gives the keyboard back', async () => {
    const { page } = planner
    const title = `Focus check ${Date.now().toString(36)}`
    await button('New task').click()
    const form = page.getByRole('dialog', { name: 'New task' })
    await form.getByLabel('Title', { exact: true }).fill(title)
    await form.getByRole('button', { name: 'Create' }).click()
    await expect.poll(() => form.count(), { timeout: 15_000 }).toBe(0)
    await button('Undo').click()
    const question = page.getByRole('alertdialog', { name: /^Undo create/ })
    await question.waitFor()
    expect(await tabStaysIn(question, 'Tab', 12)).toMatchObject({ inside: true })
    expect(await tabStaysIn(question, 'Shift+Tab', 12)).toMatchObject({ inside: true })
    await page.keyboard.press('Escape')
    await expect.poll(() => question.count()).toBe(0)
    expect(await focused()).toBe('button: Undo')
  })
})

describe('closing gives the keyboard back', () => {
  it('Problems and Milestones: Esc and their Close button go back to the toolbar button', async () => {
    const { page } = planner
    for (const name of ['Problems', 'Milestones']) {
      await button(name).click()
      const panel = page.getByRole('dialog', { name })
      await panel.waitFor()
      await panel.getByRole('button', { name: 'Close', exact: true }).focus()
      await page.keyboard.press('Escape')
      await expect.poll(() => panel.count()).toBe(0)
      expect(await focused()).toMatch(new RegExp(`^button: ${name}`))

      await button(name).click()
      await panel.getByRole('button', { name: 'Close', exact: true }).click()
      await expect.poll(() => panel.count()).toBe(0)
      expect(await focused()).toMatch(new RegExp(`^button: ${name}`))
    }
  })

  it('Filters, Views and Save view: Esc goes back to the button that opened them', async () => {
    const { page } = planner
    await button('Filters').click()
    const filters = page.getByRole('region', { name: 'Filter tasks' })
    await expect.poll(() => focusIn(filters)).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => filters.count()).toBe(0)
    expect(await focused()).toMatch(/^button: Filters/)

    for (const [opener, popup] of [
      ['Views', page.getByRole('dialog', { name: 'Saved views' })],
      ['Save view', page.getByRole('form', { name: 'Save view' })],
    ] as const) {
      await button(opener).click()
      await expect.poll(() => focusIn(popup)).toBe(true)
      await page.keyboard.press('Escape')
      await expect.poll(() => popup.count()).toBe(0)
      expect(await focused()).toBe(`button: ${opener}`)
    }
  })

  it('the context menu: Esc and a menu item go back to the task tree', async () => {
    const { page } = planner
    await selectFirstRow()
    const menu = page.getByRole('menu')
    await page.keyboard.press('Shift+F10')
    await menu.waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => menu.count()).toBe(0)
    expect(await focusInTree()).toBe(true)

    const messages = page.locator('.messages .message')
    const before = await messages.count()
    await page.keyboard.press('Shift+F10')
    await menu.getByRole('menuitem', { name: 'Copy link' }).click()
    await expect.poll(() => menu.count()).toBe(0)
    expect(await focusInTree()).toBe(true)
    // Its message (what was copied) has come before the next test counts messages.
    await expect.poll(() => messages.count()).toBe(before + 1)
  })

  it('a message dismissed from the keyboard leaves the keyboard in the tree', async () => {
    const { page } = planner
    const messages = page.locator('.messages .message')
    const before = await messages.count()
    await selectFirstRow()
    // Copy link says what it copied (or that the clipboard refused) in a message.
    await page.keyboard.press('Shift+F10')
    await page.getByRole('menuitem', { name: 'Copy link' }).click()
    await expect.poll(() => messages.count()).toBe(before + 1)
    await messages.last().getByRole('button', { name: 'Dismiss' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => messages.count()).toBe(before)
    expect(await focusInTree()).toBe(true)
  })

  it('Refresh keeps the keyboard while it loads and after', async () => {
    const { page } = planner
    const refresh = button('Refresh')
    // The load is held a moment, so the test sees the button while it loads.
    const isSync = (url: URL) => decodeURIComponent(url.pathname).endsWith('/ipc/board:sync')
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(isSync, async (route) => {
      await held
      await route.continue()
    })
    try {
      await refresh.focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => refresh.getAttribute('aria-disabled')).toBe('true')
      expect(await focused()).toBe('button: Refresh')
      release()
      await expect.poll(() => refresh.getAttribute('aria-disabled')).toBe('false')
      expect(await focused()).toBe('button: Refresh')
    } finally {
      // A held load must not answer after the page has closed (an unhandled error fails a run).
      release()
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    }
  })
})

describe('what a screen reader hears', () => {
  it('the status bar is a landmark whose parts speak, not one live region read whole', async () => {
    const { page } = planner
    const bar = page.getByRole('contentinfo', { name: 'Status bar' })
    expect(await bar.count()).toBe(1)
    // The whole bar is no live region: each tick of a load's progress would read it all again.
    expect(await bar.evaluate((footer) => footer.closest('[role="status"], [aria-live]'))).toBe(
      null,
    )
    const live = await bar
      .getByRole('status')
      .evaluateAll((parts) => parts.map((part) => part.textContent ?? ''))
    expect(live.some((text) => text.startsWith('Synced '))).toBe(true)
    expect(live.some((text) => / tasks/.test(text))).toBe(true)
    // Edits being sent are not "waiting": nothing is said of them while the board answers.
    expect(live.filter((text) => /waiting/.test(text))).toEqual([])
  })
})

describe('the task tree from the keyboard', () => {
  it('names the focused row to screen readers, and Right and Left open, close and climb', async () => {
    const { page } = planner
    const tree = page.getByRole('tree', { name: 'Tasks' })
    const active = () =>
      tree.evaluate((element) => {
        const id = element.getAttribute('aria-activedescendant')
        const row = id ? document.getElementById(id) : null
        return row
          ? {
              task: row.getAttribute('data-task-id'),
              expanded: row.getAttribute('aria-expanded'),
              level: row.getAttribute('aria-level'),
            }
          : null
      })
    await tree.evaluate((element) => element.closest('[data-testid="timeline"]')!.scrollTo(0, 0))
    const parent = page.locator('.tree-row.task[aria-expanded="true"]').first()
    const parentId = await parent.getAttribute('data-task-id')
    await parent.click()
    await tree.focus()
    expect(await active()).toMatchObject({ task: parentId, expanded: 'true' })
    await page.keyboard.press('ArrowLeft')
    await expect.poll(async () => (await active())?.expanded).toBe('false')
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => (await active())?.expanded).toBe('true')
    // Open already: Right goes down to its first subtask, Left back up to it.
    const level = Number((await active())!.level)
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => Number((await active())?.level)).toBe(level + 1)
    await page.keyboard.press('ArrowLeft')
    await expect.poll(async () => (await active())?.task).toBe(parentId)
    expect(await focusInTree()).toBe(true)
    // Left from a top-level task goes to its group's row, which is named too and closes.
    const groupOf = async () =>
      tree.evaluate((element) => {
        const row = document.getElementById(element.getAttribute('aria-activedescendant') ?? '')
        return row?.classList.contains('group')
          ? { label: row.getAttribute('aria-label'), expanded: row.getAttribute('aria-expanded') }
          : null
      })
    // (The first open task row from the top is a top-level one: its parent would come first.)
    expect((await active())!.level).toBe('2')
    // Open, it closes first.
    await page.keyboard.press('ArrowLeft')
    await expect.poll(async () => (await active())?.expanded).toBe('false')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(groupOf).toMatchObject({ expanded: 'true' })
    await page.keyboard.press('ArrowLeft')
    await expect.poll(groupOf).toMatchObject({ expanded: 'false' })
    await page.keyboard.press('ArrowRight')
    await expect.poll(groupOf).toMatchObject({ expanded: 'true' })
    await page.keyboard.press('Home')
    await expect.poll(groupOf).not.toBeNull()
  })
})
