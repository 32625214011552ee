/// <reference lib="dom" />
// Planning views (issue 12, items 2-5) as a user meets them, in Chromium on the local demo board:
// a broken dependency listed under "Problems" and its fix written to the board as one batch; the
// "Milestones" view's numbers against the board's own data over HTTP (the test's key), sorting and
// focusing a milestone's chain; "Critical path" marking the expected bars and arrows; "Save
// baseline", a drag, and the slip since the baseline.
//
// The test's own tasks (pinned: the first rows, near today, in view):
//   M  milestone, due today+6
//   A  today-3 .. today+2, linked to M          A -> B (lag 0): B starts 2 days early
//   B  today+1 .. today+4, linked to M          B -> M (lag 0)
//   D  done, today-10 .. today-8, linked to M
// After the fix B is today+3 .. today+6 and ends exactly at M: A -> B -> M is the critical path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Dependency, Task } from '../../src-shared/api'
import { drag, PX_PER_DAY } from './bars'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

const DAY = 86_400_000
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

let planner: Planner
let page: Page
let board: BoardClient
const ids = { m: '', a: '', b: '', d: '' }
const keys = new Map<string, string>()
let ab: Dependency
let bm: Dependency
let updateCalls = 0

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 60 })
  page = planner.page
  page.on('request', (request) => {
    if (decodeURIComponent(request.url()).endsWith('/ipc/tasks:update')) updateCalls += 1
  })
  await page.goto(planner.url)
  await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(page, planner.userData)
  await makeTasks()
}, 90_000)
afterAll(() => planner?.close())

async function makeTasks(): Promise<void> {
  const base = {
    projectKey: 'APP',
    descriptionType: 'text',
    descriptionContent: '',
    pinToTop: true,
  }
  await board.create([{ ...base, title: 'Schedule test M', type: 'milestone', dueDate: day(6) }])
  const m = (await board.tasks()).find((t) => t.title === 'Schedule test M')!
  await board.create([
    { ...base, title: 'Schedule test A', startDate: day(-3), dueDate: day(2), milestoneId: m.id },
    { ...base, title: 'Schedule test B', startDate: day(1), dueDate: day(4), milestoneId: m.id },
    { ...base, title: 'Schedule test D', startDate: day(-10), dueDate: day(-8), milestoneId: m.id },
  ])
  let tasks = await board.tasks()
  const byTitle = (title: string) => tasks.find((t) => t.title === `Schedule test ${title}`)!
  // Done: moved to a status the board ends tasks in (one its own done tasks have).
  const doneStatus = tasks.find((t) => t.endedAt && t.type === 'task')!.status
  await board.update([{ id: byTitle('D').id, status: doneStatus }])
  tasks = await board.tasks()
  Object.assign(ids, { m: m.id, a: byTitle('A').id, b: byTitle('B').id, d: byTitle('D').id })
  expect(byTitle('D').endedAt).not.toBe('')
  ab = await board.createDependency({ predecessorId: ids.a, successorId: ids.b, lagDays: 0 })
  bm = await board.createDependency({ predecessorId: ids.b, successorId: ids.m, lagDays: 0 })
  for (const task of tasks) keys.set(task.id, `${task.projectKey}-${task.key}`)
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.getByTestId('timeline').evaluate((element) => (element.scrollTop = 0))
  for (const id of Object.values(ids)) await page.locator(`.tb-bar[data-task-id="${id}"]`).waitFor()
}

const key = (id: string) => keys.get(id)!
const taskOf = async (id: string): Promise<Task> => (await board.tasks()).find((t) => t.id === id)!
const barIds = (selector: string) =>
  page.$$eval(selector, (bars) => bars.map((b) => b.getAttribute('data-task-id')!).sort())

/** The toolbar's count: "Problems (3)", or no count when there is none. */
const problemCount = async () => {
  const text = await page.getByRole('button', { name: 'Problems', exact: true }).textContent()
  return Number(/\((\d+)\)/.exec(text ?? '')?.[1] ?? 0)
}

