// Where the hover card goes: beside what it describes, never over it, and inside the window.
// Below the bar (or row) when there is room, else above it, else as near as the window allows;
// left-aligned with it and pushed in from the window's edges.

export interface Rect {
  left: number
  top: number
  right: number
  bottom: number
}

/** Gap between the card and what it describes, and the least margin to the window's edge. */
export const CARD_GAP_PX = 8

export function placeCard(
  anchor: Rect,
  card: { width: number; height: number },
  window: { width: number; height: number },
): { left: number; top: number } {
  const maxLeft = window.width - card.width - CARD_GAP_PX
  const left = Math.max(CARD_GAP_PX, Math.min(anchor.left, maxLeft))
  const below = anchor.bottom + CARD_GAP_PX
  const above = anchor.top - CARD_GAP_PX - card.height
  const maxTop = window.height - card.height - CARD_GAP_PX
  let top: number
  if (below <= maxTop) top = below
  else if (above >= CARD_GAP_PX) top = above
  else top = Math.max(CARD_GAP_PX, Math.min(below, maxTop))
  return { left, top }
}
