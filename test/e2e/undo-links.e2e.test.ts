/// <reference lib="dom" />
// Undo and redo, the context menu and tree-row links, as a user meets them in browser mode on
// the local demo board. What the board stores is read over HTTP with the test's own key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Request } from 'playwright-core'
import type { Task } from '../../src-shared/api'
import { drag, draggableBar, PX_PER_DAY } from './bars'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

let planner: Planner
let board: BoardClient
const updates: Request[] = []

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 80 })
  planner.page.on('request', (request) => {
    if (decodeURIComponent(request.url()).endsWith('/ipc/tasks:update')) updates.push(request)
  })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
}, 90_000)
afterAll(() => planner?.close())

const key = (task: Task) => `${task.projectKey}-${task.key}`

async function onBoard(id: string): Promise<Task> {
  const all = await board.tasks()
  const found = all.find((t) => t.id === id)
  if (found) return found
  // More than a page: look in the task's own project.
  const projects = [...new Set(all.map((t) => t.projectKey))]
  for (const project of projects) {
    const task = (await board.tasks(`projectKey=${project}`)).find((t) => t.id === id)
    if (task) return task
  }
  throw new Error(`task ${id} not on the board`)
}

/** Changes a task as another client of the board would. */
async function changeElsewhere(id: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${board.baseUrl}/api/v1/tasks`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${board.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tasks: [{ id, ...fields }] }),
  })
  if (response.status !== 200) throw new Error(await response.text())
}

/**
 * `count` updates sent, and each one answered: the board holds them. (Waiting for the page's
 * 'networkidle' load state did not wait for anything once the page had loaded, so a read of the
 * board could beat the last update to it.)
 */
async function settled(count: number) {
  await expect.poll(() => updates.length, { timeout: 10_000 }).toBe(count)
  await Promise.all(updates.map((request) => request.response()))
}

/** Tasks a test here has moved: the next test takes another, whose history is its own. */
const used: string[] = []

/** A click on empty toolbar space: the keys then go to the page, not a text field. */
async function focusPage() {
  await planner.page.locator('.legend').click()
}

describe('undo and redo', () => {
  it('undoes and redoes a drag with the keys and the toolbar, written back each time', async () => {
    const { page } = planner
    const { id, box } = await draggableBar(page, used)
    used.push(id)
    const before = await onBoard(id)
    const sent = updates.length
    await drag(page, box, 2 * PX_PER_DAY)
    await settled(sent + 1)
    const moved = await onBoard(id)
    expect(moved.dueDate).not.toBe(before.dueDate)

    await focusPage()
    await page.keyboard.press('Control+z')
    await settled(sent + 2)
    await expect.poll(async () => (await onBoard(id)).dueDate).toBe(before.dueDate)
    expect((await onBoard(id)).startDate).toBe(before.startDate)

    await page.keyboard.press('Control+Shift+z')
    await settled(sent + 3)
    await expect.poll(async () => (await onBoard(id)).dueDate).toBe(moved.dueDate)

    await page.getByRole('button', { name: 'Undo', exact: true }).click()
    await settled(sent + 4)
    await expect.poll(async () => (await onBoard(id)).dueDate).toBe(before.dueDate)
    await page.getByRole('button', { name: 'Redo', exact: true }).click()
    await settled(sent + 5)
    await expect.poll(async () => (await onBoard(id)).dueDate).toBe(moved.dueDate)
    await page.keyboard.press('Control+y')
    // Nothing left to redo: nothing sent.
    await page.waitForTimeout(300)
    expect(updates.length).toBe(sent + 5)
  })

  it('asks before undoing over a change made elsewhere, and Cancel sends nothing', async () => {
    const { page } = planner
    const { id, box } = await draggableBar(page, used)
    used.push(id)
    const before = await onBoard(id)
    const sent = updates.length
    await drag(page, box, 3 * PX_PER_DAY)
    await settled(sent + 1)
    const moved = await onBoard(id)
    await changeElsewhere(id, { title: 'Renamed elsewhere' })

    await focusPage()
    await page.keyboard.press('Control+z')
    const dialog = page.getByRole('alertdialog', { name: /^Undo move/ })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain(
      `${key(before)} ${before.title}: changed by olivia.owner@example.com`,
    )
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForTimeout(300)
    expect(updates.length).toBe(sent + 1)
    expect((await onBoard(id)).dueDate).toBe(moved.dueDate)

    await page.keyboard.press('Control+z')
    await page.getByRole('alertdialog', { name: /^Undo move/ }).waitFor()
    await page.getByRole('button', { name: 'Undo anyway' }).click()
    await settled(sent + 2)
    const undone = await onBoard(id)
    expect(undone).toMatchObject({ dueDate: before.dueDate, title: 'Renamed elsewhere' })
  })
})

describe('links from the tree and the context menu', () => {
  /** Two tasks whose rows are in view, with no parent and no subtasks. */
  async function twoRows(): Promise<[Task, Task]> {
    const ids = await planner.page.$$eval('.tree-row.task[data-task-id]', (rows) =>
      rows
        .filter((r) => r.getAttribute('aria-level') === '2' && !r.hasAttribute('aria-expanded'))
        .filter((r) => !r.classList.contains('milestone'))
        .map((r) => r.getAttribute('data-task-id')!),
    )
    const all = await board.tasks()
    const parents = new Set(all.map((t) => t.parentId))
    const free = (await Promise.all(ids.map(onBoard))).filter(
      (t) => t.parentId === '' && !parents.has(t.id),
    )
    return [free[0]!, free[1]!]
  }

  async function dragRow(fromId: string, toId: string, options: { alt?: boolean } = {}) {
    const { page } = planner
    const from = (await page.locator(`.tree-row[data-task-id="${fromId}"]`).boundingBox())!
    const to = (await page.locator(`.tree-row[data-task-id="${toId}"]`).boundingBox())!
    await page.mouse.move(from.x + 150, from.y + from.height / 2)
    await page.mouse.down()
    for (let step = 1; step <= 6; step += 1)
      await page.mouse.move(from.x + 150, from.y + ((to.y - from.y) * step) / 6 + from.height / 2)
    if (options.alt) await page.keyboard.down('Alt')
    await page.mouse.up()
    if (options.alt) await page.keyboard.up('Alt')
  }

  it('makes a subtask by dragging its row, refuses a loop before sending, and undoes', async () => {
    const [child, parent] = await twoRows()
    const sent = updates.length
    await dragRow(child.id, parent.id)
    await settled(sent + 1)
    await expect.poll(async () => (await onBoard(child.id)).parentId).toBe(parent.id)

    // The parent onto its own subtask: said at once, nothing sent.
    await planner.page.locator(`.tree-row[data-task-id="${child.id}"]`).waitFor()
    await dragRow(parent.id, child.id)
    await planner.page
      .getByRole('alert')
      .filter({ hasText: 'a task cannot become its own ancestor' })
      .waitFor()
    await planner.page.waitForTimeout(300)
    expect(updates.length).toBe(sent + 1)
    expect((await onBoard(parent.id)).parentId).toBe('')

    await focusPage()
    await planner.page.keyboard.press('Control+z')
    await settled(sent + 2)
    await expect.poll(async () => (await onBoard(child.id)).parentId).toBe('')
  })

  it('links a task to a milestone by dragging its row with Alt, and refuses a task as one', async () => {
    const { page } = planner
    const [task, other] = await twoRows()
    const milestone = await page.$eval('.tree-row.task.milestone[data-task-id]', (row) =>
      row.getAttribute('data-task-id')!,
    )
    const sent = updates.length
    await dragRow(task.id, milestone, { alt: true })
    await settled(sent + 1)
    await expect.poll(async () => (await onBoard(task.id)).milestoneId).toBe(milestone)

    await dragRow(other.id, task.id, { alt: true })
    await page.getByRole('alert').filter({ hasText: 'is a task, not a milestone' }).waitFor()
    await page.waitForTimeout(300)
    expect(updates.length).toBe(sent + 1)
  })

  it('offers Open, Remove from parent and Copy link in the context menu', async () => {
    const { page } = planner
    const [child, parent] = await twoRows()
    const sent = updates.length
    await dragRow(child.id, parent.id)
    await settled(sent + 1)

    const row = page.locator(`.tree-row[data-task-id="${child.id}"]`)
    await row.click({ button: 'right' })
    const menu = page.getByRole('menu', { name: `Actions for ${key(child)} ${child.title}` })
    await menu.getByRole('menuitem', { name: 'Open' }).click()
    await page.getByRole('dialog', { name: `Task ${key(child)}` }).waitFor({ timeout: 5000 })
    await page.keyboard.press('Escape')

    await row.click({ button: 'right' })
    await menu.getByRole('menuitem', { name: 'Remove from parent' }).click({ timeout: 5000 })
    await settled(sent + 2)
    await expect.poll(async () => (await onBoard(child.id)).parentId).toBe('')

    // A plain bar with a dependency: the board named its URL.
    const linked = await page.$$eval('[data-link-id]', (links) =>
      links
        .flatMap((g) => [g.getAttribute('data-from')!, g.getAttribute('data-to')!])
        .find((id) => document.querySelector(`.tb-bar.tb-kind-bar[data-task-id="${id}"]`)),
    )
    expect(linked).toBeDefined()
    const bar = page.locator(`.tb-bar.tb-kind-bar[data-task-id="${linked}"]`)
    await bar.scrollIntoViewIfNeeded()
    const box = (await bar.locator('.bar').first().boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('menuitem', { name: 'Copy link' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`Copied the link to .*: .*/tasks/${linked}`) })
      .waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/tasks/${linked}$`),
    )

    // An arrow's menu has one "Copy link", as a bar's: it copies both its tasks' links, as the
    // board named them, predecessor first, one a line.
    const arrow = page.locator('[data-link-id]').first()
    const predecessor = (await arrow.getAttribute('data-from'))!
    const successor = (await arrow.getAttribute('data-to'))!
    await arrow
      .locator('.tb-arrow-hit')
      .dispatchEvent('contextmenu', { bubbles: true, clientX: 400, clientY: 300 })
    await expect.poll(() => page.getByRole('menuitem', { name: /Copy link/ }).count()).toBe(1)
    await page.getByRole('menuitem', { name: 'Copy link', exact: true }).click()
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(new RegExp(`^\\S+/tasks/${predecessor}\\n\\S+/tasks/${successor}$`))
  })
})
