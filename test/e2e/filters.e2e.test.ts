/// <reference lib="dom" />
// Filters and views as a user meets them (issue 11, item 5): the Filters panel hides what does
// not match and the count agrees with what the board's own list endpoint returns for the same
// filters (read over HTTP with the test's own key); a saved view brings back its filters, zoom
// and collapsed rows, also after the planner restarts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Task } from '../../src-shared/api'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

let planner: Planner
let board: BoardClient
let all: Task[]
/** A range of due days that holds the middle of the board's due dates. */
let dueFrom: string
let dueTo: string

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 80 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
  all = await board.tasks()
  const dues = all
    .map((t) => t.dueDate.slice(0, 10))
    .filter(Boolean)
    .sort()
  dueFrom = dues[Math.floor(dues.length * 0.2)]!
  dueTo = dues[Math.floor(dues.length * 0.8)]!
}, 90_000)
afterAll(() => planner?.close())

/** The Filters panel (its labels are looked up inside it: the status bar is named Status too). */
const panel = () => planner.page.getByRole('region', { name: 'Filter tasks' })
const count = () => planner.page.getByTestId('filter-count').textContent()
const rendered = (selector: string) =>
  planner.page
    .locator(selector)
    .evaluateAll((elements) => elements.map((e) => e.getAttribute('data-task-id')!))

/** The matches and, for context, their parents: what the timeline may draw. */
function shownFor(matches: readonly Task[]): Set<string> {
  const byId = new Map(all.map((t) => [t.id, t]))
  const shown = new Set(matches.map((t) => t.id))
  for (const match of matches) {
    for (let p = byId.get(match.parentId); p && !shown.has(p.id); p = byId.get(p.parentId))
      shown.add(p.id)
  }
  return shown
}

