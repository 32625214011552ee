// The renderer's frame of the what-if cascade (issue 12, item 1): what the planner computes on
// each frame of a drag, through its own code (src-renderer/what-if/what-if.ts `whatIfDrag().move`:
// the drop as an edit command, the scheduling core's cascade, the ghost bars and the live
// summary into the store), on a real planner store with the seeded boards of ./board.ts, 5,000
// and 50,000 tasks with as many dependencies. The dragged task is one whose move pushes about
// 500 successors; the drag goes 1 to 30 days, one frame per day, as a user's pointer would.
// Drawing the ghosts is a few hundred SVG rects of the window at most and is not in this figure.
//
//   node --import tsx bench/schedule/what-if-frame.ts [--write] [--runs 5] [--quick]
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createPlannerStore } from '../../src-renderer/state'
import { whatIfDrag } from '../../src-renderer/what-if/what-if'
import type { Dependency, Task } from '../../src-shared/api'
import { cascade, moveChanges } from '../../src-shared/schedule'
import { selectScheduleIndex } from '../../src-renderer/schedule/schedule-selectors'
import { fakePlannerApi } from '../../test/renderer/state/fixtures'
import { writeDocSection } from '../doc-section'
import { makeBoard, random } from './board'

const HEADING = '## What-if cascade frame in the renderer (issue 12)'
const args = process.argv.slice(2)
const quick = args.includes('--quick')
const runsAt = args.indexOf('--runs')
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : quick ? 1 : 5
const SIZES = quick ? [5_000] : [5_000, 50_000]

const blank = { title: '', description: '', coverImageUrl: '', assignedUserEmail: '' }

function boardOf(n: number): { tasks: Task[]; dependencies: Dependency[] } {
  const { tasks, deps } = makeBoard(n, 7)
  return {
    tasks: tasks.map(
      (t, i) =>
        ({
          ...blank,
          id: t.id,
          parentId: '',
          projectKey: 'P',
          key: i + 1,
          startDate: t.startDate,
          dueDate: t.dueDate,
          status: 'Todo',
          tags: [],
          pinToTop: false,
          priority: '',
          type: t.type === 'milestone' ? 'milestone' : 'task',
          milestoneId: t.milestoneId ?? '',
          createdAt: '',
          createdBy: '',
          updatedAt: '',
          updatedBy: '',
          startedAt: '',
          startedBy: '',
          endedAt: t.endedAt ?? '',
          endedBy: '',
          properties: {},
        }) as Task,
    ),
    dependencies: deps.map((d) => ({
      ...d,
      predecessorKey: 1,
      predecessorProjectKey: 'P',
      predecessorTitle: '',
      predecessorUrl: '',
      successorKey: 1,
      successorProjectKey: 'P',
      successorTitle: '',
      successorUrl: '',
      createdAt: '',
    })),
  }
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const rows: string[] = []
for (const n of SIZES) {
  const board = boardOf(n)
  const store = createPlannerStore()
  store.getState().snapshotReceived({
    profileId: 'bench',
    ...board,
    coverage: { complete: true, knownTasks: n, requests: 1, truncated: [], wants: [] },
    syncedAt: '',
    fromCache: false,
  })
  const index = selectScheduleIndex(store.getState())
  // The dated task whose 30-day move pushes the number of successors closest to 500.
  const rnd = random(11)
  let target = { id: '', pushed: -1 }
  for (let tries = 0; tries < 300; tries++) {
    const id = index.tasks[Math.floor(rnd() * index.tasks.length)]!.id
    const pushed = cascade(index, moveChanges(index, [id], 30)).pushed.length
    if (Math.abs(pushed - 500) < Math.abs(target.pushed - 500)) target = { id, pushed }
  }
  const drag = whatIfDrag(store, fakePlannerApi().api, () => undefined)
  const p50s: number[] = []
  const p95s: number[] = []
  let ghosts = 0
  // One drag first, not counted: the functions' first calls compile them (a user's first drag
  // pays that once per session).
  for (let day = 1; day <= 30; day++)
    drag.move([{ id: target.id, startDeltaDays: day, endDeltaDays: day }])
  for (let run = 0; run < RUNS; run++) {
    const frames: number[] = []
    for (let day = 1; day <= 30; day++) {
      const started = performance.now()
      ghosts = drag.move([{ id: target.id, startDeltaDays: day, endDeltaDays: day }]).length
      frames.push(performance.now() - started)
    }
    drag.move([])
    frames.sort((a, b) => a - b)
    p50s.push(percentile(frames, 50))
    p95s.push(percentile(frames, 95))
  }
  const fixed = (x: number) => x.toFixed(2)
  rows.push(
    `| ${n.toLocaleString('en')} | ${target.pushed} | ${ghosts} | ${fixed(median(p50s))} | ${fixed(median(p95s))} | ${median(p95s) <= 16.7 ? 'yes' : 'no'} |`,
  )
  console.log(rows.at(-1))
}

const section = `${HEADING}

\`node --import tsx bench/schedule/what-if-frame.ts\`, ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} at the end. One frame of a drag as the planner computes it (\`whatIfDrag().move\`: the drop as an edit, the cascade, the ghost bars, the live summary into the store), 30 frames (1 to 30 days) per run after one drag not counted (the first calls compile the code), medians of ${RUNS} runs. Goal: p95 ≤ 16.7 ms.

| tasks (and dependencies) | successors pushed at 30 days | ghost bars | frame p50 (ms) | frame p95 (ms) | meets |
| --: | --: | --: | --: | --: | :-: |
${rows.join('\n')}
`
console.log(section)
if (args.includes('--write')) console.log(`Written to ${await writeDocSection(HEADING, section)}`)
