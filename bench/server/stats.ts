// Small statistics for the benchmark: percentiles of sorted samples, medians across runs.

/** Nearest-rank percentile of ascending `sorted`; 0 when there are no samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** The median of each numeric field over several runs (each field on its own). */
export function medianOf<T extends Record<string, number>>(runs: readonly T[]): T {
  const first = runs[0]
  if (!first) throw new Error('no runs')
  const out: Record<string, number> = {}
  for (const key of Object.keys(first)) out[key] = median(runs.map((run) => run[key] as number))
  return out as T
}
