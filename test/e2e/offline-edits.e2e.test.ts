/// <reference lib="dom" />
// No edit lost, as a user meets it: the planner in browser mode on a team board (a board service
// of the test's own, on a file and a fixed port, so it can be stopped and started again). The
// board stops; the user drags a bar; the bar stays, marked pending, and the status bar says an
// edit is waiting; the planner restarts; the board starts again; the board then holds the edit,
// applied by exactly one update request. Keys must outlive the restart, so the planner keeps them
// in a private keychain of the test's (harness.ts); without one this test is skipped, except in
// CI, where TASKBOARD_REQUIRE_KEYRING=1 makes that a failure.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import demoBoard from '../../src-server/demo/demo-board.json'
import { createApiKey, importBoard, openDatabase } from '../../src-server'
import type { Db } from '../../src-server'
import { listen } from '../../src-server/cli/serve'
import { seedBoard } from '../../src-server/seed/seed-board'
import { ApiClient } from '../../src-main/api'
import type { Task } from '../../src-shared/api'
import { drag, draggableBar, PX_PER_DAY } from './bars'
import { privateKeychainReason, startPlanner } from './harness'
import { pageIpc } from './page-ipc'
import type { Planner } from './harness'

const OWNER = 'olivia.owner@example.com'
const DAY = 86_400_000
const missing = privateKeychainReason()
if (missing && process.env['TASKBOARD_REQUIRE_KEYRING'] === '1')
  throw new Error(`TASKBOARD_REQUIRE_KEYRING=1 but ${missing}`)

/** The team board: a board service on a database file, stoppable and restartable on one port. */
class TeamBoard {
  db: Db | undefined
  service: Awaited<ReturnType<typeof listen>> | undefined
  port = 0
  key = ''
  /** Update requests the board received since it last started. */
  updates = 0
  constructor(readonly file: string) {}

  async start(): Promise<void> {
    this.db = openDatabase(this.file)
    this.service = await listen(this.db, '127.0.0.1', this.port)
    this.port = Number(new URL(this.service.url).port)
    this.updates = 0
    this.service.app.server.on('request', (request) => {
      const write = request.method === 'PATCH' || request.method === 'PUT'
      if (write && request.url?.startsWith('/api/v1/tasks')) this.updates += 1
    })
  }

  async stop(): Promise<void> {
    await this.service?.close()
    this.db?.close()
    this.service = undefined
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  async task(id: string): Promise<Task> {
    const client = new ApiClient({ baseUrl: this.url, apiKey: this.key })
    for (const projectKey of ['WEB', 'APP', 'OPS']) {
      const found = (await client.listTasks({ projectKey: [projectKey] })).find((t) => t.id === id)
      if (found) return found
    }
    throw new Error(`task ${id} is not on the team board`)
  }
}

let dir: string
let board: TeamBoard
let planner: Planner

const ipc = <T>(channel: string, payload: unknown) => pageIpc<T>(planner.page, channel, payload)

const pendingText = () => planner.page.getByTestId('pending-edits').textContent()
const bars = () => planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 30_000 })

