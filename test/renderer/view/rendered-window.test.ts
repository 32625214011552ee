// The rows handed to the chart: a pure function of the rows in view (timeline-view.tsx once kept
// it in a ref written during render), covering them with a margin, and unchanged while the view
// scrolls within a block (no chart render per scroll step).
import { describe, expect, it } from 'vitest'
import { renderedWindow } from '../../../src-renderer/timeline/view/rendered-window'

describe('renderedWindow', () => {
  it('covers the rows in view with at least 20 rows either side, within the board', () => {
    for (let first = 0; first < 500; first += 7) {
      const inView = { first, last: first + 24 }
      const rows = renderedWindow(inView, 1000)
      expect(rows.first).toBeLessThanOrEqual(Math.max(0, inView.first - 20))
      expect(rows.last).toBeGreaterThanOrEqual(Math.min(999, inView.last + 20))
      expect(rows.last - rows.first).toBeLessThanOrEqual(24 + 5 * 20)
    }
    expect(renderedWindow({ first: 0, last: 10 }, 12)).toEqual({ first: 0, last: 11 })
    expect(renderedWindow({ first: 0, last: -1 }, 0)).toEqual({ first: 0, last: -1 })
  })

  it('stays the same while the view moves within a block', () => {
    const at = (first: number) => renderedWindow({ first, last: first + 24 }, 1000)
    expect(at(41)).toEqual(at(45))
    expect(at(41)).toEqual(at(55))
    expect(at(61)).not.toEqual(at(59))
  })

  it('moves once per block of scrolling, both ends together', () => {
    // A view of 23 rows scrolled a row at a time: the window changes exactly when the first row
    // in view enters a new block of 20, never in between (each change is a chart render).
    let changes = 0
    let before = renderedWindow({ first: 0, last: 22 }, 1000)
    for (let first = 1; first <= 400; first += 1) {
      const now = renderedWindow({ first, last: first + 22 }, 1000)
      if (now.first !== before.first || now.last !== before.last) {
        changes += 1
        expect(first % 20).toBe(0)
      }
      before = now
    }
    expect(changes).toBe(20)
  })
})
