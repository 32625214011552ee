// The view slice: zoom, the scroll anchor (a day and a row, not pixels) across zoom changes and
// refreshes, collapsed parents, hover and details.
import { describe, expect, it } from 'vitest'
import { snapshot, task } from './fixtures'
import type { TimelineGeometry } from './subject'
import { anchorFromScroll, createPlannerStore, scrollFromAnchor } from './subject'

const ROWS = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']
const dayZoom: TimelineGeometry = {
  originDay: '2026-02-01',
  pxPerDay: 40,
  rowHeight: 32,
  rowIds: ROWS,
  viewportWidth: 800,
}
const weekZoom: TimelineGeometry = { ...dayZoom, originDay: '2026-01-05', pxPerDay: 20 }

/** The day at the viewport's centre, read back from pixels. */
const centreDay = (scrollLeft: number, g: TimelineGeometry) =>
  anchorFromScroll({ scrollLeft, scrollTop: 0 }, g).day

describe('scroll anchor', () => {
  it('stores the day at the centre and the row at the top, and gives the same pixels back', () => {
    const anchor = anchorFromScroll({ scrollLeft: 1234, scrollTop: 100 }, dayZoom)
    // Centre at 1234 + 400 = 1634 px = 40.85 days after 2026-02-01.
    expect(anchor).toMatchObject({ day: '2026-03-13', rowId: 'r3', rowIndex: 3 })
    expect(anchor.dayFraction).toBeCloseTo(0.85)
    expect(anchor.rowFraction).toBeCloseTo(0.125)
    const back = scrollFromAnchor(anchor, dayZoom)
    expect(back.scrollLeft).toBeCloseTo(1234)
    expect(back.scrollTop).toBeCloseTo(100)
  })

  it('keeps the same day in the centre when the zoom (px per day) and origin change', () => {
    const anchor = anchorFromScroll({ scrollLeft: 1234, scrollTop: 100 }, dayZoom)
    const week = scrollFromAnchor(anchor, weekZoom)
    expect(centreDay(week.scrollLeft, weekZoom)).toBe('2026-03-13')
    // 2026-01-05 -> 2026-03-13 is 67 days; + 0.85 of a day, at 20 px, minus half the viewport.
    expect(week.scrollLeft).toBeCloseTo((67 + 0.85) * 20 - 400)
    const year: TimelineGeometry = { ...dayZoom, originDay: '2023-01-01', pxPerDay: 0.5 }
    const far = scrollFromAnchor(anchor, year)
    expect(centreDay(far.scrollLeft, year)).toBe('2026-03-13')
  })

  it('follows its row when rows come and go, and falls back to the index when it is gone', () => {
    const anchor = anchorFromScroll({ scrollLeft: 0, scrollTop: 3 * 32 + 8 }, dayZoom)
    const moved = { ...dayZoom, rowIds: ['new', ...ROWS] }
    expect(scrollFromAnchor(anchor, moved).scrollTop).toBeCloseTo(4 * 32 + 8)
    const gone = { ...dayZoom, rowIds: ROWS.filter((r) => r !== 'r3') }
    expect(scrollFromAnchor(anchor, gone).scrollTop).toBe(3 * 32)
    const few = { ...dayZoom, rowIds: ['r0', 'r1'] }
    expect(scrollFromAnchor(anchor, few).scrollTop).toBe(32)
    expect(scrollFromAnchor(anchor, { ...dayZoom, rowIds: [] }).scrollTop).toBe(0)
  })

  it('never asks for negative pixels', () => {
    const anchor = anchorFromScroll({ scrollLeft: 0, scrollTop: 0 }, dayZoom)
    expect(scrollFromAnchor(anchor, { ...dayZoom, originDay: '2026-02-20' }).scrollLeft).toBe(0)
  })
})

