// A scroll step moves the rendered window: the adapter keeps the bars of the rows that stay and
// draws only the rows that came in (issue 13: a full frappe render of the window per step was
// most of a scroll frame). What the user sees must be exactly what a full render draws.
import { describe, expect, it } from 'vitest'
import { useAdapterPage } from './browser-runner'
import type { AdapterPage } from './browser-runner'
import type { AdapterBar, AdapterLink, BarView, MountOptions, RenderInput } from './page-api'

const DAY = 86_400_000
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`)
const MOUNT: MountOptions = {
  scale: { startMs: ms('2026-01-01'), endMs: ms('2026-12-31'), pxPerDay: 8 },
  rowHeight: 32,
  barHeight: 20,
}
const BARS: AdapterBar[] = Array.from({ length: 60 }, (_, row) => ({
  id: `t${row}`,
  label: `Task ${row}`,
  row,
  kind: row % 9 === 4 ? 'milestone' : 'bar',
  startMs: ms('2026-01-05') + ((row * 5) % 70) * DAY,
  endMs: ms('2026-01-05') + (((row * 5) % 70) + 4) * DAY,
  selected: row === 12,
}))
// Neighbours, some with lag; long links from the top to the bottom (their far end an anchor).
const LINKS: AdapterLink[] = [
  ...Array.from({ length: 59 }, (_, i) => ({
    id: `n${i}`,
    fromId: `t${i}`,
    toId: `t${i + 1}`,
    lagDays: i % 4,
  })),
  { id: 'far1', fromId: 't2', toId: 't50', lagDays: 0 },
  { id: 'far2', fromId: 't15', toId: 't45', lagDays: 2 },
  { id: 'far3', fromId: 't33', toId: 't5', lagDays: 0 },
  // In both windows of a scroll from row 0 to row 20, its far end in neither.
  { id: 'far4', fromId: 't22', toId: 't55', lagDays: 1 },
]
const at = (firstRow: number, rowCount: number): RenderInput => ({
  bars: BARS,
  links: LINKS,
  firstRow,
  rowCount,
})

let p: AdapterPage
useAdapterPage((page) => (p = page))

const byRow = (a: BarView, b: BarView) => a.y - b.y
const seen = (bars: BarView[]) =>
  bars.map(({ marked: _marked, classes, ...rest }) => ({ ...rest, classes: [...classes].sort() }))
const arrowsSeen = async () =>
  (await p.call('arrows')).sort((a, b) => a.linkId.localeCompare(b.linkId))

/** Two frames: frappe places each new bar's label in a frame after drawing it. */
const frames = () =>
  p.page.evaluate(
    () =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  )

/** What a full render of `input` draws, in a fresh chart. */
async function fullRender(input: RenderInput) {
  await p.call('destroy')
  await p.call('mount', MOUNT)
  await p.call('render', input)
  await frames()
  return { bars: seen((await p.call('bars')).sort(byRow)), arrows: await arrowsSeen() }
}

describe('a window that moves', () => {
  it('keeps the bars of the rows that stay and draws what a full render draws', async () => {
    let keptWithAnchor = false
    for (const [from, to] of [
      [0, 20],
      [20, 0],
      [5, 30],
    ] as const) {
      await p.call('mount', MOUNT)
      await p.call('render', at(from, 25))
      await p.call('mark')
      await p.page.evaluate(() => {
        const arrows = Array.from(document.querySelectorAll('.tb-arrow'))
        ;(window as unknown as { arrowsBefore: Element[] }).arrowsBefore = arrows
      })
      await p.call('render', at(to, 25))
      await frames()
      const bars = await p.call('bars')
      // Arrows between two rows that stay are the same elements too.
      const keptArrows = await p.page.evaluate(() => {
        const before = new Set((window as unknown as { arrowsBefore: Element[] }).arrowsBefore)
        return Array.from(document.querySelectorAll('.tb-arrow'))
          .filter((g) => before.has(g))
          .map((g) => g.getAttribute('data-link-id'))
          .sort()
      })
      // So are the arrows drawn in both windows whose ends are the same bars, or anchors in both
      // (redrawn in place: drawing every arrow anew was most of a scroll step's window move).
      const rowOf = (id: string) => Number(id.slice(1))
      const inWindow = (row: number, first: number) => row >= first && row < first + 25
      const drawnIn = (l: AdapterLink, first: number) =>
        Math.max(rowOf(l.fromId), rowOf(l.toId)) >= first &&
        Math.min(rowOf(l.fromId), rowOf(l.toId)) < first + 25
      const sameEnds = (l: AdapterLink) =>
        [l.fromId, l.toId].every((id) => inWindow(rowOf(id), from) === inWindow(rowOf(id), to))
      const expectedKept = LINKS.filter((l) => drawnIn(l, from) && drawnIn(l, to) && sameEnds(l))
      keptWithAnchor ||= expectedKept.some(
        (l) => !inWindow(rowOf(l.fromId), to) || !inWindow(rowOf(l.toId), to),
      )
      expect(keptArrows).toEqual(expectedKept.map((l) => l.id).sort())
      const arrows = await arrowsSeen()
      // The rows in both windows are the same elements; the others are new.
      for (const bar of bars) {
        const row = Number(bar.id.slice(1))
        const inBoth = row >= Math.max(from, to) && row < Math.min(from, to) + 25
        expect(`${bar.id} kept: ${bar.marked}`).toBe(`${bar.id} kept: ${inBoth}`)
      }
      // In the DOM in row order (Tab's order and the first bar a Tab stop falls back to).
      expect(bars.map((b) => b.id)).toEqual([...bars].sort(byRow).map((b) => b.id))
      const full = await fullRender(at(to, 25))
      expect(seen([...bars].sort(byRow))).toEqual(full.bars)
      expect(arrows).toEqual(full.arrows)
      await p.call('destroy')
    }
    // An arrow to a bar outside both windows was kept too, and drawn as a full render draws it.
    expect(keptWithAnchor).toBe(true)
  })

  it('draws anew only the bar in both windows that changed (a Refresh while scrolling)', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', at(0, 25))
    await p.call('mark')
    const moved = BARS.map((b) => (b.id === 't20' ? { ...b, startMs: b.startMs + 3 * DAY } : b))
    const input = { ...at(10, 25), bars: moved }
    await p.call('render', input)
    await frames()
    const bars = await p.call('bars')
    expect(bars.filter((b) => !b.marked).map((b) => b.id)).toEqual(
      ['t20', ...Array.from({ length: 10 }, (_, i) => `t${25 + i}`)].sort(
        (a, b) => Number(a.slice(1)) - Number(b.slice(1)),
      ),
    )
    const t20 = bars.find((b) => b.id === 't20')!
    expect(t20.x).toBeCloseTo(((moved[20]!.startMs - MOUNT.scale.startMs) / DAY) * 8, 5)
    // The new t20 among the kept bars, in row order in the DOM (Tab's order).
    expect(bars.map((b) => b.id)).toEqual([...bars].sort(byRow).map((b) => b.id))
    const arrows = await arrowsSeen()
    const full = await fullRender(input)
    expect(seen([...bars].sort(byRow))).toEqual(full.bars)
    expect(arrows).toEqual(full.arrows)
    await p.call('destroy')
  })
})

describe("a scroll's window move, drawn after the paints", () => {
  const ids = (first: number) => BARS.slice(first, first + 25).map((b) => b.id)
  const sorted = (list: string[]) => [...list].sort()

  it('draws the bars after the next frame and their arrows after the one after, as a full render', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', at(0, 25))
    await frames()
    const before = await arrowsSeen()
    const [now, afterOne, afterTwo] = await p.call('renderAfterPaint', at(20, 25))
    // Nothing changes in the frame that shows the scroll.
    expect(sorted(now!.bars)).toEqual(sorted(ids(0)))
    expect(sorted(now!.arrows)).toEqual(sorted(before.map((a) => a.linkId)))
    // Then the bars of the new window, the arrows still the old window's ...
    expect(sorted(afterOne!.bars)).toEqual(sorted(ids(20)))
    expect(sorted(afterOne!.arrows)).toEqual(sorted(before.map((a) => a.linkId)))
    // ... then their arrows: the chart is what a full render draws.
    const bars = seen((await p.call('bars')).sort(byRow))
    const arrows = await arrowsSeen()
    expect(sorted(afterTwo!.arrows)).toEqual(sorted(arrows.map((a) => a.linkId)))
    const full = await fullRender(at(20, 25))
    expect(bars).toEqual(full.bars)
    expect(arrows).toEqual(full.arrows)
    await p.call('destroy')
  })

  it('is drawn at once, whole, when a mousedown on the chart comes first', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', at(0, 25))
    await frames()
    const [now] = await p.call('renderAfterPaint', at(20, 25), { mousedown: true })
    const full = await fullRender(at(20, 25))
    expect(sorted(now!.bars)).toEqual(sorted(ids(20)))
    expect(sorted(now!.arrows)).toEqual(sorted(full.arrows.map((a) => a.linkId)))
    await p.call('destroy')
  })

  it('gives way to a render that comes before it is drawn', async () => {
    await p.call('mount', MOUNT)
    await p.call('render', at(0, 25))
    await frames()
    const states = await p.call('renderAfterPaint', at(20, 25), { next: at(5, 25) })
    const full = await fullRender(at(5, 25))
    for (const state of states) {
      expect(sorted(state.bars)).toEqual(sorted(ids(5)))
      expect(sorted(state.arrows)).toEqual(sorted(full.arrows.map((a) => a.linkId)))
    }
    await p.call('destroy')
  })
})

describe('a new scale (a zoom)', () => {
  it('keeps the drawn bars, moved where the scale puts them, as a full render draws them', async () => {
    const zoomed = { ...MOUNT.scale, startMs: ms('2025-12-01'), pxPerDay: 3 }
    await p.call('mount', MOUNT)
    await p.call('render', at(10, 25))
    await frames()
    await p.call('mark')
    await p.call('setScale', zoomed)
    await frames()
    const bars = await p.call('bars')
    expect(bars.length).toBeGreaterThan(10)
    expect(bars.every((b) => b.marked)).toBe(true)
    const arrows = await arrowsSeen()
    await p.call('destroy')
    await p.call('mount', { ...MOUNT, scale: zoomed })
    await p.call('render', at(10, 25))
    await frames()
    expect(seen([...bars].sort(byRow))).toEqual(seen((await p.call('bars')).sort(byRow)))
    expect(arrows).toEqual(await arrowsSeen())
    await p.call('destroy')
  })
})

describe('rows that change under a window', () => {
  // A filter: every third task hidden, the rest closing up; a re-sort: the first rows reversed.
  const filtered = BARS.filter((b) => b.row % 3 !== 0).map((b, row) => ({ ...b, row }))
  const reversed = BARS.map((b) => (b.row < 25 ? { ...b, row: 24 - b.row } : b))
  for (const [name, bars] of [
    ['a filter', filtered],
    ['a re-sort', reversed],
  ] as const) {
    it(`${name}: kept bars move to their new rows, and the chart is what a full render draws`, async () => {
      await p.call('mount', MOUNT)
      await p.call('render', at(0, 25))
      await frames()
      await p.call('mark')
      const input = { ...at(0, 25), bars }
      await p.call('render', input)
      await frames()
      const drawn = await p.call('bars')
      // Every bar drawn before and after is the same element, on its new row.
      const before = new Set(BARS.filter((b) => b.row < 25).map((b) => b.id))
      for (const bar of drawn) {
        expect(`${bar.id} kept: ${bar.marked}`).toBe(`${bar.id} kept: ${before.has(bar.id)}`)
      }
      expect(drawn.filter((b) => b.marked).length).toBeGreaterThan(10)
      expect(drawn.map((b) => b.id)).toEqual([...drawn].sort(byRow).map((b) => b.id))
      const arrows = await arrowsSeen()
      const full = await fullRender(input)
      expect(seen([...drawn].sort(byRow))).toEqual(full.bars)
      expect(arrows).toEqual(full.arrows)
      await p.call('destroy')
    })
  }
})
