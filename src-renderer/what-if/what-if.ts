// The what-if cascade of a drag (issue 12, item 1; rules in docs/scheduling.md): on every drag
// frame the dropped dates go through the scheduling core's cascade (src-shared/schedule), and
// the successors that would have to move show as ghost bars with a live summary; on the drop the
// user chooses Apply all (one batch: the dragged tasks and every successor, one undo step),
// Apply this task only, or Discard. Shift at the drop, or the setting, applies all at once.
import { idTable } from '../../src-shared/api/id-table'
import type { Task } from '../../src-shared/api/resources'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { cascade, startsAfterDue, taskExtent } from '../../src-shared/schedule'
import type { CascadeResult } from '../../src-shared/schedule'
import { dependencyName, keyNamer } from '../dependencies/dependency-words'
import {
  selectCascadeWithoutAsking,
  selectExactGaps,
  selectScheduleIndex,
} from '../schedule/schedule-selectors'
import { selectFilterOutcome } from '../filters/filter-outcome'
import { applyEdit, askUser, runCommand } from '../state'
import type { Command, PlannerState, PlannerStore } from '../state'
import type { TaskDates } from '../state/commands/types'
import type { WhatIfSummary } from '../state/slices/what-if-slice'
import type { DragResult, GhostBar } from '../timeline/adapter/types'
import { commandFromDrag } from '../timeline/view/timeline-model'
import { dropSeen } from './drop-seen'
import type { DragBase } from './drop-seen'
import { heldWords, plural, unseenWords } from './drop-words'

export type { DragBase } from './drop-seen'

export interface WhatIfPlan {
  /** The drop alone, as the edit it would be (in relative days: what it is called). */
  command: Command
  /** The drop alone, as the dates it writes: the board the plan was made on, moved. */
  dates: TaskDates[]
  result: CascadeResult
  summary: WhatIfSummary
  /** Where every moved task would go (dragged and pushed), for the ghost bars. */
  ghosts: GhostBar[]
}

/** The cascade of dropping the dragged bars here; undefined when the drop changes nothing. */
export function planDrop(
  state: PlannerState,
  results: readonly DragResult[],
): WhatIfPlan | undefined {
  const command = commandFromDrag(results)
  if (!command) return undefined
  const { board } = state
  // The command on a table of just the tasks it names: the same dates, without copying the
  // whole board's table on every frame.
  const named = command.kind === 'moveTasks' ? command.ids : 'id' in command ? [command.id] : []
  const table = idTable<Task>()
  for (const id of named) {
    const task = board.tasksById[id]
    if (task) table[id] = task
  }
  const changes: TaskDates[] = runCommand({ tasksById: table }, command).updates.map(
    ({ id, startDate, dueDate }) => ({
      id,
      ...(startDate !== undefined ? { startDate } : {}),
      ...(dueDate !== undefined ? { dueDate } : {}),
    }),
  )
  if (changes.length === 0) return undefined
  const result = cascade(selectScheduleIndex(state), changes, { exact: selectExactGaps(state) })
  const keyOf = keyNamer(board.tasksById, board.dependencies)
  const name = (id: string) => {
    const task = board.tasksById[id]
    return task ? `${keyOf(id)} ${task.title}` : keyOf(id)
  }
  const summary: WhatIfSummary = {
    moves: result.changed.length + result.pushed.length,
    pushed: result.pushed.length,
    milestones: result.milestones
      .filter((m) => m.days !== 0)
      .map((m) =>
        m.days > 0
          ? `${name(m.id)} slips ${plural(m.days, 'day')}`
          : `${name(m.id)} moves ${plural(-m.days, 'day')} earlier`,
      ),
    violations: [
      ...result.violated
        .filter((v) => !v.wasViolated)
        .map(
          (v) =>
            `${dependencyName(keyOf, v.predecessorId, v.successorId)} would be broken by ${plural(v.missingDays > 0 ? v.missingDays : v.slackDays, 'day')}`,
        ),
      // A task linked to a milestone (milestoneId) that would end after it.
      ...result.overruns
        .filter((o) => !o.wasOverrun)
        .map(
          (o) =>
            `${name(o.taskId)} would end ${plural(o.days, 'day')} after its milestone ${name(o.milestoneId)}`,
        ),
    ],
  }
  const ghosts: GhostBar[] = []
  for (const move of [...result.changed, ...result.pushed]) {
    const task = board.tasksById[move.id]
    const extent = task ? taskExtent(moved(task, move.update)) : undefined
    if (extent) {
      ghosts.push({
        id: move.id,
        startMs: extent.startMs,
        endMs: extent.endMs,
        milestone: extent.kind === 'milestone',
      })
    }
  }
  return { command, dates: changes, result, summary, ghosts }
}

