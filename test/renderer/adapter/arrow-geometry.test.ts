// The adapter's pure parts: the lag-aware arrow route and label escaping.
import { describe, expect, it } from 'vitest'
import { arrowPaths, lagText } from '../../../src-renderer/timeline/adapter/arrow-geometry'
import type { ArrowEnd } from '../../../src-renderer/timeline/adapter/arrow-geometry'
import type { Layout } from '../../../src-renderer/timeline/adapter/units'

const DAY = 86_400_000
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`)
const layout: Layout = {
  scale: { startMs: ms('2026-03-01'), endMs: ms('2026-04-01'), pxPerDay: 10 },
  rowHeight: 30,
  barHeight: 20,
}
const end = (start: string, stop: string, row: number, milestone = false): ArrowEnd => ({
  startMs: ms(start),
  endMs: ms(stop),
  row,
  milestone,
})

describe('arrowPaths', () => {
  it('kept with no slack: lag segment from the finish day, then onto the successor from above', () => {
    const a = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-07', '2026-03-09', 2),
      2,
    )!
    expect(a.state).toBe('ok')
    expect(a.lag).toBe('M 40 15 H 60')
    expect(a.lagLabel).toEqual({ x: 50, y: 11, text: '+2d', fits: false })
    // The successor starts right at finish + lag: no room to turn in front of it, so along the
    // boundary above its row and down onto its start (two bends), the head pointing down.
    expect(a.line).toBe('M 60 15 V 60 H 66 V 65')
    expect(a.head).toBe('M 61 60 L 66 65 L 71 60')
    expect(a.slack).toBe('')
    expect(a.missingDays).toBe(0)
  })

  it('a fractional lag is read in whole days as the plan reads it (2.5 is 2: kept, not -1d missing)', () => {
    // Problems and the critical path truncate (schedule-index); the arrow rounded 2.5 to 3 and
    // drew a kept dependency red, "-1d missing".
    const a = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-07', '2026-03-09', 2),
      2.5,
    )!
    expect(a.state).toBe('ok')
    expect(a.lagLabel?.text).toBe('+2d')
    expect(a.missingDays).toBe(0)
  })

  it('slack: the extra run into the successor is its own (dotted) path', () => {
    const a = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-10', '2026-03-12', 1),
      1,
    )!
    expect(a.state).toBe('slack')
    expect(a.slackDays).toBe(4)
    expect(a.line).toBe('M 50 15 V 45')
    expect(a.slack).toBe('M 50 45 H 90')
  })

  it('under the board’s exact-gap mode, slack is broken too, labelled with the days late', () => {
    const a = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-10', '2026-03-12', 1),
      1,
      undefined,
      true,
    )!
    expect(a.state).toBe('violated')
    expect(a.missingLabel?.text).toBe('+4d late')
  })

  it('violated: red state, missing days labelled, back along the row boundary with two bends', () => {
    const a = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-06', '2026-03-09', 1),
      3,
    )!
    expect(a.state).toBe('violated')
    expect(a.missingDays).toBe(2)
    expect(a.missingLabel?.text).toBe('-2d missing')
    expect(a.line).toBe('M 70 15 V 30 H 56 V 35')
  })

  it('a part-day end: a solid tail to the finish day, then the lag', () => {
    const a = arrowPaths(
      layout,
      { startMs: ms('2026-03-02'), endMs: ms('2026-03-04') + DAY / 2, row: 0, milestone: false },
      end('2026-03-10', '2026-03-12', 1),
      1,
    )!
    expect(a.line.startsWith('M 35 15 H 40 ')).toBe(true)
    expect(a.lag).toBe('M 40 15 H 50')
  })

  it('milestones: enter at the left tip; no lag, no lag label', () => {
    const a = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-08', '2026-03-08', 1, true),
      0,
    )!
    expect(a.lag).toBe('')
    expect(a.lagLabel).toBeUndefined()
    expect(a.head).toBe('M 55 40 L 60 45 L 55 50')
  })

  it('stubs when one end is unknown, nothing when both are', () => {
    expect(arrowPaths(layout, end('2026-03-02', '2026-03-05', 0), undefined, 2)!.state).toBe('stub')
    expect(arrowPaths(layout, undefined, end('2026-03-02', '2026-03-05', 0), 0)!.state).toBe('stub')
    expect(arrowPaths(layout, undefined, undefined, 0)).toBeUndefined()
  })

  it('never bends more than twice, and every path is an open line (no closing Z)', () => {
    const ends = [
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-06', '2026-03-09', 3),
      end('2026-03-20', '2026-03-22', 1),
      end('2026-03-01', '2026-03-02', 4),
      end('2026-03-08', '2026-03-08', 2, true),
    ]
    for (const from of ends)
      for (const to of ends) {
        if (from === to) continue
        for (const lag of [-2, 0, 3, 12]) {
          const a = arrowPaths(layout, from, to, lag)!
          const segments = a.line.split('M').filter((part) => part.trim() !== '')
          const connector = segments.at(-1)!
          // Turns: changes between H and V in the connector (the part-day tail is its own M).
          const moves = connector.match(/[HV]/g) ?? []
          let bends = 0
          for (let i = 1; i < moves.length; i += 1) if (moves[i] !== moves[i - 1]) bends += 1
          expect(bends, `${a.line} (lag ${lag})`).toBeLessThanOrEqual(2)
          for (const d of [a.line, a.lag, a.slack, a.head]) expect(d).not.toMatch(/z/i)
        }
      }
  })

  it('goes down at the first column clear of bars in the rows between, with two bends', () => {
    const from = end('2026-03-02', '2026-03-05', 0)
    const to = end('2026-03-20', '2026-03-22', 3)
    const asked: number[][] = []
    const free = (x0: number, x1: number, rowA: number, rowB: number) => {
      asked.push([x0, x1, rowA, rowB])
      return 90
    }
    const slack = arrowPaths(layout, from, to, 1, free)!
    expect(slack.state).toBe('slack')
    // finish + lag = 6 Mar (x 50) is where it would go down; the successor starts at x 190.
    expect(asked).toEqual([[50, 182, 0, 3]])
    expect(slack.line).toBe('M 90 15 V 105')
    expect(slack.slack).toBe('M 50 15 H 90 M 90 105 H 190')
    // No clear column: the usual route.
    const blocked = arrowPaths(layout, from, to, 1, () => undefined)!
    expect(blocked.line).toBe('M 50 15 V 105')
  })

  it('says whether the lag label fits on its segment', () => {
    const wide = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-20', '2026-03-22', 1),
      5,
    )!
    expect(wide.lagLabel?.fits).toBe(true)
    const narrow = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-20', '2026-03-22', 1),
      1,
    )!
    // One day is 10 px here: "+1d" needs about 24.
    expect(narrow.lagLabel?.fits).toBe(false)
  })

  it('labels leads with their sign', () => {
    expect(lagText(3)).toBe('+3d')
    expect(lagText(-2)).toBe('-2d')
  })
})

describe('a lag past what the plan reads', () => {
  it('is judged as Problems judge it (a hundred years at most), and labelled as the board holds it', () => {
    // Another board's lag of 40,000 days, its successor 37,000 days on: Problems read the lag as
    // 36,500 days (kept); the arrow read it whole and drew it red, "3000d missing".
    const far = ms('2026-03-05') + 37_000 * DAY
    const a = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      { startMs: far, endMs: far + 2 * DAY, row: 1, milestone: false },
      40_000,
    )!
    expect(a.state).not.toBe('violated')
    expect(a.missingDays).toBe(0)
    expect(a.lagLabel?.text).toBe('+40000d')
  })
})
