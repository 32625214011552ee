// New task, zoom levels, Today / Fit / Sort, Find, Filters and views, and the legend of bar
// colours (by priority) and status marks (done, started, overdue: inline SVG, as on the bars).
import { FiltersControls } from './filters/filters-controls'
import { FindBox } from './find-box'
import { Icon } from './icons/icon'
import type { IconName } from './icons/icon-paths'
import { usePlanner, usePlannerStore, ZOOMS } from './state'
import { ViewControls } from './view-controls'
import './status-glance.css'

const LEGEND = [
  ['priority-high', 'High priority'],
  ['priority-medium', 'Medium'],
  ['priority-low', 'Low'],
  ['priority-none', 'No priority'],
  ['milestone', 'Milestone'],
  ['violated', 'Violated dependency'],
] as const

/** Status categories (docs/scheduling.md): done = endedAt set, started = startedAt set. */
const STATUS_LEGEND: readonly [IconName, string, string][] = [
  ['check', 'status-done', 'Done (muted)'],
  ['started', 'status-started', 'Started'],
  ['overdue', 'overdue', 'Overdue, not done'],
]

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
        {STATUS_LEGEND.map(([icon, className, label]) => (
          <li key={className} className={`legend-status ${className}`}>
            <Icon name={icon} className="tb-status-icon" />
            {label}
          </li>
        ))}
      </ul>
    </header>
  )
}