const moved = (task: Task, update: { startDate?: string; dueDate?: string }): Task => ({
  ...task,
  ...update,
})

/** The summary's words: "7 tasks move · APP-20 Launch slips 3 days · …". */
export function describeSummary(summary: WhatIfSummary): string[] {
  return [
    `${plural(summary.moves, 'task')} ${summary.moves === 1 ? 'moves' : 'move'}`,
    ...summary.milestones,
    ...summary.violations,
  ]
}

/** The board and edits as they were when a drag began. */
/**
 * The drag handlers of the timeline: `move` on each frame (returns the ghost bars to draw), and
 * `drop` once (returns 'undecided' while the user is asked, so the bars go back meanwhile).
 */
export function whatIfDrag(
  store: PlannerStore,
  api: PlannerApi,
  showGhosts: (ghosts: readonly GhostBar[]) => void,
  /** The tasks with a row on the timeline now (not collapsed away, not filtered out). */
  rows?: () => RowsShown,
) {
  return {
    move(results: readonly DragResult[], base?: DragBase): GhostBar[] {
      const plan =
        results.length > 0 ? planDrop(dragged(store.getState(), base), results) : undefined
      // Only the pushed successors are ghosts while dragging: the dragged bars are under the
      // pointer already.
      const pushed = new Set(plan?.result.pushed.map((m) => m.id))
      store.getState().setWhatIfSummary(plan && plan.summary.pushed > 0 ? plan.summary : null)
      return plan ? plan.ghosts.filter((g) => pushed.has(g.id)) : []
    },

    drop(
      dropped: readonly DragResult[],
      modifiers: { shift: boolean },
      base?: DragBase,
    ): void | 'undecided' | 'unchanged' {
      const state = store.getState()
      state.setWhatIfSummary(null)
      const shown = rows?.()
      const results = withSelection(state, dropped, shown)
      // The deltas are from the bars drawn when the drag began: they move the board of then.
      // An edit rolled back mid-drag (refused) had the drop land that many days off.
      const from = dragged(state, base)
      const plan = planDrop(from, results)
      // Held at the calendar's ends (9999-12-31, a board's "never"): said, not done silently;
      // said once the drop is applied (a Discard moved nothing, by any number of days).
      const command = commandFromDrag(results)
      const held = command && heldWords(from.board.tasksById, command)
      const sayHeld = () => {
        if (held) store.getState().addMessage('info', held)
      }
      // Nothing to write: the bars go back where they were (nothing else would draw them there).
      if (!plan) {
        sayHeld()
        return 'unchanged'
      }
      // The versions the user saw when the drag began (else at the drop): a refresh that lands
      // during the drag, or while the question is open, must not make the drop write over a
      // change made elsewhere meanwhile, unasked (main compares with these and holds such a
      // task back as a conflict). Seen at the drop, a task another user moved mid-drag was
      // written at their date plus the dragged days. Read when the drop is sent: what the
      // board shows then decides which tasks changed since the drag began.
      const ids = plan.result.updates.map((u) => u.id)
      const seenFrom = base ?? { board: state.board, edits: state.edits }
      const seen = () => dropSeen(seenFrom, store.getState(), ids)
      if (plan.result.pushed.length === 0) {
        sayHeld()
        void applyDrop(store, api, plan, seen())
        return
      }
      if (modifiers.shift || selectCascadeWithoutAsking(state)) {
        sayHeld()
        void applyAll(store, api, plan, seen())
        return
      }
      showGhosts(plan.ghosts)
      void askUser(store, {
        title: 'Apply the cascade?',
        message: `Moving ${plan.result.changed.length === 1 ? 'this task' : 'these tasks'} pushes ${plural(plan.result.pushed.length, 'successor')} to keep every lag.`,
        details: [
          ...describeSummary(plan.summary),
          ...unseenWords(state, plan.result.pushed, shown),
        ],
        choices: [
          { value: 'all', label: 'Apply all' },
          { value: 'one', label: 'Apply this task only' },
          { value: 'discard', label: 'Discard' },
        ],
      }).then((answer) => {
        showGhosts([])
        if (answer?.choice !== 'all' && answer?.choice !== 'one') return
        sayHeld()
        if (answer.choice === 'all') void applyAll(store, api, plan, seen())
        else void applyDrop(store, api, plan, seen())
      })
      return 'undecided'
    },
  }
}

