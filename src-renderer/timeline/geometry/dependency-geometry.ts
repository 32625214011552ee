// The drawing of one finish-to-start dependency (see shared/notes/lag-arrows-sketch.png):
//
//   [pred]-- - - - -+          lag: dashed, labelled "+3d", from the predecessor's end (at
//          "+3d"    |          mid-height) to the earliest day the successor may start
//                   +.......>[succ]   slack: the room the successor has beyond the lag
//
// then an orthogonal route into the successor's start. When the successor starts too close
// (or too early: a violation) the route turns back along the row boundary above the successor
// and enters it from the left, so an arrow head always points right into a start.
//
// The renderer draws four things: `lagSegment` dashed with its label, `path` solid,
// `slackSegment` in the slack style, `head` filled; each piece of the line is in exactly one.
// A violated arrow is drawn red and shows `violationLabel` ("-2d": two days missing).
import type { DependencyStatus } from '../../../src-shared/schedule/rule'
import { dependencyStatus } from '../../../src-shared/schedule/rule'
import { ROW_HEIGHT } from './row-layout'
import type { TaskExtent } from './task-extent'

/** Straight run out of the lag (or the bar end) before the route turns, px. */
export const ARROW_STUB = 6
/** Shortest straight run into the successor, px: room for the head. */
export const ARROW_APPROACH = 8
/** Length of the arrow head, px. */
export const ARROW_HEAD = 5
/** Half the width of a milestone diamond, px: arrows end at its left tip. */
export const MILESTONE_HALF_WIDTH = 8
/** Labels sit this far above their line, px (the y is the text baseline). */
export const LABEL_GAP = 4

export interface ArrowInput {
  /** x where the predecessor finishes (bar's right edge, or the milestone point). */
  predEndX: number
  /** Vertical centre of the predecessor's row. */
  predY: number
  /** x where the arrow ends: the successor's left edge (or a milestone's left tip). */
  succStartX: number
  succY: number
  lagDays: number
  pxPerDay: number
  /**
   * x of the earliest allowed start (a day boundary). Default predEndX + lagDays * pxPerDay,
   * exact when the predecessor ends on a day boundary (date-only dues). arrowBetween passes
   * the day-math value, which also covers a due with a time of day.
   */
  earliestX?: number
  /**
   * Whole days missing, from dependencyStatus (day math). When absent it is read off the
   * pixels, which agrees with day math whenever the successor starts on a day boundary.
   */
  missingDays?: number
  /** Row pitch, px: a route that turns back runs along the row boundary. */
  rowHeight?: number
}

export interface LagSegment {
  x1: number
  x2: number
  y: number
  /** '+3d'; a lead (negative lag) reads '-2d' and runs leftwards over the predecessor. */
  label: string
  labelX: number
  labelY: number
}

export interface DependencyGeometry {
  /** SVG path data of the solid connector (lag and slack excluded). */
  path: string
  /** SVG path data of the closed arrow head, tip on the successor's start. */
  head: string
  /** Undefined when lagDays is 0. */
  lagSegment: LagSegment | undefined
  /** Undefined when there is no slack, or too little to draw (the route turned back). */
  slackSegment: { x1: number; x2: number; y: number } | undefined
  violated: boolean
  missingDays: number
  violationLabel: { text: string; x: number; y: number } | undefined
  /** Anchor of the arrow's main label: the lag label, else the violation label, else its start. */
  labelX: number
  labelY: number
}

/** '+3d' for a lag, '-2d' for a lead, '' for none. */
export function lagLabel(lagDays: number): string {
  if (lagDays === 0) return ''
  return lagDays > 0 ? `+${lagDays}d` : `${lagDays}d`
}

