/// <reference lib="dom" />
// The New task dialog and the details panel as a user meets them (issue 11, items 1, 2 and the
// panel's parts of 3-4), driven by their accessible names in browser mode on the local demo board.
// What the board stores is checked over HTTP with the test's own key; what the planner sends is
// counted at its IPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Request } from 'playwright-core'
import type { Task } from '../../src-shared/api'
import { draggableBar } from './bars'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

let planner: Planner
let board: BoardClient
const sent: Record<'create' | 'update', Request[]> = { create: [], update: [] }
const RUN = Date.now().toString(36)

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 80 })
  planner.page.on('request', (request) => {
    const url = decodeURIComponent(request.url())
    if (url.endsWith('/ipc/tasks:create')) sent.create.push(request)
    if (url.endsWith('/ipc/tasks:update')) sent.update.push(request)
  })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
}, 90_000)
afterAll(() => planner?.close())

const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true })
const newTaskDialog = () => planner.page.getByRole('dialog', { name: 'New task' })
const panelOf = (task: Pick<Task, 'projectKey' | 'key'>) =>
  planner.page.getByRole('dialog', { name: `Task ${task.projectKey}-${task.key}` })
const byTitle = async (title: string) => (await board.tasks()).filter((t) => t.title === title)
const payload = (request: Request) =>
  (JSON.parse(request.postData()!) as { payload: { tasks: Record<string, unknown>[] } }).payload

async function plainTask(): Promise<Task> {
  const { id } = await draggableBar(planner.page)
  return (await board.tasks()).find((t) => t.id === id)!
}

/** Opens the details panel of a plain task's bar by double-clicking it, as a user does. */
async function openPlainTask(): Promise<{ task: Task; panel: Locator }> {
  const task = await plainTask()
  const { box } = await draggableBar(planner.page)
  await planner.page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2)
  const panel = panelOf(task)
  await panel.waitFor()
  return { task, panel }
}

