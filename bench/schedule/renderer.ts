// The renderer's half of the scheduling benchmark (issue 12): the problems list, the critical path
// and the milestone overview measured through the renderer's own selectors
// (src-renderer/schedule/schedule-selectors.ts) on a real planner store, on the same seeded boards
// as the core's run (./board.ts), 5,000 and 50,000 tasks with as many dependencies.
//
// What is timed is what the planner does after the user changes the board: each sample first
// makes an edit (one task's dates moved a day, as a drag or a fix does: a new tasksById), then
// times, in order, the index refresh (dates re-read, structure kept), the Problems list (with the
// words of the rows the panel shows), the critical marks (to the latest due date, and to a
// milestone), and the milestone overview with a baseline shown. A sync (the index built afresh)
// is timed on its own.
//
//   node --import tsx bench/schedule/run.ts --renderer [--write] [--runs 5] [--quick]
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { keyNamer } from '../../src-renderer/dependencies/dependency-words'
import { fixLabel, fixNote, problemText } from '../../src-renderer/schedule/problem-words'
import {
  selectCriticalMarks,
  selectFocusChain,
  selectMilestoneRows,
  selectProblems,
  selectScheduleIndex,
} from '../../src-renderer/schedule/schedule-selectors'
import { createPlannerStore } from '../../src-renderer/state'
import type { PlannerStore } from '../../src-renderer/state'
import type { Dependency, Task } from '../../src-shared/api'
import { writeDocSection } from '../doc-section'
import { makeBoard } from './board'

const HEADING = '## Scheduling in the renderer (issue 12)'
const args = process.argv.slice(2)
const quick = args.includes('--quick')
const write = args.includes('--write')
const runsAt = args.indexOf('--runs')
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : quick ? 1 : 5
const SAMPLES = quick ? 3 : 40
const SIZES = quick ? [5_000] : [5_000, 50_000]
const DAY = 86_400_000

/** A full Task of the interface from the generator's scheduling fields. */
function toTask(t: ReturnType<typeof makeBoard>['tasks'][number], i: number): Task {
  return {
    id: t.id,
    parentId: '',
    projectKey: `P${Math.floor(i / 1000)}`,
    key: i + 1,
    title: `Task ${i}`,
    description: '',
    coverImageUrl: '',
    assignedUserEmail: '',
    startDate: t.startDate,
    dueDate: t.dueDate,
    status: t.endedAt ? 'Done' : 'Todo',
    priority: '',
    pinToTop: false,
    tags: [],
    type: t.type === 'milestone' ? 'milestone' : 'task',
    milestoneId: t.milestoneId ?? '',
    properties: {},
    url: '',
    createdAt: '',
    createdBy: '',
    updatedAt: '',
    updatedBy: '',
    startedAt: '',
    startedBy: '',
    endedAt: t.endedAt ?? '',
    endedBy: '',
  } as Task
}