describe('filters and views on the demo board', () => {
  it('the board is small enough that its list answers are complete', () => {
    expect(all.length).toBe(80)
  })

  it('Filters hides the bars and rows that do not match; the count agrees with the board', async () => {
    const { page } = planner
    const before = await rendered('.tb-bar[data-task-id]')
    expect(await count()).toBe(`80 of 80 tasks shown`)
    // The time scale spans the whole board, so filtering keeps the chart's width and the place
    // scrolled to: the dates in view stay in view.
    const place = () =>
      page.getByTestId('timeline').evaluate((e) => ({ width: e.scrollWidth, left: e.scrollLeft }))
    const placeBefore = await place()
    await page.getByRole('button', { name: 'Filters', exact: true }).click()
    await expect.poll(() => page.getByRole('region', { name: 'Filter tasks' }).count()).toBe(1)
    await panel().getByLabel('Status', { exact: true }).fill('Done, In Progress')
    await panel().getByLabel('Priority', { exact: true }).selectOption('high')
    const matches = await board.tasks('status=Done,In%20Progress&priority=high')
    expect(matches.length).toBeGreaterThan(0)
    expect(matches.length).toBeLessThan(40)
    await expect.poll(count).toBe(`${matches.length} of 80 tasks shown`)
    expect(await place()).toEqual(placeBefore)
    const shown = shownFor(matches)
    const bars = await rendered('.tb-bar[data-task-id]')
    expect(bars.length).toBeGreaterThan(0)
    expect(bars.filter((id) => !shown.has(id))).toEqual([])
    // Bars that were drawn before and do not match are gone.
    expect(before.some((id) => !shown.has(id))).toBe(true)
    const rows = await rendered('.task-tree .tree-row[data-task-id]')
    expect(rows.filter((id) => !shown.has(id))).toEqual([])
    // Parents kept only for a matching subtask are marked as such.
    const context = await rendered('.task-tree .tree-row.filter-context[data-task-id]')
    expect(context.every((id) => !matches.some((m) => m.id === id))).toBe(true)
    await planner.screenshot('filters-01-status-priority')
  })

  it('custom properties and date ranges filter with the spec’s rules, as the board does', async () => {
    const { page } = planner
    await page.getByRole('button', { name: 'Show all tasks' }).click()
    await expect.poll(count).toBe('80 of 80 tasks shown')
    // An unset checkbox counts as unchecked, on the board and here.
    await panel().getByLabel('Blocked', { exact: true }).selectOption('false')
    await panel().getByLabel('Due from', { exact: true }).fill(dueFrom)
    await panel().getByLabel('Due to', { exact: true }).fill(dueTo)
    const matches = await board.tasks(`prop_Blocked=false&dueDate=${dueFrom},${dueTo}`)
    expect(matches.length).toBeGreaterThan(0)
    await expect.poll(count).toBe(`${matches.length} of 80 tasks shown`)
    await panel().getByLabel('Story Points', { exact: true }).fill('3,5')
    const fewer = await board.tasks(
      `prop_Blocked=false&dueDate=${dueFrom},${dueTo}&prop_Story%20Points=3,5`,
    )
    await expect.poll(count).toBe(`${fewer.length} of 80 tasks shown`)
    // A value its type cannot read says why and is left out.
    await panel().getByLabel('Story Points', { exact: true }).fill('three')
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Story Points must be' }).count())
      .toBe(1)
    await expect.poll(count).toBe(`${matches.length} of 80 tasks shown`)
    await panel().getByLabel('Story Points', { exact: true }).fill('')
  })

  it('Save view keeps filters, zoom, collapsed rows and Sort; Views brings them back, also after a restart', async () => {
    const { page } = planner
    const matches = await board.tasks(`prop_Blocked=false&dueDate=${dueFrom},${dueTo}`)
    await panel().getByRole('button', { name: 'Close', exact: true }).click()
    await page
      .getByRole('group', { name: 'Zoom' })
      .getByRole('button', { name: 'Month', exact: true })
      .click()
    const group = matches.find((t) => !t.pinToTop && !t.parentId)!.projectKey
    await page.getByRole('button', { name: `Collapse ${group}` }).click()
    await page.getByLabel('Sort').selectOption('key')

    // A bad name is refused with the rule, and nothing is saved.
    await page.getByRole('button', { name: 'Save view' }).click()
    await page.getByLabel('View name').fill('   ')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Give the view a name.' }).count())
      .toBe(1)
    await page.getByLabel('View name').fill('Unblocked this winter')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect.poll(() => page.getByText('View “Unblocked this winter” saved.').count()).toBe(1)

    // Change everything, then switch back.
    await page.getByRole('button', { name: 'Show all tasks' }).click()
    await page
      .getByRole('group', { name: 'Zoom' })
      .getByRole('button', { name: 'Day', exact: true })
      .click()
    await page.getByRole('button', { name: `Expand ${group}` }).click()
    await page.getByLabel('Sort').selectOption('start')
    await expect.poll(count).toBe('80 of 80 tasks shown')
    const restore = async () => {
      await page.getByRole('button', { name: 'Views', exact: true }).click()
      await page.getByRole('button', { name: 'Unblocked this winter', exact: true }).click()
      await expect.poll(count).toBe(`${matches.length} of 80 tasks shown`)
      expect(
        await page
          .getByRole('group', { name: 'Zoom' })
          .getByRole('button', { name: 'Month', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true')
      expect(await page.getByLabel('Sort').inputValue()).toBe('key')
      // Only the rows in view are drawn: scroll the tree to its top, where the groups are.
      await page.getByTestId('timeline').evaluate((timeline) => timeline.scrollTo({ top: 0 }))
      await expect.poll(() => page.getByRole('button', { name: `Expand ${group}` }).count()).toBe(1)
    }
    await restore()
    await planner.screenshot('filters-02-view-restored')

    await planner.restart()
    await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
    await expect.poll(count).toBe('80 of 80 tasks shown')
    await restore()
  }, 120_000)

  it('Views deletes a view', async () => {
    const { page } = planner
    await page.getByRole('button', { name: 'Views', exact: true }).click()
    await page.getByRole('button', { name: 'Delete view Unblocked this winter' }).click()
    await expect.poll(() => page.getByText('View “Unblocked this winter” deleted.').count()).toBe(1)
    // The list stays open, now empty.
    await expect.poll(() => page.getByText('No saved views on this board yet').count()).toBe(1)
  })

  it('a toolbar popup closes when the pointer is pressed outside it, so one "Save" is on screen', async () => {
    const { page } = planner
    const popups = () => page.locator('.popup').count()
    // The baseline buttons' owner draws no box: both stay on the toolbar's row.
    const tops = await Promise.all(
      ['Save baseline', 'Baselines'].map(
        async (name) => (await page.getByRole('button', { name, exact: true }).boundingBox())!.y,
      ),
    )
    expect(tops[1]).toBe(tops[0])
    // The Views list is still open from the test before; Save view replaces it (same controls).
    await page.getByRole('button', { name: 'Save view' }).click()
    await expect.poll(popups).toBe(1)
    // Save baseline is in another part of the toolbar: pressing it closes Save view.
    await page.getByRole('button', { name: 'Save baseline' }).click()
    await expect.poll(() => page.getByRole('form', { name: 'Save view' }).count()).toBe(0)
    await expect.poll(() => page.getByRole('form', { name: 'Save baseline' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(1)
    // A press on the timeline closes it too; nothing was saved.
    await page.getByRole('tree', { name: 'Tasks' }).click({ position: { x: 5, y: 5 } })
    await expect.poll(popups).toBe(0)
    await page.getByRole('button', { name: 'Baselines', exact: true }).click()
    await expect.poll(() => page.getByText('No baselines of this board yet').count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(popups).toBe(0)
  })
  it('a filter that matches nothing keeps the timeline filling the window and the status bar one line', async () => {
    const { page } = planner
    // Seen: with no message above it, the workspace sat in an auto-sized row of the page's grid
    // and the status bar in the stretching one; with no task shown, the timeline shrank to its
    // header and the status bar grew to most of the window.
    const heights = () =>
      page.evaluate(() => ({
        timeline: document.querySelector('.timeline')!.getBoundingClientRect().height,
        status: document.querySelector('.status-bar')!.getBoundingClientRect().height,
      }))
    if ((await panel().count()) === 0) {
      await page.getByRole('button', { name: 'Filters', exact: true }).click()
    }
    const clear = page.getByRole('button', { name: 'Show all tasks' })
    if (await clear.isEnabled()) await clear.click()
    await expect.poll(count).toBe('80 of 80 tasks shown')
    const before = await heights()
    expect(before.timeline).toBeGreaterThan(300)
    await panel().getByLabel('Tag', { exact: true }).fill('no-such-tag')
    await expect.poll(count).toBe('0 of 80 tasks shown')
    // The toolbar may wrap differently with other counts in it: the timeline still fills the rest.
    const after = await heights()
    expect(after.status).toBe(before.status)
    expect(after.timeline).toBeGreaterThan(300)
    await panel().getByLabel('Tag', { exact: true }).fill('')
    await expect.poll(count).toBe('80 of 80 tasks shown')
  })

  it('Find jumps only among the tasks the filters show, and says how many they hide', async () => {
    const { page } = planner
    if ((await panel().count()) === 0) {
      await page.getByRole('button', { name: 'Filters', exact: true }).click()
    }
    const target = all.find((t) => t.type === 'task' && t.parentId === '' && t.dueDate !== '')!
    const otherProject = all.find((t) => t.projectKey !== target.projectKey)!.projectKey
    await panel().getByLabel('Project', { exact: true }).fill(otherProject)
    await expect.poll(count).not.toBe('80 of 80 tasks shown')
    const find = page.getByRole('textbox', { name: 'Find' })
    await find.fill(`${target.projectKey}-${target.key}`)
    await find.press('Enter')
    await expect
      .poll(() => page.locator('.find-status').textContent())
      .toBe(`No shown task matches “${target.projectKey}-${target.key}”; 1 hidden by the filters`)
    // Nothing was selected to be jumped to later: clearing the filters leaves it unselected.
    await page.getByRole('button', { name: 'Show all tasks' }).click()
    await expect.poll(count).toBe('80 of 80 tasks shown')
    await page.waitForTimeout(300)
    const targetSelected = `.tb-bar.selected[data-task-id="${target.id}"], .tree-row.selected[data-task-id="${target.id}"]`
    expect(await page.locator(targetSelected).count()).toBe(0)
    // The same query again with the filters cleared: found now. The first answer was kept while
    // the query stayed the same, and still said the filters hid it.
    await find.press('Enter')
    await expect.poll(() => page.locator('.find-status').textContent()).toBe('1 of 1')
  })

  it('Find opens the pinned band for a pinned subtask whose parent is not pinned', async () => {
    const { page } = planner
    const byId = new Map(all.map((t) => [t.id, t]))
    const sub = all.find((t) => {
      const parent = byId.get(t.parentId)
      return (
        parent && !t.pinToTop && !parent.pinToTop && t.type === 'task' && (t.startDate || t.dueDate)
      )
    })!
    // The planner restarted above (saved views): its board answers at a new address.
    await board.reconnect()
    // The Filters panel lies over the tree's top rows.
    if ((await panel().count()) > 0)
      await page.getByRole('button', { name: 'Filters', exact: true }).click()
    await expect.poll(() => panel().count()).toBe(0)
    await board.update([{ id: sub.id, pinToTop: true }])
    try {
      await page.getByRole('button', { name: 'Refresh' }).click()
      const collapse = page.getByRole('button', { name: 'Collapse pinned tasks' })
      // A pinned subtask heads its own subtree in the band (level 2); under its parent it sits
      // deeper. Other tasks are pinned too, so the band shows before the Refresh has landed:
      // wait for the subtask itself in the band. Only the rows in view are drawn, and the band
      // heads the tree.
      const inBand = page.locator(`.tree-row[data-task-id="${sub.id}"][aria-level="2"]`)
      const atTop = async (locator: typeof collapse) => {
        await page.getByTestId('timeline').evaluate((timeline) => timeline.scrollTo({ top: 0 }))
        return locator.count()
      }
      await expect.poll(() => atTop(inBand), { timeout: 15_000 }).toBe(1)
      await collapse.click()
      await expect
        .poll(() => page.getByRole('button', { name: 'Expand pinned tasks' }).count())
        .toBe(1)
      const find = page.getByRole('textbox', { name: 'Find' })
      await find.fill(`${sub.projectKey}-${sub.key}`)
      await find.press('Enter')
      await expect.poll(() => inBand.count(), { timeout: 5_000 }).toBe(1)
      // Find scrolled to the row; in a long band the header may lie outside the drawn rows.
      await expect.poll(() => atTop(collapse)).toBe(1)
    } finally {
      await board.update([{ id: sub.id, pinToTop: false }])
    }
  })
})