describe('New task', () => {
  it('the toolbar opens a dialog with every create field; a milestone hides what it ignores', async () => {
    const { page } = planner
    // With the Filters panel open before: the dialog closes it, so that no label of the dialog
    // (Project, Status, Type...) is on the page twice, the status bar's included.
    await page.getByRole('button', { name: 'Filters' }).click()
    await page.getByRole('region', { name: 'Filter tasks' }).waitFor()
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = newTaskDialog()
    await dialog.waitFor()
    for (const label of ['Title', 'Project', 'Type', 'Status', 'Assignee', 'Priority', 'Milestone'])
      expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1)
    for (const label of [
      'Title',
      'Project',
      'Type',
      'Status',
      'Assignee',
      'Priority',
      'Pinned',
      'Tags',
      'Start date',
      'Due date',
      'Description',
      'Description format',
      'Milestone',
      'Story Points',
      'Blocked',
    ])
      expect(await field(dialog, label).count(), label).toBe(1)
    expect(await dialog.getByRole('button', { name: 'Add subtask' }).count()).toBe(1)
    await field(dialog, 'Type').selectOption('milestone')
    for (const hidden of ['Assignee', 'Priority', 'Pinned', 'Tags', 'Start date', 'Milestone'])
      expect(await field(dialog, hidden).count(), hidden).toBe(0)
    expect(await dialog.getByRole('button', { name: 'Add subtask' }).count()).toBe(0)
    await field(dialog, 'Type').selectOption('task')
    await planner.screenshot('task-form-01-new-task')
    await page.keyboard.press('Escape')
    await expect.poll(() => newTaskDialog().count()).toBe(0)
  })

  it('bad input shows the rule and sends nothing', async () => {
    const { page } = planner
    // N from anywhere but a field.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('n')
    const dialog = newTaskDialog()
    await dialog.waitFor()
    await field(dialog, 'Tags').fill('a,b')
    await field(dialog, 'Tags').press('Enter')
    await expect.poll(() => dialog.textContent()).toMatch(/a tag cannot contain a comma/)
    await field(dialog, 'Tags').fill('')
    await field(dialog, 'Contact').fill('not-an-address')
    await field(dialog, 'Title').fill('   ')
    await dialog.getByRole('button', { name: 'Create' }).click()
    const text = await dialog.textContent()
    expect(text).toMatch(/Title: must not be blank/)
    expect(text).toMatch(/a Email property takes an e-mail address/)
    // A screen reader hears each rule once, with its field: the first field in error has the
    // keyboard and names its rule; the rules are no alerts read out all at once besides.
    const focused = await page.evaluate(() => {
      const active = document.activeElement!
      const described = active.getAttribute('aria-describedby')
      return {
        invalid: active.getAttribute('aria-invalid'),
        rule: described ? document.getElementById(described)?.textContent : null,
      }
    })
    expect(focused).toEqual({ invalid: 'true', rule: 'Title: must not be blank' })
    expect(await dialog.getByRole('alert').count()).toBe(0)
    await field(dialog, 'Title').fill('x'.repeat(501))
    await expect.poll(() => dialog.textContent()).toMatch(/at most 500 characters/)
    await page.waitForTimeout(300)
    expect(sent.create).toHaveLength(0)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })

  it('creates a task with its fields and a subtask in one batch; exactly one of each exists', async () => {
    const { page } = planner
    const title = `E2E create ${RUN}`
    const subtitle = `E2E subtask ${RUN}`
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = newTaskDialog()
    await field(dialog, 'Title').fill(title)
    await field(dialog, 'Project').fill('APP')
    await field(dialog, 'Status').fill('In Progress')
    await field(dialog, 'Assignee').fill('ada.lovelace@example.com')
    await field(dialog, 'Priority').selectOption('high')
    await field(dialog, 'Pinned').check()
    await field(dialog, 'Tags').fill('e2e')
    await field(dialog, 'Tags').press('Enter')
    await field(dialog, 'Start date').fill('2026-12-01')
    await field(dialog, 'Due date').fill('2026-12-04')
    await field(dialog, 'Description format').selectOption('markdown')
    await field(dialog, 'Description').fill('Some **bold** words')
    await expect
      .poll(() => dialog.getByRole('region', { name: 'Description preview' }).innerHTML())
      .toContain('<strong>bold</strong>')
    await field(dialog, 'Story Points').fill('5')
    await dialog.getByRole('button', { name: 'Add subtask' }).click()
    await field(dialog, 'Subtask 1 title').fill(subtitle)
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect.poll(() => newTaskDialog().count()).toBe(0)
    // Playwright reports requests on a channel of its own: wait for the count, then check it.
    await expect.poll(() => sent.create.length).toBe(1)
    await page.waitForTimeout(200)
    expect(sent.create).toHaveLength(1)
    expect(payload(sent.create[0]!).tasks).toHaveLength(1)

    const [made, ...others] = await byTitle(title)
    expect(others).toHaveLength(0)
    expect(made).toMatchObject({
      projectKey: 'APP',
      status: 'In Progress',
      assignedUserEmail: 'ada.lovelace@example.com',
      priority: 'high',
      pinToTop: true,
      tags: ['e2e'],
      startDate: '2026-12-01T00:00:00.000Z',
      dueDate: '2026-12-04T00:00:00.000Z',
      description: 'Some bold words',
      properties: { 'Story Points': 5 },
    })
    const subtasks = await byTitle(subtitle)
    expect(subtasks).toHaveLength(1)
    expect(subtasks[0]!.parentId).toBe(made!.id)
    // Shown in place, selected: its row is in the tree.
    await expect
      .poll(() => page.locator(`.tree-row[data-task-id="${made!.id}"]`).count(), {
        timeout: 15_000,
      })
      .toBe(1)
  })

  it('the HTML preview is sanitised', async () => {
    const { page } = planner
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = newTaskDialog()
    await field(dialog, 'Description format').selectOption('html')
    await field(dialog, 'Description').fill('<p>hi</p><img src="x" onerror="window.__xss = 1">')
    const preview = dialog.getByRole('region', { name: 'Description preview' })
    await expect.poll(() => preview.innerHTML()).toContain('<p>hi</p>')
    expect(await preview.innerHTML()).not.toContain('onerror')
    await page.waitForTimeout(200)
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
    await page.keyboard.press('Escape')
  })

  it('a description cannot restyle or cover the planner, and its links open elsewhere', async () => {
    const { page } = planner
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = newTaskDialog()
    await field(dialog, 'Description format').selectOption('html')
    await field(dialog, 'Description').fill(
      '<p>hi <a href="https://example.com/x">link</a></p>' +
        '<style>.toolbar{visibility:hidden}</style>' +
        '<div style="position:fixed;inset:0;z-index:99999;background:#fff">Fake overlay</div>' +
        '<form><input name="key" placeholder="API key"><button>Sign in</button></form>',
    )
    const preview = dialog.getByRole('region', { name: 'Description preview' })
    await expect.poll(() => preview.innerHTML()).toContain('Fake overlay')
    const html = await preview.innerHTML()
    for (const gone of ['<style', 'style=', '<form', '<input', '<button'])
      expect(html, gone).not.toContain(gone)
    expect(html).toContain('target="_blank"')
    expect(html).toContain('rel="noopener noreferrer"')
    expect(await page.getByRole('button', { name: 'New task' }).isVisible()).toBe(true)
    await page.keyboard.press('Escape')
  })

  it('a description nested past what markdown can render shows as text, not a blank window', async () => {
    const { page } = planner
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = newTaskDialog()
    await field(dialog, 'Description format').selectOption('markdown')
    await field(dialog, 'Description').fill(`${'>'.repeat(3000)} deep`)
    const preview = dialog.getByRole('region', { name: 'Description preview' })
    await expect.poll(() => preview.textContent()).toContain('deep')
    expect(await dialog.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
  })
})