function toDependency(d: ReturnType<typeof makeBoard>['deps'][number]): Dependency {
  const key = (id: string) => Number(id.slice(1)) + 1
  return {
    id: d.id,
    predecessorId: d.predecessorId,
    predecessorKey: key(d.predecessorId),
    predecessorProjectKey: 'P',
    predecessorTitle: '',
    predecessorUrl: '',
    successorId: d.successorId,
    successorKey: key(d.successorId),
    successorProjectKey: 'P',
    successorTitle: '',
    successorUrl: '',
    lagDays: d.lagDays,
    createdAt: '',
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (x: number) => (x >= 10 ? x.toFixed(1) : x.toFixed(2))
const shift = (iso: string, days: number) =>
  iso ? new Date(Date.parse(iso) + days * DAY).toISOString() : iso

/** One edit: a dated task moved a day later, then back (a new tasksById each time). */
function edit(store: PlannerStore, id: string, days: number): void {
  store.setState((s) => {
    const t = s.board.tasksById[id]!
    const moved = { ...t, startDate: shift(t.startDate, days), dueDate: shift(t.dueDate, days) }
    return { board: { ...s.board, tasksById: { ...s.board.tasksById, [id]: moved } } }
  })
}

interface Row {
  n: number
  part: string
  p50: number
  p95: number
  goal: number
  note: string
}
const rows: Row[] = []

for (const n of SIZES) {
  const board = makeBoard(n, 12)
  const tasks = board.tasks.map(toTask)
  const dependencies = board.deps.map(toDependency)
  const store = createPlannerStore()
  const snapshot = (list: Task[]) => ({
    profileId: 'bench',
    tasks: list,
    dependencies: [...dependencies],
    coverage: { complete: true, knownTasks: list.length, requests: 1, truncated: [], wants: [] },
    syncedAt: '2026-11-24T00:00:00.000Z',
    fromCache: false,
  })
  store.getState().snapshotReceived(snapshot(tasks))
  const milestone = tasks.find((t) => t.type === 'milestone' && t.dueDate)!.id
  const edited = tasks.find((t) => t.type === 'task' && t.startDate && t.dueDate)!.id
  // A baseline of every dated task (as Save baseline keeps it), shown.
  const dates = new Map(
    tasks.filter((t) => t.startDate || t.dueDate).map((t) => [t.id, { ...t }] as const),
  )
  store.getState().showBaseline({ name: 'bench', savedAt: '', dates })
  store.getState().setCritical(true)

  const parts: Record<string, number[][]> = {}
  const put = (part: string, sample: number, value: number) =>
    ((parts[part] ??= [])[sample] ??= []).push(value)
  const timed = <T>(fn: () => T): [T, number] => {
    const t0 = performance.now()
    const value = fn()
    return [value, performance.now() - t0]
  }
  let problems = 0
  let milestones = 0
  let chain = 0
  const total = 5 + RUNS * SAMPLES
  for (let k = 0; k < total; k++) {
    const run = k < 5 ? -1 : Math.floor((k - 5) / SAMPLES)
    edit(store, edited, k % 2 === 0 ? 1 : -1)
    const s = () => store.getState()
    const record = (part: string, value: number) => {
      if (run >= 0) put(part, run, value)
    }
    record('index', timed(() => selectScheduleIndex(s()))[1])
    const [list, tProblems] = timed(() => {
      const found = selectProblems(s())
      // The panel's words for the rows it shows (at most 200).
      const keyOf = keyNamer(s().board.tasksById, s().board.dependencies)
      const words: string[] = []
      for (const p of found.slice(0, 200)) {
        words.push(problemText(keyOf, p))
        for (const f of p.fixes) words.push(fixLabel(keyOf, f), fixNote(f))
      }
      return found
    })
    problems = list.length
    record('problems', tProblems)
    s().setCriticalTarget('')
    record('critical', timed(() => selectCriticalMarks(s()))[1])
    s().setCriticalTarget(milestone)
    record('criticalM', timed(() => selectCriticalMarks(s()))[1])
    const [overview, tRows] = timed(() => selectMilestoneRows(s()))
    milestones = overview.length
    record('milestones', tRows)
    s().focusMilestone(milestone)
    const [focus, tChain] = timed(() => selectFocusChain(s()))
    chain = focus?.size ?? 0
    record('chain', tChain)
    s().focusMilestone(null)
  }
  // A sync: a new snapshot (new tasks and dependencies), the index built afresh.
  const syncs: number[] = []
  for (let k = 0; k < (quick ? 3 : 10); k++) {
    store.getState().snapshotReceived(snapshot(tasks))
    syncs.push(timed(() => selectScheduleIndex(store.getState()))[1])
  }
  syncs.sort((a, b) => a - b)
  rows.push({
    n,
    part: 'Schedule index after a sync (built afresh)',
    p50: percentile(syncs, 50),
    p95: percentile(syncs, 95),
    goal: NaN,
    note: '',
  })
  const add = (part: string, key: string, goal: number, note: string) => {
    const runs = parts[key]!.map((xs) => [...xs].sort((a, b) => a - b))
    rows.push({
      n,
      part,
      p50: median(runs.map((xs) => percentile(xs, 50))),
      p95: median(runs.map((xs) => percentile(xs, 95))),
      goal,
      note,
    })
  }
  add('Schedule index after an edit (dates re-read)', 'index', NaN, '')
  add(
    'Problems list (selectProblems + words of the shown rows)',
    'problems',
    20,
    `${problems} problems`,
  )
  add('Critical path marks, to the latest due date', 'critical', 20, '')
  add('Critical path marks, to a milestone', 'criticalM', 20, '')
  add(
    'Milestone overview (selectMilestoneRows, baseline shown)',
    'milestones',
    20,
    `${milestones} milestones`,
  )
  add('A milestone’s chain (focus)', 'chain', NaN, `${chain} tasks in the chain`)
}

const cpu = cpus()
const date = new Date().toISOString().slice(0, 10)
const table = [
  '| Tasks / deps | Part | p50 ms | p95 ms | Goal (p95) | Met | Notes |',
  '| --- | --- | ---: | ---: | ---: | --- | --- |',
  ...rows.map((r) => {
    const goal = Number.isNaN(r.goal) ? '' : `≤ ${r.goal} ms`
    const met = Number.isNaN(r.goal)
      ? ''
      : r.n > 5_000
        ? '(growth)'
        : r.p95 <= r.goal
          ? 'yes'
          : '**no**'
    return `| ${r.n.toLocaleString('en')} / ${r.n.toLocaleString('en')} | ${r.part} | ${ms(r.p50)} | ${ms(r.p95)} | ${goal} | ${met} | ${r.note} |`
  }),
]
const section = `${HEADING}

Command: \`npm run bench:schedule -- --renderer${write ? ' --write' : ''}\` (${date}). Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}; load average ${loadavg()[0]!.toFixed(2)} at the end. Other work was running on the machine (shared cores), so read the figures as an upper bound.

The planning views' selectors (\`src-renderer/schedule/schedule-selectors.ts\`) on a real planner store (zustand, no React, no DOM) holding the same seeded boards as the core's run. Each sample first edits the board as a drag or a fix does (one task moved a day: a new \`tasksById\`), so every selector recomputes: the index re-reads the days and keeps the dependency structure, then the Problems list (and the words of the up to 200 rows the panel shows), the critical-path marks (sets of task and dependency ids), the milestone overview with a baseline of every task shown, and a milestone's chain. Each figure is the median over ${RUNS} run(s) of that run's p50 / p95 over ${SAMPLES} samples, after 5 samples of warm-up. Drawing is not included: the timeline draws only the rows in view (see "Timeline" above). The goals are issue 12's, for 5,000 tasks; the 50,000-task rows show how cost grows.

${table.join('\n')}
`
console.log(section)
if (write) console.log(`written to ${await writeDocSection(HEADING, section)}`)
