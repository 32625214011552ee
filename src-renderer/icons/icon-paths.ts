// The planner's few glyphs as SVG path data (a 12 x 12 box centred on 0,0), drawn inline by the
// React icons and by the timeline's bars alike: an emoji or symbol character shows as an empty
// box where no font has it (the tree's pin did, on machines without an emoji font).
export interface IconShape {
  d: string
  /** 'stroke': an outline in the text colour; 'fill': a solid shape. */
  paint: 'stroke' | 'fill'
}

export type IconName = 'pin' | 'check' | 'started' | 'overdue' | 'close'

export const ICON_PATHS: Readonly<Record<IconName, readonly IconShape[]>> = {
  pin: [
    { d: 'M -2.5 -5 L 2.5 -5 L 1.6 -1.2 L 4 1.6 L -4 1.6 L -1.6 -1.2 Z', paint: 'fill' },
    { d: 'M 0 1.6 L 0 5.5', paint: 'stroke' },
  ],
  check: [{ d: 'M -4 0.3 L -1.3 3 L 4 -3.2', paint: 'stroke' }],
  started: [{ d: 'M -3 -4 L 4 0 L -3 4 Z', paint: 'fill' }],
  overdue: [
    { d: 'M 0 -5.5 A 5.5 5.5 0 1 1 0 5.5 A 5.5 5.5 0 1 1 0 -5.5 Z', paint: 'fill' },
    { d: 'M 0 -3 L 0 0.8 M 0 3 L 0 3.1', paint: 'stroke' },
  ],
  close: [{ d: 'M -4 -4 L 4 4 M 4 -4 L -4 4', paint: 'stroke' }],
}

/** Side of an icon's box, px. */
export const ICON_SIZE = 12
