// Arrows that inform instead of cover (issue 13, item 5), in a real browser: one Tab stop for all
// arrows with the arrow keys moving between them, a selected task's arrows emphasised and the
// others dimmed, arrows passing through the window faint, a violated arrow an open red line of at
// most two bends, and lag labels with no room of their own shown on hover only.
import { describe, expect, it } from 'vitest'
import { contrastRatio, parseColour } from '../../support/colour-distance'
import { useAdapterPage } from './browser-runner'
import type { AdapterPage } from './browser-runner'
import type { AdapterBar, AdapterLink, MountOptions, RenderInput } from './page-api'

const ms = (day: string) => Date.parse(`${day}T00:00:00Z`)
const mount = (pxPerDay: number): MountOptions => ({
  scale: { startMs: ms('2026-03-01'), endMs: ms('2026-06-01'), pxPerDay },
  rowHeight: 32,
  barHeight: 20,
})
const bar = (
  id: string,
  row: number,
  start: string,
  end: string,
  extra: Partial<AdapterBar> = {},
) =>
  ({ id, label: id, row, kind: 'bar', startMs: ms(start), endMs: ms(end), ...extra }) as AdapterBar

const BARS = [
  bar('a', 0, '2026-03-02', '2026-03-07'),
  bar('b', 1, '2026-03-12', '2026-03-14'),
  // Starts two months before b ends + 3 days: a long violation.
  bar('c', 2, '2026-03-03', '2026-03-05'),
  bar('d', 3, '2026-03-20', '2026-03-22'),
]
const LINKS: AdapterLink[] = [
  { id: 'ab', fromId: 'a', toId: 'b', lagDays: 2 },
  { id: 'bc', fromId: 'b', toId: 'c', lagDays: 3 },
  { id: 'cd', fromId: 'c', toId: 'd', lagDays: 1 },
]
const input = (bars = BARS, links = LINKS): RenderInput => ({
  bars,
  links,
  firstRow: 0,
  rowCount: 4,
})

let p: AdapterPage
useAdapterPage((page) => (p = page))

const frame = () => p.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))

/** Per arrow: classes, opacity, lag label visibility, fills of its paths, tabindex. */
const look = () =>
  p.page.evaluate(() =>
    Array.from(document.querySelectorAll<SVGGElement>('.tb-arrow')).map((g) => {
      const label = g.querySelector('.tb-arrow-label')
      return {
        id: g.getAttribute('data-link-id')!,
        classes: g.getAttribute('class')!.split(' '),
        opacity: Number(getComputedStyle(g).opacity),
        label: label ? getComputedStyle(label).visibility : 'none',
        fills: Array.from(g.querySelectorAll('path')).map((path) => getComputedStyle(path).fill),
        line: g.querySelector('.tb-arrow-line')?.getAttribute('d') ?? '',
        tabindex: g.querySelector('.tb-arrow-hit')!.getAttribute('tabindex'),
      }
    }),
  )

/** The x of the (first) vertical run in path data made of M, H and V commands. */
function verticalX(d: string): number {
  const tokens = d.split(/\s+/)
  let x = Number.NaN
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i] === 'M' || tokens[i] === 'H') x = Number(tokens[i + 1])
    if (tokens[i] === 'V') return x
  }
  return Number.NaN
}

