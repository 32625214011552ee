// The seeded boards of the scheduling benchmark (issue 12), shared by the core's run (./run.ts)
// and the renderer's (./renderer.ts), so both measure the same boards.
import type { DependencyLink, ScheduleTask } from '../../src-shared/schedule'

export const TODAY = '2026-11-24'
const DAY = 86_400_000
const BASE = Date.parse('2025-06-01T00:00:00.000Z')

/** mulberry32: a small seeded generator, so every run measures the same boards. */
export function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * A board like a real one: projects of 20-1,000 tasks, each task depending on one or two earlier
 * tasks of its project (N dependencies in all), dates laid out along the chains with a few days
 * of slack; 2% of the dependencies broken, 5% milestones (each closing a stretch of its project,
 * with about half of the 20 tasks before it linked to it), 3% undated,
 * some dates with a time of day, a third of the past tasks done.
 */
export function makeBoard(
  n: number,
  seed: number,
): { tasks: ScheduleTask[]; deps: DependencyLink[] } {
  const rnd = random(seed)
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1))
  const tasks: ScheduleTask[] = []
  const start = new Float64Array(n)
  const finish = new Float64Array(n)
  const deps: DependencyLink[] = []
  const preds: { p: number; lag: number }[][] = Array.from({ length: n }, () => [])
  let projectStart = 0
  let projectEnd = 0
  let projectDay = 0
  for (let i = 0; i < n; i++) {
    if (i >= projectEnd) {
      projectStart = i
      projectEnd = Math.min(n, i + int(20, 1000))
      projectDay = int(0, 500)
    }
    if (i > projectStart && deps.length < n) {
      const count = deps.length < n - 1 && rnd() < 0.3 ? 2 : 1
      for (let k = 0; k < count; k++) {
        const p = int(Math.max(projectStart, i - 60), i - 1)
        if (preds[i]!.some((x) => x.p === p)) continue
        const lag = rnd() < 0.7 ? 0 : int(-1, 5)
        preds[i]!.push({ p, lag })
        deps.push({
          id: `d${deps.length}`,
          predecessorId: `t${p}`,
          successorId: `t${i}`,
          lagDays: lag,
        })
      }
    }
    // A milestone closes the last stretch of its project: some of the tasks before it link to it.
    const milestone = i > projectStart + 5 && rnd() < 0.05
    let s = projectDay + int(0, 20)
    for (const { p, lag } of preds[i]!) {
      if (!Number.isNaN(finish[p]!)) s = Math.max(s, finish[p]! + lag + int(0, 2))
    }
    const linked: number[] = []
    if (milestone) {
      for (let t = Math.max(projectStart, i - 20); t < i; t++) {
        if (tasks[t]!.type === 'task' && !tasks[t]!.milestoneId && rnd() < 0.5) linked.push(t)
      }
      for (const t of linked) if (!Number.isNaN(finish[t]!)) s = Math.max(s, finish[t]! + int(0, 3))
    }
    if (rnd() < 0.02 && preds[i]!.length > 0) s -= int(1, 10) // a broken dependency
    const undated = !milestone && rnd() < 0.03
    const len = milestone ? 0 : int(0, 10)
    const timed = rnd() < 0.2
    const startDate = undated || milestone ? '' : iso(s, timed ? 9 : 0)
    const dueDate = undated ? '' : iso(milestone ? s : s + len, timed ? 17 : 0)
    start[i] = undated ? NaN : s
    finish[i] = undated ? NaN : milestone ? s + 1 : s + len + 1
    const done = !undated && BASE + (s + len) * DAY < Date.parse(TODAY) && rnd() < 0.33
    tasks.push({
      id: `t${i}`,
      type: milestone ? 'milestone' : 'task',
      startDate,
      dueDate,
      endedAt: done ? iso(s + len, 15) : '',
      milestoneId: '',
    })
    for (const t of linked) tasks[t]!.milestoneId = `t${i}`
  }
  return { tasks, deps }
}

function iso(day: number, hour: number): string {
  return new Date(BASE + day * DAY + hour * 3_600_000).toISOString()
}