describe.skipIf(missing !== undefined)('edits made while the board is down', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tb-e2e-team-'))
    board = new TeamBoard(join(dir, 'team.db'))
    const db = openDatabase(board.file)
    const created = importBoard(db, { ...demoBoard, name: 'Team board' })
    seedBoard(db, created.id, OWNER, { tasks: 40, seed: 3, anchor: mondayOf(new Date()) })
    board.key = createApiKey(db, created.id, OWNER).key
    db.close()
    await board.start()

    planner = await startPlanner({ localTasks: 20, keychain: 'private' })
    await planner.page.goto(planner.url)
    await bars()
    const added = await ipc<{ id: string }>('boards:add', {
      name: 'Team board',
      baseUrl: board.url,
      apiKey: board.key,
    })
    await ipc('boards:select', { id: added.id })
    await planner.page.reload()
    await bars()
    await planner.page.getByText('All edits saved').waitFor()
  }, 120_000)
  afterAll(async () => {
    await planner?.close()
    await board?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('keeps the bar, survives a restart, and lands the edit once the board is back', async () => {
    const { page } = planner
    const { id, box } = await draggableBar(page)
    const before = await board.task(id)

    await board.stop()
    await drag(page, box, 3 * PX_PER_DAY)
    await expect.poll(pendingText, { timeout: 30_000 }).toBe('1 edit waiting for Team board')
    // Said to screen readers once it really waits (its try failed).
    await expect
      .poll(() =>
        planner.page
          .getByRole('status')
          .filter({ hasText: '1 edit waiting for Team board' })
          .count(),
      )
      .toBe(1)
    const bar = page.locator(`.tb-bar[data-task-id="${id}"]`)
    await expect.poll(() => bar.getAttribute('class')).toContain('pending')
    await expect.poll(() => page.getByRole('button', { name: 'Retry now' }).count()).toBe(1)
    await planner.screenshot('offline-01-edit-waiting')

    await planner.restart()
    await bars()
    await expect.poll(pendingText, { timeout: 30_000 }).toBe('1 edit waiting for Team board')
    await expect
      .poll(() => page.locator(`.tb-bar[data-task-id="${id}"]`).getAttribute('class'))
      .toContain('pending')
    // The bar is where the user left it: main lays the journal over the stored snapshot.
    const shown = await ipc<{ tasks: Task[] }>('board:sync', { cachedFirst: true })
    const moved = shown.tasks.find((t) => t.id === id)!
    expect(Date.parse(moved.dueDate) - Date.parse(before.dueDate)).toBe(3 * DAY)

    await board.start()
    const retry = page.getByRole('button', { name: 'Retry now' })
    // The planner also retries on its own: the button may go away, with the edit, mid-click.
    await retry.click({ timeout: 5_000 }).catch(async (error: unknown) => {
      if ((await retry.count()) > 0) throw error
    })
    await expect.poll(pendingText, { timeout: 30_000 }).toBe('All edits saved')
    const after = await board.task(id)
    expect(Date.parse(after.dueDate) - Date.parse(before.dueDate)).toBe(3 * DAY)
    expect(Date.parse(after.startDate) - Date.parse(before.startDate)).toBe(3 * DAY)
    expect(board.updates).toBe(1)
    await expect
      .poll(() => page.locator(`.tb-bar[data-task-id="${id}"]`).getAttribute('class'))
      .not.toContain('pending')
    await planner.screenshot('offline-02-edit-landed')
  }, 120_000)

  it('asks before discarding waiting edits, then shows the board as it is', async () => {
    const { page } = planner
    const { id, box } = await draggableBar(page)
    const before = await board.task(id)
    await board.stop()
    await drag(page, box, 2 * PX_PER_DAY)
    await expect.poll(pendingText, { timeout: 30_000 }).toBe('1 edit waiting for Team board')
    await page.getByRole('button', { name: 'Discard…' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Discard waiting edits' })
    await expect
      .poll(() => dialog.textContent())
      .toContain('Discard 1 edit waiting for Team board?')
    await dialog.getByRole('button', { name: 'Keep them' }).click()
    expect(await pendingText()).toBe('1 edit waiting for Team board')
    await page.getByRole('button', { name: 'Discard…' }).click()
    await dialog.getByRole('button', { name: 'Discard' }).click()
    await expect.poll(pendingText).toBe('All edits saved')
    const shown = await ipc<{ tasks: Task[] }>('board:sync', { cachedFirst: true })
    expect(shown.tasks.find((t) => t.id === id)?.dueDate).toBe(before.dueDate)
    await board.start()
    expect((await board.task(id)).dueDate).toBe(before.dueDate)
    expect(board.updates).toBe(0)
  }, 120_000)
})

/** The Monday of this week, `YYYY-MM-DD`: the seeded work lies around today, in view. */
function mondayOf(date: Date): string {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
  return new Date(day - ((date.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10)
}