describe('Problems', () => {
  it('lists the broken dependency with the days missing; clicking it selects it; its fix lands on the board as one batch', async () => {
    // The toolbar counts the broken dependency among the board's problems.
    await expect.poll(problemCount).toBeGreaterThan(0)
    const counted = await problemCount()
    // A screen reader hears the count too, as the button's description.
    const described = await page
      .getByRole('button', { name: 'Problems', exact: true })
      .evaluate(
        (button) =>
          document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
      )
    expect(described).toBe(`${counted} ${counted === 1 ? 'problem' : 'problems'}`)
    await page.getByRole('button', { name: 'Problems', exact: true }).click()
    const panel = page.getByRole('dialog', { name: 'Problems' })
    const item = panel.getByRole('listitem', {
      name: `${key(ids.a)} → ${key(ids.b)}: 2 days missing`,
    })
    await item.waitFor()
    await planner.screenshot('schedule-01-problems')

    // Clicking the problem selects the dependency (its arrow, its panel) and scrolls to it.
    await item
      .getByRole('button', { name: `${key(ids.a)} → ${key(ids.b)}: 2 days missing` })
      .click()
    await page.locator(`.tb-arrow.is-selected[data-link-id="${ab.id}"]`).waitFor()
    await page.getByRole('heading', { name: `Dependency ${key(ids.a)} → ${key(ids.b)}` }).waitFor()

    const before = updateCalls
    await item.getByRole('button', { name: `Move ${key(ids.b)} to ${day(3)}`, exact: true }).click()
    await expect.poll(async () => (await taskOf(ids.b)).startDate.slice(0, 10)).toBe(day(3))
    const b = await taskOf(ids.b)
    expect(b.dueDate.slice(0, 10)).toBe(day(6))
    // Playwright reports the request on a channel of its own, possibly after the board has it:
    // wait for the count, then make sure no second one follows.
    await expect.poll(() => updateCalls - before).toBe(1)
    await page.waitForTimeout(200)
    expect(updateCalls - before).toBe(1)
    // Kept now: the problem is gone from the list, and from the toolbar's count.
    await expect.poll(() => item.count()).toBe(0)
    await expect.poll(problemCount).toBe(counted - 1)
    await page
      .getByRole('dialog', { name: 'Problems' })
      .getByRole('button', { name: 'Close', exact: true })
      .click()
  })
})

describe('Exact gaps', () => {
  it('counts slack as a problem while on, for this board, across a reload', async () => {
    await expect.poll(problemCount).toBeGreaterThan(0)
    const minimum = await problemCount()
    const exact = page.getByRole('checkbox', { name: 'Exact gaps' })
    expect(await exact.isChecked()).toBe(false)
    await exact.check()
    // The demo board's dependencies with slack now count too.
    await expect.poll(problemCount).toBeGreaterThan(minimum)
    const counted = await problemCount()
    expect(await page.locator('.tb-arrow.is-violated').count()).toBeGreaterThan(0)

    await page.reload()
    await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Exact gaps' }).isChecked())
      .toBe(true)
    await expect.poll(problemCount).toBe(counted)

    await page.getByRole('checkbox', { name: 'Exact gaps' }).uncheck()
    await expect.poll(problemCount).toBe(minimum)
  })
})

describe('Milestones', () => {
  /** The view's table, one record per milestone row, as shown. */
  async function shownRows() {
    return page.getByRole('dialog', { name: 'Milestones' }).evaluate((dialog) => {
      const heads = Array.from(dialog.querySelectorAll('thead th')).map((th) =>
        th.textContent!.trim(),
      )
      return Array.from(dialog.querySelectorAll('tbody tr')).map((tr) => {
        const cells = Array.from(tr.children).map((c) => c.textContent!.trim())
        const row: Record<string, string> = { id: tr.getAttribute('data-milestone-id')! }
        heads.forEach((head, i) => (row[head] = cells[i]!))
        return row
      })
    })
  }

  it('shows every milestone with the due day, linked tasks and done count the board has', async () => {
    await page.getByRole('button', { name: 'Milestones', exact: true }).click()
    await page.getByRole('dialog', { name: 'Milestones' }).getByRole('table').waitFor()
    const [tasks, deps] = [await board.tasks(), await board.dependencies()]
    const milestones = tasks.filter((t) => t.type === 'milestone')
    const rows = await shownRows()
    expect(rows.map((r) => r.id).sort()).toEqual(milestones.map((t) => t.id).sort())
    for (const m of milestones) {
      // Linked: the tasks whose milestoneId names it, and its own predecessors.
      const linked = new Set([
        ...tasks.filter((t) => t.milestoneId === m.id && t.type !== 'milestone').map((t) => t.id),
        ...deps.filter((d) => d.successorId === m.id).map((d) => d.predecessorId),
      ])
      const done = [...linked].filter((id) => tasks.find((t) => t.id === id)?.endedAt).length
      const row = rows.find((r) => r.id === m.id)!
      expect(row.Due).toBe(m.dueDate ? m.dueDate.slice(0, 10) : '—')
      expect(Number(row['Linked tasks'])).toBe(linked.size)
      expect(Number(row.Done)).toBe(done)
    }
    // Ours in numbers a user would check: A, B and D linked, D done, due today+6, on time.
    const ours = rows.find((r) => r.id === ids.m)!
    expect([ours['Linked tasks'], ours.Done, ours.Due, ours.Slip]).toEqual([
      '3',
      '1',
      day(6),
      '0 days',
    ])
    await planner.screenshot('schedule-02-milestones')
  })

  it('sorts by a column header, saying so with aria-sort', async () => {
    const dialog = page.getByRole('dialog', { name: 'Milestones' })
    const due = dialog.getByRole('columnheader', { name: 'Due' })
    expect(await due.getAttribute('aria-sort')).toBe('ascending')
    await due.getByRole('button').click()
    expect(await due.getAttribute('aria-sort')).toBe('descending')
    const days = (await shownRows()).map((r) => r.Due).filter((d) => d !== '—')
    expect(days).toEqual([...days].sort().reverse())
    await dialog.getByRole('columnheader', { name: 'Linked tasks' }).getByRole('button').click()
    expect(await due.getAttribute('aria-sort')).toBe('none')
    const linked = (await shownRows()).map((r) => Number(r['Linked tasks']))
    expect(linked).toEqual([...linked].sort((x, y) => x - y))
  })

  it('clicking a milestone dims every row outside its chain until cleared', async () => {
    const dialog = page.getByRole('dialog', { name: 'Milestones' })
    await dialog.getByRole('button', { name: `${key(ids.m)} Schedule test M` }).click()
    await page.getByTestId('timeline').evaluate((element) => (element.scrollTop = 0))
    await expect.poll(() => page.locator('.tb-bar.focus-dim').count()).toBeGreaterThan(0)
    const dimmed = await barIds('.tb-bar.focus-dim')
    for (const id of Object.values(ids)) expect(dimmed).not.toContain(id)
    expect(await page.locator(`.tree-row.focus-dim[data-task-id="${ids.a}"]`).count()).toBe(0)
    expect(await page.locator('.tree-row.focus-dim').count()).toBeGreaterThan(0)
    await planner.screenshot('schedule-03-milestone-focus')
    await page.getByRole('button', { name: 'Clear milestone focus' }).click()
    await expect.poll(() => page.locator('.focus-dim').count()).toBe(0)
    await page
      .getByRole('dialog', { name: 'Milestones' })
      .getByRole('button', { name: 'Close', exact: true })
      .click()
  })
})

