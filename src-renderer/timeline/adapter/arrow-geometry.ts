// Where a lag-aware dependency arrow runs, as SVG path data. Pure: the arrow objects feed it the
// bars' live dates on every drag step, tests feed it numbers.
//
// The route (see shared/notes/lag-arrows-sketch.png): leave the predecessor's end at mid-height;
// the required lag is its own dashed segment on the predecessor's row, from the predecessor's
// finish day (the first day it no longer occupies) to finish + lag, labelled "+Nd"; from there
// down (or up) to the successor's row and into its start with an arrowhead. When the successor
// starts later than finish + lag, that extra slack is the last horizontal run, drawn dotted. When
// it starts earlier (violated), or too close to turn in front of it, the route runs along the row
// boundary next to the successor and drops onto its start from above (or below): two bends at
// most, never back through the successor's row; a violation is drawn red and labelled
// "-Nd missing" left of the successor. Every part is an open line (issue 13: long violations
// once read as red boxes across the chart).
// Day math decides ok/slack/violated (the same answer at every zoom); pixels only draw it.
import type { Layout } from './units'
import { dayNumberOfMs, wholeDays } from '../../../src-shared/schedule/days'
import { ruleOnDays } from '../../../src-shared/schedule/rule'
import { planLag } from '../../../src-shared/schedule/schedule-index'
import { DAY_MS, ceilDay, floorDay, milestoneHalf, rowMiddle, xOf } from './units'

/** One end of an arrow as it stands now. */
export interface ArrowEnd {
  startMs: number
  endMs: number
  row: number
  milestone: boolean
  /** A parent with no dates of its own: the plan does not judge its dependencies. */
  unjudged?: boolean
}

export type ArrowState = 'ok' | 'slack' | 'violated' | 'stub'

export interface ArrowLabel {
  x: number
  y: number
  text: string
  /**
   * The lag segment is wide enough for the text (lag labels only): else it would spill onto the
   * bars' ends or labels, and the arrow shows it on hover or selection only.
   */
  fits?: boolean
}

export interface ArrowPaths {
  state: ArrowState
  /** Solid parts: the predecessor's part-day tail, the connector, stubs. */
  line: string
  /** The required lag, dashed ('' when lagDays is 0). */
  lag: string
  /** Extra slack, dotted ('' when there is none). */
  slack: string
  head: string
  lagLabel?: ArrowLabel
  missingLabel?: ArrowLabel
  /** Whole days the successor starts too early (violated) or could start earlier (slack). */
  missingDays: number
  slackDays: number
}

/** Shortest horizontal run into the successor, so the arrowhead points along the row. */
const APPROACH_PX = 8
const STUB_PX = 16
const LABEL_LIFT_PX = 4
/** Width of a label character at the arrows' 10 px font, generously (digits, +, -, d). */
const LABEL_CHAR_PX = 6.5
/** How far into the successor an arrow from above lands (a bar; a milestone: its top tip). */
const ENTRY_INSET_PX = 6

const r = (n: number) => Math.round(n * 100) / 100

function head(x: number, y: number): string {
  return `M ${r(x - 5)} ${r(y - 5)} L ${r(x)} ${r(y)} L ${r(x - 5)} ${r(y + 5)}`
}

/** An arrowhead pointing down (dy 1) or up (dy -1) at (x, y). */
function verticalHead(x: number, y: number, dy: 1 | -1): string {
  return `M ${r(x - 5)} ${r(y - 5 * dy)} L ${r(x)} ${r(y)} L ${r(x + 5)} ${r(y - 5 * dy)}`
}

/** Whether `text` fits on a horizontal run `width` px long, with a little air either side. */
function fitsOn(text: string, width: number): boolean {
  return text.length * LABEL_CHAR_PX + 4 <= width
}

export function lagText(lagDays: number): string {
  return lagDays > 0 ? `+${lagDays}d` : `${lagDays}d`
}

/** Left edge where an arrow enters `end` (a milestone's left tip). */
function entryX(layout: Layout, end: ArrowEnd): number {
  return xOf(layout.scale, end.startMs) - (end.milestone ? milestoneHalf(layout) : 0)
}

/**
 * The arrow from `from` (predecessor) to `to` (successor). Either end may be missing (its task is
 * neither in the window nor given as an anchor): then a short stub leaves or enters the end that
 * is known. Undefined when neither is known.
 */