describe('arrows that inform', () => {
  it('are one Tab stop; the arrow keys move between them and Enter selects', async () => {
    await p.call('mount', mount(40))
    await p.call('render', input())
    await p.call('clearRecorded')
    const arrows = await look()
    expect(arrows.filter((a) => a.tabindex === '0').map((a) => a.id)).toEqual(['ab'])
    await p.page.focus('[data-link-id="ab"] .tb-arrow-hit')
    await p.page.keyboard.press('ArrowDown')
    const focused = () =>
      p.page.evaluate(() =>
        document.activeElement?.closest('.tb-arrow')?.getAttribute('data-link-id'),
      )
    expect(await focused()).toBe('bc')
    // The focused arrow is easy to find: its route takes the focus ring's colour, thicker (a pale
    // band around it alone was 1.3:1 against the chart).
    const route = await p.page.evaluate(() => {
      const path = document.querySelector('[data-link-id="bc"] path:not(.tb-arrow-hit)')!
      const style = getComputedStyle(path)
      return { stroke: style.stroke, width: parseFloat(style.strokeWidth) }
    })
    expect(route.stroke).toBe('rgb(37, 99, 235)')
    expect(route.width).toBeGreaterThanOrEqual(2)
    expect(contrastRatio(parseColour(route.stroke), [255, 255, 255])).toBeGreaterThanOrEqual(3)
    await p.page.keyboard.press('ArrowDown')
    await p.page.keyboard.press('ArrowUp')
    expect(await focused()).toBe('bc')
    expect((await look()).filter((a) => a.tabindex === '0').map((a) => a.id)).toEqual(['bc'])
    await p.page.keyboard.press('Enter')
    expect((await p.call('recorded')).linkClicks).toEqual(['bc'])
  })

  it("emphasises the selected task's arrows and dims the others", async () => {
    await p.call('mount', mount(40))
    await p.call('render', input())
    expect((await look()).every((a) => a.opacity === 1)).toBe(true)
    await p.call('render', input(BARS.map((b) => (b.id === 'a' ? { ...b, selected: true } : b))))
    const arrows = await look()
    const ab = arrows.find((a) => a.id === 'ab')!
    expect(ab.classes).toContain('is-related')
    expect(ab.opacity).toBe(1)
    for (const other of arrows.filter((a) => a.id !== 'ab')) {
      expect(other.classes).not.toContain('is-related')
      expect(other.opacity).toBeLessThan(0.5)
    }
    // Nothing selected again: no arrow stays dim.
    await p.call('render', input())
    expect((await look()).every((a) => a.opacity === 1)).toBe(true)
  })

  it('draws a violated arrow as an open red line with at most two bends, never a filled shape', async () => {
    await p.call('mount', mount(40))
    await p.call('render', input())
    const bc = (await look()).find((a) => a.id === 'bc')!
    expect(bc.classes).toContain('is-violated')
    for (const fill of bc.fills) expect(fill).toBe('none')
    const connector = bc.line.split('M').filter((part: string) => part.trim() !== '')[0]!
    const moves = connector.match(/[HV]/g) ?? []
    let bends = 0
    for (let i = 1; i < moves.length; i += 1) if (moves[i] !== moves[i - 1]) bends += 1
    expect(bends).toBeLessThanOrEqual(2)
  })

  it('goes down clear of a bar lying across its column in a row between', async () => {
    await p.call('mount', mount(40))
    const bars = [
      bar('p', 0, '2026-03-02', '2026-03-05'),
      // Across 5-8 March, where the arrow from p would go down.
      bar('x', 1, '2026-03-04', '2026-03-09'),
      bar('s', 2, '2026-03-16', '2026-03-18'),
    ]
    await p.call('render', {
      bars,
      links: [{ id: 'ps', fromId: 'p', toId: 's', lagDays: 0 }],
      firstRow: 0,
      rowCount: 3,
    })
    const [ps] = await look()
    const xDown = verticalX(ps!.line)
    const barX = await p.call('bars')
    const across = barX.find((b) => b.id === 'x')!
    // The vertical run is right of x's end (with air), before s's start.
    expect(xDown).toBeGreaterThan(across.x + across.width)
    expect(xDown).toBeLessThan(barX.find((b) => b.id === 's')!.x)
  })

  it('fades arrows that only pass through the drawn rows', async () => {
    await p.call('mount', mount(40))
    const bars = [
      bar('top', 0, '2026-03-02', '2026-03-04'),
      bar('mid', 5, '2026-03-10', '2026-03-12'),
      bar('bottom', 9, '2026-03-20', '2026-03-22'),
    ]
    await p.call('render', {
      bars,
      links: [{ id: 'tb', fromId: 'top', toId: 'bottom', lagDays: 0 }],
      firstRow: 4,
      rowCount: 3,
    })
    const [through] = await look()
    expect(through!.classes).toContain('is-far')
    expect(through!.opacity).toBeLessThan(0.5)
  })

  it('shows the dependencies it was not given, crossing the rows, as one count at the edge', async () => {
    await p.call('mount', mount(40))
    const passing = () =>
      p.page.evaluate(() => {
        const label = document.querySelector<HTMLElement>('.tb-passing-label')
        const box = label?.getBoundingClientRect()
        const host = label?.closest('.tb-passing')?.parentElement?.getBoundingClientRect()
        return {
          text: label?.textContent ?? '',
          visible: !!box && box.width > 0 && box.height > 0,
          dx: box && host ? box.left - host.left : NaN,
          dy: box && host ? box.top - host.top : NaN,
        }
      })
    const bars = [bar('mid', 5, '2026-03-10', '2026-03-12')]
    await p.call('render', { bars, links: [], firstRow: 4, rowCount: 3, passing: 1234 })
    const shown = await passing()
    expect(shown.text).toBe('1,234 dependencies pass through')
    expect(shown.visible).toBe(true)
    // At the top-left corner of the view (the page does not scroll the host), near the edge.
    expect(shown.dx).toBeGreaterThanOrEqual(0)
    expect(shown.dx).toBeLessThan(20)
    expect(shown.dy).toBeLessThan(20)
    // No line is drawn for them.
    expect(await look()).toEqual([])
    await p.call('render', { bars, links: [], firstRow: 4, rowCount: 3, passing: 0 })
    expect((await passing()).visible).toBe(false)
  })

  it('shows a lag label with no room on its segment only on hover', async () => {
    // 10 px a day: "+1d" does not fit on one day, "+3d" fits on three.
    await p.call('mount', mount(10))
    const bars = [
      bar('a', 0, '2026-03-02', '2026-03-07', { label: 'x' }),
      bar('b', 1, '2026-03-20', '2026-03-22', { label: 'y' }),
      bar('c', 2, '2026-03-02', '2026-03-07', { label: 'x' }),
      bar('d', 3, '2026-03-20', '2026-03-22', { label: 'y' }),
    ]
    await p.call('render', {
      bars,
      links: [
        { id: 'short', fromId: 'a', toId: 'b', lagDays: 1 },
        { id: 'long', fromId: 'c', toId: 'd', lagDays: 3 },
      ],
      firstRow: 0,
      rowCount: 4,
    })
    await frame()
    const byId = async (id: string) => (await look()).find((a) => a.id === id)!
    expect((await byId('short')).label).toBe('hidden')
    expect((await byId('long')).label).toBe('visible')
    const point = await p.call('arrowPoint', 'short')
    await p.page.mouse.move(point.x, point.y)
    expect((await byId('short')).label).toBe('visible')
  })
})

