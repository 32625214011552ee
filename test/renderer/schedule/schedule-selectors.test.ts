// The renderer's planning selectors over a real store: built once per board change, the same
// objects while nothing they read changes, and answers that follow edits (a date-only edit reuses
// the dependency structure; a new milestone link does not).
import { describe, expect, it } from 'vitest'
import {
  selectCriticalMarks,
  selectFloat,
  selectFocusChain,
  selectMilestoneRows,
  selectProblemCount,
  selectProblems,
  selectScheduleIndex,
  selectTimelineMarks,
} from '../../../src-renderer/schedule/schedule-selectors'
import { createPlannerStore } from '../../../src-renderer/state'
import type { Dependency, Task } from '../../../src-shared/api'
import { localProfile, snapshot, task } from '../state/fixtures'

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

/**
 * a -> b (b 2 days early), b -> m; c is free; m a milestone due 2030-01-08 with a linked. Pushed by
 * a, b ends on the 8th: exactly at m.
 */
function board() {
  const store = createPlannerStore()
  const tasks: Task[] = [
    task('t1', { startDate: d('2030-01-01'), dueDate: d('2030-01-04'), milestoneId: 't4' }),
    task('t2', { startDate: d('2030-01-03'), dueDate: d('2030-01-06') }),
    task('t3', { startDate: d('2030-01-01'), dueDate: d('2030-01-02') }),
    task('t4', { type: 'milestone', dueDate: d('2030-01-08') }),
  ]
  store
    .getState()
    .snapshotReceived(
      snapshot(tasks, { dependencies: [dep('d1', 't1', 't2'), dep('d2', 't2', 't4')] }),
    )
  return store
}

