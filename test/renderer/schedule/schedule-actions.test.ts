// The planning views' actions against a fake PlannerApi, and the words their buttons carry: a
// move fix is ONE tasks:update batch with the cascade (and one undo step), a lag fix is the
// delete-then-create of changeLag, a baseline keeps every dated task's dates and a bad name is
// refused before anything is sent. Also the timeline model's marks for these views.
import { describe, expect, it } from 'vitest'
import { fixLabel, fixNote, problemText } from '../../../src-renderer/schedule/problem-words'
import {
  applyFix,
  saveBaseline,
  setPlanningOption,
  showBaseline,
} from '../../../src-renderer/schedule/schedule-actions'
import { selectProblems } from '../../../src-renderer/schedule/schedule-selectors'
import { createPlannerStore } from '../../../src-renderer/state'
import { buildModel, windowInput } from '../../../src-renderer/timeline/view/timeline-model'
import type { Dependency, Task } from '../../../src-shared/api'
import type { ProblemFix } from '../../../src-shared/schedule'
import { keyNamer } from '../../../src-renderer/dependencies/dependency-words'
import { fakePlannerApi, localProfile, snapshot, task } from '../state/fixtures'

const d = (day: string) => `${day}T00:00:00.000Z`
const dep = (id: string, from: string, to: string, lagDays = 0): Dependency => ({
  id,
  predecessorId: from,
  predecessorKey: Number(from.slice(1)),
  predecessorProjectKey: 'WEB',
  predecessorTitle: '',
  predecessorUrl: '',
  successorId: to,
  successorKey: Number(to.slice(1)),
  successorProjectKey: 'WEB',
  successorTitle: '',
  successorUrl: '',
  lagDays,
  createdAt: '',
})

// t1 -> t2 broken by 2 days; t2 -> t3 with no slack (moving t2 pushes t3); t4 undated.
const TASKS: Task[] = [
  task('t1', { startDate: d('2030-01-01'), dueDate: d('2030-01-04') }),
  task('t2', { startDate: d('2030-01-03'), dueDate: d('2030-01-06') }),
  task('t3', { startDate: d('2030-01-07'), dueDate: d('2030-01-08') }),
  task('t4'),
]
const DEPS = [dep('d1', 't1', 't2', 0), dep('d2', 't2', 't3', 0)]

function setup() {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot(TASKS, { dependencies: DEPS }))
  const fake = fakePlannerApi({
    'tasks:update': () => ({ ok: true, value: { status: 'sent', updated: [], conflicts: [] } }),
    'deps:delete': () => ({ ok: true, value: undefined }),
    'deps:create': (body) => ({
      ok: true,
      value: dep('d9', body.predecessorId!, body.successorId!, body.lagDays ?? 0),
    }),
    'baselines:save': (request) => ({
      ok: true,
      value: [{ name: request.baseline.name, savedAt: '2030-01-01T00:00:00.000Z', taskCount: 3 }],
    }),
    'baselines:get': (request) => ({
      ok: true,
      value: {
        name: request.name,
        savedAt: '2030-01-01T00:00:00.000Z',
        tasks: { t1: { startDate: d('2029-12-30'), dueDate: d('2030-01-02') } },
      },
    }),
  })
  const keyOf = keyNamer(store.getState().board.tasksById, DEPS)
  return { store, fake, keyOf }
}

