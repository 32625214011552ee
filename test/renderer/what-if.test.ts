// The what-if cascade of a drag, against a fake PlannerApi: the plan of a drop (who is pushed,
// which milestone slips, the ghost bars), and the drop itself: Shift or the setting applies all
// in one batch, otherwise the user chooses Apply all (one batch, one undo step), Apply this task
// only (the dragged task alone) or Discard (nothing sent).
import { describe, expect, it } from 'vitest'
import type { Dependency, Task } from '../../src-shared/api'
import type { IpcResult, UpdateTasksResult } from '../../src-shared/ipc'
import { planDrop, whatIfDrag } from '../../src-renderer/what-if/what-if'
import { buildModel, windowInput } from '../../src-renderer/timeline/view/timeline-model'
import { deferred, fakePlannerApi, localProfile, snapshot, task } from './state/fixtures'
import {
  answerQuestion,
  applyEdit,
  createPlannerStore,
  nextEntry,
  resolveProblem,
  undoLast,
} from './state/subject'
import { conflictProblem, pendingOf } from './state/fixtures'

const at = (day: number, hour = 0) => new Date(Date.UTC(2026, 2, 2 + day, hour)).toISOString()

const TASKS: Task[] = [
  task('a', {
    projectKey: 'APP',
    key: 1,
    title: 'Design',
    startDate: at(0, 9),
    dueDate: at(2, 17),
  }),
  task('b', { projectKey: 'APP', key: 2, title: 'Build', startDate: at(4, 9), dueDate: at(6, 17) }),
  task('m', { projectKey: 'APP', key: 3, title: 'Launch', type: 'milestone', dueDate: at(8) }),
  task('x', { projectKey: 'APP', key: 4, title: 'Elsewhere', startDate: at(0), dueDate: at(1) }),
]

function dep(id: string, predecessorId: string, successorId: string, lagDays: number): Dependency {
  const of = (t: string) => TASKS.find((k) => k.id === t)!
  return {
    id,
    predecessorId,
    predecessorKey: of(predecessorId).key,
    predecessorProjectKey: 'APP',
    predecessorTitle: of(predecessorId).title,
    predecessorUrl: '',
    successorId,
    successorKey: of(successorId).key,
    successorProjectKey: 'APP',
    successorTitle: of(successorId).title,
    successorUrl: '',
    lagDays,
    createdAt: '2026-03-01T00:00:00.000Z',
  }
}

const DEPS = [dep('d1', 'a', 'b', 1), dep('d2', 'b', 'm', 1)]
const saved: IpcResult<UpdateTasksResult> = {
  ok: true,
  value: { status: 'sent', updated: [], conflicts: [] },
}

function setup() {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot(TASKS, { dependencies: DEPS }))
  const fake = fakePlannerApi({
    'tasks:update': () => saved,
    'tasks:check': () => ({ ok: true, value: [] }),
  })
  const ghosts: unknown[][] = []
  const drag = whatIfDrag(store, fake.api, (g) => ghosts.push([...g]))
  return { store, fake, drag, ghosts }
}

/** Moving "Design" 3 days later pushes "Build" 3 days and the milestone after it. */
const MOVE_A = [{ id: 'a', startDeltaDays: 3, endDeltaDays: 3 }]

