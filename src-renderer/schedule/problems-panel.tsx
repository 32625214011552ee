// The "Problems" panel (issue 12, item 2): every broken dependency with the days missing and every
// task that ends after its milestone, in timeline order, each with its one-click fixes (each ONE
// batch or one lag change, undoable). Clicking a problem scrolls to its task and selects it (and,
// for a dependency, the dependency: its arrow highlighted, its panel open).
import { useMemo, useRef, useState } from 'react'
import type { PlannerApi } from '../../src-shared/ipc'
import type { Problem } from '../../src-shared/schedule'
import { keyNamer } from '../dependencies/dependency-words'
import { usePlanner, usePlannerStore } from '../state'
import type { PlannerStore } from '../state'
import { fixLabel, fixNote, problemKey, problemTaskId, problemText } from './problem-words'
import { applyFix } from './schedule-actions'
import { PROBLEMS_SHOWN, selectProblems } from './schedule-selectors'
import { useReturnFocus } from '../focus/return-focus'

/** More than anyone reads; the rest are counted (a 50,000-task board may have hundreds). */
const SHOWN_MAX = PROBLEMS_SHOWN

function reveal(store: PlannerStore, problem: Problem): void {
  const state = store.getState()
  state.revealTask(problemTaskId(problem))
  if (problem.kind === 'dependency') state.selectDependency(problem.dependencyId)
}

export function ProblemsPanel({ api }: { api: PlannerApi }): React.JSX.Element | null {
  const open = usePlanner((s) => s.schedule.panel === 'problems')
  // Closed, it reads nothing: the problems' fixes (two cascades each) are worked out only for
  // an open panel, not on every edit and Refresh.
  return open ? <OpenProblemsPanel api={api} /> : null
}

function OpenProblemsPanel({ api }: { api: PlannerApi }): React.JSX.Element {
  const store = usePlannerStore()
  const problems = usePlanner(selectProblems)
  const tasksById = usePlanner((s) => s.board.tasksById)
  const dependencies = usePlanner((s) => s.board.dependencies)
  const keyOf = useMemo(() => keyNamer(tasksById, dependencies), [tasksById, dependencies])
  const [busy, setBusy] = useState(false)
  const close = () => store.getState().toggleSchedulePanel(null)
  const panel = useRef<HTMLElement>(null)
  useReturnFocus(panel)
  return (
    <section
      ref={panel}
      className="schedule-panel problems-panel"
      role="dialog"
      aria-label="Problems"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close()
      }}
    >
      <header>
        <h3>Problems</h3>
        <span role="status" className="problem-count">
          {problems.length === 0
            ? 'No problems: every dependency is kept and no task ends after its milestone.'
            : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`}
        </span>
        <button type="button" className="panel-close" aria-label="Close" onClick={close}>
          ×
        </button>
      </header>
      <ul className="problem-list">
        {problems.slice(0, SHOWN_MAX).map((problem) => {
          const text = problemText(keyOf, problem)
          return (
            <li key={problemKey(problem)} aria-label={text}>
              <button type="button" className="problem-text" onClick={() => reveal(store, problem)}>
                {text}
              </button>
              <div className="problem-fixes">
                {problem.fixes.map((fix) => {
                  const note = fixNote(fix)
                  return (
                    <span key={fix.kind} className="problem-fix">
                      <button
                        type="button"
                        disabled={busy}
                        onClick={async () => {
                          setBusy(true)
                          try {
                            await applyFix(store, api, fix)
                          } finally {
                            setBusy(false)
                          }
                        }}
                      >
                        {fixLabel(keyOf, fix)}
                      </button>
                      {note && <small> {note}</small>}
                    </span>
                  )
                })}
              </div>
            </li>
          )
        })}
      </ul>
      {problems.length > SHOWN_MAX && (
        <p className="filter-hint">
          And {problems.length - SHOWN_MAX} more further along the timeline; fix these first.
        </p>
      )}
    </section>
  )
}