describe('problem fixes', () => {
  it('are worded with the exact names the user clicks', () => {
    const { store, keyOf } = setup()
    const [problem] = selectProblems(store.getState())
    expect(problemText(keyOf, problem!)).toBe('WEB-1 → WEB-2: 2 days missing')
    expect(problem!.fixes.map((f) => fixLabel(keyOf, f))).toEqual([
      'Move WEB-2 to 2030-01-05',
      'Move WEB-1 earlier',
    ])
    expect(fixNote(problem!.fixes[0]!)).toBe('with 1 task after it')
    expect(fixNote(problem!.fixes[1]!)).toBe('to 2029-12-30')
    expect(problemText(keyOf, { ...problem!, inLoop: true } as typeof problem & {})).toBe(
      'WEB-1 → WEB-2: 2 days missing (part of a loop of dependencies: moving a task cannot fix it; delete one of them)',
    )
  })

  it('name the way a predecessor moves: later, under exact gaps, for a successor too late', () => {
    const keyOf = (id: string) => id
    const fix = (days: number): ProblemFix => ({
      kind: 'move-predecessor',
      taskId: 't1',
      days,
      toDay: '2030-01-08',
      updates: [],
      moves: 1,
      leavesBroken: 0,
    })
    expect(fixLabel(keyOf, fix(4))).toBe('Move t1 later')
    expect(fixLabel(keyOf, fix(-2))).toBe('Move t1 earlier')
  })

  it('move the successor and what it pushes in ONE batch, undone in one step', async () => {
    const { store, fake } = setup()
    const [problem] = selectProblems(store.getState())
    expect(await applyFix(store, fake.api, problem!.fixes[0]!)).toBe(true)
    const batches = fake.callsOf('tasks:update')
    expect(batches).toHaveLength(1)
    expect(batches[0]!.tasks.map((t) => [t.id, t.startDate?.slice(0, 10)])).toEqual([
      ['t2', '2030-01-05'],
      ['t3', '2030-01-09'],
    ])
    expect(selectProblems(store.getState())).toEqual([])
    expect(store.getState().history.past).toHaveLength(1)
  })

  it('set a lag by re-creating the dependency', async () => {
    const store = createPlannerStore()
    // t2 starts a day after t1's finish day: lag 3 breaks it, lag 1 fits.
    const tasks = [TASKS[0]!, task('t2', { startDate: d('2030-01-06'), dueDate: d('2030-01-07') })]
    store.getState().snapshotReceived(snapshot(tasks, { dependencies: [dep('d1', 't1', 't2', 3)] }))
    const { fake } = setup()
    // A lag change reads the board's dependency first: it holds d1 as shown.
    fake.handlers['deps:between'] = () => ({ ok: true, value: dep('d1', 't1', 't2', 3) })
    const [problem] = selectProblems(store.getState())
    const lag = problem!.fixes.find((f) => f.kind === 'set-lag')!
    expect(fixLabel(keyNamer(store.getState().board.tasksById, []), lag)).toBe('Set lag to 1')
    expect(await applyFix(store, fake.api, lag)).toBe(true)
    expect(fake.callsOf('deps:delete')).toEqual([{ id: 'd1' }])
    expect(fake.callsOf('deps:create')).toEqual([
      { predecessorId: 't1', successorId: 't2', lagDays: 1 },
    ])
    expect(selectProblems(store.getState())).toEqual([])
  })
})

describe('baselines', () => {
  it('refuse a bad name before sending anything', async () => {
    const { store, fake } = setup()
    expect(await saveBaseline(store, fake.api, ' \n ')).toEqual({
      ok: false,
      message: 'Give the baseline a name.',
    })
    expect(fake.calls).toEqual([])
  })

  it('keep every dated task’s dates, and a shown one reaches the timeline as thin bars', async () => {
    const { store, fake } = setup()
    const saved = await saveBaseline(store, fake.api, ' Plan A ')
    expect(saved).toEqual({
      ok: true,
      message: 'Baseline “Plan A” saved: the dates of 3 tasks, kept on this computer.',
    })
    const [request] = fake.callsOf('baselines:save')
    expect(request!.baseline.name).toBe('Plan A')
    expect(Object.keys(request!.baseline.tasks).sort()).toEqual(['t1', 't2', 't3'])
    expect(store.getState().schedule.baselines.map((b) => b.name)).toEqual(['Plan A'])

    await showBaseline(store, fake.api, 'Plan A')
    const shown = store.getState().schedule.shownBaseline!
    const tasks = Object.values(store.getState().board.tasksById)
    const model = {
      ...buildModel(tasks, [], 'week', Date.parse(d('2030-01-01'))),
      baseline: shown.dates,
    }
    const { bars } = windowInput(model, DEPS, 0, model.layout.rows.length - 1, new Set())
    const t1 = bars.find((b) => b.id === 't1')!
    expect(t1.baseline).toEqual({
      startMs: Date.parse(d('2029-12-30')),
      endMs: Date.parse(d('2030-01-03')),
    })
    expect(bars.find((b) => b.id === 't2')!.baseline).toBeUndefined()
  })
})

