/// <reference lib="dom" />
// Another board may hold values our own board's rules refuse: here every task carries a tag with
// a comma (the spec forbids none). The details panel checks its fields with our rules, and every
// Save of such a task was refused for a field the user never touched and the save never sends.
// Now only the rules of what a save sends stop it; the untouched tag is still shown as it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Request } from 'playwright-core'
import { draggableBar } from './bars'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

const ODD_TAG = 'needs review, urgent'
let planner: Planner
let board: BoardClient
const updates: Request[] = []

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 30 })
  const { page } = planner
  page.on('request', (request) => {
    if (decodeURIComponent(request.url()).endsWith('/ipc/tasks:update')) updates.push(request)
  })
  // The renderer escapes the channel's colon in the path.
  await page.route(/\/ipc\/board(:|%3A)sync$/, async (route) => {
    const response = await route.fetch()
    const result = (await response.json()) as {
      ok: boolean
      value?: { tasks: { tags: string[] }[] }
    }
    for (const task of result.value?.tasks ?? []) task.tags = [...task.tags, ODD_TAG]
    await route.fulfill({ response, json: result })
  })
  await page.goto(planner.url)
  await page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(page, planner.userData)
}, 90_000)
afterAll(async () => {
  await planner?.page.unrouteAll({ behavior: 'ignoreErrors' })
  await planner?.close()
})

describe('a task with a value our rules refuse, untouched', () => {
  it('does not stop a Save of another field; only the changed field is sent', async () => {
    const { page } = planner
    const { id, box } = await draggableBar(page)
    const task = (await board.tasks()).find((t) => t.id === id)!
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2)
    const panel = page.getByRole('dialog', { name: `Task ${task.projectKey}-${task.key}` })
    await panel.waitFor()
    const title = `${task.title} (renamed)`
    await panel.getByLabel('Title', { exact: true }).fill(title)
    const before = updates.length
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => updates.length).toBe(before + 1)
    const sent = (
      JSON.parse(updates.at(-1)!.postData()!) as { payload: { tasks: Record<string, unknown>[] } }
    ).payload.tasks
    expect(sent).toEqual([{ id, title }])
    await expect.poll(async () => (await board.tasks()).find((t) => t.id === id)?.title).toBe(title)
  })
})