describe("a parent's arrows", () => {
  // Its summary bar spans its subtasks, but the plan (Problems, the cascade, the critical path)
  // reads its own dates: the arrow from the summary's end drew "-6d missing" in red where
  // Problems found nothing.
  const parent = (own: AdapterBar['dependencyEnd']) =>
    bar('p', 0, '2026-03-01', '2026-03-11', { kind: 'summary', locked: true, dependencyEnd: own })
  const succ = bar('s', 2, '2026-03-05', '2026-03-07')
  const link: AdapterLink = { id: 'ps', fromId: 'p', toId: 's', lagDays: 0 }
  const arrowState = async () => {
    await frame()
    const [arrow] = await look()
    return arrow!.classes.find((c) => c.startsWith('is-') && c !== 'is-far') ?? ''
  }

  it('start at its own finish and are judged from it', async () => {
    await p.call('mount', mount(20))
    const own = { startMs: ms('2026-03-01'), endMs: ms('2026-03-03'), milestone: false }
    await p.call('render', input([parent(own), succ], [link]))
    expect(await arrowState()).not.toBe('is-violated')
    // From the parent's own finish (x of 03-03 at 20 px a day), not the summary's end.
    const [arrow] = await look()
    expect(arrow!.line.startsWith('M 40 ')).toBe(true)
  })

  it('are neither kept nor broken when it has no dates of its own', async () => {
    await p.call('mount', mount(20))
    await p.call('render', input([parent(null), succ], [link]))
    expect(await arrowState()).not.toBe('is-violated')
  })
})