export function arrowPaths(
  layout: Layout,
  from: ArrowEnd | undefined,
  to: ArrowEnd | undefined,
  lagDays: number,
  /** Where a vertical run may cross the rows between the ends clear of bars (arrow-obstacles). */
  freeColumn?: (from: number, to: number, rowA: number, rowB: number) => number | undefined,
  /** The board's exact-gap mode: slack breaks the dependency too. */
  exact = false,
): ArrowPaths | undefined {
  const { scale } = layout
  // Whole days as the plan reads a lag (truncated and within a hundred years, as schedule-index
  // does): a board's 2.5 drew +3d here while Problems and the critical path read 2, and a lag of
  // 40,000 days drew red where Problems found nothing. The label says the board's own lag.
  const lag = planLag(lagDays)
  const label = lagText(wholeDays(lagDays))
  const empty = { line: '', lag: '', slack: '', head: '', missingDays: 0, slackDays: 0 }
  if (!from && !to) return undefined

  if (!from && to) {
    const y = rowMiddle(layout, to.row)
    const x = entryX(layout, to)
    return {
      ...empty,
      state: 'stub',
      line: `M ${r(x - STUB_PX)} ${r(y)} H ${r(x)}`,
      head: head(x, y),
      lagLabel:
        lag === 0 ? undefined : { x: r(x - STUB_PX / 2), y: r(y - LABEL_LIFT_PX), text: label },
    }
  }
  const pred = from as ArrowEnd
  const yP = rowMiddle(layout, pred.row)
  const xEnd = xOf(scale, pred.milestone ? pred.startMs : pred.endMs)
  const finishMs = ceilDay(pred.endMs)
  const earliestMs = finishMs + lag * DAY_MS
  const xF = xOf(scale, finishMs)
  const xE = xOf(scale, earliestMs)
  const tail = xF > xEnd + 0.5 ? `M ${r(xEnd)} ${r(yP)} H ${r(xF)}` : ''
  const lagPath = lag === 0 ? '' : `M ${r(xF)} ${r(yP)} H ${r(xE)}`
  const lagLabel =
    lag === 0
      ? undefined
      : {
          x: r((xF + xE) / 2),
          y: r(yP - LABEL_LIFT_PX),
          text: label,
          fits: fitsOn(label, Math.abs(xE - xF)),
        }

  if (!to) {
    const x = Math.max(xE, xF) + STUB_PX
    return {
      ...empty,
      state: 'stub',
      line: `${tail} M ${r(xE)} ${r(yP)} H ${r(x)}`.trim(),
      lag: lagPath,
      head: head(x, yP),
      lagLabel,
    }
  }

  const yS = rowMiddle(layout, to.row)
  const xS = entryX(layout, to)
  const startDayMs = floorDay(to.startMs)
  // The dependency rule itself is the scheduling core's, on day numbers (both are midnights).
  // Not applied where the core does not apply it (an end with no dates of its own).
  const { missingDays, slackDays, violated } =
    pred.unjudged || to.unjudged
      ? { missingDays: 0, slackDays: 0, violated: false }
      : ruleOnDays(dayNumberOfMs(finishMs), dayNumberOfMs(startDayMs), lag, { exact })
  const state: ArrowState = violated ? 'violated' : slackDays > 0 ? 'slack' : 'ok'
  // Left of where the arrow turns into the successor, on its row: free space (one bar a row).
  // Under exact gap, slack is as wrong as missing days: the successor starts that much late.
  const missingLabel =
    missingDays > 0
      ? { x: r(xS - APPROACH_PX - 4), y: r(yS), text: `-${missingDays}d missing` }
      : violated
        ? { x: r(xS - APPROACH_PX - 4), y: r(yS), text: `+${slackDays}d late` }
        : undefined

  let connector: string
  let slack = ''
  let arrowhead = head(xS, yS)
  if (yS === yP) {
    // Same row (only when two bars share one): straight along it.
    connector = `M ${r(xE)} ${r(yP)} H ${r(xS)}`
  } else if (xS - xE >= APPROACH_PX) {
    // Room to turn in front of the successor: down at finish + lag, then along its row. Where a
    // bar in a row between lies across that column, the run goes down further right, at the
    // first column clear of bars before the successor (still two bends: along, down, along).
    const xV = freeColumn?.(xE, xS - APPROACH_PX, pred.row, to.row) ?? xE
    if (state === 'slack') {
      connector = `M ${r(xV)} ${r(yP)} V ${r(yS)}`
      slack = `${xV > xE ? `M ${r(xE)} ${r(yP)} H ${r(xV)} ` : ''}M ${r(xV)} ${r(yS)} H ${r(xS)}`
    } else {
      const along = xV > xE ? ` H ${r(xV)}` : ''
      connector = `M ${r(xE)} ${r(yP)}${along} V ${r(yS)} H ${r(xS)}`
    }
  } else {
    // Too close or too late: along the row boundary next to the successor, then onto its start
    // from above (below when it lies above): two bends, the run between rows where no bar is.
    const dy = yS > yP ? 1 : -1
    const yTurn = yS - (dy * layout.rowHeight) / 2
    const xIn = to.milestone ? xS + milestoneHalf(layout) : xS + ENTRY_INSET_PX
    const yIn = yS - (dy * layout.barHeight) / 2
    connector = `M ${r(xE)} ${r(yP)} V ${r(yTurn)} H ${r(xIn)} V ${r(yIn)}`
    arrowhead = verticalHead(xIn, yIn, dy)
  }
  return {
    state,
    line: `${tail} ${connector}`.trim(),
    lag: lagPath,
    slack,
    head: arrowhead,
    lagLabel,
    missingLabel,
    missingDays,
    slackDays,
  }
}