describe('planning selectors', () => {
  it('keep their answers while unrelated state changes, and follow a date edit', () => {
    const store = board()
    const index = selectScheduleIndex(store.getState())
    const problems = selectProblems(store.getState())
    expect(problems.map((p) => p.kind === 'dependency' && [p.dependencyId, p.missingDays])).toEqual(
      [['d1', 2]],
    )
    store.getState().hoverTask('t3')
    store.getState().setZoom('month')
    expect(selectScheduleIndex(store.getState())).toBe(index)
    expect(selectProblems(store.getState())).toBe(problems)

    // B moved to its fix: the problem is gone, the structure reused (same adjacency arrays).
    const fix = problems[0]!.fixes[0]!
    expect(fix.kind === 'move-successor' && fix.toDay).toBe('2030-01-05')
    store.setState((s) => ({
      board: {
        ...s.board,
        tasksById: {
          ...s.board.tasksById,
          t2: { ...s.board.tasksById.t2!, startDate: d('2030-01-05'), dueDate: d('2030-01-08') },
        },
      },
    }))
    const after = selectScheduleIndex(store.getState())
    expect(after).not.toBe(index)
    expect(after.outDep).toBe(index.outDep)
    expect(selectProblems(store.getState())).toEqual([])
  })

  it("count the problems the panel lists (the toolbar's number) as the board changes", () => {
    const store = board()
    // Counted before the list is ever made (the panel closed), then compared with it.
    expect(selectProblemCount(store.getState())).toBe(1)
    expect(selectProblems(store.getState())).toHaveLength(1)
    // t1 now ends after its milestone, and pushes b further: two problems.
    store.setState((s) => ({
      board: {
        ...s.board,
        tasksById: {
          ...s.board.tasksById,
          t1: { ...s.board.tasksById.t1!, dueDate: d('2030-01-10') },
        },
      },
    }))
    expect(selectProblemCount(store.getState())).toBe(2)
    expect(
      selectProblems(store.getState())
        .map((p) => p.kind)
        .sort(),
    ).toEqual(['after-milestone', 'dependency'])
    // Every task where it may be: none.
    store.setState((s) => ({
      board: {
        ...s.board,
        tasksById: {
          ...s.board.tasksById,
          t1: { ...s.board.tasksById.t1!, dueDate: d('2030-01-02') },
          t2: { ...s.board.tasksById.t2!, startDate: d('2030-01-03'), dueDate: d('2030-01-06') },
        },
      },
    }))
    expect(selectProblemCount(store.getState())).toBe(0)
    expect(selectProblems(store.getState())).toEqual([])
  })

  it('rebuild the links when a milestone link changes, not only the dates', () => {
    const store = board()
    const before = selectMilestoneRows(store.getState())
    expect(before[0]!.linkedTaskIds).toEqual(['t1', 't2'])
    store.setState((s) => ({
      board: {
        ...s.board,
        tasksById: { ...s.board.tasksById, t3: { ...s.board.tasksById.t3!, milestoneId: 't4' } },
      },
    }))
    expect(selectMilestoneRows(store.getState())[0]!.linkedTaskIds).toEqual(['t1', 't3', 't2'])
  })

  it('mark the critical path only while it is on, towards the chosen target', () => {
    const store = board()
    expect(selectCriticalMarks(store.getState())).toBeNull()
    expect(selectTimelineMarks(store.getState())).toEqual({})
    store.getState().setCritical(true)
    store.getState().setCriticalTarget('t4')
    const marks = selectCriticalMarks(store.getState())!
    // B is pushed by A (read as pushed), so A -> B -> M drive M.
    expect([...marks.taskIds].sort()).toEqual(['t1', 't2', 't4'])
    expect([...marks.dependencyIds].sort()).toEqual(['d1', 'd2'])
    expect(selectCriticalMarks(store.getState())).toBe(marks)
    // C does not lead to M: no float towards it.
    const float = selectFloat(store.getState())
    expect(Number.isNaN(float.totalFloat[2]!)).toBe(true)
    // A target that is not a milestone of the board falls back to the latest finish.
    store.getState().setCriticalTarget('t3')
    expect(selectFloat(store.getState()).targetFinishDay).toBe(float.targetFinishDay)
  })

  it('focus a milestone on its chain: itself, its linked tasks and what they depend on', () => {
    const store = board()
    expect(selectFocusChain(store.getState())).toBeNull()
    store.getState().focusMilestone('t4')
    expect([...selectFocusChain(store.getState())!].sort()).toEqual(['t1', 't2', 't4'])
    expect(selectTimelineMarks(store.getState()).focusIds).toBe(selectFocusChain(store.getState()))
    store.getState().focusMilestone('gone')
    expect(selectFocusChain(store.getState())).toBeNull()
  })

  it('measure slip since a shown baseline', () => {
    const store = board()
    expect(selectMilestoneRows(store.getState())[0]!.baselineSlipDays).toBeUndefined()
    store.getState().showBaseline({
      name: 'Plan',
      savedAt: '2030-01-01T00:00:00.000Z',
      dates: new Map([['t4', { startDate: '', dueDate: d('2030-01-07') }]]),
    })
    const row = selectMilestoneRows(store.getState())[0]!
    // Forecast: B pushed to end on the 8th, M on the 8th as planned; the baseline had the 7th.
    expect([row.slipDays, row.baselineSlipDays]).toEqual([0, 1])
  })
})

describe('the board’s exact-gap mode', () => {
  it('counts and lists slack as a problem too, and marks the timeline’s arrows, only while on', () => {
    const store = board()
    // d2: b ends on the 6th, m is due on the 8th: slack, fine by the minimum-gap rule.
    expect(selectProblemCount(store.getState())).toBe(1)
    expect(selectTimelineMarks(store.getState()).exactGaps).toBeUndefined()
    store.getState().profilesReceived([localProfile({ exactGaps: true })])
    expect(selectProblemCount(store.getState())).toBe(2)
    expect(
      selectProblems(store.getState()).map((p) => p.kind === 'dependency' && p.dependencyId),
    ).toEqual(['d1', 'd2'])
    expect(selectTimelineMarks(store.getState()).exactGaps).toBe(true)
  })
})
