// The time axis: only the ticks in view are rendered (a two-year Day view has ~730 columns).
import type { TimeScale } from '../geometry'
import { TREE_WIDTH } from './task-tree'

export function TimelineHeader(props: {
  scale: TimeScale
  left: number
  width: number
  height: number
}): React.JSX.Element {
  const { scale, left, width, height } = props
  const ticks = scale.ticks(Math.max(0, left - 200), left + width + 200)
  return (
    <div className="timeline-header" style={{ height, width: TREE_WIDTH + scale.width }}>
      <div className="timeline-header-corner" style={{ width: TREE_WIDTH, height }}>
        Tasks
      </div>
      {ticks.map((tick) => (
        <div
          key={`${tick.major ? 'M' : 'm'}${tick.day}`}
          className={tick.major ? 'tick major' : 'tick'}
          style={{ left: TREE_WIDTH + tick.x, top: tick.major ? 0 : height / 2 }}
        >
          {tick.label}
        </div>
      ))}
    </div>
  )
}
