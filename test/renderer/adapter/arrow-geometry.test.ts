// The adapter's pure parts: the lag-aware arrow route and label escaping.
import { describe, expect, it } from 'vitest'
import { arrowPaths, lagText } from '../../../src-renderer/timeline/adapter/arrow-geometry'
import type { ArrowEnd } from '../../../src-renderer/timeline/adapter/arrow-geometry'
import { escapeLabel } from '../../../src-renderer/timeline/adapter/escape-label'
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
  it('kept with no slack: lag segment from the finish day, loop in front of the successor', () => {
    const a = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-07', '2026-03-09', 2),
      2,
    )!
    expect(a.state).toBe('ok')
    expect(a.lag).toBe('M 40 15 H 60')
    expect(a.lagLabel).toEqual({ x: 50, y: 11, text: '+2d' })
    // The successor starts right at finish + lag: no room to turn, so loop back by 8 px.
    expect(a.line).toBe('M 60 15 V 60 H 52 V 75 H 60')
    expect(a.slack).toBe('')
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

  it('violated: red state, missing days labelled, loops back along the row boundary', () => {
    const a = arrowPaths(
      layout,
      end('2026-03-02', '2026-03-05', 0),
      end('2026-03-06', '2026-03-09', 1),
      3,
    )!
    expect(a.state).toBe('violated')
    expect(a.missingDays).toBe(2)
    expect(a.missingLabel?.text).toBe('-2d missing')
    expect(a.line).toBe('M 70 15 V 30 H 42 V 45 H 50')
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

  it('labels leads with their sign', () => {
    expect(lagText(3)).toBe('+3d')
    expect(lagText(-2)).toBe('-2d')
  })
})

describe('escapeLabel', () => {
  it('turns markup into text entities', () => {
    expect(escapeLabel(`<img src=x onerror="a('b')">&`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;',
    )
  })
})
