/// <reference lib="dom" />
// Export as a user meets it (issue 14, item 1): "Export…" in the toolbar saves a PDF of the whole
// board on A4 portrait pages (turned into images with pdftoppm: several pages, none blank, each
// with the header band and bars), a PNG of the visible range, and a CSV whose rows are the
// board's tasks as its own HTTP interface lists them, field by field, with predecessors.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Task } from '../../src-shared/api'
import { unguardCell } from '../../src-shared/exchange/cell-guard'
import { cellOf, TASK_FIELDS } from '../../src-shared/exchange/csv-export'
import { ARTEFACTS, startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'

const OUT = join(ARTEFACTS, 'exchange-export')
let planner: Planner
let board: BoardClient

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  planner = await startPlanner({ localTasks: 90 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tb-bar[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
}, 90_000)
afterAll(() => planner?.close())

/** Opens Export…, makes the choices, and returns the saved file's path. */
async function exportFile(
  format: 'PNG' | 'PDF' | 'CSV',
  scope: RegExp,
  name: string,
  pdf?: { size: string; orientation: string },
): Promise<string> {
  const { page } = planner
  await page.getByRole('button', { name: 'Export…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Export' })
  await dialog.getByRole('radio', { name: format }).check()
  await dialog.getByRole('radio', { name: scope }).check()
  if (pdf) {
    await dialog.getByLabel('Page size').selectOption({ label: pdf.size })
    await dialog
      .getByRole('combobox', { name: 'Orientation', exact: true })
      .selectOption({ label: pdf.orientation })
    expect(await dialog.getByRole('combobox', { name: 'Page size', exact: true }).count()).toBe(1)
  }
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByRole('button', { name: `Export ${format}` }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^[a-z0-9-]*board-\\d{4}-\\d{2}-\\d{2}\\.${format.toLowerCase()}$`),
  )
  const path = join(OUT, name)
  await download.saveAs(path)
  await expect.poll(() => dialog.getByRole('status').textContent()).toContain('Saved')
  await dialog.getByRole('button', { name: 'Close' }).click()
  return path
}

/** A PPM image (pdftoppm's default output): width, height and the share of pixels not white. */
function inkOf(path: string): { width: number; height: number; ink: number; dark: number } {
  const data = readFileSync(path)
  const header = data.subarray(0, 40).toString('latin1').split(/\s+/)
  const [magic, width, height, max] = [header[0], Number(header[1]), Number(header[2]), header[3]]
  expect(magic).toBe('P6')
  const offset = data.indexOf(`${max}\n`, 2, 'latin1') + `${max}\n`.length
  let ink = 0
  let dark = 0
  for (let i = offset; i + 2 < data.length; i += 3) {
    const sum = data[i]! + data[i + 1]! + data[i + 2]!
    if (sum < 750) ink++
    if (sum < 300) dark++
  }
  const pixels = width * height
  return { width, height, ink: ink / pixels, dark: dark / pixels }
}

describe('Export…', () => {
  it('saves the whole board as a multi-page PDF whose pages are not blank', async () => {
    const pdf = await exportFile('PDF', /Whole board/, 'board.pdf', {
      size: 'A4',
      orientation: 'Portrait',
    })
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    execFileSync('pdftoppm', ['-r', '40', pdf, join(OUT, 'page')])
    const pages = readdirSync(OUT)
      .filter((f) => /^page-\d+\.ppm$/.test(f))
      .sort()
    expect(pages.length).toBeGreaterThanOrEqual(2)
    for (const page of pages) {
      const image = inkOf(join(OUT, page))
      // A4 portrait at 40 dpi: 331 x 468 px.
      expect(image.height).toBeGreaterThan(image.width)
      expect(Math.abs(image.width - 331)).toBeLessThanOrEqual(2)
      // Bars, text and grid cover part of the page; a blank or all-black page fails.
      expect(image.ink, page).toBeGreaterThan(0.02)
      expect(image.ink, page).toBeLessThan(0.9)
      expect(image.dark, page).toBeGreaterThan(0.001)
    }
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', pdf, join(OUT, 'first')])
  }, 120_000)

  it('saves the visible range as a PNG with content', async () => {
    const png = await exportFile('PNG', /Visible range/, 'visible.png')
    const data = readFileSync(png)
    expect(data.subarray(1, 4).toString()).toBe('PNG')
    // Width and height from the IHDR chunk: the tree column plus the chart in view, at 2x.
    const width = data.readUInt32BE(16)
    const height = data.readUInt32BE(20)
    expect(width).toBeGreaterThan(800)
    expect(height).toBeGreaterThan(400)
    expect(data.length).toBeGreaterThan(20_000)
  }, 60_000)

  it('saves a CSV that matches the board read over HTTP, with predecessors', async () => {
    const csv = await exportFile('CSV', /Whole board/, 'board.csv')
    const text = readFileSync(csv, 'utf8')
    // Excel reads a CSV as UTF-8 only with a byte order mark.
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), {
      header: true,
      skipEmptyLines: true,
    })
    // The planner reads (and exports) descriptions as markdown.
    const tasks: Task[] = await board.tasks('descriptionType=markdown')
    expect(tasks.length).toBeLessThan(100) // one list call holds the whole board
    expect(parsed.data).toHaveLength(tasks.length)
    const rows = new Map(parsed.data.map((row) => [row['id'], row]))
    for (const task of tasks) {
      const row = rows.get(task.id)
      expect(row, task.id).toBeDefined()
      // Raw cells carry the formula guard's `'` (a markdown bullet after a line break has one).
      for (const field of TASK_FIELDS)
        expect(unguardCell(row![field]!), `${task.id} ${field}`).toBe(cellOf(task[field]))
      for (const [name, value] of Object.entries(task.properties))
        expect(unguardCell(row![`prop_${name}`]!), `${task.id} ${name}`).toBe(cellOf(value))
    }
    const dependencies = await board.dependencies()
    expect(dependencies.length).toBeGreaterThan(0)
    for (const dep of dependencies) {
      const lag = dep.lagDays ? `+${dep.lagDays}d` : ''
      const cell = rows.get(dep.successorId)!['predecessors']!
      expect(cell.split('; ')).toContain(`${dep.predecessorProjectKey}-${dep.predecessorKey}${lag}`)
    }
    const withPredecessors = parsed.data.filter((row) => row['predecessors'] !== '')
    expect(withPredecessors.length).toBe(new Set(dependencies.map((d) => d.successorId)).size)
  }, 60_000)
})
