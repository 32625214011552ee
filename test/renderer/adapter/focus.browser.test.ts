// Keyboard focus survives a full redraw, in a real browser. A window change (a scroll, a Refresh)
// rebuilds the chart's SVG; the bar or arrow that had focus must have it again afterwards, or the
// next arrow key lands on the page's body (seen: focus lost in about half of the navigation e2e
// runs, because a freshly drawn bar was not focusable yet when focus was put back).
import { describe, expect, it } from 'vitest'
import { useAdapterPage } from './browser-runner'
import type { AdapterPage } from './browser-runner'
import type { AdapterBar, AdapterLink, MountOptions, RenderInput } from './page-api'

const ms = (day: string) => Date.parse(`${day}T00:00:00Z`)
const MOUNT: MountOptions = {
  scale: { startMs: ms('2026-03-01'), endMs: ms('2026-06-01'), pxPerDay: 20 },
  rowHeight: 32,
  barHeight: 20,
}
const BARS: AdapterBar[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, row) => ({
  id,
  label: `Task ${id}`,
  row,
  kind: 'bar',
  startMs: ms('2026-03-02') + row * 3 * 86_400_000,
  endMs: ms('2026-03-04') + row * 3 * 86_400_000,
}))
const LINKS: AdapterLink[] = [
  { id: 'bc', fromId: 'b', toId: 'c', lagDays: 0 },
  { id: 'cd', fromId: 'c', toId: 'd', lagDays: 0 },
]
const window = (firstRow: number, rowCount: number, bars = BARS): RenderInput => ({
  bars,
  links: LINKS,
  firstRow,
  rowCount,
})
/** Another window and a label changed in it (a Refresh while scrolling): a full render. */
const redrawn = (firstRow: number, rowCount: number) =>
  window(
    firstRow,
    rowCount,
    BARS.map((bar) => (bar.id === 'b' ? { ...bar, label: 'Task b, renamed' } : bar)),
  )

let p: AdapterPage
useAdapterPage((page) => (p = page))

/** What has keyboard focus: a bar's task id, an arrow's link id, or the element's tag. */
const focused = () =>
  p.page.evaluate(() => {
    const active = document.activeElement
    const bar = active?.closest('.bar-wrapper')?.getAttribute('data-task-id')
    const link = active?.closest('.tb-arrow')?.getAttribute('data-link-id')
    return bar ? `bar ${bar}` : link ? `arrow ${link}` : (active?.tagName ?? 'none')
  })

/** The drawn bar ids in the Tab order (tabindex 0) and the drawn arrows that are Tab stops. */
const tabStops = () =>
  p.page.evaluate(() => [
    ...Array.from(document.querySelectorAll('[tabindex="0"]')).map(
      (e) =>
        e.closest('.bar-wrapper')?.getAttribute('data-task-id') ??
        e.closest('.tb-arrow')?.getAttribute('data-link-id'),
    ),
  ])

