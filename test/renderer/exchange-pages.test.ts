// Export pages: every row of the board on some page, page labels, and the drawing's content
// (tree column, legend, lag label, milestone diamond) without a browser.
import { describe, expect, it } from 'vitest'
import type { Dependency } from '../../src-shared/api'
import { fullLayout, pagesOf, pdfFit } from '../../src-renderer/exchange/export-pages'
import { timelinePageSvg } from '../../src-renderer/exchange/timeline-svg'
import { buildTask } from '../support/task-builder'

const tasks = Array.from({ length: 120 }, (_, i) =>
  buildTask(`t${i}`, {
    projectKey: 'APP',
    key: i + 1,
    title: i === 0 ? 'Plan <b>&' : `Task ${i + 1}`,
    type: i === 5 ? 'milestone' : 'task',
    startDate: `2026-03-${String((i % 20) + 1).padStart(2, '0')}T00:00:00.000Z`,
    dueDate: `2026-03-${String((i % 20) + 3).padStart(2, '0')}T00:00:00.000Z`,
  }),
)
const deps = [{ id: 'd1', predecessorId: 't0', successorId: 't1', lagDays: 2 } as Dependency]

describe('export pages', () => {
  it('spreads all rows over pages that fit the paper, each labelled', () => {
    const view = fullLayout(tasks, 'week')
    const fit = pdfFit('a4', 'portrait', view.scale.width, view.layout.rowHeight)
    const pages = pagesOf(view, { title: 'Demo', dependencies: deps, rowsPerPage: fit.rowsPerPage })
    const rows = view.layout.rows.length
    expect(pages.length).toBe(Math.ceil(rows / fit.rowsPerPage))
    expect(pages.length).toBeGreaterThan(1)
    expect(pages.at(-1)!.last).toBe(rows - 1)
    expect(pages[0]!.subtitle).toMatch(/120 tasks · page 1 of \d+$/)
    const landscape = pdfFit('a4', 'landscape', view.scale.width, view.layout.rowHeight)
    expect(landscape.rowsPerPage).toBeLessThan(fit.rowsPerPage)
  })

  it('draws the tree column, legend, escaped titles, lag labels and milestones', () => {
    const view = fullLayout(tasks, 'week')
    const [page] = pagesOf(view, { title: 'Demo <board>', dependencies: deps })
    const svg = timelinePageSvg(page!)
    expect(svg).toContain('Demo &#60;board&#62;')
    expect(svg).toContain('APP-1  Plan &#60;b&#62;&#38;')
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('Violated dependency')
    expect(svg).toContain('>+2d</text>')
    expect(svg.match(/fill="#7c3aed"/g)!.length).toBeGreaterThanOrEqual(2) // legend + milestone
  })

  it('draws slack as broken under the board’s exact-gap mode, as the screen does', () => {
    // t0 ends on 3 March; t10 starts on 11 March: a kept dependency with slack.
    const slack = [{ id: 'd2', predecessorId: 't0', successorId: 't10', lagDays: 0 } as Dependency]
    const view = fullLayout(tasks, 'week')
    const broken = (exactGaps: boolean) =>
      (
        timelinePageSvg(pagesOf(view, { title: 'D', dependencies: slack, exactGaps })[0]!).match(
          /class="arrow violated"/g,
        ) ?? []
      ).length
    expect(broken(false)).toBe(0)
    expect(broken(true)).toBe(1)
    const svg = timelinePageSvg(
      pagesOf(view, { title: 'D', dependencies: slack, exactGaps: true })[0]!,
    )
    expect(svg).toMatch(/>\+\d+d late<\/text>/)
  })

  it('stays well-formed XML whatever a title holds: controls, lone surrogates, a cut emoji', () => {
    const odd = [
      buildTask('x1', { title: 'Bell\u0007 and \uFFFE end', dueDate: '2026-03-03T00:00:00.000Z' }),
      buildTask('x2', { title: `Half \ud83d pair`, dueDate: '2026-03-03T00:00:00.000Z' }),
      buildTask('x3', {
        title: `${'a'.repeat(30)}${'😀'.repeat(40)}`,
        dueDate: '2026-03-03T00:00:00.000Z',
      }),
    ]
    const view = fullLayout(odd, 'week')
    const [page] = pagesOf(view, { title: 'Odd', dependencies: [] })
    const svg = timelinePageSvg(page!)
    // What the PNG export does with it: a data URL of the text, which must encode and parse.
    expect(() => encodeURIComponent(svg)).not.toThrow()
    // eslint-disable-next-line no-control-regex -- what XML 1.0 cannot hold
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/)
    expect(svg).toContain('Bell and  end')
  })
})
