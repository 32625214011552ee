/// <reference lib="dom" />
// The CSV import wizard as a user meets it (issue 14, item 2), driven by its controls' accessible
// names: a small file from another tool, whose headers the planner guesses in part and the user
// maps the rest of; a preview that checks every row and leaves a bad one out with its reason; the
// project chosen; then the tasks and the dependencies from the predecessor column. What the board
// holds afterwards is read over HTTP with the test's own key: each task and each dependency
// exactly once, with the dates and lags of the file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

const RUN = Date.now().toString(36)
const title = (name: string) => `${name} CSV ${RUN}`
let planner: Planner
let board: BoardClient
let dir: string
let file: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-csv-import-'))
  file = join(dir, 'plan.csv')
  // Headers as a spreadsheet might have them: "Task Name" and "Depends on" are guessed, the
  // others the user maps. The fourth row has no title: it is left out, and nothing links to it.
  writeFileSync(
    file,
    [
      'Proj,ID,Task Name,Begins,Ends,Depends on',
      `X,1,${title('Design')},2026-12-01,2026-12-03,`,
      `X,2,${title('Build')},2026-12-06,2026-12-10,X-1+2d`,
      `X,3,${title('Ship')},2026-12-11,2026-12-11,X-2; X-1`,
      'X,4,,2026-12-01,2026-12-02,',
    ].join('\n'),
  )
  planner = await startPlanner({ localTasks: 4 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
}, 90_000)
afterAll(async () => {
  await planner?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('Import… a CSV file', () => {
  it('maps, previews, creates the tasks and their dependencies, each exactly once', async () => {
    const { page } = planner
    const before = await board.tasks()
    const project = before[0]!.projectKey
    await page.getByRole('button', { name: 'Import…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import' })
    await dialog.getByLabel('CSV or MS Project XML file').setInputFiles(file)

    const column = (header: string) => dialog.getByLabel(`Column ${header}`, { exact: true })
    await column('Task Name').waitFor()
    // Guessed from the headers.
    expect(await column('Task Name').inputValue()).toBe('field:title')
    expect(await column('Depends on').inputValue()).toBe('field:predecessors')
    // Mapped by the user.
    await column('Proj').selectOption({ label: 'Project key (for predecessors)' })
    await column('ID').selectOption({ label: 'Key (for predecessors)' })
    await column('Begins').selectOption({ label: 'Start date' })
    await column('Ends').selectOption({ label: 'Due date' })
    await dialog.getByRole('button', { name: 'Preview' }).click()

    await expect
      .poll(() => dialog.textContent())
      .toContain('3 tasks to create, 3 dependencies, 1 left out')
    const rows = dialog.getByRole('table', { name: 'Rows' })
    expect(await rows.getByRole('row').filter({ hasText: 'title:' }).count()).toBe(1)
    await dialog.getByLabel('Project').fill(project)
    await dialog.getByRole('button', { name: 'Import 3 tasks' }).click()
    const report = dialog.getByLabel('Import report')
    await expect
      .poll(
        () =>
          report
            .getByRole('status')
            .textContent()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toContain('Import finished. Created 3 tasks, made 3 dependencies')
    await planner.screenshot('exchange-csv-import-report')

    const tasks = await board.tasks(`projectKey=${project}`)
    const one = (name: string) => {
      const found = tasks.filter((t) => t.title === title(name))
      expect(found, name).toHaveLength(1)
      return found[0]!
    }
    const design = one('Design')
    const build = one('Build')
    const ship = one('Ship')
    expect(tasks.length).toBe(before.filter((t) => t.projectKey === project).length + 3)
    expect([design.startDate, design.dueDate].map((d) => d.slice(0, 10))).toEqual([
      '2026-12-01',
      '2026-12-03',
    ])
    expect(build.startDate.slice(0, 10)).toBe('2026-12-06')

    const ours = new Set([design.id, build.id, ship.id])
    const made = (await board.dependencies())
      .filter((d) => ours.has(d.successorId) || ours.has(d.predecessorId))
      .map((d) => [d.predecessorId, d.successorId, d.lagDays])
      .sort()
    expect(made).toEqual(
      [
        [design.id, build.id, 2],
        [build.id, ship.id, 0],
        [design.id, ship.id, 0],
      ].sort(),
    )
  }, 120_000)

  it('reads a file saved as UTF-16 ("Unicode text"), headers and all', async () => {
    const { page } = planner
    const utf16 = join(dir, 'unicode.csv')
    const text = `Task Name,Ends\r\n${title('Été')},2026-12-04\r\n`
    // Little-endian with a byte order mark, as Windows spreadsheets save "Unicode text".
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
    const dialog = page.getByRole('dialog', { name: 'Import' })
    // Esc closes what the test before left open; the wizard then starts from its file step.
    if ((await dialog.count()) > 0) await dialog.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await page.getByRole('button', { name: 'Import…' }).click()
    await dialog.getByLabel('CSV or MS Project XML file').setInputFiles(utf16)
    const column = dialog.getByLabel('Column Task Name', { exact: true })
    await column.waitFor()
    expect(await column.inputValue()).toBe('field:title')
    await dialog.getByRole('button', { name: 'Preview' }).click()
    await expect.poll(() => dialog.textContent()).toContain('1 task to create')
    await expect.poll(() => dialog.textContent()).toContain(title('Été'))
  }, 60_000)

  it('shows which task on the board a predecessor key outside the file names', async () => {
    const { page } = planner
    const existing = (await board.tasks()).find((t) => t.type === 'task')!
    const key = `${existing.projectKey}-${existing.key}`
    const outside = join(dir, 'outside.csv')
    writeFileSync(outside, `Task Name,Depends on\n${title('Follow-up')},${key}+1d\n`)
    const dialog = page.getByRole('dialog', { name: 'Import' })
    if ((await dialog.count()) > 0) await dialog.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await page.getByRole('button', { name: 'Import…' }).click()
    await dialog.getByLabel('CSV or MS Project XML file').setInputFiles(outside)
    await dialog.getByLabel('Column Task Name', { exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Preview' }).click()
    const links = dialog.getByRole('region', { name: 'Links to tasks on the board' })
    await expect.poll(() => links.count()).toBe(1)
    expect(await links.textContent()).toContain(`${key} here is “${existing.title}”`)
  }, 60_000)
})
