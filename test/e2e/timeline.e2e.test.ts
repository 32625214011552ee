/// <reference lib="dom" />
// The planner as a user meets it: browser mode on the local demo board, in Chromium. What the
// board stores is checked through its HTTP API, not through the UI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Request } from 'playwright-core'
import { drag as dragOn, draggableBar as draggableBarOn, PX_PER_DAY } from './bars'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

const DAY = 86_400_000
let planner: Planner
let board: BoardClient
const updates: Request[] = []
/** Requests of the page that failed (a missing favicon included). */
const failed: string[] = []

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 80 })
  planner.page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
  })
  planner.page.on('request', (request) => {
    if (decodeURIComponent(request.url()).endsWith('/ipc/tasks:update')) updates.push(request)
  })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
}, 90_000)
afterAll(() => planner?.close())

const draggableBar = (skip: string[] = []) => draggableBarOn(planner.page, skip)
const drag = (...args: Parameters<typeof dragOn> extends [unknown, ...infer R] ? R : never) =>
  dragOn(planner.page, ...args)

const pxPerDay = PX_PER_DAY

/** `count` updates sent, and each one answered ('networkidle' waits for nothing once loaded). */
async function settle(count: number) {
  await expect.poll(() => updates.length, { timeout: 10_000 }).toBe(count)
  await Promise.all(updates.map((request) => request.response()))
}

