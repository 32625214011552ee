// The "Milestones" view (issue 12, item 4): every milestone with its due day, linked tasks and how
// many are done, forecast day, slip, an "at risk" flag and, while a baseline is shown, its slip
// since the baseline. Sorted by clicking a column header (aria-sort says how). Clicking a
// milestone focuses the timeline on its chain (its linked tasks and everything they and it
// depend on), the other rows dimmed, until "Clear milestone focus".
import { useMemo, useRef, useState } from 'react'
import { keyNamer } from '../dependencies/dependency-words'
import { usePlanner, usePlannerStore } from '../state'
import { COLUMNS, slipText, sortRows } from './milestone-sort'
import type { Direction, SortKey } from './milestone-sort'
import { selectMilestoneRows } from './schedule-selectors'
import { useReturnFocus } from '../focus/return-focus'

export function MilestonesPanel(): React.JSX.Element | null {
  const open = usePlanner((s) => s.schedule.panel === 'milestones')
  // Closed, it reads nothing (as the Problems panel): its rows need the schedule index, which a
  // new board would otherwise build before the timeline's first frame.
  return open ? <OpenMilestonesPanel /> : null
}

function OpenMilestonesPanel(): React.JSX.Element {
  const store = usePlannerStore()
  const rows = usePlanner(selectMilestoneRows)
  const baseline = usePlanner((s) => s.schedule.shownBaseline)
  const focused = usePlanner((s) => s.schedule.focusMilestoneId)
  const tasksById = usePlanner((s) => s.board.tasksById)
  const dependencies = usePlanner((s) => s.board.dependencies)
  const keyOf = useMemo(() => keyNamer(tasksById, dependencies), [tasksById, dependencies])
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({
    key: 'dueDay',
    direction: 'asc',
  })
  const nameOf = useMemo(
    () => (id: string) => `${keyOf(id)} ${tasksById[id]?.title ?? ''}`,
    [keyOf, tasksById],
  )
  const sorted = useMemo(
    () => sortRows(rows, sort.key, sort.direction, nameOf),
    [rows, sort, nameOf],
  )
  const columns = COLUMNS.filter((c) => c.key !== 'baseline' || baseline)
  const close = () => store.getState().toggleSchedulePanel(null)
  const panel = useRef<HTMLElement>(null)
  useReturnFocus(panel)
  return (
    <section
      ref={panel}
      className="schedule-panel milestones-panel"
      role="dialog"
      aria-label="Milestones"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close()
      }}
    >
      <header>
        <h3>Milestones</h3>
        <span className="filter-hint">
          {baseline
            ? `Slip since baseline “${baseline.name}” (${baseline.savedAt.slice(0, 10)}), the planner’s own history kept on this computer.`
            : 'Forecasts follow the dependency chains; a task not done ends today at the earliest.'}
        </span>
        <button type="button" className="panel-close" aria-label="Close" onClick={close}>
          ×
        </button>
      </header>
      {rows.length === 0 ? (
        <p className="filter-hint">This board has no milestones.</p>
      ) : (
        <table className="milestone-table">
          <thead>
            <tr>
              {columns.map((column) => {
                const active = sort.key === column.key
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={
                      active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
                    }
                  >
                    <button
                      type="button"
                      onClick={() =>
                        setSort({
                          key: column.key,
                          direction: active && sort.direction === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
                      {column.label}
                    </button>
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr
                key={row.id}
                data-milestone-id={row.id}
                aria-selected={focused === row.id}
                className={row.atRisk ? 'at-risk' : undefined}
              >
                <th scope="row">
                  <button
                    type="button"
                    title="Focus the timeline on this milestone's chain"
                    onClick={() => {
                      store.getState().focusMilestone(row.id)
                      store.getState().revealTask(row.id)
                    }}
                  >
                    {keyOf(row.id)} {tasksById[row.id]?.title ?? ''}
                  </button>
                </th>
                <td>{row.dueDay || '—'}</td>
                <td title={linkedNames(row.linkedTaskIds, nameOf)}>{row.linkedTaskIds.length}</td>
                <td>{row.doneCount}</td>
                <td>{row.done ? `reached ${row.forecastDay}` : row.forecastDay || '—'}</td>
                <td>{slipText(row.slipDays)}</td>
                <td>{row.passed ? 'passed, not reached' : row.atRisk ? 'at risk' : ''}</td>
                {baseline && <td>{slipText(row.baselineSlipDays)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** The linked tasks by name, for the count's tooltip (the first 20, then how many more). */
function linkedNames(ids: readonly string[], nameOf: (id: string) => string): string | undefined {
  if (ids.length === 0) return undefined
  const shown = ids.slice(0, 20).map(nameOf)
  return ids.length > 20 ? `${shown.join('\n')}\n…and ${ids.length - 20} more` : shown.join('\n')
}
