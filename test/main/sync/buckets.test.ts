// How slices are cut: value buckets and day ranges cover what they split exactly once, and the
// size estimate reads how far a page's task keys reach.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { estimateMatches, rangeBuckets, valueBuckets } from '../../../src-main/sync/buckets'
import { ALL_DAYS, formatRange, nextDay, previousDay } from '../../../src-main/sync/days'
import type { Task } from '../../../src-shared/api'

const day = (offset: number) =>
  new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10)

describe('valueBuckets', () => {
  it('puts every value in exactly one bucket, over capacity only alone, two buckets at least', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(40)),
        fc.integer({ min: 1, max: 100 }),
        (values, loads, capacity) => {
          const counts = new Map(values.map((v, i) => [v, loads[i] ?? 0]))
          const buckets = valueBuckets(values, counts, capacity)
          expect(buckets.flat().sort()).toEqual([...values].sort())
          if (values.length > 1) expect(buckets.length).toBeGreaterThanOrEqual(2)
          for (const bucket of buckets) {
            const load = bucket.reduce((sum, v) => sum + (counts.get(v) ?? 0), 0)
            const first = counts.get(bucket[0] as string) ?? 0
            expect(load).toBeLessThanOrEqual(Math.max(capacity, first))
          }
        },
      ),
    )
  })

  it('groups small values and gives values missing from the sample to the lightest bucket', () => {
    const counts = new Map([
      ['a', 50],
      ['b', 30],
      ['c', 15],
    ])
    expect(valueBuckets(['a', 'b', 'c', 'd'], counts, 50)).toEqual([['a'], ['b', 'c', 'd']])
  })
})

describe('rangeBuckets', () => {
  it('cuts a range into contiguous ranges that cover it exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.boolean(),
        (start, length, offsets, capacity, atLeastTwo) => {
          const range = { from: day(start), to: day(start + length) }
          const days = offsets.map((o) => day(start + (o % (length + 1)))).sort()
          const ranges = rangeBuckets(range, days, capacity, atLeastTwo)
          expect(ranges[0]?.from).toBe(range.from)
          expect(ranges.at(-1)?.to).toBe(range.to)
          ranges.forEach((r, i) => {
            expect(r.from <= r.to).toBe(true)
            if (i > 0) expect(r.from).toBe(nextDay(ranges[i - 1]!.to))
          })
          if (atLeastTwo && length > 0) expect(ranges.length).toBeGreaterThanOrEqual(2)
        },
      ),
    )
  })

  it('splits off the one day a full page fell on', () => {
    const days = Array.from({ length: 100 }, () => '2026-03-01')
    expect(rangeBuckets(ALL_DAYS, days, 50, true)).toEqual([
      { from: ALL_DAYS.from, to: '2026-02-28' },
      { from: '2026-03-01', to: ALL_DAYS.to },
    ])
    expect(rangeBuckets({ from: '2026-03-01', to: ALL_DAYS.to }, days, 50, true)).toEqual([
      { from: '2026-03-01', to: '2026-03-01' },
      { from: '2026-03-02', to: ALL_DAYS.to },
    ])
  })
})

describe('estimateMatches', () => {
  const page = (keys: number[]) => keys.map((key) => ({ projectKey: 'WEB', key }) as Task)

  it('reads how far the page reaches into the keys seen so far', () => {
    const keys = Array.from({ length: 100 }, (_, i) => 1 + i * 2)
    expect(estimateMatches(page(keys), new Map([['WEB', 796]]))).toBeCloseTo(400, -1)
  })

  it('assumes a page reaches halfway when nothing beyond it was seen', () => {
    expect(estimateMatches(page([5, 9, 20]), new Map([['WEB', 20]]))).toBe(6)
  })
})

describe('days', () => {
  it('steps over month, leap and year ends', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29')
    expect(nextDay('2025-12-31')).toBe('2026-01-01')
    expect(previousDay('2024-03-01')).toBe('2024-02-29')
    expect(previousDay('0000-01-02')).toBe('0000-01-01')
  })

  it('words ranges for people', () => {
    expect(formatRange({ from: '2026-03-01', to: '2026-03-01' })).toBe('2026-03-01')
    expect(formatRange(ALL_DAYS)).toBe('any day')
    expect(formatRange({ from: '2026-03-01', to: ALL_DAYS.to })).toBe('from 2026-03-01')
    expect(formatRange({ from: '2026-03-01', to: '2026-03-09' })).toBe('2026-03-01 to 2026-03-09')
  })
})