describe('New task, descriptions the board takes', () => {
  it('a long description previews its start without freezing; a rule of dashes renders', async () => {
    const { page } = planner
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = newTaskDialog()
    await field(dialog, 'Description format').selectOption('markdown')
    const preview = dialog.getByRole('region', { name: 'Description preview' })
    // 100,000 characters whose emphasis markers marked once took about 10 s to sort out.
    await field(dialog, 'Description').fill('_a'.repeat(50_000))
    await expect
      .poll(() => preview.textContent())
      .toContain('The preview shows the first 10,000 characters')
    // A rule of 200 dashes nests nothing: rendered as markdown, not shown as plain text.
    await field(dialog, 'Description').fill(`Above\n\n${'-'.repeat(200)}\n\n**Below**`)
    await expect.poll(() => preview.locator('hr').count()).toBe(1)
    expect(await preview.locator('strong').textContent()).toBe('Below')
    await page.keyboard.press('Escape')
  })
})

describe('New task, a property shown as a choice', () => {
  it('also takes a value no task has shown, typed', async () => {
    const { page } = planner
    const title = `E2E another value ${RUN}`
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = newTaskDialog()
    await field(dialog, 'Title').fill(title)
    await field(dialog, 'Project').fill('APP')
    // The board's Notes (a Text property) repeats a few values, so the planner offers them.
    expect(await field(dialog, 'Notes').evaluate((el) => el.tagName)).toBe('SELECT')
    await field(dialog, 'Notes').selectOption({ label: 'Another value…' })
    await field(dialog, 'Notes: another value').fill(`own note ${RUN}`)
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect.poll(() => newTaskDialog().count()).toBe(0)
    await expect
      .poll(async () => (await byTitle(title))[0]?.properties['Notes'])
      .toBe(`own note ${RUN}`)
  })
})

describe('New task, a Multi-Select option typed', () => {
  it('adds an option typed beside the list, whether or not a loaded task uses it', async () => {
    const { page } = planner
    const title = `E2E typed option ${RUN}`
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = newTaskDialog()
    await field(dialog, 'Title').fill(title)
    await field(dialog, 'Project').fill('APP')
    await field(dialog, 'Platforms: another option').fill('Desktop')
    await field(dialog, 'Platforms: another option').press('Enter')
    // Enter added the option; it did not create the task.
    expect(await dialog.count()).toBe(1)
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect.poll(() => newTaskDialog().count()).toBe(0)
    await expect
      .poll(async () => (await byTitle(title))[0]?.properties['Platforms'])
      .toEqual(['Desktop'])
  })
})