describe('timeline marks', () => {
  it('mark critical bars and arrows and dim the rows outside a focused chain', () => {
    const tasks = TASKS
    const model = {
      ...buildModel(tasks, [], 'week', Date.parse(d('2030-01-01'))),
      criticalIds: new Set(['t1']),
      criticalLinkIds: new Set(['d1']),
      focusIds: new Set(['t1', 't2']),
    }
    const { bars, links } = windowInput(model, DEPS, 0, model.layout.rows.length - 1, new Set())
    const cls = (id: string) => bars.find((b) => b.id === id)!.className!.split(' ')
    expect(cls('t1')).toContain('critical')
    expect(cls('t2')).not.toContain('critical')
    expect(cls('t3')).toContain('focus-dim')
    expect(cls('t1')).not.toContain('focus-dim')
    expect(links.map((l) => [l.id, l.critical === true])).toEqual([
      ['d1', true],
      ['d2', false],
    ])
  })
})

describe('switching the exact-gap mode', () => {
  it('shows the choice at once, and puts it back with a message when main cannot keep it', async () => {
    const store = createPlannerStore()
    const profile = localProfile()
    store.getState().profilesReceived([profile])
    let seenWhileSaving: boolean | undefined
    const fake = fakePlannerApi({
      'boards:setPlanning': () => {
        seenWhileSaving = store.getState().profiles[0]?.exactGaps
        return { ok: false, error: { code: 'INTERNAL', message: 'The disk is full.' } }
      },
    })
    expect(await setPlanningOption(store, fake.api, 'local', 'exactGaps', true)).toBe(false)
    expect(seenWhileSaving).toBe(true)
    expect(store.getState().profiles[0]?.exactGaps).toBe(false)
    expect(store.getState().edits.messages.map((m) => m.text)).toEqual([
      '"Exact gaps" was not changed: The disk is full.',
    ])
  })

  it('a quick on and off of one option, both failing, settles on what main has', async () => {
    const store = createPlannerStore()
    const profile = localProfile()
    store.getState().profilesReceived([profile])
    const answers: ((value: unknown) => void)[] = []
    const fake = fakePlannerApi({
      'boards:setPlanning': () => new Promise((resolve) => answers.push(resolve)) as never,
    })
    const on = setPlanningOption(store, fake.api, 'local', 'exactGaps', true)
    const off = setPlanningOption(store, fake.api, 'local', 'exactGaps', false)
    await expect.poll(() => answers.length).toBe(2)
    answers[0]!({ ok: false, error: { code: 'INTERNAL', message: 'Read-only.' } })
    answers[1]!({ ok: false, error: { code: 'INTERNAL', message: 'Read-only.' } })
    await Promise.all([on, off])
    expect(store.getState().profiles[0]?.exactGaps).toBe(false)
  })

  it('puts back only the option that failed, not another switched meanwhile (both failing)', async () => {
    const store = createPlannerStore()
    const profile = localProfile()
    store.getState().profilesReceived([profile])
    const answers: ((value: unknown) => void)[] = []
    const fake = fakePlannerApi({
      'boards:setPlanning': () => new Promise((resolve) => answers.push(resolve)) as never,
    })
    const first = setPlanningOption(store, fake.api, 'local', 'exactGaps', true)
    const second = setPlanningOption(store, fake.api, 'local', 'cascadeWithoutAsking', true)
    await expect.poll(() => answers.length).toBe(2)
    answers[0]!({ ok: false, error: { code: 'INTERNAL', message: 'Read-only.' } })
    answers[1]!({ ok: false, error: { code: 'INTERNAL', message: 'Read-only.' } })
    await Promise.all([first, second])
    // Restoring the whole profile as it was at the second click brought back the first
    // click's "on", which main never kept.
    expect(store.getState().profiles[0]).toMatchObject({
      exactGaps: false,
      cascadeWithoutAsking: false,
    })
  })
})
