// Finding and dragging timeline bars as a user would, shared by the end-to-end tests.
import type { Page } from 'playwright-core'

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Pixels per day at the default (week) zoom. */
export const PX_PER_DAY = 16

/**
 * A draggable, fully visible plain bar (not summary, not milestone). The first one is looked
 * for again for a few seconds: right after a refresh the chart may be between two draws, with
 * no bar in place yet. With bars to skip (a caller listing them all) the answer is at once.
 */
export async function draggableBar(
  page: Page,
  skip: string[] = [],
): Promise<{ id: string; box: Box }> {
  for (let attempt = 0; attempt < (skip.length === 0 ? 50 : 1); attempt++) {
    const found = await visibleBar(page, skip)
    if (found) return found
    if (skip.length === 0) await page.waitForTimeout(100)
  }
  throw new Error('no draggable bar in view')
}

async function visibleBar(
  page: Page,
  skip: string[],
): Promise<{ id: string; box: Box } | undefined> {
  const handles = await page.$$('.tb-bar.tb-kind-bar:not(.is-locked)')
  for (const handle of handles) {
    const id = (await handle.getAttribute('data-task-id'))!
    const box = await (await handle.$('rect.bar'))?.boundingBox()
    if (
      !box ||
      skip.includes(id) ||
      box.width < 24 ||
      box.x < 320 ||
      box.x + box.width > 1300 ||
      box.y < 120 ||
      box.y > 760
    )
      continue
    return { id, box }
  }
  return undefined
}

/** Drags from the middle of `box` by `dx` pixels in small steps; Escape before release cancels. */
export async function drag(
  page: Page,
  box: Box,
  dx: number,
  options: { cancel?: boolean } = {},
): Promise<void> {
  const { mouse, keyboard } = page
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await mouse.move(x, y)
  await mouse.down()
  for (let step = 1; step <= 8; step += 1) await mouse.move(x + (dx * step) / 8, y)
  if (options.cancel) {
    await keyboard.press('Escape')
    await mouse.up()
    return
  }
  // Listening before the drop: the edit may be sent before the next line runs.
  const sent = page
    .waitForRequest((r) => decodeURIComponent(r.url()).endsWith('/ipc/tasks:update'), {
      timeout: DECIDED_MS,
    })
    .then(
      () => 'sent' as const,
      () => 'neither' as const,
    )
  await mouse.up()
  await thisTaskOnly(page, sent)
}

/** How long a drop may take to either send its edit or ask about the cascade. */
const DECIDED_MS = 10_000

/**
 * A drop that pushes successors asks first (the what-if cascade, test/e2e/what-if.e2e.test.ts);
 * tests of a plain drag answer "Apply this task only", which is what a drag did before: whether
 * the seeded demo board gives the dragged bar a successor without slack depends on the day.
 * The planner decides after the drop (a cascade is worked out, then the question drawn), so the
 * wait is for whichever comes first, the question or the edit going out; a fixed short wait
 * missed the question on a busy machine. `sent` was listened for before the drop.
 */
async function thisTaskOnly(page: Page, sent: Promise<'sent' | 'neither'>): Promise<void> {
  const question = page.getByRole('alertdialog', { name: 'Apply the cascade?' })
  const asked = question.waitFor({ state: 'visible', timeout: DECIDED_MS }).then(
    () => 'asked' as const,
    () => 'neither' as const,
  )
  const first = await Promise.race([asked, sent])
  if (first === 'asked')
    await question.getByRole('button', { name: 'Apply this task only' }).click()
}