describe('the plan of a drop', () => {
  it('lists the pushed successors, the milestone slip and where each bar would go', () => {
    const { store } = setup()
    const plan = planDrop(store.getState(), MOVE_A)!
    expect(plan.result.pushed.map((m) => [m.id, m.days])).toEqual([
      ['b', 3],
      // A date-only due is the whole day: "Launch" had a day of slack after "Build".
      ['m', 2],
    ])
    expect(plan.summary).toEqual({
      moves: 3,
      pushed: 2,
      milestones: ['APP-3 Launch slips 2 days'],
      violations: [],
    })
    const ghostB = plan.ghosts.find((g) => g.id === 'b')!
    expect(ghostB.startMs).toBe(Date.parse(at(7, 9)))
    expect(plan.ghosts.find((g) => g.id === 'm')).toMatchObject({ milestone: true })
  })

  it('says when a task would end after the milestone it belongs to (milestoneId)', () => {
    // Only milestones moved by dependencies were named: a task dragged past its own milestone
    // showed no word of it.
    const store = createPlannerStore()
    const linked = TASKS.map((t) => (t.id === 'x' ? { ...t, milestoneId: 'm' } : t))
    store.getState().snapshotReceived(snapshot(linked, { dependencies: DEPS }))
    const plan = planDrop(store.getState(), [{ id: 'x', startDeltaDays: 10, endDeltaDays: 10 }])!
    expect(plan.summary.violations).toEqual([
      'APP-4 Elsewhere would end 3 days after its milestone APP-3 Launch',
    ])
  })

  it('under the board’s exact-gap mode, pulls successors earlier too', () => {
    // "Design" 1 day earlier: with minimum gaps nothing moves; with exact gaps "Build" follows.
    const { store } = setup()
    const earlier = [{ id: 'a', startDeltaDays: -1, endDeltaDays: -1 }]
    expect(planDrop(store.getState(), earlier)!.result.pushed).toEqual([])
    store.getState().profilesReceived([localProfile({ exactGaps: true })])
    // "Launch" had a day of slack after "Build": under exact gaps it goes to the exact day too.
    expect(planDrop(store.getState(), earlier)!.result.pushed.map((m) => [m.id, m.days])).toEqual([
      ['b', -1],
      ['m', -2],
    ])
  })

  it('pushes nothing when the move leaves every successor room (never earlier)', () => {
    const { store } = setup()
    const plan = planDrop(store.getState(), [{ id: 'a', startDeltaDays: -1, endDeltaDays: -1 }])!
    expect(plan.result.pushed).toEqual([])
    expect(plan.ghosts.map((g) => g.id)).toEqual(['a'])
  })
})

