// The rows handed to the chart: a pure function of the rows in view (timeline-view.tsx once kept
// it in a ref written during render), covering them with a margin, and unchanged while the view
// scrolls within a block (no chart render per scroll step).
import { describe, expect, it } from 'vitest'
import { OVERSCAN, renderedWindow } from '../../../src-renderer/timeline/view/rendered-window'

describe('renderedWindow', () => {
  it('covers the rows in view with at least a block either side, within the board', () => {
    for (let first = 0; first < 500; first += 7) {
      const inView = { first, last: first + 24 }
      const rows = renderedWindow(inView, 1000)
      expect(rows.first).toBeLessThanOrEqual(Math.max(0, inView.first - OVERSCAN))
      expect(rows.last).toBeGreaterThanOrEqual(Math.min(999, inView.last + OVERSCAN))
      // No more than a block before and two after the blocks the view touches.
      expect(rows.last - rows.first + 1).toBeLessThanOrEqual(25 + 4 * OVERSCAN)
    }
    expect(renderedWindow({ first: 0, last: 10 }, 12)).toEqual({ first: 0, last: 11 })
    expect(renderedWindow({ first: 0, last: -1 }, 0)).toEqual({ first: 0, last: -1 })
  })

  it('draws a window of no more than 45 rows for a view of 21 (a filter keystroke redraws it all)', () => {
    for (let first = 0; first < 200; first += 1) {
      const rows = renderedWindow({ first, last: first + 20 }, 1000)
      expect(rows.last - rows.first + 1).toBeLessThanOrEqual(45)
    }
  })

  it('stays the same while the view moves within a block', () => {
    const at = (first: number) => renderedWindow({ first, last: first + 24 }, 1000)
    const blockStart = 4 * OVERSCAN
    expect(at(blockStart + 1)).toEqual(at(blockStart))
    expect(at(blockStart + OVERSCAN - 1)).toEqual(at(blockStart))
    expect(at(blockStart + OVERSCAN)).not.toEqual(at(blockStart + OVERSCAN - 1))
  })

  it('moves once per block of scrolling, both ends together', () => {
    // A view of 23 rows scrolled a row at a time: the window changes exactly when the first row
    // in view enters a new block, never in between (each change is a chart render).
    let changes = 0
    let before = renderedWindow({ first: 0, last: 22 }, 1000)
    for (let first = 1; first <= 400; first += 1) {
      const now = renderedWindow({ first, last: first + 22 }, 1000)
      if (now.first !== before.first || now.last !== before.last) {
        changes += 1
        expect(first % OVERSCAN).toBe(0)
      }
      before = now
    }
    expect(changes).toBe(Math.floor(400 / OVERSCAN))
  })
})
