/// <reference lib="dom" />
// axe-core in the page: its source is evaluated through the DevTools protocol (the planner's CSP
// allows no inline script, and page.evaluate is not subject to it), then axe.run checks the whole
// document against WCAG 2.1 A and AA. What the tests fail on: any serious or critical violation,
// and every colour-contrast one (AA text contrast), named by rule and element so a failure says
// what to fix.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import type { AxeResults, Result } from 'axe-core'

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

export interface AxeFinding {
  rule: string
  impact: string
  help: string
  /** Up to five elements, each as axe names it (selector) with its failure summary. */
  nodes: string[]
}

/** The serious and critical violations (and any contrast one) on the page as it is now. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const injected = await page.evaluate(() => 'axe' in window)
  if (!injected) await page.evaluate(AXE_SOURCE)
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(...args: unknown[]): Promise<unknown> } }).axe
    return (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as unknown
  })
  return (results as AxeResults).violations
    .filter(
      (v: Result) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'color-contrast',
    )
    .map((v: Result) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
    }))
}