describe('Critical path', () => {
  it('highlights the zero-float chain to the chosen milestone, bars and arrows, and toggles off', async () => {
    await page.getByLabel('Critical path to').selectOption(ids.m)
    const toggle = page.getByRole('button', { name: 'Critical path', exact: true })
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => barIds('.tb-bar.critical')).toEqual([ids.a, ids.b, ids.m].sort())
    const arrows = await page.$$eval('.tb-arrow.is-critical', (els) =>
      els.map((e) => e.getAttribute('data-link-id')!).sort(),
    )
    expect(arrows).toEqual([ab.id, bm.id].sort())
    await planner.screenshot('schedule-04-critical-path')

    // Float of a task on the path, and of one off it, in its details panel.
    await page.locator(`.tree-row[data-task-id="${ids.b}"]`).dblclick()
    const float = page.getByRole('definition').filter({ hasText: 'critical' })
    await float.first().waitFor()
    await page.getByRole('button', { name: 'Close', exact: true }).click()

    await toggle.click()
    await expect.poll(() => page.locator('.tb-bar.critical, .tb-arrow.is-critical').count()).toBe(0)
  })
})

describe('Baselines', () => {
  it('Save baseline, move a task, and the Milestones view shows the slip since the baseline', async () => {
    await page.getByRole('button', { name: 'Save baseline' }).click()
    // A bad name is refused with the rule.
    await page.getByLabel('Baseline name').fill('  ')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('alert').filter({ hasText: 'Give the baseline a name.' }).waitFor()
    await page.getByLabel('Baseline name').fill('Before the slip')
    await page.getByText('the planner’s own history, kept on this computer').first().waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Baseline “Before the slip” saved').waitFor()

    // B three days later: it now ends after M, which is forecast to move with it.
    await page.getByTestId('timeline').evaluate((element) => (element.scrollTop = 0))
    const box = (await page.locator(`.tb-bar[data-task-id="${ids.b}"] rect.bar`).boundingBox())!
    // B has a successor (M): the what-if cascade asks, and drag() answers "Apply this task only";
    // only B moves, so M is forecast to slip.
    await drag(page, box, 3 * PX_PER_DAY)
    await expect.poll(async () => (await taskOf(ids.b)).startDate.slice(0, 10)).toBe(day(6))

    await page.getByRole('button', { name: 'Baselines', exact: true }).click()
    await page.getByRole('button', { name: 'Show baseline Before the slip' }).click()
    await page.getByText('Showing baseline “Before the slip”.').waitFor()
    // The baseline's thin bar sits under B where B was.
    await page.locator(`.tb-bar[data-task-id="${ids.b}"] .tb-baseline`).waitFor()
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Milestones', exact: true }).click()
    const row = page.locator(`tr[data-milestone-id="${ids.m}"]`)
    const sinceBaseline = page
      .getByRole('dialog', { name: 'Milestones' })
      .getByRole('columnheader', { name: 'Slip since baseline', exact: true })
    await sinceBaseline.waitFor()
    const cells = await row.locator('td').allTextContents()
    // Due, Linked, Done, Forecast, Slip, At risk, Slip since baseline.
    expect(cells[3]).toBe(day(9))
    expect(cells[4]).toBe('+3 days')
    expect(cells[5]).toBe('at risk')
    expect(cells[6]).toBe('+3 days')
    await planner.screenshot('schedule-05-baseline')
  })
})
