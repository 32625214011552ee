// The Problems panel's worst board: a chain of N tasks on one day, every link one day short, so
// every link is a problem and each move fix's cascade walks the rest of the chain. Times
// findProblems as the panel calls it (fixes for the first 200), the median of --runs runs.
// Not a test; prints one line per size.
//
//   node --import tsx bench/schedule/problem-chain.ts [--sizes 2000,5000,20000] [--runs 3]
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { buildScheduleIndex, findProblems } from '../../src-shared/schedule'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,5000,20000' },
    runs: { type: 'string', default: '3' },
  },
})
const DAY = '2026-03-02T00:00:00.000Z'
for (const n of values.sizes.split(',').map(Number)) {
  const tasks = Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    type: 'task' as const,
    startDate: DAY,
    dueDate: DAY,
    endedAt: '',
    milestoneId: '',
  }))
  const deps = tasks
    .slice(1)
    .map((t, i) => ({ id: `d${i}`, predecessorId: `t${i}`, successorId: t.id, lagDays: 1 }))
  const index = buildScheduleIndex(tasks, deps)
  const times: number[] = []
  let problems = 0
  for (let run = 0; run < Number(values.runs); run++) {
    const started = performance.now()
    problems = findProblems(index, { fixesFor: 200 }).length
    times.push(performance.now() - started)
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!
  process.stdout.write(
    `${n} tasks, ${problems} problems: ${median.toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')})\n`,
  )
}
