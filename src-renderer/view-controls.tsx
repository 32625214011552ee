// Toolbar controls of where the timeline looks and how its rows are ordered: Today (T), Fit (F:
// the selection, else the whole board) and Sort. A new sort takes effect at once; otherwise rows
// keep their order until Refresh (timeline/view/resort-rows.ts).
import { SORT_CHOICES, usePlanner, usePlannerStore } from './state'
import type { RowSort } from './state'
import { resortRows } from './timeline/view/resort-rows'
import './view-controls.css'

const SORT_LABELS: Readonly<Record<RowSort, string>> = {
  board: 'Board order',
  start: 'Start date',
  due: 'Due date',
  key: 'Key',
}

export function ViewControls(): React.JSX.Element {
  const store = usePlannerStore()
  const sort = usePlanner((s) => s.view.sort)
  return (
    <div className="view-controls" role="group" aria-label="View">
      <button
        type="button"
        title="Today (T)"
        aria-keyshortcuts="T"
        onClick={() => store.getState().jumpTo('today')}
      >
        Today
      </button>
      <button
        type="button"
        title="Fit the selection, or the whole board (F)"
        aria-keyshortcuts="F"
        onClick={() => store.getState().jumpTo('fit')}
      >
        Fit
      </button>
      <label className="sort">
        Sort
        {/* Named by aria-label: the wrapping label alone would add the chosen option to it. */}
        <select
          aria-label="Sort"
          value={sort}
          onChange={(event) => resortRows(store, event.target.value as RowSort)}
        >
          {SORT_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {SORT_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
