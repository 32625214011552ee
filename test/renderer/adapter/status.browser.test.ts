// Status at a glance on the chart (issue 13, item 6), in a real browser: the status classes the
// model puts on a bar become inline SVG icons (no font glyphs) at the bar's start, the label
// moves past them, and a bar too narrow for them has them after its end, before its label.
import { describe, expect, it } from 'vitest'
import { useAdapterPage } from './browser-runner'
import type { AdapterPage } from './browser-runner'
import type { AdapterBar, BarView, MountOptions } from './page-api'

const ms = (day: string) => Date.parse(`${day}T00:00:00Z`)
const MOUNT: MountOptions = {
  scale: { startMs: ms('2026-03-01'), endMs: ms('2026-05-01'), pxPerDay: 40 },
  rowHeight: 32,
  barHeight: 20,
}
const bar = (id: string, row: number, start: string, end: string, className: string) =>
  ({
    id,
    label: id,
    row,
    kind: 'bar',
    startMs: ms(start),
    endMs: ms(end),
    className,
  }) satisfies AdapterBar

let p: AdapterPage
useAdapterPage((page) => (p = page))

const barOf = async (id: string): Promise<BarView> =>
  (await p.call('bars')).find((b) => b.id === id)!

describe('status icons on bars', () => {
  it('draws a check, a marker and an overdue mark from the classes; none on an open bar', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', {
      bars: [
        bar('done', 0, '2026-03-02', '2026-03-09', 'task priority-low status-done'),
        bar('started', 1, '2026-03-02', '2026-03-09', 'task status-started overdue'),
        bar('open', 2, '2026-03-02', '2026-03-09', 'task priority-high'),
        {
          ...bar('narrow', 3, '2026-03-02', '2026-03-02', 'task overdue'),
          endMs: ms('2026-03-02') + 43_200_000,
        },
      ],
      links: [],
      firstRow: 0,
      rowCount: 4,
    })
    await p.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
    const done = await barOf('done')
    expect(done.statusIcons.map((i) => i.name)).toEqual(['check'])
    const started = await barOf('started')
    expect(started.statusIcons.map((i) => i.name)).toEqual(['started', 'overdue'])
    expect((await barOf('open')).statusIcons).toEqual([])

    // Inside a wide bar, from its start; the label begins after the last icon.
    for (const view of [done, started]) {
      const first = view.statusIcons[0]!
      const last = view.statusIcons.at(-1)!
      expect(first.x).toBeGreaterThanOrEqual(view.inHost.x)
      expect(last.x + last.width).toBeLessThanOrEqual(view.inHost.x + view.inHost.width)
      expect(view.labelBox.x).toBeGreaterThanOrEqual(last.x + last.width)
    }
    // A half-day bar (20 px) has no room: the mark follows its end, the label follows the mark.
    const narrow = await barOf('narrow')
    const mark = narrow.statusIcons[0]!
    expect(narrow.statusIcons.map((i) => i.name)).toEqual(['overdue'])
    expect(mark.x).toBeGreaterThanOrEqual(narrow.inHost.x + narrow.inHost.width)
    expect(narrow.labelBox.x).toBeGreaterThanOrEqual(mark.x + mark.width)
    // Paths, not text: nothing depends on a font having a glyph.
    const texts = await p.page.evaluate(
      () => document.querySelectorAll('.tb-status-icons text').length,
    )
    expect(texts).toBe(0)
  })
})