describe('Details panel', () => {
  it('double-click on a bar opens "Task <KEY>"; Save sends only the changed fields', async () => {
    const { task, panel } = await openPlainTask()
    const before = sent.update.length
    const newTitle = `${task.title} (edited ${RUN})`
    await field(panel, 'Title').fill(newTitle)
    await field(panel, 'Status').fill('In Review')
    await field(panel, 'Assignee').fill('grace.hopper@example.com')
    await field(panel, 'Tags').fill(`t-${RUN}`)
    await field(panel, 'Story Points').fill('8')
    await field(panel, 'Due date').fill('')
    await planner.screenshot('task-form-02-details')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => sent.update.length).toBe(before + 1)
    const item = payload(sent.update.at(-1)!).tasks[0]!
    expect(Object.keys(item).sort()).toEqual(
      ['assignedUserEmail', 'dueDate', 'id', 'properties', 'status', 'tags', 'title'].sort(),
    )
    await expect
      .poll(async () => (await board.tasks()).find((t) => t.id === task.id)?.title)
      .toBe(newTitle)
    const now = (await board.tasks()).find((t) => t.id === task.id)!
    expect(now).toMatchObject({
      status: 'In Review',
      assignedUserEmail: 'grace.hopper@example.com',
      tags: [...task.tags, `t-${RUN}`],
      dueDate: '',
    })
    expect(now.properties['Story Points']).toBe(8)
  })

  it('the Filters panel and the details panel take turns in their place, nothing typed lost', async () => {
    const { page } = planner
    const { panel } = await openPlainTask()
    const typed = `Typed before Filters ${RUN}`
    await field(panel, 'Title').fill(typed)
    await page.getByRole('button', { name: 'Filters' }).click()
    const filters = page.getByRole('region', { name: 'Filter tasks' })
    await filters.waitFor()
    await expect.poll(() => panel.count()).toBe(0)
    expect(await page.getByLabel('Status', { exact: true }).count()).toBe(1)
    // Filters closed: the panel is back as the user left it.
    await filters.getByRole('button', { name: 'Close', exact: true }).click()
    await panel.waitFor()
    expect(await field(panel, 'Title').inputValue()).toBe(typed)

    // The same with the New task dialog.
    await page.getByRole('button', { name: 'New task' }).click()
    await newTaskDialog().waitFor()
    await expect.poll(() => panel.count()).toBe(0)
    await page.keyboard.press('Escape')
    await panel.waitFor()
    expect(await field(panel, 'Title').inputValue()).toBe(typed)

    // Opening a task while the Filters panel is open closes it; Esc discards as always.
    await page.getByRole('button', { name: 'Filters' }).click()
    await filters.waitFor()
    const again = await openPlainTask()
    await expect.poll(() => filters.count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => again.panel.count()).toBe(0)
  })

  it('Enter on a selected task opens it; Esc discards, and the keyboard is back in the tree', async () => {
    const { page } = planner
    const task = await plainTask()
    await page.locator(`.tree-row[data-task-id="${task.id}"]`).click()
    await page.keyboard.press('Enter')
    const panel = panelOf(task)
    await panel.waitFor()
    const before = sent.update.length
    await field(panel, 'Title').fill('Never saved')
    await page.keyboard.press('Escape')
    await expect.poll(() => panel.count()).toBe(0)
    await page.waitForTimeout(300)
    expect(sent.update.length).toBe(before)
    expect((await board.tasks()).find((t) => t.id === task.id)!.title).toBe(task.title)
    // The keyboard is back where it was (the task tree), not on the page's body.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tree')
  })

  it('bad input in the panel shows the rule and sends nothing', async () => {
    const { page } = planner
    const task = await plainTask()
    await page.locator(`.tree-row[data-task-id="${task.id}"]`).dblclick()
    const panel = panelOf(task)
    await panel.waitFor()
    const before = sent.update.length
    await field(panel, 'Title').fill('')
    await field(panel, 'Spec').fill('not a url')
    await panel.getByRole('button', { name: 'Save' }).click()
    const text = await panel.textContent()
    expect(text).toMatch(/Title: must not be blank/)
    expect(text).toMatch(/a URL property takes an http\(s\) URL/)
    await page.waitForTimeout(300)
    expect(sent.update.length).toBe(before)
    await page.keyboard.press('Escape')
  })

  it('Cancel in Add predecessor gives focus back to the panel, so Esc still discards it', async () => {
    const { page } = planner
    const task = await plainTask()
    await page.locator(`.tree-row[data-task-id="${task.id}"]`).dblclick()
    const panel = panelOf(task)
    await panel.waitFor()
    await panel.getByRole('button', { name: 'Add predecessor' }).click()
    await panel.getByRole('button', { name: 'Cancel' }).click()
    expect(
      await panel
        .getByRole('button', { name: 'Add predecessor' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => panelOf(task).count()).toBe(0)
  })

  it('text a number field cannot read is refused, not taken as clearing the value', async () => {
    const { page } = planner
    const tasks = await board.tasks()
    const shown = await page.$$eval('.tree-row[data-task-id]', (rows) =>
      rows.map((row) => row.getAttribute('data-task-id')),
    )
    const task = tasks.find(
      (t) => shown.includes(t.id) && typeof t.properties['Story Points'] === 'number',
    )!
    await page.locator(`.tree-row[data-task-id="${task.id}"]`).dblclick()
    const panel = panelOf(task)
    await panel.waitFor()
    const points = field(panel, 'Story Points')
    await points.click()
    await page.keyboard.press('ControlOrMeta+A')
    // The browser reads "1e" as no number at all: the field's value is '' while it shows "1e".
    await page.keyboard.type('1e')
    const before = sent.update.length
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => panel.textContent()).toMatch(/a Number property takes a finite number/)
    await page.waitForTimeout(300)
    expect(sent.update.length).toBe(before)
    expect((await board.tasks()).find((t) => t.id === task.id)!.properties['Story Points']).toBe(
      task.properties['Story Points'],
    )
    await page.keyboard.press('Escape')
  })

  it('Enter in the Parent picker with no match neither saves nor closes the panel', async () => {
    const { task, panel } = await openPlainTask()
    const before = sent.update.length
    await field(panel, 'Title').fill(`${task.title} (not saved)`)
    await field(panel, 'Parent').fill('NOPE-99999')
    await field(panel, 'Parent').press('Enter')
    await expect.poll(() => panel.textContent()).toContain('No task matches "NOPE-99999".')
    await planner.page.waitForTimeout(300)
    expect(sent.update.length).toBe(before)
    expect(await panel.count()).toBe(1)
    await planner.page.keyboard.press('Escape')
    await planner.page.keyboard.press('Escape')
    await expect.poll(() => panel.count()).toBe(0)
  })

  it('a due date with a part left out is an error, not a clearing of the date', async () => {
    const { page } = planner
    const { task, panel } = await openPlainTask()
    expect(task.dueDate).not.toBe('')
    const due = field(panel, 'Due date')
    // The first part of the date (the month, in the en-US layout) emptied, the rest kept.
    await due.click()
    await due.press('Home')
    await due.press('Backspace')
    expect(await due.evaluate((input: HTMLInputElement) => input.validity.badInput)).toBe(true)
    const before = sent.update.length
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => panel.textContent()).toContain('is not a whole date')
    await page.waitForTimeout(300)
    expect(sent.update.length).toBe(before)
    expect((await board.tasks()).find((t) => t.id === task.id)!.dueDate).toBe(task.dueDate)
    await panel.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => panel.count()).toBe(0)
  })

  it('sets a parent and a milestone; refuses an ancestor loop before sending', async () => {
    const { page } = planner
    const child = (await byTitle(`E2E create ${RUN}`))[0]!
    const tasks = await board.tasks()
    const parent = tasks.find((t) => t.type === 'task' && t.parentId === '' && t.id !== child.id)!
    const milestone = tasks.find((t) => t.type === 'milestone')!
    await page.locator(`.tree-row[data-task-id="${child.id}"]`).dblclick()
    const panel = panelOf(child)
    await panel.waitFor()
    const picker = field(panel, 'Parent')
    await picker.fill(`${parent.projectKey}-${parent.key}`)
    await panel
      .getByRole('option', { name: `${parent.projectKey}-${parent.key} ${parent.title}` })
      .click()
    await field(panel, 'Milestone').selectOption(milestone.id)
    const before = sent.update.length
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => sent.update.length).toBe(before + 1)
    await expect
      .poll(async () => (await board.tasks()).find((t) => t.id === child.id)?.parentId)
      .toBe(parent.id)
    expect((await board.tasks()).find((t) => t.id === child.id)!.milestoneId).toBe(milestone.id)

    // The parent's own panel refuses its subtask as its parent, saying why; nothing is sent.
    await expect.poll(() => page.locator(`.tree-row[data-task-id="${parent.id}"]`).count()).toBe(1)
    await page.locator(`.tree-row[data-task-id="${parent.id}"]`).dblclick()
    const parentPanel = panelOf(parent)
    await parentPanel.waitFor()
    await field(parentPanel, 'Parent').fill(`${child.projectKey}-${child.key}`)
    await parentPanel
      .getByRole('option', { name: `${child.projectKey}-${child.key} ${child.title}` })
      .click()
    await expect
      .poll(() => parentPanel.textContent())
      .toMatch(/is a subtask of this task; a task cannot become its own ancestor/)
    const count = sent.update.length
    await parentPanel.getByRole('button', { name: 'Save' }).click()
    await page.waitForTimeout(300)
    expect(sent.update.length).toBe(count)
    await planner.screenshot('task-form-03-ancestor-refused')
  })

  it('Add successor: a task picker, Lag (days), Add dependency; the board has it', async () => {
    const { page } = planner
    const tasks = await board.tasks()
    const [from, to] = tasks.filter((t) => t.type === 'task' && t.title.startsWith('E2E') === false)
    await page.locator(`.tree-row[data-task-id="${from!.id}"]`).dblclick()
    const panel = panelOf(from!)
    await panel.waitFor()
    await panel.getByRole('button', { name: 'Add successor' }).click()
    // The arrow keys move the highlight, and a screen reader hears the highlighted match: the
    // field names it (the keyboard stays in the field).
    const picker = field(panel, 'Successor')
    // A letter most titles have: several matches.
    await picker.fill('e')
    const highlighted = () =>
      picker.evaluate((input) => {
        const id = input.getAttribute('aria-activedescendant')
        const option = id ? document.getElementById(id) : null
        return option?.getAttribute('aria-selected') === 'true' ? option.textContent : null
      })
    const options = panel.getByRole('listbox', { name: 'Successor matches' }).getByRole('option')
    await expect.poll(() => options.count()).toBeGreaterThan(1)
    expect(await highlighted()).toBe(await options.nth(0).textContent())
    await picker.press('ArrowDown')
    expect(await highlighted()).toBe(await options.nth(1).textContent())
    await field(panel, 'Successor').fill(`${to!.projectKey}-${to!.key}`)
    await panel.getByRole('option', { name: `${to!.projectKey}-${to!.key} ${to!.title}` }).click()
    await field(panel, 'Lag (days)').fill('-1')
    await expect.poll(() => panel.textContent()).toMatch(/must not be negative/)
    await field(panel, 'Lag (days)').fill('2')
    await panel.getByRole('button', { name: 'Add dependency' }).click()
    const dependencies = async () => {
      const response = await fetch(`${board.baseUrl}/api/v1/dependencies?taskId=${from!.id}`, {
        headers: { authorization: `Bearer ${board.apiKey}` },
      })
      const body = (await response.json()) as {
        dependencies: { predecessorId: string; successorId: string; lagDays: number }[]
      }
      return body.dependencies.filter((d) => d.successorId === to!.id)
    }
    await expect
      .poll(dependencies)
      .toEqual([expect.objectContaining({ predecessorId: from!.id, lagDays: 2 })])
    await page.keyboard.press('Escape')
  })
})

