// Virtualisation windows: rows in view, days in view, and the arrows worth drawing for them.
import { describe, expect, it } from 'vitest'
import { TimeScale } from '../../../src-renderer/timeline/geometry/time-scale'
import * as vw from '../../../src-renderer/timeline/geometry/visible-window'

describe('visibleRows', () => {
  const rows = (scrollTop: number, viewportHeight: number, overscan = 0, rowCount = 100) =>
    vw.visibleRows({ scrollTop, viewportHeight, rowHeight: 32, rowCount, overscan })

  it('takes every row the viewport touches, partly shown ones included', () => {
    expect(rows(0, 100)).toEqual({ first: 0, last: 3 })
    expect(rows(10, 100)).toEqual({ first: 0, last: 3 })
    expect(rows(64, 96)).toEqual({ first: 2, last: 4 }) // row 5 starts exactly at the bottom
    expect(rows(65, 96)).toEqual({ first: 2, last: 5 })
  })

  it('adds overscan on both sides, clipped to the rows there are', () => {
    expect(rows(0, 100, 2)).toEqual({ first: 0, last: 5 })
    expect(rows(320, 100, 2)).toEqual({ first: 8, last: 15 })
    expect(rows(3_100, 200, 5)).toEqual({ first: 91, last: 99 })
  })

  it('is empty with no rows, no height, or scrolled past the end; clamps a negative scroll', () => {
    expect(rows(0, 100, 0, 0)).toEqual({ first: 0, last: -1 })
    expect(rows(0, 0)).toEqual({ first: 0, last: -1 })
    expect(rows(10_000, 100)).toEqual({ first: 0, last: -1 })
    expect(rows(-50, 100)).toEqual({ first: 0, last: 3 })
  })
})

describe('visibleDays', () => {
  const scale = new TimeScale('day', '2026-03-01', '2026-03-31')
  const first = scale.firstDay

  it('gives the whole days under the viewport and the px they cover', () => {
    expect(vw.visibleDays({ scale, scrollLeft: 100, viewportWidth: 200 })).toEqual({
      firstDay: first + 2,
      lastDay: first + 7,
      x0: 80,
      x1: 320,
    })
    // A viewport ending on a day boundary does not touch the next day.
    expect(vw.visibleDays({ scale, scrollLeft: 80, viewportWidth: 240 })).toMatchObject({
      firstDay: first + 2,
      lastDay: first + 7,
    })
  })

  it('widens by overscan and clips to the range', () => {
    const wide = vw.visibleDays({ scale, scrollLeft: 100, viewportWidth: 200, overscanPx: 40 })
    expect(wide).toEqual({ firstDay: first + 1, lastDay: first + 8, x0: 40, x1: 360 })
    expect(vw.visibleDays({ scale, scrollLeft: -50, viewportWidth: 100 })?.firstDay).toBe(first)
    expect(vw.visibleDays({ scale, scrollLeft: 1_200, viewportWidth: 500 })?.lastDay).toBe(
      scale.lastDay,
    )
    expect(vw.visibleDays({ scale, scrollLeft: 2_000, viewportWidth: 200 })).toBeUndefined()
  })

  it('works on fractional px per day', () => {
    const quarter = new TimeScale('quarter', '2026-01-01', '2026-12-31')
    expect(vw.visibleDays({ scale: quarter, scrollLeft: 3, viewportWidth: 3 })).toEqual({
      firstDay: quarter.firstDay + 2,
      lastDay: quarter.firstDay + 3,
      x0: 3,
      x1: 6,
    })
  })
})

describe('dependenciesInWindow', () => {
  const rowIndexById = new Map([
    ['a', 0],
    ['b', 5],
    ['c', 10],
    ['d', 15],
    ['e', 20],
  ])
  const dep = (predecessorId: string, successorId: string) => ({ predecessorId, successorId })

  it('keeps arrows with an end in the window or crossing it, in the order given', () => {
    const deps = [
      dep('a', 'b'), // both above
      dep('b', 'c'), // successor in view
      dep('c', 'd'), // predecessor in view
      dep('a', 'e'), // crosses the window
      dep('d', 'e'), // both below
      dep('hidden', 'c'), // one end has no row (collapsed away)
      dep('e', 'a'), // crosses, upwards
    ]
    expect(vw.dependenciesInWindow(deps, rowIndexById, 8, 12)).toEqual([
      dep('b', 'c'),
      dep('c', 'd'),
      dep('a', 'e'),
      dep('e', 'a'),
    ])
  })

  it('includes the window edges and nothing for an empty window', () => {
    expect(vw.dependenciesInWindow([dep('a', 'b')], rowIndexById, 5, 5)).toHaveLength(1)
    expect(vw.dependenciesInWindow([dep('a', 'b')], rowIndexById, 6, 9)).toHaveLength(0)
    expect(vw.dependenciesInWindow([dep('b', 'c')], rowIndexById, 0, -1)).toHaveLength(0)
  })
})
