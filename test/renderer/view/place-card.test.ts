// The hover card sits beside what it describes (below, else above), never over it, and inside
// the window.
import { describe, expect, it } from 'vitest'
import { CARD_GAP_PX, placeCard } from '../../../src-renderer/hover-card/place-card'

const win = { width: 1400, height: 900 }
const card = { width: 320, height: 200 }

describe('placeCard', () => {
  it('goes below the bar, left-aligned with it', () => {
    const bar = { left: 500, top: 300, right: 600, bottom: 320 }
    expect(placeCard(bar, card, win)).toEqual({ left: 500, top: 320 + CARD_GAP_PX })
  })

  it('goes above a bar near the bottom, and is pushed in from the right edge', () => {
    const bar = { left: 1300, top: 800, right: 1390, bottom: 820 }
    const at = placeCard(bar, card, win)
    expect(at.top + card.height).toBeLessThanOrEqual(bar.top)
    expect(at.left + card.width).toBeLessThanOrEqual(win.width - CARD_GAP_PX)
  })

  it('stays inside a window too short for either side', () => {
    const at = placeCard({ left: -50, top: 100, right: 20, bottom: 120 }, card, {
      width: 600,
      height: 300,
    })
    expect(at.left).toBe(CARD_GAP_PX)
    expect(at.top).toBeGreaterThanOrEqual(CARD_GAP_PX)
    expect(at.top + card.height).toBeLessThanOrEqual(300 - CARD_GAP_PX)
  })
})