describe('the timeline on the demo board', () => {
  it('works at http://localhost:<port>/ as well as at 127.0.0.1', async () => {
    const page = await planner.browser.newPage()
    try {
      await page.goto(planner.url.replace('127.0.0.1', 'localhost'))
      await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
      await expect.poll(() => page.getByTestId('coverage').textContent()).toMatch(/complete$/)
    } finally {
      await page.close()
    }
  })

  it('loads without a failed request, its icon included', async () => {
    await planner.page.waitForLoadState('networkidle')
    expect(failed).toEqual([])
    const icon = await planner.page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href,
    )
    expect((await fetch(icon!)).status).toBe(200)
  })

  it('shows bars, milestones and labelled lag arrows, with the coverage in the status bar', async () => {
    const { page } = planner
    expect(await page.locator('.tb-bar').count()).toBeGreaterThan(10)
    expect(await page.locator('.tb-kind-milestone').count()).toBeGreaterThan(0)
    const labels = await page.locator('[data-link-id] text').allTextContents()
    expect(labels.some((text) => /^\+\d+d$/.test(text.trim()))).toBe(true)
    await expect
      .poll(() => page.getByTestId('coverage').textContent())
      .toMatch(/^80 tasks, complete$/)
    await planner.screenshot('01-demo-board')
  })

  it('drag: one batch, and the board moved the task by whole days keeping its time of day', async () => {
    const { id, box } = await draggableBar()
    const before = (await board.tasks()).find((t) => t.id === id)!
    const sent = updates.length
    await drag(box, 3 * pxPerDay)
    await settle(sent + 1)
    const body = JSON.parse(updates.at(-1)!.postData()!) as { payload: { tasks: { id: string }[] } }
    expect(body.payload.tasks.map((t) => t.id)).toEqual([id])
    await expect
      .poll(async () => (await board.tasks()).find((t) => t.id === id)!.dueDate)
      .toBe(new Date(Date.parse(before.dueDate) + 3 * DAY).toISOString())
    await planner.screenshot('02-after-drag')
  })

  /**
   * Presses a bar and drags it 3 days right, held: the bar follows the pointer (else going back
   * later would prove nothing). Its offset from home is read by centre and by the rect's own x:
   * hover styling widens the box by a pixel a side.
   */
  async function holdDraggedBar() {
    const { page } = planner
    const { id, box } = await draggableBar()
    const rect = page.locator(`.tb-bar[data-task-id="${id}"] rect.bar`)
    const homeCentre = box.x + box.width / 2
    const offset = async () => {
      const now = (await rect.boundingBox())!
      return now.x + now.width / 2 - homeCentre
    }
    const home = await rect.getAttribute('x')
    const sent = updates.length
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    for (let step = 1; step <= 8; step += 1) await page.mouse.move(x + (3 * pxPerDay * step) / 8, y)
    await expect.poll(offset).toBeGreaterThan(2 * pxPerDay)
    /** After the gesture ends: the bar is back home and nothing was sent. */
    const backHomeUnsent = async () => {
      await expect.poll(async () => Math.abs(await offset())).toBeLessThan(1)
      await page.waitForTimeout(500)
      expect(Math.abs(await offset())).toBeLessThan(1)
      expect(await rect.getAttribute('x')).toBe(home)
      expect(updates.length).toBe(sent)
    }
    return { backHomeUnsent, offset }
  }

  it('Esc during a drag cancels it: the bar goes back to its place and nothing is sent', async () => {
    const { page } = planner
    const { backHomeUnsent } = await holdDraggedBar()
    await page.keyboard.press('Escape')
    await page.mouse.up()
    await backHomeUnsent()
  })

  it('a drag the window loses (Alt+Tab away mid-drag) is cancelled, not written at the next click', async () => {
    const { page } = planner
    const { backHomeUnsent, offset } = await holdDraggedBar()
    // The window loses the focus: its mouseup will never come. The bar goes back at once.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')))
    await expect.poll(async () => Math.abs(await offset())).toBeLessThan(1)
    await page.mouse.up()
    await backHomeUnsent()
  })

  it('multi-select drag moves several tasks in one request', async () => {
    const { page } = planner
    const a = await draggableBar()
    const b = await draggableBar([a.id])
    await page.mouse.click(a.box.x + a.box.width / 2, a.box.y + a.box.height / 2)
    await page.keyboard.down('Control')
    await page.mouse.click(b.box.x + b.box.width / 2, b.box.y + b.box.height / 2)
    await page.keyboard.up('Control')
    await expect.poll(() => page.locator('.tb-bar.is-selected').count()).toBe(2)
    const before = new Map((await board.tasks()).map((t) => [t.id, t.dueDate]))
    const sent = updates.length
    const box = (await page.locator(`.tb-bar[data-task-id="${a.id}"] rect.bar`).boundingBox())!
    await drag(box, 2 * pxPerDay)
    await settle(sent + 1)
    const body = JSON.parse(updates.at(-1)!.postData()!) as { payload: { tasks: { id: string }[] } }
    expect(body.payload.tasks.map((t) => t.id).sort()).toEqual([a.id, b.id].sort())
    for (const id of [a.id, b.id]) {
      await expect
        .poll(async () => (await board.tasks()).find((t) => t.id === id)!.dueDate)
        .toBe(new Date(Date.parse(before.get(id)!) + 2 * DAY).toISOString())
    }
    await planner.screenshot('03-multi-select-drag')
  })

  it('collapsing a parent hides its subtasks', async () => {
    const { page } = planner
    const parent = page.locator('.tree-row.task[aria-expanded="true"]').first()
    const parentId = (await parent.getAttribute('data-task-id'))!
    const parentLevel = Number(await parent.getAttribute('aria-level'))
    // Rows are absolutely positioned: read them in screen order to find the parent's children.
    const rows = await page.locator('.tree-row.task').evaluateAll((elements) =>
      elements
        .map((e) => ({
          id: e.getAttribute('data-task-id')!,
          level: Number(e.getAttribute('aria-level')),
          top: e.getBoundingClientRect().top,
        }))
        .sort((a, b) => a.top - b.top),
    )
    const at = rows.findIndex((r) => r.id === parentId)
    const children: string[] = []
    for (const row of rows.slice(at + 1)) {
      if (row.level <= parentLevel) break
      children.push(row.id)
    }
    expect(children.length).toBeGreaterThan(0)
    // The children with a bar drawn now: drawn before, so their absence after can only be the
    // collapse, not rows outside the drawn window.
    const barOf = (id: string) => page.locator(`.tb-bar[data-task-id="${id}"]`)
    const drawn: string[] = []
    for (const id of children) if ((await barOf(id).count()) === 1) drawn.push(id)
    expect(drawn.length).toBeGreaterThan(0)
    const scrollTop = () => page.getByTestId('timeline').evaluate((e) => e.scrollTop)
    const top = await scrollTop()
    await parent.locator('button.toggle').click()
    await expect
      .poll(() => page.locator(`.tree-row[data-task-id="${children[0]}"]`).count())
      .toBe(0)
    expect(
      await page.locator(`.tree-row[data-task-id="${parentId}"]`).getAttribute('aria-expanded'),
    ).toBe('false')
    // The parent's own row is still drawn at the same scroll, so the window did not move away.
    expect(await scrollTop()).toBe(top)
    expect(await barOf(parentId).count()).toBe(1)
    for (const id of children) expect(await barOf(id).count()).toBe(0)
    await planner.screenshot('04-collapsed-parent')
    await page.locator(`.tree-row[data-task-id="${parentId}"] button.toggle`).click()
    // Expanded again, the same bars come back.
    for (const id of drawn) await expect.poll(() => barOf(id).count()).toBe(1)
  })

  it('a title with HTML renders as text and runs nothing', async () => {
    const { page } = planner
    const title = '<img src=x onerror="window.__xss=1">'
    await board.create([
      {
        title,
        projectKey: 'WEB',
        descriptionType: 'text',
        descriptionContent: '',
        startDate: new Date().toISOString().slice(0, 10),
        dueDate: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10),
        pinToTop: true,
      },
    ])
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect
      .poll(async () => (await board.tasks()).some((t) => t.title === title), { timeout: 15_000 })
      .toBe(true)
    const id = (await board.tasks()).find((t) => t.title === title)!.id
    // The row and the bar are drawn (a bar never drawn also holds no <img>) ...
    const row = page.locator(`.tree-row.task[data-task-id="${id}"]`)
    const bar = page.locator(`.tb-bar[data-task-id="${id}"]`)
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => bar.count(), { timeout: 15_000 }).toBe(1)
    expect((await bar.locator('rect.bar').boundingBox())!.width).toBeGreaterThan(0)
    // ... and show the title literally, as text: markup parsed as HTML would leave no "<img" text.
    expect(await row.textContent()).toContain(title)
    expect(await bar.locator('.bar-label').first().textContent()).toContain(title)
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined()
    expect(await page.locator('.tb-bar img, .tree-row img').count()).toBe(0)
    await planner.screenshot('05-html-title-as-text')
  })

  it('dragging a task from the Unscheduled tray onto the timeline schedules it', async () => {
    const { page } = planner
    const item = page.locator('.unscheduled li').first()
    const id = (await item.getAttribute('data-task-id'))!
    const sent = updates.length
    await item.dragTo(page.locator('.chart-host'), {
      targetPosition: { x: 600, y: 40 },
      force: true,
    })
    await settle(sent + 1)
    await expect
      .poll(async () => (await board.tasks()).find((t) => t.id === id)?.startDate, {
        timeout: 10_000,
      })
      .toMatch(/T00:00:00\.000Z$/)
    const task = (await board.tasks()).find((t) => t.id === id)!
    expect(Date.parse(task.dueDate) - Date.parse(task.startDate)).toBe(2 * DAY)
    await expect.poll(() => page.locator(`.unscheduled li[data-task-id="${id}"]`).count()).toBe(0)
    await planner.screenshot('06-scheduled-from-tray')
  })

  it('an update the board cannot take for want of a valid key waits, marked pending, and says why', async () => {
    // A rejected key is not a refusal of the edit: the edit stays in the journal, the bar keeps
    // its new place, and the status bar says what is wrong (the edit lands once the key works).
    const { page } = planner
    const { id, box } = await draggableBar()
    const before = await page.locator(`.tb-bar[data-task-id="${id}"] rect.bar`).boundingBox()
    board.revokePlannerKeys()
    const sent = updates.length
    await drag(box, 4 * pxPerDay)
    await settle(sent + 1)
    const pending = page.getByTestId('pending-edits')
    await expect.poll(() => pending.textContent()).toBe('1 edit waiting for Local demo board')
    await expect.poll(() => pending.getAttribute('title')).toMatch(/key/i)
    const bar = page.locator(`.tb-bar[data-task-id="${id}"]`)
    await expect.poll(() => bar.getAttribute('class')).toContain('pending')
    const after = await bar.locator('rect.bar').boundingBox()
    expect(Math.abs(after!.x - before!.x - 4 * pxPerDay)).toBeLessThan(2)
    await planner.screenshot('07-waiting-for-a-valid-key')
    // A Refresh the board refuses is said once, as one alert (the status bar shows it quietly).
    await page.getByRole('button', { name: 'Refresh' }).click()
    const refused = page.getByRole('alert').filter({ hasText: /Could not load the board/ })
    await expect.poll(() => refused.count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => page.locator('.status-bar .error').count()).toBe(1)
    expect(await page.locator('.status-bar [role="alert"]').count()).toBe(0)
  })

  it('status at a glance: done, started and overdue bars carry their marks as SVG, the legend says so, no emoji', async () => {
    const { page } = planner
    const tasks = await board.tasks()
    // The page's own local date and time, on the planner's UTC day grid (src-renderer/local-now.ts).
    const now = await page.evaluate(() => Date.now() - new Date().getTimezoneOffset() * 60_000)
    const shown = new Set(
      await page
        .locator('.tb-bar[data-task-id]')
        .evaluateAll((e) => e.map((g) => g.getAttribute('data-task-id'))),
    )
    // Every drawn task bar's marks match its dates: done = endedAt, started = startedAt, overdue
    // = not done and the due day has passed (docs/scheduling.md).
    let checked = 0
    for (const task of tasks) {
      if (!shown.has(task.id) || task.type !== 'task' || !task.dueDate) continue
      const bar = page.locator(`.tb-bar[data-task-id="${task.id}"]`)
      const classes = ((await bar.getAttribute('class')) ?? '').split(' ')
      const done = task.endedAt !== ''
      const dueEnd = Date.parse(task.dueDate) + (task.dueDate.endsWith('T00:00:00.000Z') ? DAY : 0)
      expect(classes.includes('status-done'), task.title).toBe(done)
      expect(classes.includes('status-started'), task.title).toBe(!done && task.startedAt !== '')
      expect(classes.includes('overdue'), task.title).toBe(!done && now >= dueEnd)
      const icons = await bar
        .locator('.tb-status-icon')
        .evaluateAll((e) =>
          e.map((i) => Array.from(i.classList).find((c) => c.startsWith('tb-icon-'))),
        )
      const expected = [
        ...(done ? ['tb-icon-check'] : []),
        ...(!done && task.startedAt !== '' ? ['tb-icon-started'] : []),
        ...(!done && now >= dueEnd ? ['tb-icon-overdue'] : []),
      ]
      expect(icons, task.title).toEqual(expected)
      checked += 1
    }
    expect(checked).toBeGreaterThan(5)
    // The demo board has all three, so each mark above was really checked both ways.
    for (const mark of ['status-done', 'status-started', 'overdue'])
      expect(await page.locator(`.tb-bar.${mark}`).count(), mark).toBeGreaterThan(0)
    const legend = page.getByRole('list', { name: 'Legend' })
    for (const words of ['Done (muted)', 'Started', 'Overdue, not done'])
      expect(await legend.getByText(words, { exact: true }).count()).toBe(1)
    expect(await legend.locator('svg.icon path').count()).toBeGreaterThanOrEqual(3)
    // The pinned band's name draws its pin as an SVG, and the page holds no emoji at all. The
    // band heads the board: at the top it is among the rows drawn, wherever earlier steps left
    // the view.
    await page.getByTestId('timeline').evaluate((e) => (e.scrollTop = 0))
    await expect
      .poll(() => page.locator('.tree-row.group .group-name svg.icon-pin').count())
      .toBe(1)
    const text = await page.evaluate(() => document.body.innerText)
    expect(text).not.toMatch(/[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}]/u)
    await planner.screenshot('08-status-at-a-glance')
  })

  // Last: it scrolls the view far from today, where the drag tests look for bars.
  it('Find jumps to a task by key or by words of its title, scrolling it into view', async () => {
    const { page } = planner
    const timeline = await page.getByTestId('timeline').boundingBox()
    // The dated task farthest from today: off-screen at first.
    const tasks = (await board.tasks()).filter((t) => t.type === 'task' && t.dueDate !== '')
    const far = tasks.reduce((a, b) =>
      Math.abs(Date.parse(b.dueDate) - Date.now()) > Math.abs(Date.parse(a.dueDate) - Date.now())
        ? b
        : a,
    )
    const find = page.getByRole('textbox', { name: 'Find' })
    await find.fill(`${far.projectKey.toLowerCase()}-${far.key}`)
    await find.press('Enter')
    const bar = page.locator(`.tb-bar[data-task-id="${far.id}"]`)
    await expect.poll(() => bar.getAttribute('class'), { timeout: 10_000 }).toContain('selected')
    const box = (await bar.locator('rect.bar, polygon').first().boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(timeline!.x)
    expect(box.x + box.width).toBeLessThanOrEqual(timeline!.x + timeline!.width)
    expect(box.y).toBeGreaterThanOrEqual(timeline!.y)
    expect(box.y + box.height).toBeLessThanOrEqual(timeline!.y + timeline!.height)
    expect(await page.locator('.find-status').textContent()).toBe('1 of 1')

    const word = far.title.split(/\s+/).find((w) => w.length > 3) ?? far.title
    await find.fill(word.toUpperCase())
    await find.press('Enter')
    await expect.poll(() => page.locator('.find-status').textContent()).toMatch(/^1 of \d+$/)
    // Enter again goes on to the next match (the shown tasks are the same: the answer is kept).
    const found = Number((await page.locator('.find-status').textContent())!.split(' of ')[1])
    if (found > 1) {
      await find.press('Enter')
      await expect.poll(() => page.locator('.find-status').textContent()).toBe(`2 of ${found}`)
    }
    await find.fill('no such task anywhere')
    await find.press('Enter')
    await expect
      .poll(() => page.locator('.find-status').textContent())
      .toBe('No task matches “no such task anywhere”')
  })
})
