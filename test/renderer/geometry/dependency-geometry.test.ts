// The drawing of a lag-aware arrow: lag segment and label, slack, orthogonal route, head,
// and a violation in red with its missing days.
import { describe, expect, it } from 'vitest'
import * as dg from '../../../src-renderer/timeline/geometry/dependency-geometry'
import { shiftExtent, taskExtent } from '../../../src-renderer/timeline/geometry/task-extent'
import { TimeScale } from '../../../src-renderer/timeline/geometry/time-scale'
import { at } from './builders'

const { dependencyGeometry, arrowBetween } = dg

/** Rows 0 and 1 at the default row height: centres 16 and 48, boundary 32. */
const base = { predY: 16, succY: 48, pxPerDay: 40 }

describe('lagLabel', () => {
  it('reads +Nd for a lag, -Nd for a lead, nothing for none', () => {
    expect(dg.lagLabel(3)).toBe('+3d')
    expect(dg.lagLabel(1)).toBe('+1d')
    expect(dg.lagLabel(-2)).toBe('-2d')
    expect(dg.lagLabel(0)).toBe('')
  })
})

describe('dependencyGeometry', () => {
  it('lag: a labelled segment from the predecessor end, then down, then slack to the start', () => {
    const g = dependencyGeometry({ ...base, predEndX: 100, succStartX: 300, lagDays: 2 })
    expect(g.lagSegment).toEqual({
      x1: 100,
      x2: 180,
      y: 16,
      label: '+2d',
      labelX: 140,
      labelY: 16 - dg.LABEL_GAP,
    })
    expect(g.path).toBe('M180 16H186V48')
    expect(g.slackSegment).toEqual({ x1: 186, x2: 300, y: 48 })
    expect(g.head).toBe('M295 44L300 48L295 52Z')
    expect([g.violated, g.missingDays, g.violationLabel]).toEqual([false, 0, undefined])
    expect([g.labelX, g.labelY]).toEqual([140, 12])
  })

  it('no lag: no lag segment; the connector leaves the bar end with a short stub', () => {
    const g = dependencyGeometry({ ...base, predEndX: 100, succStartX: 140, lagDays: 0 })
    expect(g.lagSegment).toBeUndefined()
    expect(g.path).toBe('M100 16H106V48')
    expect(g.slackSegment).toEqual({ x1: 106, x2: 140, y: 48 })
    expect(g.violated).toBe(false)
  })

  it('no room to come in from the left: turns back along the row boundary, no slack', () => {
    const g = dependencyGeometry({ ...base, predEndX: 100, succStartX: 100, lagDays: 0 })
    expect(g.path).toBe('M100 16H106V32H92V48H100')
    expect(g.slackSegment).toBeUndefined()
    expect([g.violated, g.missingDays]).toEqual([false, 0])
    const up = dependencyGeometry({
      ...base,
      predY: 80,
      succY: 16,
      predEndX: 100,
      succStartX: 100,
      lagDays: 0,
    })
    expect(up.path).toBe('M100 80H106V32H92V16H100')
  })

  it('violated: red route with the missing days, lag segment still shown', () => {
    const g = dependencyGeometry({ ...base, predEndX: 100, succStartX: 100, lagDays: 2 })
    expect([g.violated, g.missingDays]).toEqual([true, 2])
    expect(g.path).toBe('M180 16H186V32H92V48H100')
    expect(g.violationLabel).toEqual({ text: '-2d', x: 139, y: 32 - dg.LABEL_GAP })
    expect(g.lagSegment?.label).toBe('+2d')
    expect(g.slackSegment).toBeUndefined()
    expect([g.labelX, g.labelY]).toEqual([140, 12])
    const noLag = dependencyGeometry({ ...base, predEndX: 100, succStartX: 20, lagDays: 0 })
    expect([noLag.missingDays, noLag.labelX, noLag.labelY]).toEqual([2, 59, 28])
  })

  it('reads missing days off whole-day pixels exactly, even at 1.5 and 0.5 px per day', () => {
    const missing = (pxPerDay: number, predDay: number, lagDays: number, succDay: number) =>
      dependencyGeometry({
        ...base,
        pxPerDay,
        predEndX: predDay * pxPerDay,
        succStartX: succDay * pxPerDay,
        lagDays,
      }).missingDays
    expect(missing(1.5, 10, 3, 11)).toBe(2)
    expect(missing(1.5, 10, 3, 13)).toBe(0)
    expect(missing(0.5, 37, 7, 43)).toBe(1)
    expect(missing(0.5, 37, 7, 44)).toBe(0)
    expect(missing(40, 3, 0, 2)).toBe(1)
  })

  it('day math given by the caller wins over the pixels', () => {
    const g = dependencyGeometry({
      ...base,
      predEndX: 100,
      succStartX: 150,
      lagDays: 0,
      missingDays: 1,
    })
    expect([g.violated, g.missingDays, g.violationLabel?.text]).toEqual([true, 1, '-1d'])
  })

  it('same row: a straight run, all of it slack', () => {
    const g = dependencyGeometry({ ...base, succY: 16, predEndX: 100, succStartX: 200, lagDays: 0 })
    expect(g.path).toBe('M100 16')
    expect(g.slackSegment).toEqual({ x1: 100, x2: 200, y: 16 })
  })

  it('a lead runs its segment backwards over the predecessor', () => {
    const g = dependencyGeometry({ ...base, predEndX: 100, succStartX: 300, lagDays: -2 })
    expect(g.lagSegment).toMatchObject({ x1: 100, x2: 20, label: '-2d' })
    expect(g.path.startsWith('M100 16H106V48')).toBe(true)
  })

  it('keeps path numbers short', () => {
    const g = dependencyGeometry({ ...base, predEndX: 100 / 3, succStartX: 1000 / 3, lagDays: 0 })
    expect(g.path).toBe('M33.33 16H39.33V48')
  })
})

