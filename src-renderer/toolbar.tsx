// New task, zoom levels, Today / Fit / Sort, Find, Filters and views, and the legend of bar
// colours (by priority).
import { FiltersControls } from './filters/filters-controls'
import { FindBox } from './find-box'
import { usePlanner, usePlannerStore, ZOOMS } from './state'
import { ViewControls } from './view-controls'

const LEGEND = [
  ['priority-high', 'High priority'],
  ['priority-medium', 'Medium'],
  ['priority-low', 'Low'],
  ['priority-none', 'No priority'],
  ['milestone', 'Milestone'],
  ['violated', 'Violated dependency'],
] as const

export function Toolbar({ children }: { children?: React.ReactNode }): React.JSX.Element {
  const zoom = usePlanner((s) => s.view.zoom)
  const store = usePlannerStore()
  return (
    <header className="toolbar">
      {children}
      <button type="button" className="new-task" onClick={() => store.getState().openCreate()}>
        New task
      </button>
      <div className="zoom" role="group" aria-label="Zoom">
        {ZOOMS.map((level) => (
          <button
            key={level}
            type="button"
            aria-pressed={zoom === level}
            onClick={() => store.getState().setZoom(level)}
          >
            {level[0]!.toUpperCase() + level.slice(1)}
          </button>
        ))}
      </div>
      <ViewControls />
      <FindBox />
      <FiltersControls />
      <ul className="legend" aria-label="Legend">
        {LEGEND.map(([className, label]) => (
          <li key={className}>
            <span className={`swatch ${className}`} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
    </header>
  )
}
