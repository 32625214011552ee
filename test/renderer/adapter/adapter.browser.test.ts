// The timeline adapter (frappe-gantt behind src-renderer/timeline/adapter) in a real browser:
// bars and diamonds where the dates say, lag-aware arrows, mouse drags that end in one
// onDragEnd, Esc, multi-select, escaping, and a destroy() that leaves nothing behind.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { HOST_OFFSET, openAdapterPage } from './browser-runner'
import type { AdapterPage } from './browser-runner'
import type {
  AdapterBar,
  AdapterLink,
  ArrowView,
  BarView,
  MountOptions,
  RenderInput,
} from './page-api'

const DAY = 86_400_000
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`)
const PX = 40
const ROW = 32
const BAR = 20
const XSS = '<img src=x onerror="globalThis.xssRan = true">Launch & "go"'
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
  bar('a', 0, '2026-03-02', '2026-03-07', { label: 'Design' }),
  bar('b', 1, '2026-03-09', '2026-03-14', { label: 'Build' }),
  bar('c', 2, '2026-03-16', '2026-03-20', { label: 'Test' }),
  bar('d', 3, '2026-03-21', '2026-03-21', { label: 'Release', kind: 'milestone' }),
  bar('e', 4, '2026-03-02', '2026-03-21', { label: 'Phase 1', kind: 'summary' }),
  bar('f', 5, '2026-03-03', '2026-03-04', { kind: 'start-only' }),
  bar('g', 6, '2026-03-05', '2026-03-06', { kind: 'due-only' }),
  bar('h', 7, '2026-03-10', '2026-03-12', { label: XSS }),
  bar('i', 8, '2026-03-04', '2026-03-06'),
  bar('j', 9, '2026-03-05', '2026-03-08'),
]
const LINKS: AdapterLink[] = [
  // a ends 7 Mar, +2d: b may start 9 Mar and does (kept, no slack).
  { id: 'ab', fromId: 'a', toId: 'b', lagDays: 2 },
  // b ends 14 Mar, +3d: c may start 17 Mar but starts 16 Mar (violated by 1 day).
  { id: 'bc', fromId: 'b', toId: 'c', lagDays: 3 },
  // c ends 20 Mar: the milestone on 21 Mar 00:00 has 1 day of slack.
  { id: 'cd', fromId: 'c', toId: 'd', lagDays: 0 },
]
const ALL: RenderInput = { bars: BARS, links: LINKS, firstRow: 0, rowCount: 10 }

const xOf = (t: number) => ((t - MOUNT.scale.startMs) / DAY) * PX

let p: AdapterPage
let baseline: { window: string[]; document: string[] }

const barOf = async (id: string): Promise<BarView> => {
  const found = (await p.call('bars')).find((b) => b.id === id)
  if (!found) throw new Error(`bar ${id} is not drawn`)
  return found
}
const arrowOf = async (id: string): Promise<ArrowView> => {
  const found = (await p.call('arrows')).find((a) => a.linkId === id)
  if (!found) throw new Error(`arrow ${id} is not drawn`)
  return found
}

/** Presses on a bar (its middle, or just past its right end: the resize handle) and moves. */
async function drag(
  id: string,
  dx: number,
  options: { at?: 'middle' | 'left-end' | 'right-end'; whileDown?: () => Promise<void> } = {},
): Promise<void> {
  const box = await p.call('screenBox', id)
  const x =
    options.at === 'right-end'
      ? box.x + box.width + 0.5
      : options.at === 'left-end'
        ? box.x + 0.5
        : box.x + box.width / 2
  const y = box.y + box.height / 2
  await p.page.mouse.move(x, y)
  await p.page.mouse.down()
  await p.page.mouse.move(x + dx, y, { steps: 8 })
  await options.whileDown?.()
  await p.page.mouse.up()
  // The adapter hands the result over after the release's events (a zero timeout).
  await p.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)))
}

beforeAll(async () => {
  p = await openAdapterPage()
  baseline = await p.listeners()
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

describe('drawing', () => {
  it('puts each bar at its dates and absolute row, with no header, grid or Intl formatting', async () => {
    // frappe mutates the tasks it is given; frozen input (immer) must be fine and stay as it was.
    const keys = await p.call('renderFrozen', ALL)
    expect(keys).toEqual(BARS.map((b) => Object.keys(b)))
    const bars = await p.call('bars')
    expect(bars.map((b) => b.id)).toEqual(BARS.map((b) => b.id))
    for (const given of BARS.filter((b) => b.kind !== 'milestone')) {
      const drawn = bars.find((b) => b.id === given.id)!
      const x = xOf(given.startMs)
      const y = given.row * ROW + (ROW - BAR) / 2
      expect(drawn.x).toBeCloseTo(x, 6)
      expect(drawn.width).toBeCloseTo(xOf(given.endMs) - x, 6)
      expect(drawn.y).toBe(y)
      expect(drawn.height).toBe(BAR)
      // Where it lands on screen, relative to the host.
      expect(drawn.inHost.x).toBeCloseTo(x, 0)
      expect(drawn.inHost.y).toBeCloseTo(y, 0)
    }
    const counts = await p.call('counts')
    expect(counts.intlFormats).toBe(0)
    const chrome = await p.page.evaluate(
      () =>
        document.querySelectorAll(
          '#host .grid-row, #host .tick, #host .today-button, #host .lower-text, #host .holiday-highlight, #host .popup-wrapper:not([hidden])',
        ).length,
    )
    expect(chrome).toBe(0)
  })

  it('draws a milestone as a diamond at its date, with no resize handles', async () => {
    const d = await barOf('d')
    expect(d.diamond).toBe(true)
    expect(d.handles).toBe(0)
    // The hidden hit target is centred on the date.
    expect(d.x + d.width / 2).toBeCloseTo(xOf(ms('2026-03-21')), 6)
    expect((await barOf('a')).handles).toBe(2)
    expect((await barOf('e')).classes).toContain('is-locked')
    expect((await barOf('e')).handles).toBe(0)
    expect((await barOf('f')).classes).toContain('tb-kind-start-only')
    expect((await barOf('f')).handles).toBe(0)
  })

  it('draws lag-aware arrows: "+2d" lag, dotted slack, red "-1d missing" when violated', async () => {
    const ab = await arrowOf('ab')
    expect(ab).toMatchObject({ from: 'a', to: 'b', lagLabel: '+2d', missingLabel: '' })
    expect(ab.classes).toContain('is-ok')
    // The lag segment runs from a's end (7 Mar) to 9 Mar on a's row.
    expect(ab.lag).toBe(`M ${xOf(ms('2026-03-07'))} ${ROW / 2} H ${xOf(ms('2026-03-09'))}`)

    const bc = await arrowOf('bc')
    expect(bc.classes).toContain('is-violated')
    expect(bc.lagLabel).toBe('+3d')
    expect(bc.missingLabel).toBe('-1d missing')
    const red = await p.page.evaluate(
      () => getComputedStyle(document.querySelector('[data-link-id="bc"] path')!).stroke,
    )
    // The light theme's violated crimson (--tb-violated).
    expect(red).toBe('rgb(200, 16, 46)')

    const cd = await arrowOf('cd')
    expect(cd.classes).toContain('is-slack')
    expect(cd.slack).not.toBe('')
    expect(cd.lagLabel).toBe('')
  })

  it('draws each run of a slack as its own path, so a far predecessor costs no raster here', async () => {
    // z lies 400 rows away (an anchor, not drawn) and ends 5 Mar; m starts 9 Mar. Bar k lies
    // across 5 Mar in a row the arrow crosses, so its vertical run goes down further right:
    // slack on z's row, then on m's. As one dotted path, its bounds spanned the 400 rows and
    // Chromium dashed it in full for every tile in them (at 50,000 tasks, most of a scroll
    // frame's raster); each run alone is cut to the tile, and z's is in no tile drawn here.
    await p.call('render', {
      bars: [
        bar('m', 11, '2026-03-09', '2026-03-12'),
        bar('k', 12, '2026-03-04', '2026-03-06'),
        bar('z', 400, '2026-03-01', '2026-03-05'),
      ],
      links: [{ id: 'zm', fromId: 'z', toId: 'm', lagDays: 0 }],
      firstRow: 10,
      rowCount: 10,
    })
    const zm = await arrowOf('zm')
    expect(zm.classes).toContain('is-slack')
    const run = /^M ([\d.]+) ([\d.]+) H ([\d.]+)$/
    const [onZ, onM] = zm.slackPaths.map((d) => run.exec(d)?.slice(1).map(Number))
    expect(zm.slackPaths).toHaveLength(2)
    // From z's end along its row to the column clear of k, then from there into m.
    expect(onZ).toEqual([xOf(ms('2026-03-05')), 400 * ROW + ROW / 2, onM?.[0]])
    expect(onM?.[0]).toBeGreaterThan(xOf(ms('2026-03-06')))
    expect(onM?.slice(1)).toEqual([11 * ROW + ROW / 2, xOf(ms('2026-03-09'))])
  })

  it('builds each bar with only what it shows, and no listener of its own', async () => {
    // frappe's own Bar bound ten listeners to every bar and its handles, drew a progress rect
    // and a header highlight, and animated each rect; the adapter listens once, at its root.
    const host = '#host'
    expect(await p.listenersUnder(`${host} .tb-bar[data-task-id="a"]`)).toEqual([])
    const hidden = await p.page.evaluate(
      (selector) =>
        document.querySelectorAll(
          `${selector} animate, ${selector} .bar-progress, ${selector} .date-range-highlight`,
        ).length,
      host,
    )
    expect(hidden).toBe(0)
  })

  it('shows a title with markup literally and runs nothing from it', async () => {
    const h = await barOf('h')
    expect(h.labelText).toBe(XSS)
    expect(h.labelElements).toBe(0)
    expect(h.ariaLabel).toBe(XSS)
    await p.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)))
    const counts = await p.call('counts')
    expect(counts.xssRan).toBe(false)
    expect(counts.images).toBe(0)
  })

  it('windows: draws only the window, arrows to anchors outside it and stubs to unknown ends', async () => {
    await p.call('render', {
      bars: BARS,
      links: [...LINKS, { id: 'cz', fromId: 'c', toId: 'zz', lagDays: 1 }],
      firstRow: 2,
      rowCount: 3,
    })
    const bars = await p.call('bars')
    expect(bars.map((b) => b.id)).toEqual(['c', 'd', 'e'])
    // Same absolute place, whatever the window.
    const c = bars[0]!
    expect(c.y).toBe(2 * ROW + (ROW - BAR) / 2)
    expect(c.inHost.y).toBeCloseTo(2 * ROW + (ROW - BAR) / 2, 0)
    const arrows = await p.call('arrows')
    // b (row 1) is an anchor above the window: the arrow still starts on its row.
    const bc = arrows.find((a) => a.linkId === 'bc')!
    expect(bc.lag.startsWith(`M ${xOf(ms('2026-03-14'))} ${ROW + ROW / 2} `)).toBe(true)
    expect(arrows.find((a) => a.linkId === 'cz')!.classes).toContain('is-stub')
    expect(arrows.some((a) => a.linkId === 'ab')).toBe(false)
  })

  it('moves bars in place when only dates or selection change, and rebuilds otherwise', async () => {
    await p.call('mark')
    await p.call('render', {
      ...ALL,
      bars: BARS.map((b) =>
        b.id === 'c'
          ? { ...b, startMs: b.startMs + DAY, endMs: b.endMs + DAY }
          : b.id === 'b'
            ? { ...b, selected: true }
            : b,
      ),
    })
    const bars = await p.call('bars')
    expect(bars.every((b) => b.marked)).toBe(true)
    expect(bars.find((b) => b.id === 'c')!.x).toBeCloseTo(xOf(ms('2026-03-17')), 6)
    expect(bars.find((b) => b.id === 'b')!.classes).toContain('is-selected')
    // c now starts exactly at b's end + 3 days.
    expect((await arrowOf('bc')).classes).toContain('is-ok')
    // A new label is a new bar for frappe: rebuilt.
    await p.call('render', { ...ALL, bars: BARS.map((b) => ({ ...b, label: `${b.label}!` })) })
    expect((await p.call('bars')).some((b) => b.marked)).toBe(false)
    expect((await barOf('c')).x).toBeCloseTo(xOf(ms('2026-03-16')), 6)
  })

  it('centres a label that fits in its bar and puts one that does not right after the bar', async () => {
    const long = 'A name far too long for a two-day bar'
    // Read before any frame: a render inside a scroll frame paints what it drew at once.
    const bars = await p.call('renderThenBars', {
      ...ALL,
      bars: BARS.map((b) => (b.id === 'i' ? { ...b, label: long } : b)),
    })
    const drawn = (id: string) => bars.find((b) => b.id === id)!
    // Build: 5 days, 200 px. Inside and about centred: the width it was placed by is the text's
    // own (a wrong one would push it off-centre by the error).
    const fits = drawn('b')
    const left = fits.labelBox.x - fits.inHost.x
    const right = fits.inHost.x + fits.inHost.width - (fits.labelBox.x + fits.labelBox.width)
    expect(left).toBeGreaterThan(5)
    expect(right).toBeGreaterThan(5)
    expect(Math.abs(left - right)).toBeLessThan(5)
    const outside = drawn('i')
    expect(outside.labelText).toBe(long)
    expect(outside.labelBox.x).toBeGreaterThanOrEqual(outside.inHost.x + outside.inHost.width)
  })

  it('setScale redraws at the new pixels per day', async () => {
    await p.call('setScale', { ...MOUNT.scale, pxPerDay: 10 })
    const a = await barOf('a')
    expect(a.x).toBe(10)
    expect(a.width).toBe(50)
  })
})

describe('dragging', () => {
  it('after a new scale, moves a bar by whole days of that scale', async () => {
    // The bars are kept across the zoom: frappe's own column width and start must follow.
    await p.call('setScale', { ...MOUNT.scale, startMs: ms('2026-02-20'), pxPerDay: 10 })
    await drag('a', 3 * 10 + 2)
    const { dragEnds } = await p.call('recorded')
    expect(dragEnds).toEqual([[{ id: 'a', startDeltaDays: 3, endDeltaDays: 3 }]])
    await drag('b', 2 * 10 + 2, { at: 'right-end' })
    expect((await p.call('recorded')).dragEnds.at(-1)).toEqual([
      { id: 'b', startDeltaDays: 0, endDeltaDays: 2 },
    ])
  })

  it('moves a bar narrower than its two handles when pressed in its middle', async () => {
    // 2 px a day: bar g (one day) is 2 px wide, bar i (two days) 4 px. The resize handles
    // covered such bars whole, and a press in the middle resized the start.
    await p.call('setScale', { ...MOUNT.scale, pxPerDay: 2 })
    for (const id of ['g', 'i']) {
      await drag(id, 5 * 2)
      expect((await p.call('recorded')).dragEnds.at(-1)).toEqual([
        { id, startDeltaDays: 5, endDeltaDays: 5 },
      ])
    }
  })

  it('moves a bar by whole days and reports one onDragEnd, swallowing the click', async () => {
    await drag('a', 3 * PX + 6)
    const { dragEnds, clicks } = await p.call('recorded')
    expect(dragEnds).toEqual([[{ id: 'a', startDeltaDays: 3, endDeltaDays: 3 }]])
    expect(clicks).toEqual([])
    // Drawn where the caller is about to put it.
    expect((await barOf('a')).x).toBeCloseTo(xOf(ms('2026-03-05')), 6)
    expect((await p.call('counts')).intlFormats).toBe(0)
  })

  it('redraws arrows live while a bar moves', async () => {
    let during: string[] = []
    await drag('c', PX + 4, {
      whileDown: async () => {
        during = (await arrowOf('bc')).classes
      },
    })
    // c moved 1 day later: 17 Mar is exactly b's end + 3 days.
    expect(during).toContain('is-ok')
    expect((await p.call('recorded')).dragEnds).toEqual([
      [{ id: 'c', startDeltaDays: 1, endDeltaDays: 1 }],
    ])
  })

  it('Esc during a drag puts the bar back and reports nothing', async () => {
    const before = await barOf('b')
    let after: BarView | undefined
    await drag('b', 2 * PX + 5, {
      whileDown: async () => {
        expect((await barOf('b')).x).toBeCloseTo(before.x + 2 * PX, 6)
        await p.page.keyboard.press('Escape')
        after = await barOf('b')
        // Moving on after Esc moves nothing.
        await p.page.mouse.move(before.inHost.x + HOST_OFFSET + 300, before.inHost.y + 30)
      },
    })
    expect(after!.x).toBeCloseTo(before.x, 6)
    expect((await barOf('b')).x).toBeCloseTo(before.x, 6)
    expect((await arrowOf('bc')).classes).toContain('is-violated')
    const { dragEnds, clicks } = await p.call('recorded')
    expect(dragEnds).toEqual([])
    expect(clicks).toEqual([])
  })

  it('drags all selected bars together in one onDragEnd; locked ones stay', async () => {
    const selected = new Set(['i', 'j', 'e'])
    await p.call('render', {
      ...ALL,
      bars: BARS.map((b) => (selected.has(b.id) ? { ...b, selected: true } : b)),
    })
    await drag('j', 2 * PX + 3)
    expect((await p.call('recorded')).dragEnds).toEqual([
      [
        { id: 'j', startDeltaDays: 2, endDeltaDays: 2 },
        { id: 'i', startDeltaDays: 2, endDeltaDays: 2 },
      ],
    ])
  })

  it('locked (summary) bars do not drag but are clicked, with modifiers', async () => {
    const before = await barOf('e')
    await drag('e', 3 * PX)
    expect((await barOf('e')).x).toBe(before.x)
    const box = await p.call('screenBox', 'b')
    await p.page.keyboard.down('Shift')
    await p.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await p.page.keyboard.up('Shift')
    const { dragEnds, clicks, hovers } = await p.call('recorded')
    expect(dragEnds).toEqual([])
    expect(clicks).toEqual([
      { id: 'e', modifiers: { shift: false, ctrl: false } },
      { id: 'b', modifiers: { shift: true, ctrl: false } },
    ])
    // Hover reports the bar entered; leaving the bars reports undefined.
    await p.page.mouse.move(box.x + box.width + 200, box.y - 20)
    expect((await p.call('recorded')).hovers.slice(-2)).toEqual(['b', null])
    expect(hovers).toContain('e')
  })

  it('resizes by the end handle (end only) and moves a milestone by days', async () => {
    await drag('i', 2 * PX + 4, { at: 'right-end' })
    await drag('d', -PX - 3)
    expect((await p.call('recorded')).dragEnds).toEqual([
      [{ id: 'i', startDeltaDays: 0, endDeltaDays: 2 }],
      [{ id: 'd', startDeltaDays: -1, endDeltaDays: -1 }],
    ])
    expect((await barOf('i')).width).toBeCloseTo(4 * PX, 6)
  })

  it('stops a resize where the command stops it: start 09:00, due a date (no day less)', async () => {
    // Start 2 March 09:00, due 5 March (date only: the bar ends at the next midnight). The start
    // can move 2 whole days and stay before the due; the drawn span (3.6 days) allowed 3, and the
    // bar jumped back a day on the drop.
    const k = {
      id: 'k',
      label: 'k',
      row: 0,
      kind: 'bar' as const,
      startMs: ms('2026-03-02') + 9 * 3_600_000,
      endMs: ms('2026-03-06'),
    }
    await p.call('render', { bars: [k], links: [], firstRow: 0, rowCount: 10 })
    await drag('k', 5 * PX, { at: 'left-end' })
    // Drawn again where it was (the caller did not take the change), then its end.
    await p.call('render', { bars: [{ ...k, row: 1 }], links: [], firstRow: 0, rowCount: 10 })
    await drag('k', -5 * PX, { at: 'right-end' })
    expect((await p.call('recorded')).dragEnds).toEqual([
      [{ id: 'k', startDeltaDays: 2, endDeltaDays: 0 }],
      [{ id: 'k', startDeltaDays: 0, endDeltaDays: -2 }],
    ])
  })

  it('keeps a resize of the start a resize when the due has a time, and never shrinks a bar to nothing', async () => {
    // Start 5 March 09:00, due 6 March 09:00: the start may not reach the due (a bar of width 0,
    // which frappe skips, read as both edges moved: the drop moved both dates).
    const HOUR = 3_600_000
    const t = {
      id: 't',
      label: 't',
      row: 0,
      kind: 'bar' as const,
      startMs: ms('2026-03-05') + 9 * HOUR,
      endMs: ms('2026-03-06') + 9 * HOUR,
    }
    // Three days at Week zoom (16 px a day), its start handle jumped past its end in one event.
    const u = {
      id: 'u',
      label: 'u',
      row: 1,
      kind: 'bar' as const,
      startMs: ms('2026-03-02') + 9 * HOUR,
      endMs: ms('2026-03-05') + 9 * HOUR,
    }
    await p.call('render', { bars: [t, u], links: [], firstRow: 0, rowCount: 10 })
    await drag('t', PX + 4, { at: 'left-end' })
    expect((await p.call('recorded')).dragEnds).toEqual([])
    const drawn = await barOf('t')
    expect(drawn.x).toBeCloseTo(xOf(t.startMs), 6)
    expect(drawn.width).toBeCloseTo(PX, 6)

    const WEEK = 16
    await p.call('setScale', { ...MOUNT.scale, pxPerDay: WEEK })
    const box = await p.call('screenBox', 'u')
    const y = box.y + box.height / 2
    await p.page.mouse.move(box.x + 0.5, y)
    await p.page.mouse.down()
    await p.page.mouse.move(box.x + 0.5 + 10 * WEEK, y, { steps: 1 })
    await p.page.mouse.up()
    await p.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect((await p.call('recorded')).dragEnds).toEqual([
      [{ id: 'u', startDeltaDays: 2, endDeltaDays: 0 }],
    ])
    // Drawn from the dropped start to the due it kept: a day.
    const resized = await barOf('u')
    expect(resized.x).toBeCloseTo(((u.startMs + 2 * DAY - MOUNT.scale.startMs) / DAY) * WEEK, 6)
    expect(resized.width).toBeCloseTo(WEEK, 6)
  })

  it('resizes by the start handle (start only), and drags a bar to x = 0', async () => {
    await drag('j', PX + 4, { at: 'left-end' })
    // a starts on the scale's second day: one day back is x = 0 (frappe skips a falsy x).
    await drag('a', -PX - 4)
    expect((await p.call('recorded')).dragEnds).toEqual([
      [{ id: 'j', startDeltaDays: 1, endDeltaDays: 0 }],
      [{ id: 'a', startDeltaDays: -1, endDeltaDays: -1 }],
    ])
    expect((await barOf('a')).x).toBe(0)
    // Right-button drags do nothing.
    const box = await p.call('screenBox', 'b')
    await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await p.page.mouse.down({ button: 'right' })
    await p.page.mouse.move(box.x + box.width / 2 + 3 * PX, box.y + box.height / 2, { steps: 4 })
    await p.page.mouse.up({ button: 'right' })
    expect((await barOf('b')).x).toBeCloseTo(xOf(ms('2026-03-09')), 6)
    expect((await p.call('recorded')).dragEnds).toHaveLength(2)
  })

  it('puts the bars back when the drop changes nothing (held at 9999-12-31)', async () => {
    // The caller's command held the move at zero days: the data stays as it was, so no render
    // follows, and the bars stayed drawn where they were dropped.
    await p.call('destroy')
    await p.call('mount', { ...MOUNT, dragAnswer: 'unchanged' })
    const selected = BARS.map((b) => (b.id === 'a' || b.id === 'b' ? { ...b, selected: true } : b))
    await p.call('render', { ...ALL, bars: selected })
    await drag('a', 3 * PX + 3)
    expect((await p.call('recorded')).dragEnds).toEqual([
      [
        { id: 'a', startDeltaDays: 3, endDeltaDays: 3 },
        { id: 'b', startDeltaDays: 3, endDeltaDays: 3 },
      ],
    ])
    expect((await barOf('a')).x).toBeCloseTo(xOf(ms('2026-03-02')), 6)
    expect((await barOf('b')).x).toBeCloseTo(xOf(ms('2026-03-09')), 6)
  })

  it('waits with a render() that comes during a drag until the drop', async () => {
    await drag('a', PX + 3, {
      whileDown: async () => {
        await p.call('render', { ...ALL, bars: BARS.slice(0, 5), rowCount: 5 })
        expect((await p.call('bars')).length).toBe(10)
      },
    })
    // Drawn after the drop, with the dropped bar where it was dropped.
    const bars = await p.call('bars')
    expect(bars.map((b) => b.id)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(bars[0]!.x).toBeCloseTo(xOf(ms('2026-03-03')), 6)
  })
})

describe('lifecycle', () => {
  it('one adapter per host; destroy() removes its DOM and every listener it or frappe added', async () => {
    expect(await p.call('mountAgain', MOUNT)).toMatch(/already has a timeline/)
    const mounted = await p.listeners()
    // frappe's own document mouseup, and the adapter's release and Esc listeners.
    expect(mounted.document.length).toBeGreaterThan(baseline.document.length)
    expect(mounted.window.length).toBeGreaterThan(baseline.window.length)
    await p.call('destroy')
    expect(await p.listeners()).toEqual(baseline)
    expect((await p.call('counts')).hostElements).toBe(0)
    // render() after destroy() does nothing; the host takes a new adapter.
    await p.call('render', ALL)
    expect((await p.call('counts')).hostElements).toBe(0)
    expect(await p.call('mountAgain', MOUNT)).toBe('')
    expect(await p.listeners()).toEqual(baseline)
  })
})
