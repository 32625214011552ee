/// <reference lib="dom" />
// The coverage report as a user meets it, in Chromium: one short line in the status bar, the
// Details panel that explains each part of the board that may hide tasks, and the board lists a
// user can give for a board the planner cannot list itself. The crowded part is made through the
// board's HTTP API: 130 tasks alike in every value the service can filter on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlanner } from './harness'
import { pageIpc } from './page-ipc'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

let planner: Planner
let board: BoardClient

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 60 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
}, 90_000)
afterAll(() => planner?.close())

const coverageText = () => planner.page.getByTestId('coverage').textContent()
const details = () => planner.page.getByRole('button', { name: 'Details', exact: true })
const panel = () => planner.page.getByRole('dialog', { name: 'Board coverage' })
const focusInPanel = () =>
  planner.page.evaluate(() => document.activeElement?.closest('dialog.coverage-panel') !== null)

const ipc = <T>(channel: string, payload: unknown) => pageIpc<T>(planner.page, channel, payload)

describe('the coverage report', () => {
  it('says complete on the demo board, with no Details to open', async () => {
    await expect.poll(coverageText, { timeout: 15_000 }).toBe('60 tasks, complete')
    expect(await details().count()).toBe(0)
  })

  it('lists the user gave stay correctable when the load is complete: Details stays', async () => {
    const { page } = planner
    const local = (await ipc<{ id: string; isCurrent: boolean }[]>('boards:list', undefined)).find(
      (b) => b.isCurrent,
    )!
    const added = await ipc<{ id: string }>('boards:add', {
      name: 'Demo board, lists given',
      baseUrl: board.baseUrl,
      apiKey: board.apiKey,
    })
    await ipc('boards:setLists', {
      profileId: added.id,
      projectKeys: ['WEB', 'APP', 'OPS'],
      statuses: ['Backlog', 'To Do', 'In Progress', 'In Review', 'Done', 'Cancelled'],
    })
    await ipc('boards:select', { id: added.id })
    await page.reload()
    await expect.poll(coverageText, { timeout: 30_000 }).toMatch(/complete$/)
    expect(await details().count()).toBe(1)
    await details().click()
    await expect.poll(() => panel().isVisible()).toBe(true)
    expect(await panel().getByLabel('Project keys', { exact: true }).inputValue()).toBe(
      'WEB\nAPP\nOPS',
    )
    await page.keyboard.press('Escape')
    await ipc('boards:remove', { id: added.id })
    await ipc('boards:select', { id: local.id })
    await page.reload()
    await expect.poll(coverageText, { timeout: 30_000 }).toMatch(/complete$/)
  })

  it('a part no filter can split: one short line, and Details explains it', async () => {
    const { page } = planner
    const crowd = Array.from({ length: 130 }, () => ({
      title: 'Alike',
      projectKey: 'WEB',
      status: 'To Do',
      descriptionType: 'text',
      descriptionContent: '',
    }))
    await board.create(crowd)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect.poll(coverageText, { timeout: 30_000 }).toMatch(/may hide tasks$/)
    const line = (await coverageText())!
    expect(line).toMatch(/^1\d\d\+ tasks · \d+ parts? of the board may hide tasks$/)
    expect(line.length).toBeLessThan(80)
    await details().click()
    await expect.poll(() => panel().isVisible()).toBe(true)
    expect(await focusInPanel()).toBe(true)
    const text = (await panel().textContent())!
    expect(text).toMatch(/Loaded 1\d\d tasks with \d+ list requests?\./)
    expect(text).toContain('project WEB')
    expect(text).toMatch(/status To Do/)
    // The local board's lists are known: nothing to give.
    expect(await panel().getByLabel('Status names').count()).toBe(0)
    await planner.screenshot('coverage-01-details-local')
    await page.keyboard.press('Escape')
    await expect.poll(() => panel().count()).toBe(0)
    expect(await details().evaluate((button) => button === document.activeElement)).toBe(true)
  })

  it('takes and keeps the status list of a board the planner cannot list itself', async () => {
    const { page } = planner
    const added = await ipc<{ id: string }>('boards:add', {
      name: 'Demo board, by key',
      baseUrl: board.baseUrl,
      apiKey: board.apiKey,
    })
    await ipc('boards:select', { id: added.id })
    await page.reload()
    await expect.poll(coverageText, { timeout: 30_000 }).toMatch(/may hide tasks$/)
    await details().click()
    await expect.poll(() => panel().isVisible()).toBe(true)
    const statuses = panel().getByLabel('Status names', { exact: true })
    expect(await statuses.inputValue()).toBe('')
    expect(await panel().getByLabel('Project keys', { exact: true }).inputValue()).toBe('')
    await statuses.fill('To Do\nIn Progress\nDone')
    await panel().getByRole('button', { name: 'Save lists' }).click()
    await expect
      .poll(() => panel().getByRole('status').textContent(), { timeout: 30_000 })
      .toMatch(/^Saved/)
    await planner.screenshot('coverage-02-lists-saved')
    await panel().getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => panel().count()).toBe(0)

    const boards = await ipc<{ id: string; lists: unknown }[]>('boards:list', undefined)
    expect(boards.find((b) => b.id === added.id)?.lists).toEqual({
      projectKeys: [],
      statuses: ['To Do', 'In Progress', 'Done'],
    })
    // Reopened, and after a reload of the page: the stored lists come back.
    await details().click()
    await expect.poll(() => panel().isVisible()).toBe(true)
    expect(await panel().getByLabel('Status names', { exact: true }).inputValue()).toBe(
      'To Do\nIn Progress\nDone',
    )
    await page.keyboard.press('Escape')
    await page.reload()
    await expect.poll(coverageText, { timeout: 30_000 }).toMatch(/may hide tasks$/)
    await details().click()
    await expect.poll(() => panel().isVisible()).toBe(true)
    expect(await panel().getByLabel('Status names', { exact: true }).inputValue()).toBe(
      'To Do\nIn Progress\nDone',
    )
    await page.keyboard.press('Escape')
    await expect.poll(() => panel().count()).toBe(0)
  })
})
