// The adapter's dependency and span gestures in a real browser: drawing a dependency from a bar's
// link handle onto another bar (rubber band, target mark, nothing on an empty drop or Esc),
// selecting an arrow by clicking its route, and picking days on an empty stretch of a row.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { HOST_OFFSET, openAdapterPage } from './browser-runner'
import type { AdapterPage } from './browser-runner'
import type { AdapterBar, AdapterLink, MountOptions, RenderInput } from './page-api'

const DAY = 86_400_000
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`)
const PX = 40
const ROW = 32
const BAR = 20
const MOUNT: MountOptions = {
  scale: { startMs: ms('2026-03-01'), endMs: ms('2026-05-01'), pxPerDay: PX },
  rowHeight: ROW,
  barHeight: BAR,
}
const bar = (
  id: string,
  row: number,
  start: string,
  end: string,
  extra: Partial<AdapterBar> = {},
): AdapterBar => ({ id, label: id, row, kind: 'bar', startMs: ms(start), endMs: ms(end), ...extra })

const BARS: AdapterBar[] = [
  bar('a', 0, '2026-03-02', '2026-03-07'),
  bar('b', 1, '2026-03-09', '2026-03-14'),
  bar('c', 2, '2026-03-16', '2026-03-20'),
  bar('d', 3, '2026-03-21', '2026-03-21', { kind: 'milestone' }),
  // A collapsed group: not a task, so no end of a dependency.
  bar('g', 4, '2026-03-02', '2026-03-21', { kind: 'summary', linkable: false }),
  // Row 5 is empty: the stretch to drag on.
]
const LINKS: AdapterLink[] = [{ id: 'ac', fromId: 'a', toId: 'c', lagDays: 1, label: 'A → C' }]
const ALL: RenderInput = { bars: BARS, links: LINKS, firstRow: 0, rowCount: 8 }

let p: AdapterPage

/** Screen position of a chart point (the host sits HOST_OFFSET from the page's corner). */
const screen = (day: string, row: number) => ({
  x: HOST_OFFSET + ((ms(day) - MOUNT.scale.startMs) / DAY) * PX + PX / 2,
  y: HOST_OFFSET + row * ROW + ROW / 2,
})
const settle = () => p.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)))

/** Presses on `from`'s link handle, moves to (x, y) in steps, optionally acts, releases. */
async function drawLink(
  from: string,
  to: { x: number; y: number },
  whileDown?: () => Promise<void>,
): Promise<void> {
  const handle = await p.call('linkHandleBox', from)
  const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 }
  // Hover the bar first: the handle shows on hover, as a user would find it.
  const bars = await p.call('screenBox', from)
  await p.page.mouse.move(bars.x + bars.width / 2, start.y)
  await p.page.mouse.move(start.x, start.y)
  await p.page.mouse.down()
  await p.page.mouse.move(to.x, to.y, { steps: 8 })
  await whileDown?.()
  await p.page.mouse.up()
  await settle()
}

beforeAll(async () => {
  p = await openAdapterPage()
}, 30_000)
afterAll(() => p?.close())

beforeEach(async () => {
  await p.call('clearRecorded')
  await p.call('mount', MOUNT)
  await p.call('render', ALL)
})
afterEach(async () => {
  await p.call('destroy')
  expect(p.errors).toEqual([])
})

describe('drawing a dependency', () => {
  it('puts a link handle past the end of every bar that can be linked, shown on hover', async () => {
    const a = await p.call('screenBox', 'a')
    const handle = await p.call('linkHandleBox', 'a')
    expect(handle.x).toBeGreaterThan(a.x + a.width)
    expect(handle.y + handle.height / 2).toBeCloseTo(a.y + a.height / 2, 0)
    await expect(p.call('linkHandleBox', 'g')).rejects.toThrow()
    const opacity = () =>
      p.page.evaluate(
        () =>
          getComputedStyle(document.querySelector('[data-task-id="a"] .tb-link-handle')!).opacity,
      )
    expect(await opacity()).toBe('0')
    await p.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
    expect(await opacity()).toBe('1')
  })

  it('drags a rubber band from the handle and reports (predecessor, successor) on a drop on a bar', async () => {
    const before = await p.call('bars')
    const b = await p.call('screenBox', 'b')
    let during: { rubber: number; span: number; targets: string[] } | undefined
    await drawLink('a', { x: b.x + b.width / 2, y: b.y + b.height / 2 }, async () => {
      during = await p.call('gestureMarks')
    })
    expect(during).toEqual({ rubber: 1, span: 0, targets: ['b'] })
    const recorded = await p.call('recorded')
    expect(recorded.linkDraws).toEqual([['a', 'b']])
    // Nothing moved, nothing was clicked, and the band is gone.
    expect(recorded.dragEnds).toEqual([])
    expect(recorded.clicks).toEqual([])
    expect((await p.call('bars')).map((x) => [x.x, x.width])).toEqual(
      before.map((x) => [x.x, x.width]),
    )
    expect(await p.call('gestureMarks')).toEqual({ rubber: 0, span: 0, targets: [] })
  })

  it('links to a milestone too', async () => {
    const d = await p.call('screenBox', 'd')
    await drawLink('c', { x: d.x + d.width / 2, y: d.y + d.height / 2 })
    expect((await p.call('recorded')).linkDraws).toEqual([['c', 'd']])
  })

  it('does nothing on a drop on nothing, on its own bar, on a group, or after Esc', async () => {
    await drawLink('a', screen('2026-04-10', 5))
    const a = await p.call('screenBox', 'a')
    await drawLink('b', { x: a.x + 4, y: a.y + a.height / 2 }, async () => {
      await p.page.keyboard.press('Escape')
      expect(await p.call('gestureMarks')).toEqual({ rubber: 0, span: 0, targets: [] })
    })
    const b = await p.call('screenBox', 'b')
    await drawLink('b', { x: b.x + 10, y: b.y + b.height / 2 })
    const g = await p.call('screenBox', 'g')
    await drawLink('a', { x: g.x + 30, y: g.y + g.height / 2 })
    const recorded = await p.call('recorded')
    expect(recorded.linkDraws).toEqual([])
    expect(recorded.dragEnds).toEqual([])
  })

  it('holds a render back until the drop', async () => {
    const c = await p.call('screenBox', 'c')
    const moved = BARS.map((x) => (x.id === 'b' ? { ...x, startMs: x.startMs + DAY } : x))
    await drawLink('a', { x: c.x + c.width / 2, y: c.y + c.height / 2 }, async () => {
      await p.call('render', { ...ALL, bars: moved })
      expect((await p.call('gestureMarks')).rubber).toBe(1)
    })
    expect((await p.call('recorded')).linkDraws).toEqual([['a', 'c']])
    const b = (await p.call('bars')).find((x) => x.id === 'b')!
    expect(b.x).toBe(((ms('2026-03-10') - MOUNT.scale.startMs) / DAY) * PX)
  })
})

describe('selecting an arrow', () => {
  it('reports a click on its route, and highlights it in place when rendered selected', async () => {
    const point = await p.call('arrowPoint', 'ac')
    await p.page.mouse.click(point.x, point.y)
    const recorded = await p.call('recorded')
    expect(recorded.linkClicks).toEqual(['ac'])
    expect(recorded.clicks).toEqual([])
    expect(recorded.spans).toEqual([])

    await p.call('mark')
    await p.call('render', { ...ALL, links: [{ ...LINKS[0]!, selected: true }] })
    const [arrow] = await p.call('arrows')
    expect(arrow!.classes).toContain('is-selected')
    // Only the highlight changed: the bars were not rebuilt.
    expect((await p.call('bars')).every((x) => x.marked)).toBe(true)
    const name = await p.page.evaluate(() =>
      document.querySelector('[data-link-id="ac"] .tb-arrow-hit')!.getAttribute('aria-label'),
    )
    expect(name).toBe('A → C')
    await p.call('render', ALL)
    expect((await p.call('arrows'))[0]!.classes).not.toContain('is-selected')
  })

  it('names each bar by its accessible name, again when only its dates or name change', async () => {
    const named = (id: string) =>
      p.page.evaluate(
        (barId) => document.querySelector(`[data-task-id="${barId}"]`)!.getAttribute('aria-label'),
        id,
      )
    const withName = (name: string, start = '2026-03-02', end = '2026-03-07') => ({
      ...ALL,
      bars: [bar('a', 0, start, end, { name }), ...BARS.slice(1)],
    })
    await p.call('render', withName('APP-1 A, To Do, 2026-03-02 to 2026-03-06'))
    expect(await named('a')).toBe('APP-1 A, To Do, 2026-03-02 to 2026-03-06')
    // The label: what the bar shows, when there is no name.
    expect(await named('b')).toBe('b')
    // New dates move the bar in place; the name follows.
    await p.call('mark')
    await p.call(
      'render',
      withName('APP-1 A, To Do, 2026-03-04 to 2026-03-08', '2026-03-04', '2026-03-09'),
    )
    expect((await p.call('bars')).every((x) => x.marked)).toBe(true)
    expect(await named('a')).toBe('APP-1 A, To Do, 2026-03-04 to 2026-03-08')
    // A new name alone (another assignee with the same initials) is said too.
    await p.call(
      'render',
      withName(
        'APP-1 A, To Do, 2026-03-04 to 2026-03-08, assigned to al@x',
        '2026-03-04',
        '2026-03-09',
      ),
    )
    expect(await named('a')).toBe('APP-1 A, To Do, 2026-03-04 to 2026-03-08, assigned to al@x')
    await p.call('render', ALL)
  })

  it('selects a focused arrow with Enter', async () => {
    await p.page.focus('[data-link-id="ac"] .tb-arrow-hit')
    await p.page.keyboard.press('Enter')
    expect((await p.call('recorded')).linkClicks).toEqual(['ac'])
  })
})

describe('picking days on an empty stretch of a row', () => {
  it('reports the row and the whole days dragged over, either way, with a band meanwhile', async () => {
    const from = screen('2026-03-10', 5)
    const to = screen('2026-03-13', 5)
    await p.page.mouse.move(from.x, from.y)
    await p.page.mouse.down()
    await p.page.mouse.move(to.x, to.y, { steps: 6 })
    expect((await p.call('gestureMarks')).span).toBe(1)
    await p.page.mouse.up()
    await p.page.mouse.move(to.x, to.y)
    await p.page.mouse.down()
    await p.page.mouse.move(from.x, from.y + 8, { steps: 6 })
    await p.page.mouse.up()
    const span = { row: 5, startMs: ms('2026-03-10'), endMs: ms('2026-03-14') }
    expect((await p.call('recorded')).spans).toEqual([span, span])
    expect((await p.call('gestureMarks')).span).toBe(0)
  })

  it('is not started by a click, by a press on a bar, or kept after Esc', async () => {
    const at = screen('2026-03-10', 5)
    await p.page.mouse.click(at.x, at.y)
    const a = await p.call('screenBox', 'a')
    await p.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
    await p.page.mouse.down()
    await p.page.mouse.move(a.x + a.width / 2 + 2 * PX, a.y + a.height / 2, { steps: 4 })
    await p.page.mouse.up()
    await settle()
    await p.page.mouse.move(at.x, at.y)
    await p.page.mouse.down()
    await p.page.mouse.move(at.x + 3 * PX, at.y, { steps: 4 })
    await p.page.keyboard.press('Escape')
    await p.page.mouse.up()
    const recorded = await p.call('recorded')
    expect(recorded.spans).toEqual([])
    expect(recorded.dragEnds).toHaveLength(1)
  })
})
