// The benchmark's board, as in shared/notes/frappe-gantt.md §5.1: N tasks with random starts over
// 2026 and lengths of 1-25 days, sorted by start; every task but the first depends on one random
// earlier task. Seeded, so stock and adapter draw the same chart in every run.

export interface BenchTask {
  index: number
  /** Days after 2026-01-01. */
  startDay: number
  /** Whole days, 1-25 (the end day is inclusive, as frappe reads a date-only end). */
  days: number
  /** Index of the predecessor; -1 for the first task. */
  dependsOn: number
  /** 0-2 days, for the adapter's lag-aware arrows (stock frappe has no lag). */
  lagDays: number
}

export const YEAR_START_MS = Date.UTC(2026, 0, 1)
export const DAY_MS = 86_400_000

/** mulberry32: small, fast, good enough to spread bars. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export function makeTasks(count: number, seed = 1): BenchTask[] {
  const next = random(seed)
  const starts = Array.from({ length: count }, () => Math.floor(next() * 365)).sort((a, b) => a - b)
  return starts.map((startDay, index) => ({
    index,
    startDay,
    days: 1 + Math.floor(next() * 25),
    dependsOn: index === 0 ? -1 : Math.floor(next() * index),
    lagDays: Math.floor(next() * 3),
  }))
}

/** 'YYYY-MM-DD' of a day after 2026-01-01, as stock frappe reads dates. */
export function isoDay(day: number): string {
  return new Date(YEAR_START_MS + day * DAY_MS).toISOString().slice(0, 10)
}
