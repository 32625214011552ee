// Where the smart strategy cuts a date range at the quantiles of a sample of days.
import { describe, expect, it } from 'vitest'
import { cutByQuantiles } from '../../../src-main/sync/cuts'
import { dayNumber, dayOfNumber } from '../../../src-main/sync/days'

const ALL = { from: '0000-01-01', to: '9999-12-31' }
/** `n` sample days spread evenly from 2026-01-01 over `span` days. */
const sample = (n: number, span: number) => {
  const start = dayNumber('2026-01-01')
  return Array.from({ length: n }, (_, i) => dayOfNumber(start + Math.floor((i * span) / n)))
}

describe('cutByQuantiles', () => {
  it('gives the tails before and after a small sample parts of their own', () => {
    // 20 days seen of 400 matches: each tail is expected to hold about 19 of them.
    const { cuts, expected } = cutByQuantiles(ALL, sample(20, 100), 5, 400)
    expect(cuts[0]).toBe('2026-01-01')
    expect(cuts[cuts.length - 1]).toBe(dayOfNumber(dayNumber('2026-01-01') + 96))
    expect(expected).toHaveLength(cuts.length + 1)
    expect(expected[0]).toBeCloseTo(400 / 21)
  })

  it('lets the first and last parts reach the range ends when a tail holds under one task', () => {
    // Every loaded task is the sample (300 of 300): a tail part would be a request for nothing.
    const { cuts, expected } = cutByQuantiles(ALL, sample(300, 200), 4, 300)
    expect(cuts).toHaveLength(3)
    expect(cuts.every((day) => day > '2026-01-01' && day < '2026-07-20')).toBe(true)
    expect(expected.reduce((a, b) => a + b, 0)).toBeGreaterThan(295)
    expect(Math.min(...expected)).toBeGreaterThan(60)
  })
})