export function dependencyGeometry(input: ArrowInput): DependencyGeometry {
  const { predEndX, predY, succStartX, succY, lagDays, pxPerDay } = input
  const rowHeight = input.rowHeight ?? ROW_HEIGHT
  const earliestX = input.earliestX ?? predEndX + lagDays * pxPerDay
  // A tiny tolerance: x = days * pxPerDay is not exact in binary for pxPerDay 1.5 or 0.5.
  const missingDays =
    input.missingDays ?? Math.max(0, Math.ceil((earliestX - succStartX) / pxPerDay - 1e-6))
  const violated = missingDays > 0

  const lagSegment: LagSegment | undefined =
    lagDays === 0
      ? undefined
      : {
          x1: predEndX,
          x2: earliestX,
          y: predY,
          label: lagLabel(lagDays),
          labelX: (predEndX + earliestX) / 2,
          labelY: predY - LABEL_GAP,
        }

  // The connector starts where the lag ends; a lead is drawn backwards over the bar, so its
  // connector still leaves from the bar's end.
  const fromX = lagDays > 0 ? earliestX : predEndX
  const turnX = fromX + ARROW_STUB
  const sameRow = predY === succY
  const room = succStartX - (sameRow ? fromX : turnX)
  let path: string
  let slackSegment: DependencyGeometry['slackSegment']
  let violationLabel: DependencyGeometry['violationLabel']

  if (!violated && room >= ARROW_APPROACH) {
    // Direct: out, down (unless the same row), and along the successor's row into its start.
    // What lies beyond the earliest start along that row is slack.
    const runFromX = sameRow ? fromX : turnX
    const slack = succStartX - Math.max(earliestX, runFromX) > 0.5
    const runEndX = slack ? Math.max(earliestX, runFromX) : succStartX
    path = `M${n(fromX)} ${n(predY)}`
    if (!sameRow) path += `H${n(turnX)}V${n(succY)}`
    if (runEndX !== runFromX) path += `H${n(runEndX)}`
    slackSegment = slack ? { x1: runEndX, x2: succStartX, y: succY } : undefined
  } else {
    // Turn back: along the row boundary on the predecessor's side of the successor, then in
    // from the left.
    const direction = succY >= predY ? 1 : -1
    const laneY = succY - (direction * rowHeight) / 2
    const backX = succStartX - ARROW_APPROACH
    path =
      `M${n(fromX)} ${n(predY)}H${n(turnX)}V${n(laneY)}` +
      `H${n(backX)}V${n(succY)}H${n(succStartX)}`
    if (violated) {
      violationLabel = {
        text: `-${missingDays}d`,
        x: (turnX + backX) / 2,
        y: laneY - LABEL_GAP,
      }
    }
  }

  const labelX = lagSegment?.labelX ?? violationLabel?.x ?? fromX
  const labelY = lagSegment?.labelY ?? violationLabel?.y ?? predY - LABEL_GAP
  return {
    path,
    head: arrowHead(succStartX, succY),
    lagSegment,
    slackSegment,
    violated,
    missingDays,
    violationLabel,
    labelX,
    labelY,
  }
}

/** Closed triangle pointing right with its tip at (x, y). */
function arrowHead(x: number, y: number): string {
  const half = ARROW_HEAD * 0.8
  return `M${n(x - ARROW_HEAD)} ${n(y - half)}L${n(x)} ${n(y)}L${n(x - ARROW_HEAD)} ${n(y + half)}Z`
}

/** Short, stable numbers in path data: two decimals, no "-0". */
function n(value: number): string {
  return String(Math.round(value * 100) / 100 || 0)
}

/** What arrowBetween needs of a TimeScale. */
export interface ArrowScale {
  pxPerDay: number
  xOfMs(ms: number): number
  xOfDayNumber(day: number): number
}

/**
 * The arrow between two tasks as drawn: x from their extents, violation and slack from day
 * math (dependencyStatus), so the red colour agrees with the day rules at every zoom and for
 * dates with a time of day. During a drag pass shifted extents (shiftExtent).
 */
export function arrowBetween(args: {
  predecessor: TaskExtent
  successor: TaskExtent
  lagDays: number
  predY: number
  succY: number
  scale: ArrowScale
  rowHeight?: number
  /** The board's exact-gap mode: slack breaks the dependency too (drawn red). */
  exact?: boolean
}): DependencyGeometry & { status: DependencyStatus } {
  const { predecessor, successor, lagDays, scale } = args
  const status = dependencyStatus(predecessor, successor, lagDays, { exact: args.exact === true })
  const inset = successor.kind === 'milestone' ? MILESTONE_HALF_WIDTH : 0
  const geometry = dependencyGeometry({
    predEndX: scale.xOfMs(predecessor.endMs),
    predY: args.predY,
    succStartX: scale.xOfMs(successor.startMs) - inset,
    succY: args.succY,
    lagDays,
    pxPerDay: scale.pxPerDay,
    earliestX: scale.xOfDayNumber(status.earliestStartDay),
    missingDays: status.missingDays,
    ...(args.rowHeight === undefined ? {} : { rowHeight: args.rowHeight }),
  })
  // Exact gap with slack: broken too, as the screen draws it (arrow-geometry.ts): the line runs
  // on into the successor, no dotted slack, and the days late are labelled.
  if (status.violated && status.missingDays === 0 && status.slackDays > 0) {
    const slack = geometry.slackSegment
    return {
      ...geometry,
      path: slack ? `${geometry.path}H${n(slack.x2)}` : geometry.path,
      slackSegment: undefined,
      violated: true,
      violationLabel: {
        text: `+${status.slackDays}d late`,
        x: slack ? (slack.x1 + slack.x2) / 2 : geometry.labelX,
        y: (slack?.y ?? args.succY) - LABEL_GAP,
      },
      status,
    }
  }
  return { ...geometry, status }
}
