// The toolbar's planning controls (issue 12): "Problems" (with how many), "Critical path" with
// its target ("to" the latest due date or a milestone), "Milestones", the baselines ("Save
// baseline", "Baselines"), "Exact gaps" (the board's exact-gap mode) and, while a milestone's
// chain is focused, "Clear milestone focus".
// The panels themselves are ./problems-panel.tsx and ./milestones-panel.tsx.
import { useEffect, useId, useMemo } from 'react'
import type { PlannerApi } from '../../src-shared/ipc'
import { keyNamer } from '../dependencies/dependency-words'
import { usePlanner, usePlannerStore } from '../state'
import { BaselineControls } from './baseline-controls'
import { loadBaselines, setPlanningOption } from './schedule-actions'
import {
  selectCriticalTarget,
  selectExactGaps,
  selectMilestoneRows,
  selectProblemCount,
} from './schedule-selectors'
import { useAfterPaint } from './use-after-paint'
import './schedule.css'

export function ScheduleControls({ api }: { api: PlannerApi }): React.JSX.Element {
  const store = usePlannerStore()
  const profileId = usePlanner((s) => s.board.profileId)
  const panel = usePlanner((s) => s.schedule.panel)
  const critical = usePlanner((s) => s.schedule.critical)
  const focused = usePlanner((s) => s.schedule.focusMilestoneId)
  const schedule = usePlanner((s) => s.schedule)
  const exactGaps = usePlanner(selectExactGaps)
  const profiles = usePlanner((s) => s.profiles)
  // The numbers follow a new board (a load, a Refresh, an edit) one painted frame late: the
  // schedule index behind them takes 100-300 ms at 50,000 tasks, and the timeline's frame waited
  // for it.
  const board = useAfterPaint(usePlanner((s) => s.board))
  const { target, problemCount, rows } = useMemo(() => {
    const s = { ...store.getState(), board, schedule, profiles }
    return {
      target: selectCriticalTarget(s),
      problemCount: selectProblemCount(s),
      rows: selectMilestoneRows(s),
    }
  }, [store, board, schedule, profiles])
  const { tasksById, dependencies } = board
  const keyOf = useMemo(() => keyNamer(tasksById, dependencies), [tasksById, dependencies])

  const countId = useId()

  useEffect(() => {
    if (profileId) void loadBaselines(store, api, profileId)
  }, [store, api, profileId])

  return (
    <div className="schedule-controls" role="group" aria-label="Planning">
      {/* Named "Problems" exactly (the count is not part of the name); the count is its
          description, so a screen reader says it too. */}
      <button
        type="button"
        aria-pressed={panel === 'problems'}
        aria-describedby={countId}
        className={problemCount > 0 ? 'has-problems' : undefined}
        onClick={() => store.getState().toggleSchedulePanel('problems')}
      >
        Problems
        {problemCount > 0 && <span aria-hidden="true"> ({problemCount})</span>}
      </button>
      <span id={countId} className="visually-hidden">
        {problemCount === 0
          ? 'No problems'
          : `${problemCount} ${problemCount === 1 ? 'problem' : 'problems'}`}
      </span>
      <span className="critical-controls">
        <button
          type="button"
          aria-pressed={critical}
          onClick={() => store.getState().setCritical(!critical)}
        >
          Critical path
        </button>
        <select
          aria-label="Critical path to"
          value={target}
          onChange={(event) => {
            store.getState().setCriticalTarget(event.target.value)
            store.getState().setCritical(true)
          }}
        >
          <option value="">to the latest due date</option>
          {rows.map((row) => (
            <option key={row.id} value={row.id}>
              to {keyOf(row.id)} {tasksById[row.id]?.title ?? ''}
            </option>
          ))}
        </select>
      </span>
      <button
        type="button"
        aria-pressed={panel === 'milestones'}
        onClick={() => store.getState().toggleSchedulePanel('milestones')}
      >
        Milestones
      </button>
      <label
        className="exact-gaps"
        title="Each dependency's lag is the exact gap: a successor must start exactly on its predecessor's finish day plus the lag (off: no earlier than that). Kept for this board."
      >
        <input
          type="checkbox"
          checked={exactGaps}
          disabled={!profileId}
          onChange={(event) =>
            void setPlanningOption(store, api, profileId, 'exactGaps', event.target.checked)
          }
        />{' '}
        Exact gaps
      </label>
      <BaselineControls api={api} />
      {focused && (
        <button type="button" onClick={() => store.getState().focusMilestone(null)}>
          Clear milestone focus
        </button>
      )}
    </div>
  )
}