describe('arrowBetween (extents on a scale, day math for the verdict)', () => {
  const scale = new TimeScale('day', '2026-03-01', '2026-03-31')
  const extent = (startDate: string, dueDate: string, type: 'task' | 'milestone' = 'task') => {
    const e = taskExtent({ startDate, dueDate, type })
    if (!e) throw new Error('scheduled')
    return e
  }
  const design = extent(at('2026-03-02'), at('2026-03-06'))
  const build = extent(at('2026-03-11'), at('2026-03-17'))

  it('the sketch: design (to 6 March) -> build (from 11 March) with 2 days lag', () => {
    const g = arrowBetween({
      predecessor: design,
      successor: build,
      lagDays: 2,
      predY: 16,
      succY: 48,
      scale,
    })
    expect(g.lagSegment).toMatchObject({ x1: 240, x2: 320, label: '+2d' })
    expect(g.path).toBe('M320 16H326V48')
    expect(g.slackSegment).toEqual({ x1: 326, x2: 400, y: 48 })
    expect(g.status).toMatchObject({ violated: false, slackDays: 2 })
    expect(g.head.includes('L400 48')).toBe(true)
  })

  it('red when build starts before design end + lag, with the days missing', () => {
    const early = extent(at('2026-03-08'), at('2026-03-12'))
    const g = arrowBetween({
      predecessor: design,
      successor: early,
      lagDays: 2,
      predY: 16,
      succY: 48,
      scale,
    })
    expect([g.violated, g.missingDays, g.violationLabel?.text]).toEqual([true, 1, '-1d'])
  })

  it('a due with a time of day: red by day math although the pixels do not overlap', () => {
    const pred = extent(at('2026-03-02', '09:00'), at('2026-03-04', '17:00'))
    const succ = extent(at('2026-03-04', '18:00'), at('2026-03-06'))
    const g = arrowBetween({
      predecessor: pred,
      successor: succ,
      lagDays: 0,
      predY: 16,
      succY: 48,
      scale,
    })
    expect(scale.xOfMs(succ.startMs)).toBeGreaterThan(scale.xOfMs(pred.endMs))
    expect([g.violated, g.missingDays]).toEqual([true, 1])
  })

  it('ends at a milestone diamond left tip', () => {
    const test = extent(at('2026-03-21'), at('2026-03-26'))
    const release = extent('', at('2026-03-26'), 'milestone')
    const g = arrowBetween({
      predecessor: test,
      successor: release,
      lagDays: 0,
      predY: 16,
      succY: 48,
      scale,
    })
    const tip = 1_040 - dg.MILESTONE_HALF_WIDTH
    expect(g.path.endsWith(`H${tip}`)).toBe(true)
    expect(g.violated).toBe(false)
  })

  it('follows a drag: shifted extents change the verdict', () => {
    const early = extent(at('2026-03-08'), at('2026-03-12'))
    const before = arrowBetween({
      predecessor: design,
      successor: early,
      lagDays: 2,
      predY: 16,
      succY: 48,
      scale,
    })
    const after = arrowBetween({
      predecessor: design,
      successor: shiftExtent(early, 1),
      lagDays: 2,
      predY: 16,
      succY: 48,
      scale,
    })
    expect([before.violated, after.violated]).toEqual([true, false])
  })
})