// A change made on the board after the user opened the task: the save is held back as a
// conflict, shown with who changed it; "Keep mine" writes the user's value over it, "Take
// theirs" keeps the board's. What the board holds is read over HTTP.
describe('a change made elsewhere meanwhile', () => {
  async function saveOverTheirs(mine: string, theirs: string) {
    const { page } = planner
    const { task, panel } = await openPlainTask()
    await board.update([{ id: task.id, title: theirs }])
    await field(panel, 'Title').fill(mine)
    await panel.getByRole('button', { name: 'Save' }).click()
    const problem = page.locator('.message.problem').filter({ hasText: task.title })
    await problem.waitFor()
    expect(await problem.textContent()).toContain(
      'was changed on the board by olivia.owner@example.com',
    )
    // The planner shows the board's version until the user chooses.
    const row = page.locator(`.tree-row[data-task-id="${task.id}"]`)
    await expect.poll(() => row.textContent()).toContain(theirs)
    return { task, problem, row }
  }

  /** Opens a task, then another client changes its title and the planner syncs it in. */
  async function openedThenChangedElsewhere(theirs: string) {
    const { page } = planner
    const opened = await openPlainTask()
    await board.update([{ id: opened.task.id, title: theirs }])
    await page.getByRole('button', { name: 'Refresh' }).click()
    const row = page.locator(`.tree-row[data-task-id="${opened.task.id}"]`)
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(theirs)
    return { ...opened, row }
  }

  it('a save after a sync brought another change sends only the user\u2019s fields', async () => {
    // The panel's draft is the task as opened: comparing it with the synced task counted the
    // other user's title as this user's change, and Save wrote the old title back.
    const theirs = `Synced title ${RUN}`
    const { task, panel } = await openedThenChangedElsewhere(theirs)
    // The open panel shows the title the sync brought in, not the one it opened with.
    await expect.poll(() => field(panel, 'Title').inputValue()).toBe(theirs)
    const before = sent.update.length
    await field(panel, 'Status').fill('In Review')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => sent.update.length).toBe(before + 1)
    expect(Object.keys(payload(sent.update.at(-1)!).tasks[0]!).sort()).toEqual(['id', 'status'])
    await expect
      .poll(async () => (await board.tasks()).find((t) => t.id === task.id)?.status)
      .toBe('In Review')
    expect((await board.tasks()).find((t) => t.id === task.id)?.title).toBe(theirs)
  })

  it('a save of a field another user changed since the panel opened is held back as a conflict', async () => {
    const { page } = planner
    const theirs = `Their synced title ${RUN}`
    const { task, panel } = await openedThenChangedElsewhere(theirs)
    await field(panel, 'Title').fill(`My title ${RUN}`)
    await panel.getByRole('button', { name: 'Save' }).click()
    const problem = page.locator('.message.problem').filter({ hasText: 'was changed on the board' })
    await problem.first().waitFor()
    await page.waitForTimeout(300)
    expect((await board.tasks()).find((t) => t.id === task.id)?.title).toBe(theirs)
    await problem.first().getByRole('button', { name: 'Take theirs' }).click()
  })

  it('"Keep mine" writes the user\u2019s value over the board\u2019s', async () => {
    const mine = `Mine ${RUN}`
    const { task, problem, row } = await saveOverTheirs(mine, `Theirs ${RUN}`)
    await problem.getByRole('button', { name: 'Keep mine' }).click()
    await expect
      .poll(async () => (await board.tasks()).find((t) => t.id === task.id)?.title)
      .toBe(mine)
    await expect.poll(() => problem.count()).toBe(0)
    await expect.poll(() => row.textContent()).toContain(mine)
  })

  it('"Take theirs" keeps the board\u2019s value and sends nothing more', async () => {
    const theirs = `Theirs again ${RUN}`
    const { task, problem } = await saveOverTheirs(`Mine again ${RUN}`, theirs)
    const before = sent.update.length
    await problem.getByRole('button', { name: 'Take theirs' }).click()
    await expect.poll(() => problem.count()).toBe(0)
    await planner.page.waitForTimeout(300)
    expect(sent.update.length).toBe(before)
    expect((await board.tasks()).find((t) => t.id === task.id)?.title).toBe(theirs)
  })
})

// Last: it makes a task of its own, which the counts of sent creates above do not expect.
describe('New task, a milestone', () => {
  it('creates a milestone whatever text was left in the Tags field it hides', async () => {
    const { page } = planner
    const title = `E2E milestone ${RUN}`
    await page.getByRole('button', { name: 'New task' }).click()
    const dialog = newTaskDialog()
    await dialog.waitFor()
    await field(dialog, 'Title').fill(title)
    await field(dialog, 'Tags').fill('half,typed')
    await field(dialog, 'Type').selectOption('milestone')
    await field(dialog, 'Due date').fill('2026-06-01')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(async () => (await byTitle(title)).map((t) => t.type)).toEqual(['milestone'])
  })
})