describe('dropping', () => {
  it('shows ghosts of the pushed tasks only while dragging, and the live summary', () => {
    const { store, drag } = setup()
    expect(drag.move(MOVE_A).map((g) => g.id)).toEqual(['b', 'm'])
    expect(store.getState().whatIf.summary?.moves).toBe(3)
    expect(drag.move([])).toEqual([])
    expect(store.getState().whatIf.summary).toBeNull()
  })

  it('a drop after a refresh landed mid-drag sends the versions seen when the drag began', async () => {
    // The refresh brought another user's move of the task; its days were added to that, and the
    // version seen was the new one: written over, unasked.
    const { store, fake, drag } = setup()
    const base = { board: store.getState().board, edits: store.getState().edits }
    const before = store.getState().board.tasksById.b!
    store.getState().snapshotReceived(
      snapshot(
        TASKS.map((t) => (t.id === 'b' ? { ...t, updatedAt: '2026-03-09T00:00:00.000Z' } : t)),
        { dependencies: DEPS },
      ),
    )
    drag.drop([{ id: 'b', startDeltaDays: -1, endDeltaDays: -1 }], { shift: false }, base)
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    expect(fake.callsOf('tasks:update')[0]!.seen).toEqual({ b: before.updatedAt })
  })

  it('a task ours when the drag began and changed elsewhere mid-drag is checked against the version then', async () => {
    // "Elsewhere" was ours (a saved write no sync showed yet) when the drag began; a refresh
    // mid-drag brought another user's move of it. Planned from the drag's base, the drop was
    // sent with their version as seen: their dates were written over, unasked (renders are
    // held during a drag: the user never saw them).
    const { store, fake, drag } = setup()
    const seenBefore = TASKS[3]!.updatedAt
    await applyEdit(store, fake.api, {
      kind: 'setDates',
      dates: [{ id: 'x', startDate: at(1), dueDate: at(2) }],
    })
    const base = { board: store.getState().board, edits: store.getState().edits }
    const theirs = { ...TASKS[3]!, startDate: at(5), dueDate: at(6), updatedAt: at(20) }
    store.getState().snapshotReceived(
      snapshot(
        TASKS.map((t) => (t.id === 'x' ? theirs : t)),
        { dependencies: DEPS },
      ),
    )
    drag.drop([{ id: 'x', startDeltaDays: 2, endDeltaDays: 2 }], { shift: false }, base)
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(2)
    const sent = fake.callsOf('tasks:update')[1]!
    expect(sent.tasks).toEqual([{ id: 'x', startDate: at(3), dueDate: at(4) }])
    expect(sent.seen).toEqual({ x: seenBefore })
  })

  it('a task the user’s own edit wrote mid-drag is left to main’s versions, not the drag-start one', async () => {
    // Not ours when the drag began; an undo (or another edit of the user's) wrote it meanwhile.
    // The drag-start version then named the user's own write as someone else's change (once a
    // refresh had shown it, main had forgotten its own read-back).
    const { store, fake, drag } = setup()
    const base = { board: store.getState().board, edits: store.getState().edits }
    await applyEdit(store, fake.api, {
      kind: 'setDates',
      dates: [{ id: 'x', startDate: at(1), dueDate: at(2) }],
    })
    drag.drop([{ id: 'x', startDeltaDays: 2, endDeltaDays: 2 }], { shift: false }, base)
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(2)
    const sent = fake.callsOf('tasks:update')[1]!
    expect(Object.hasOwn(sent.seen ?? {}, 'x')).toBe(false)
  })

  it('a task whose in-flight edit came back as a conflict mid-drag is checked against the version then', async () => {
    const { store, fake, drag } = setup()
    const answer = deferred<IpcResult<UpdateTasksResult>>()
    fake.handlers['tasks:update'] = () => answer.promise
    const first = applyEdit(store, fake.api, {
      kind: 'setDates',
      dates: [{ id: 'x', startDate: at(1), dueDate: at(2) }],
    })
    const base = { board: store.getState().board, edits: store.getState().edits }
    const theirs = { ...TASKS[3]!, startDate: at(5), dueDate: at(6), updatedAt: at(20) }
    answer.resolve({
      ok: true,
      value: {
        status: 'sent',
        updated: [],
        conflicts: [
          {
            id: 'p1',
            kind: 'conflict',
            message: 'Elsewhere was changed on the board',
            tasks: [{ id: 'x', startDate: at(1), dueDate: at(2) }],
            conflict: {
              taskId: 'x',
              title: 'Elsewhere',
              fields: ['startDate', 'dueDate'],
              changedBy: 'bob@example.com',
              changedAt: theirs.updatedAt,
              theirs,
            },
            createdAt: at(20),
          },
        ],
      },
    })
    await first
    expect(store.getState().board.tasksById.x).toEqual(theirs)
    fake.handlers['tasks:update'] = () => saved
    drag.drop([{ id: 'x', startDeltaDays: 2, endDeltaDays: 2 }], { shift: false }, base)
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(2)
    expect(fake.callsOf('tasks:update')[1]!.seen).toEqual({ x: TASKS[3]!.updatedAt })
  })

  it('a task ours when the drag began that a refresh showed as we wrote it is sent with that version', async () => {
    // The board's version of our own write: the one before it would read as a conflict.
    const { store, fake, drag } = setup()
    await applyEdit(store, fake.api, {
      kind: 'setDates',
      dates: [{ id: 'x', startDate: at(1), dueDate: at(2) }],
    })
    const base = { board: store.getState().board, edits: store.getState().edits }
    const landed = { ...TASKS[3]!, startDate: at(1), dueDate: at(2), updatedAt: at(20) }
    store.getState().snapshotReceived(
      snapshot(
        TASKS.map((t) => (t.id === 'x' ? landed : t)),
        { dependencies: DEPS },
      ),
    )
    drag.drop([{ id: 'x', startDeltaDays: 2, endDeltaDays: 2 }], { shift: false }, base)
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(2)
    expect(fake.callsOf('tasks:update')[1]!.seen).toEqual({ x: landed.updatedAt })
  })

  it('with Shift, applies all at once: one batch, and one undo step restores every task', async () => {
    const { store, fake, drag } = setup()
    expect(drag.drop(MOVE_A, { shift: true })).toBeUndefined()
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    expect(fake.callsOf('tasks:update')[0]!.tasks.map((t) => t.id)).toEqual(['a', 'b', 'm'])
    expect(store.getState().board.tasksById.m?.dueDate).toBe(at(10))
    expect(store.getState().history.past).toHaveLength(1)
    await undoLast(store, fake.api)
    expect(fake.callsOf('tasks:update')[1]!.tasks.map((t) => t.id)).toEqual(['a', 'b', 'm'])
    expect(store.getState().board.tasksById.b?.startDate).toBe(at(4, 9))
  })

  it('moves every selected task with the dragged one, also one whose bar is not drawn', async () => {
    const { store, fake, drag } = setup()
    // x is selected but scrolled far from the chart's window: the chart reports only a.
    store.getState().selectTasks(['a', 'x'])
    expect(drag.drop(MOVE_A, { shift: true })).toBeUndefined()
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    const sent = fake.callsOf('tasks:update')[0]!.tasks
    expect(sent.find((t) => t.id === 'x')).toEqual({ id: 'x', startDate: at(3), dueDate: at(4) })
    expect(sent.map((t) => t.id)).toEqual(expect.arrayContaining(['a', 'b', 'm', 'x']))
  })

  it('does not take along a selected task whose start is after its due (the board refuses it)', async () => {
    const { store, fake, drag } = setup()
    const inverted = { ...store.getState().board.tasksById.x!, startDate: at(9), dueDate: at(2) }
    store.getState().snapshotReceived(
      snapshot(
        TASKS.map((t) => (t.id === 'x' ? inverted : t)),
        { dependencies: DEPS },
      ),
    )
    store.getState().selectTasks(['a', 'x'])
    expect(drag.drop(MOVE_A, { shift: true })).toBeUndefined()
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    expect(fake.callsOf('tasks:update')[0]!.tasks.map((t) => t.id)).not.toContain('x')
  })

  it('answered after a refresh, sends the versions seen at the drop, so main can flag a change', async () => {
    const { store, fake, drag } = setup()
    expect(drag.drop(MOVE_A, { shift: false })).toBe('undecided')
    const question = store.getState().question!
    // A refresh lands while the question is open: someone else moved Design meanwhile.
    const moved = { ...TASKS[0]!, dueDate: at(4, 17), updatedAt: '2026-02-09T00:00:00.000Z' }
    store.getState().snapshotReceived(snapshot([moved, ...TASKS.slice(1)], { dependencies: DEPS }))
    answerQuestion(store, question.id, { choice: 'all' })
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    expect(fake.callsOf('tasks:update')[0]!.seen?.['a']).toBe(TASKS[0]!.updatedAt)
  })

  it('asks otherwise: Apply this task only sends the dragged task alone', async () => {
    const { store, fake, drag, ghosts } = setup()
    expect(drag.drop(MOVE_A, { shift: false })).toBe('undecided')
    const question = store.getState().question!
    expect(question.title).toBe('Apply the cascade?')
    expect(question.choices.map((c) => c.label)).toEqual([
      'Apply all',
      'Apply this task only',
      'Discard',
    ])
    expect(question.details).toEqual(['3 tasks move', 'APP-3 Launch slips 2 days'])
    expect(ghosts[0]!.length).toBe(3)
    answerQuestion(store, question.id, { choice: 'one' })
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    expect(fake.callsOf('tasks:update')[0]!.tasks.map((t) => t.id)).toEqual(['a'])
    expect(ghosts.at(-1)).toEqual([])
  })

  it('Discard (or Esc) sends nothing; the setting applies all without asking', async () => {
    const { store, fake, drag } = setup()
    drag.drop(MOVE_A, { shift: false })
    answerQuestion(store, store.getState().question!.id, { choice: 'discard' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fake.callsOf('tasks:update')).toEqual([])
    expect(store.getState().board.tasksById.a?.startDate).toBe(at(0, 9))

    // The board's setting (kept by main with the board's profile).
    store.getState().profilesReceived([localProfile({ cascadeWithoutAsking: true })])
    expect(drag.drop(MOVE_A, { shift: false })).toBeUndefined()
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    expect(fake.callsOf('tasks:update')[0]!.tasks).toHaveLength(3)
  })

  it('a drop that pushes nothing is sent as before, without asking', async () => {
    const { store, fake, drag } = setup()
    expect(drag.drop([{ id: 'x', startDeltaDays: 2, endDeltaDays: 2 }], { shift: false })).toBe(
      undefined,
    )
    expect(store.getState().question).toBeNull()
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
  })
})

describe('what a drop writes, and what the user is told', () => {
  it('leaves out a selected task under a collapsed parent: it has no row, and nobody sees it move', async () => {
    // S is a subtask of P; S and x are selected; P is collapsed; x is dragged 3 days.
    const store = createPlannerStore()
    const tasks = [
      ...TASKS,
      task('p', { projectKey: 'APP', key: 5, title: 'Parent', startDate: at(0), dueDate: at(4) }),
      task('s', {
        projectKey: 'APP',
        key: 6,
        title: 'Sub',
        parentId: 'p',
        startDate: at(1),
        dueDate: at(2),
      }),
    ]
    store.getState().snapshotReceived(snapshot(tasks, { dependencies: DEPS }))
    const fake = fakePlannerApi({ 'tasks:update': () => saved })
    store.getState().selectTasks(['s', 'x'])
    store.getState().setCollapsed('p', true)
    const rows = () =>
      buildModel(tasks, store.getState().view.collapsedIds, 'week', Date.parse(at(0))).layout
        .rowIndexById
    const drag = whatIfDrag(store, fake.api, () => undefined, rows)
    drag.drop([{ id: 'x', startDeltaDays: 3, endDeltaDays: 3 }], { shift: false })
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    expect(fake.callsOf('tasks:update')[0]!.tasks.map((t) => t.id)).toEqual(['x'])
    expect(store.getState().board.tasksById.s?.startDate).toBe(at(1))
  })

  it('a drop held at 9999-12-31 sends nothing, puts the bars back and says why', async () => {
    const { store, fake, drag } = setup()
    const never = task('n', {
      projectKey: 'APP',
      key: 7,
      title: 'Someday',
      startDate: '9999-12-30T00:00:00.000Z',
      dueDate: '9999-12-31T00:00:00.000Z',
    })
    store.getState().snapshotReceived(snapshot([...TASKS, never], { dependencies: DEPS }))
    store.getState().selectTasks(['x', 'n'])
    const dropped = [
      { id: 'x', startDeltaDays: 3, endDeltaDays: 3 },
      { id: 'n', startDeltaDays: 3, endDeltaDays: 3 },
    ]
    // 'unchanged': the timeline draws the bars where the data has them (nothing else would).
    expect(drag.drop(dropped, { shift: false })).toBe('unchanged')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fake.callsOf('tasks:update')).toEqual([])
    expect(store.getState().edits.messages.map((m) => m.text)).toEqual([
      'Not moved: APP-7 Someday would go past 9999-12-31, the last day a date can hold.',
    ])
  })

  it('says a drop was held at 9999-12-31 only once it is applied: not after Discard', async () => {
    // "Someday" is 3 days from the calendar's end: dragged with "Design" 5 days, both move 3,
    // which pushes "Build". The message came before the question, and stayed after Discard.
    const { store, fake, drag } = setup()
    const near = task('n', {
      projectKey: 'APP',
      key: 7,
      title: 'Someday',
      startDate: '9999-12-27T00:00:00.000Z',
      dueDate: '9999-12-28T00:00:00.000Z',
    })
    store.getState().snapshotReceived(snapshot([...TASKS, near], { dependencies: DEPS }))
    store.getState().selectTasks(['a', 'n'])
    const dropped = [
      { id: 'a', startDeltaDays: 5, endDeltaDays: 5 },
      { id: 'n', startDeltaDays: 5, endDeltaDays: 5 },
    ]
    const texts = () => store.getState().edits.messages.map((m) => m.text)
    const words =
      'Moved 3 days, not 5: APP-7 Someday would go past 9999-12-31, the last day a date can hold.'
    expect(drag.drop(dropped, { shift: false })).toBe('undecided')
    expect(texts()).toEqual([])
    answerQuestion(store, store.getState().question!.id, { choice: 'discard' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fake.callsOf('tasks:update')).toEqual([])
    expect(texts()).toEqual([])

    expect(drag.drop(dropped, { shift: false })).toBe('undecided')
    answerQuestion(store, store.getState().question!.id, { choice: 'all' })
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    expect(texts()).toEqual([words])
  })

  it('names the pushed tasks the user cannot see (filtered out or collapsed away) in the question', () => {
    const { store, fake } = setup()
    // "Build" is under a collapsed row: it has no row on the timeline.
    const rows = { has: (id: string) => id !== 'b' }
    const drag = whatIfDrag(
      store,
      fake.api,
      () => undefined,
      () => rows,
    )
    expect(drag.drop(MOVE_A, { shift: false })).toBe('undecided')
    expect(store.getState().question!.details).toEqual([
      '3 tasks move',
      'APP-3 Launch slips 2 days',
      'Not shown, also moved: APP-2 Build (3 days)',
    ])
  })

  it('writes the drop at the dates the drag began from plus the days, though the board moved meanwhile', async () => {
    // "Elsewhere" was moved 2 days (in flight) when the drag began; that edit was refused and
    // rolled back mid-drag. Dropped 3 days further, it was written 3 days from where it was
    // before the refused move, not where the user let it go.
    const { store, fake, drag } = setup()
    const moved = {
      ...store.getState().board.tasksById.x!,
      startDate: at(2),
      dueDate: at(3),
    }
    const base = {
      board: {
        ...store.getState().board,
        tasksById: { ...store.getState().board.tasksById, x: moved },
      },
      edits: store.getState().edits,
    }
    expect(
      drag.drop([{ id: 'x', startDeltaDays: 3, endDeltaDays: 3 }], { shift: false }, base),
    ).toBeUndefined()
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    expect(fake.callsOf('tasks:update')[0]!.tasks).toEqual([
      { id: 'x', startDate: at(5), dueDate: at(6) },
    ])
    expect(store.getState().history.past.at(-1)?.label).toBe('move "Elsewhere"')
  })

  it('Undo after Apply all puts back a pushed task kept with "Keep mine" after a conflict', async () => {
    const { store, fake, drag } = setup()
    const theirs = { ...TASKS[2]!, dueDate: at(9), updatedAt: '2026-03-09T00:00:00.000Z' }
    const problem = conflictProblem(
      'p1',
      'Launch',
      [{ id: 'm', dueDate: at(10) }],
      ['dueDate'],
      theirs,
    )
    fake.handlers['tasks:update'] = () => ({
      ok: true,
      value: { status: 'sent', updated: [], conflicts: [problem] },
    })
    fake.handlers['edits:resolve'] = () => ({
      ok: true,
      value: { status: 'sent', updated: [], conflicts: [] },
    })
    fake.handlers['edits:pending'] = () => ({ ok: true, value: pendingOf(0) })
    drag.drop(MOVE_A, { shift: true })
    await expect.poll(() => fake.callsOf('tasks:update').length).toBe(1)
    await expect.poll(() => store.getState().history.past.length).toBe(1)
    expect(store.getState().board.tasksById.m?.dueDate).toBe(at(9))
    store.getState().pendingChanged(pendingOf(0, { problems: [problem] }))
    await resolveProblem(store, fake.api, 'p1', 'mine')
    expect(store.getState().board.tasksById.m?.dueDate).toBe(at(10))
    fake.handlers['tasks:update'] = () => saved
    expect(await undoLast(store, fake.api)).toBe(true)
    const undo = fake.callsOf('tasks:update')[1]!.tasks
    expect(undo.map((t) => t.id)).toEqual(['a', 'b', 'm'])
    // Back to the board's version mine wrote over.
    expect(undo.find((t) => t.id === 'm')).toEqual({ id: 'm', dueDate: at(9) })
    expect(store.getState().board.tasksById.m?.dueDate).toBe(at(9))
    expect(store.getState().board.tasksById.a?.startDate).toBe(at(0, 9))
  })

  it('"Keep mine" of an edit with no step of its own (all held back) is a step of its own', async () => {
    const { store, fake } = setup()
    const theirs = { ...TASKS[3]!, title: 'Theirs', updatedAt: '2026-03-09T00:00:00.000Z' }
    const problem = conflictProblem(
      'p2',
      'Elsewhere',
      [{ id: 'x', title: 'Mine' }],
      ['title'],
      theirs,
    )
    fake.handlers['tasks:update'] = () => ({
      ok: true,
      value: { status: 'sent', updated: [], conflicts: [problem] },
    })
    fake.handlers['edits:resolve'] = () => ({
      ok: true,
      value: { status: 'sent', updated: [], conflicts: [] },
    })
    fake.handlers['edits:pending'] = () => ({ ok: true, value: pendingOf(0) })
    await applyEdit(store, fake.api, {
      kind: 'updateFields',
      updates: [{ id: 'x', title: 'Mine' }],
    })
    expect(store.getState().history.past).toEqual([])
    store.getState().pendingChanged(pendingOf(0, { problems: [problem] }))
    await resolveProblem(store, fake.api, 'p2', 'mine')
    fake.handlers['tasks:update'] = () => saved
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(fake.callsOf('tasks:update')[1]!.tasks).toEqual([{ id: 'x', title: 'Theirs' }])
  })
})

describe('"Keep mine" of a task an "Apply all" held back', () => {
  const theirs = { ...TASKS[2]!, dueDate: at(9), updatedAt: '2026-03-09T00:00:00.000Z' }
  /** A conflict on "Launch" (main holds `dueDate` as mine, shows theirs at day 9). */
  const conflictOn = (id: string, dueDate: string) =>
    conflictProblem(id, 'Launch', [{ id: 'm', dueDate }], ['dueDate'], theirs)
  const held = (problem: ReturnType<typeof conflictOn>): IpcResult<UpdateTasksResult> => ({
    ok: true,
    value: { status: 'sent', updated: [], conflicts: [problem] },
  })

  /** Apply all of MOVE_A, with "Launch" (day 10) held back as conflict p1. */
  async function appliedAll() {
    const { store, fake, drag } = setup()
    const p1 = conflictOn('p1', at(10))
    fake.handlers['tasks:update'] = () => held(p1)
    fake.handlers['edits:resolve'] = (request) => ({
      ok: true,
      value: request.choice === 'mine' ? { status: 'sent', updated: [], conflicts: [] } : null,
    })
    fake.handlers['edits:pending'] = () => ({ ok: true, value: pendingOf(0) })
    drag.drop(MOVE_A, { shift: true })
    await expect.poll(() => store.getState().history.past.length).toBe(1)
    store.getState().pendingChanged(pendingOf(0, { problems: [p1] }))
    return { store, fake }
  }
  const undoLabel = (store: ReturnType<typeof createPlannerStore>) =>
    nextEntry(store.getState().history, 'local', 'undo')?.label

  it('is a step of its own when the user changed the task again since: undo never writes that change back', async () => {
    // Apply all (S1) held back "Launch"; the user then moved it to day 12 (S2); Keep mine of
    // S1's problem joined S1 with S2's day 12 as its "before": undoing S1 wrote day 12 back.
    const { store, fake } = await appliedAll()
    fake.handlers['tasks:update'] = () => saved
    await applyEdit(store, fake.api, { kind: 'setDates', dates: [{ id: 'm', dueDate: at(12) }] })
    expect(undoLabel(store)).toBe('change the dates of "Launch"')
    await resolveProblem(store, fake.api, 'p1', 'mine')
    expect(store.getState().board.tasksById.m?.dueDate).toBe(at(10))
    expect(undoLabel(store)).toBe('change "Launch"')
    const sent = () =>
      fake
        .callsOf('tasks:update')
        .slice(2)
        .map((r) => r.tasks)
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(sent()).toEqual([
      [{ id: 'm', dueDate: at(12) }],
      [{ id: 'm', dueDate: at(9) }],
      [
        { id: 'a', startDate: at(0, 9), dueDate: at(2, 17) },
        { id: 'b', startDate: at(4, 9), dueDate: at(6, 17) },
      ],
    ])
  })

  it('of a later edit of the task alone (all held back) does not join an older step that held back another value', async () => {
    const { store, fake } = await appliedAll()
    const p2 = conflictOn('p2', at(11))
    fake.handlers['tasks:update'] = () => held(p2)
    await applyEdit(store, fake.api, {
      kind: 'updateFields',
      updates: [{ id: 'm', dueDate: at(11) }],
    })
    store.getState().pendingChanged(pendingOf(0, { problems: [conflictOn('p1', at(10)), p2] }))
    await resolveProblem(store, fake.api, 'p2', 'mine')
    expect(undoLabel(store)).toBe('change "Launch"')
    fake.handlers['tasks:update'] = () => saved
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)!.tasks).toEqual([{ id: 'm', dueDate: at(9) }])
  })

  it('after Take theirs, a later edit writing the same value does not join that step', async () => {
    // Take theirs settled S1's problem; the same day 10 written later alone (all held back)
    // was added to S1 by its Keep mine: undo of "change 3 tasks" then undid it too.
    const { store, fake } = await appliedAll()
    await resolveProblem(store, fake.api, 'p1', 'theirs')
    const p2 = conflictOn('p2', at(10))
    fake.handlers['tasks:update'] = () => held(p2)
    await applyEdit(store, fake.api, {
      kind: 'updateFields',
      updates: [{ id: 'm', dueDate: at(10) }],
    })
    store.getState().pendingChanged(pendingOf(0, { problems: [p2] }))
    await resolveProblem(store, fake.api, 'p2', 'mine')
    expect(undoLabel(store)).toBe('change "Launch"')
    fake.handlers['tasks:update'] = () => saved
    expect(await undoLast(store, fake.api)).toBe(true)
    expect(fake.callsOf('tasks:update').at(-1)!.tasks).toEqual([{ id: 'm', dueDate: at(9) }])
  })
})

describe('a task whose start is after its due', () => {
  it('has a locked bar: its edges are the other way round, and a move is refused by the board', () => {
    const inverted = task('v', {
      projectKey: 'APP',
      key: 9,
      startDate: '2026-03-10T00:00:00.000Z',
      dueDate: '2026-03-05T00:00:00.000Z',
    })
    const plain = task('p', {
      projectKey: 'APP',
      key: 10,
      startDate: '2026-03-01T00:00:00.000Z',
      dueDate: '2026-03-05T00:00:00.000Z',
    })
    const model = buildModel([inverted, plain], [], 'week', Date.parse('2026-03-01T00:00:00Z'))
    const { bars } = windowInput(model, [], 0, model.layout.rows.length - 1, new Set())
    expect(bars.find((b) => b.id === 'v')?.locked).toBe(true)
    expect(bars.find((b) => b.id === 'p')?.locked).toBeUndefined()
  })
})