/** Which tasks have a row (the layout's rows by id). */
export interface RowsShown {
  has(id: string): boolean
}

/**
 * A move of a selected bar moves every selected task by the same days (docs/timeline.md), also
 * those whose bars are not drawn now (scrolled far from the window: the chart draws only the rows
 * near the view, and its drag moved only those). Not taken along, as on the chart: parents (their
 * bars are summaries), undated tasks, tasks the filters hide and tasks with no row (under a
 * collapsed parent or project: the user cannot see them move).
 */
function withSelection(
  state: PlannerState,
  results: readonly DragResult[],
  rows: RowsShown | undefined,
): DragResult[] {
  const [lead] = results
  const { selectedIds } = state.selection
  if (!lead || lead.startDeltaDays !== lead.endDeltaDays || !selectedIds.includes(lead.id))
    return [...results]
  if (
    results.some(
      (r) => r.startDeltaDays !== lead.startDeltaDays || r.endDeltaDays !== r.startDeltaDays,
    )
  )
    return [...results]
  const moved = new Set(results.map((r) => r.id))
  const { tasksById } = state.board
  const shown = new Set(selectFilterOutcome(state).shown.map((t) => t.id))
  const parents = new Set<string>()
  for (const id of state.board.taskIds) {
    const parentId = tasksById[id]?.parentId
    if (parentId) parents.add(parentId)
  }
  const more = selectedIds.filter((id) => {
    const task = tasksById[id]
    return (
      task !== undefined &&
      !moved.has(id) &&
      !parents.has(id) &&
      shown.has(id) &&
      (rows === undefined || rows.has(id)) &&
      (task.startDate !== '' || task.dueDate !== '') &&
      // Start after due (another board's data): moved, it keeps both, and the board refuses the
      // whole batch. Its bar is locked too; its dates are fixed in its details.
      taskExtent(task)?.inverted !== true &&
      !startsAfterDue(task)
    )
  })
  const days = lead.startDeltaDays
  return [...results, ...more.map((id) => ({ id, startDeltaDays: days, endDeltaDays: days }))]
}

/** The state with the board the drag began on (what its deltas are measured against). */
function dragged(state: PlannerState, base: DragBase | undefined): PlannerState {
  return base && base.board !== state.board ? { ...state, board: base.board } : state
}

/** The drop alone: the dates it was dropped at, named as the move or resize it is. */
function applyDrop(
  store: PlannerStore,
  api: PlannerApi,
  plan: WhatIfPlan,
  seen: Readonly<Record<string, string>>,
) {
  return applyEdit(
    store,
    api,
    { kind: 'setDates', dates: plan.dates },
    { seen, describedAs: plan.command },
  )
}

/** The dragged tasks and every successor the cascade moves: one batch, one undo step. */
function applyAll(
  store: PlannerStore,
  api: PlannerApi,
  plan: WhatIfPlan,
  seen?: Readonly<Record<string, string>>,
) {
  return applyEdit(
    store,
    api,
    { kind: 'updateFields', updates: plan.result.updates },
    seen ? { seen } : {},
  )
}