describe('keyboard focus across a full redraw', () => {
  it('a focused bar keeps focus when the window moves and the bar is drawn again', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', window(0, 4))
    await p.page.evaluate(() =>
      document.querySelector<SVGGElement>('.bar-wrapper[data-task-id="c"]')!.focus(),
    )
    expect(await focused()).toBe('bar c')
    // Another window with a label changed: every bar is drawn anew.
    await p.call('render', redrawn(1, 5))
    expect(await focused()).toBe('bar c')
    // The bar with focus is the chart's one Tab stop among the bars.
    expect((await tabStops()).filter((id) => BARS.some((b) => b.id === id))).toEqual(['c'])
  })

  it('a focused arrow keeps focus and stays the arrows\u2019 Tab stop across a redraw', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', window(0, 5))
    await p.page.evaluate(() =>
      document.querySelector<SVGElement>('.tb-arrow[data-link-id="cd"] .tb-arrow-hit')!.focus(),
    )
    expect(await focused()).toBe('arrow cd')
    await p.call('render', redrawn(1, 5))
    expect(await focused()).toBe('arrow cd')
    expect((await tabStops()).filter((id) => LINKS.some((l) => l.id === id))).toEqual(['cd'])
  })

  it('a bar reached with Tab keeps its focus ring across a redraw', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', window(0, 4))
    for (let i = 0; i < 10 && !(await focused()).startsWith('bar'); i += 1) {
      await p.page.keyboard.press('Tab')
    }
    expect(await focused()).toBe('bar a')
    const ring = () => p.page.evaluate(() => document.activeElement!.matches(':focus-visible'))
    expect(await ring()).toBe(true)
    await p.call('render', redrawn(0, 5))
    expect(await focused()).toBe('bar a')
    expect(await ring()).toBe(true)
  })

  it('a scroll step keeps the focused bar itself, and it stays the Tab stop', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', window(0, 4))
    await p.page.evaluate(() => {
      const bar = document.querySelector<SVGGElement>('.bar-wrapper[data-task-id="c"]')!
      ;(window as unknown as { kept: Element }).kept = bar
      bar.focus()
    })
    await p.call('render', window(2, 4))
    expect(await focused()).toBe('bar c')
    expect(
      await p.page.evaluate(
        () => (window as unknown as { kept: Element }).kept === document.activeElement,
      ),
    ).toBe(true)
    expect((await tabStops()).filter((id) => BARS.some((b) => b.id === id))).toEqual(['c'])
  })

  it('a focused bar that a window move takes away hands focus to the focused task\u2019s bar, not to the page', async () => {
    // Seen in the navigation e2e on a loaded machine: a bar reached with Tab, then a window move
    // drawn late (for a scroll made before the Tab) left its row out; focus fell to the page's
    // body and the next arrow key scrolled the page instead of moving through the bars.
    await p.call('mount', MOUNT)
    await p.call('render', window(0, 6))
    await p.call('focusBar', 'b')
    await p.page.evaluate(() =>
      document.querySelector<SVGGElement>('.bar-wrapper[data-task-id="e"]')!.focus(),
    )
    await p.call('render', window(0, 3))
    expect(await focused()).toBe('bar b')
    expect((await tabStops()).filter((id) => BARS.some((b) => b.id === id))).toEqual(['b'])
    // The focused task's bar not drawn either: the drawn bar nearest the lost one's row.
    await p.call('render', window(0, 6))
    await p.call('focusBar', 'a')
    await p.page.evaluate(() =>
      document.querySelector<SVGGElement>('.bar-wrapper[data-task-id="f"]')!.focus(),
    )
    await p.call('render', window(1, 3))
    expect(await focused()).toBe('bar d')
  })

  it('an arrow key on a bar that the key\u2019s own catch-up draw takes away still reaches the app', async () => {
    // Seen in the navigation e2e (about one run in four): a bar reached with Tab, a window move
    // still to draw (a scroll made before the Tab), then ArrowDown. The keydown first draws what
    // was held back; that draw left the bar's row out, so the key's target was no longer a drawn
    // bar, the key was dropped, and the focus never moved.
    await p.call('mount', MOUNT)
    await p.call('render', window(0, 6))
    await p.call('focusBar', 'e')
    await p.page.evaluate(() =>
      document.querySelector<SVGGElement>('.bar-wrapper[data-task-id="e"]')!.focus(),
    )
    await p.call('clearRecorded')
    await p.call('renderAfterPaint', window(0, 3), { key: 'ArrowDown' })
    expect((await p.call('recorded')).barKeys).toEqual([['e', 'ArrowDown']])
  })

  it('a bar holding focus for the focused task\u2019s bar hands it over once that bar is drawn', async () => {
    // Seen in the navigation e2e under a full test run: after ArrowDown, a window move drawn late
    // left the newly focused task's row out, a neighbour stood in for it, and keyboard focus
    // stayed on the neighbour while the task tree showed the focused task.
    await p.call('mount', MOUNT)
    await p.call('render', window(0, 6))
    await p.call('focusBar', 'a')
    await p.page.evaluate(() =>
      document.querySelector<SVGGElement>('.bar-wrapper[data-task-id="a"]')!.focus(),
    )
    await p.call('render', window(1, 3))
    expect(await focused()).toBe('bar b')
    await p.call('render', window(0, 4))
    expect(await focused()).toBe('bar a')
    expect((await tabStops()).filter((id) => BARS.some((b) => b.id === id))).toEqual(['a'])
    // The focus moved on while keyboard focus stayed on a bar (an arrow key handled late, after
    // the moment that lets the view move keyboard focus): the focused task's bar gets it.
    await p.call('focusBar', 'c')
    expect(await focused()).toBe('bar c')
  })

  it('a focused arrow that a window move takes away hands focus to a bar', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', window(0, 6))
    await p.call('focusBar', 'a')
    await p.page.evaluate(() =>
      document.querySelector<SVGElement>('.tb-arrow[data-link-id="cd"] .tb-arrow-hit')!.focus(),
    )
    await p.call('render', window(0, 2))
    expect(await focused()).toBe('bar a')
  })

  it('focus that left the chart is not pulled back by a redraw', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', window(0, 4))
    await p.page.evaluate(() =>
      document.querySelector<SVGGElement>('.bar-wrapper[data-task-id="b"]')!.focus(),
    )
    await p.page.evaluate(() => (document.activeElement as SVGElement).blur())
    await p.call('render', redrawn(1, 5))
    expect(await focused()).toBe('BODY')
  })
})
