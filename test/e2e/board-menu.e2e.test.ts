/// <reference lib="dom" />
// The board menu as a user meets it, in Chromium on the local demo board: a board added by
// hand is edited in place (renamed, given a new key) under "Edit <name>", keeping its id; the
// same board cannot be added twice; the local demo board offers no Edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlanner } from './harness'
import type { Planner } from './harness'
import { localBoardClient } from './local-board-client'
import type { BoardClient } from './local-board-client'
import { pageIpc } from './page-ipc'

let planner: Planner
let board: BoardClient
const ipc = <T>(channel: string, payload: unknown) => pageIpc<T>(planner.page, channel, payload)

interface Listed {
  id: string
  name: string
  maskedKey: string
  isLocal: boolean
}

beforeAll(async () => {
  planner = await startPlanner({ localTasks: 20 })
  await planner.page.goto(planner.url)
  await planner.page.waitForSelector('.tree-row[data-task-id]', { timeout: 20_000 })
  board = await localBoardClient(planner.page, planner.userData)
}, 90_000)
afterAll(() => planner?.close())

// A non-modal dialog, not a menu: it holds a list, buttons and forms.
const menu = () => planner.page.getByRole('dialog', { name: 'Boards' })
async function openMenu(): Promise<void> {
  if ((await menu().count()) === 0) await planner.page.locator('.board-menu-button').click()
  await menu().waitFor()
}

describe('the board menu', () => {
  it('opens as the dialog "Boards" with the keyboard in it; Esc gives the keyboard back to its button', async () => {
    const { page } = planner
    const opener = page.getByRole('button', { name: /▾$/ })
    await opener.focus()
    await page.keyboard.press('Enter')
    await menu().waitFor()
    expect(await opener.getAttribute('aria-expanded')).toBe('true')
    expect(await menu().evaluate((panel) => panel.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => menu().count()).toBe(0)
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true)
  })

  it('edits a board in place: a new name, and its key kept when left blank', async () => {
    const { page } = planner
    const added = await ipc<Listed>('boards:add', {
      name: 'Team board',
      baseUrl: board.baseUrl,
      apiKey: board.apiKey,
    })
    await openMenu()
    expect(await menu().getByRole('button', { name: 'Edit Local demo board' }).count()).toBe(0)
    await menu().getByRole('button', { name: 'Edit Team board' }).click()
    const form = page.getByRole('form', { name: 'Edit Team board' })
    await form.getByLabel('Name', { exact: true }).fill('Team board, renamed')
    const key = form.getByLabel('New API key', { exact: true })
    expect(await key.inputValue()).toBe('')
    // An address on another server needs the key typed again (main never sends it there).
    const address = form.getByLabel('Base URL', { exact: true })
    await address.fill('https://elsewhere.example.com')
    expect(await key.getAttribute('placeholder')).toBe(
      'Enter the key again: the address names another server',
    )
    expect(await key.evaluate((input: HTMLInputElement) => input.required)).toBe(true)
    await address.fill(board.baseUrl)
    expect(await key.evaluate((input: HTMLInputElement) => input.required)).toBe(false)
    await form.getByRole('button', { name: 'Save board' }).click()
    await expect.poll(() => form.count()).toBe(0)
    await expect
      .poll(() => menu().getByRole('button', { name: 'Edit Team board, renamed' }).count())
      .toBe(1)
    const listed = (await ipc<Listed[]>('boards:list', undefined)).find((b) => b.id === added.id)
    expect(listed).toMatchObject({ name: 'Team board, renamed', maskedKey: added.maskedKey })
  })

  it('keeps the keyboard when a board’s form closes under it: Esc still closes "Boards"', async () => {
    const { page } = planner
    if ((await menu().count()) > 0) await page.locator('.board-menu-button').click()
    await expect.poll(() => menu().count()).toBe(0)
    await openMenu()
    await menu()
      .getByRole('button', { name: /^Edit Team board/ })
      .click()
    const form = page.getByRole('form', { name: /^Edit Team board/ })
    // Cancel by keyboard: the button leaves with its form.
    await form.getByRole('button', { name: 'Cancel' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => form.count()).toBe(0)
    await expect
      .poll(() => menu().evaluate((panel) => panel.contains(document.activeElement)))
      .toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => menu().count()).toBe(0)
  })

  it('refuses the same board twice, in words, and adds nothing', async () => {
    const { page } = planner
    const before = (await ipc<Listed[]>('boards:list', undefined)).length
    await openMenu()
    await menu().getByRole('button', { name: 'Add a board…' }).click()
    const form = page.getByRole('form', { name: 'Add a board' })
    await form.getByLabel('Name', { exact: true }).fill('Team board again')
    await form.getByLabel('Base URL', { exact: true }).fill(board.baseUrl)
    await form.getByLabel('API key', { exact: true }).fill(board.apiKey)
    await form.getByRole('button', { name: 'Add board' }).click()
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe('That board is already in the planner as "Team board, renamed", with the same key.')
    expect(await ipc<Listed[]>('boards:list', undefined)).toHaveLength(before)
    // The key the user typed is still there to correct the rest (a service may show it once).
    expect(await form.getByLabel('API key', { exact: true }).inputValue()).toBe(board.apiKey)
    await form.getByRole('button', { name: 'Cancel' }).click()
  })

  it('renames the open board without loading it again; its new name shows at once', async () => {
    const { page } = planner
    const team = (await ipc<Listed[]>('boards:list', undefined)).find(
      (b) => b.name === 'Team board, renamed',
    )!
    await ipc('boards:select', { id: team.id })
    await page.reload()
    await page.waitForSelector('.tree-row[data-task-id]', { timeout: 20_000 })
    const syncs: string[] = []
    page.on('request', (request) => {
      if (decodeURIComponent(request.url()).endsWith('/ipc/board:sync')) syncs.push(request.url())
    })
    await openMenu()
    await menu().getByRole('button', { name: 'Edit Team board, renamed' }).click()
    const form = page.getByRole('form', { name: 'Edit Team board, renamed' })
    await form.getByLabel('Name', { exact: true }).fill('Team board, open')
    await form.getByRole('button', { name: 'Save board' }).click()
    await expect
      .poll(() => page.locator('.status-bar .board').textContent())
      .toBe('Team board, open')
    await page.waitForTimeout(300)
    expect(syncs).toEqual([])
  })
})