describe('view slice', () => {
  it('keeps the anchor across zoom changes and refreshes', () => {
    const s = createPlannerStore()
    const anchor = anchorFromScroll({ scrollLeft: 500, scrollTop: 64 }, dayZoom)
    s.getState().setScrollAnchor(anchor)
    s.getState().setZoom('month')
    s.getState().snapshotReceived(snapshot([task('r0'), task('r2')]))
    expect(s.getState().view).toMatchObject({ zoom: 'month', anchor })
  })

  it('collapses and expands parents, idempotently', () => {
    const s = createPlannerStore()
    s.getState().toggleCollapsed('p1')
    s.getState().setCollapsed('p2', true)
    s.getState().setCollapsed('p2', true)
    expect(s.getState().view.collapsedIds).toEqual(['p1', 'p2'])
    s.getState().toggleCollapsed('p1')
    s.getState().setCollapsed('p3', false)
    expect(s.getState().view.collapsedIds).toEqual(['p2'])
  })

  it('drops hover and details of a task a refresh removed, and keeps them otherwise', () => {
    const s = createPlannerStore()
    s.getState().snapshotReceived(snapshot([task('a'), task('b')]))
    s.getState().hoverTask('a')
    s.getState().showDetails('b')
    s.getState().snapshotReceived(snapshot([task('a'), task('b'), task('c')]))
    expect(s.getState().view).toMatchObject({ hoverTaskId: 'a', detailsTaskId: 'b' })
    s.getState().snapshotReceived(snapshot([task('a')]))
    expect(s.getState().view).toMatchObject({ hoverTaskId: 'a', detailsTaskId: null })
  })

  it('keeps the row order it has when the same order is taken again, and takes a new one', () => {
    const s = createPlannerStore()
    s.getState().setRowOrder(
      'start',
      new Map([
        ['a', 0],
        ['b', 1],
      ]),
    )
    const order = s.getState().view.rowRank
    s.getState().setRowOrder(
      'start',
      new Map([
        ['a', 0],
        ['b', 1],
      ]),
    )
    // The same map: the board is not laid out again.
    expect(s.getState().view.rowRank).toBe(order)
    s.getState().setRowOrder(
      'start',
      new Map([
        ['a', 1],
        ['b', 0],
      ]),
    )
    expect([...s.getState().view.rowRank!]).toEqual([
      ['a', 1],
      ['b', 0],
    ])
    s.getState().setRowOrder(
      'due',
      new Map([
        ['a', 1],
        ['b', 0],
      ]),
    )
    expect(s.getState().view.sort).toBe('due')
  })
})

describe('a details panel parked by the Filters panel or the New task dialog', () => {
  const opened = () => {
    const store = createPlannerStore()
    store.getState().snapshotReceived(snapshot([task('a'), task('b')]))
    store.getState().showDetails('a')
    return store
  }

  it('comes back when they close, and not when the user closed it', () => {
    const store = opened()
    store.getState().openFilters(true)
    expect(store.getState().view).toMatchObject({
      detailsTaskId: null,
      parkedDetails: { taskId: 'a' },
    })
    store.getState().openFilters(false)
    expect(store.getState().view.detailsTaskId).toBe('a')
    store.getState().openCreate()
    store.getState().closeCreate()
    expect(store.getState().view.detailsTaskId).toBe('a')
    store.getState().showDetails(null)
    store.getState().openFilters(true)
    store.getState().openFilters(false)
    expect(store.getState().view.detailsTaskId).toBeNull()
  })

  it('does not come back for a task gone from the board, nor on another board', () => {
    const store = opened()
    store.getState().openFilters(true)
    store.getState().snapshotReceived(snapshot([task('b')]))
    store.getState().openFilters(false)
    expect(store.getState().view).toMatchObject({ detailsTaskId: null, parkedDetails: null })

    const other = opened()
    other.getState().openCreate()
    other.getState().syncStarted('another-board')
    other.getState().snapshotReceived(snapshot([task('a')], { profileId: 'another-board' }))
    other.getState().closeCreate()
    expect(other.getState().view.detailsTaskId).toBeNull()
  })
})
