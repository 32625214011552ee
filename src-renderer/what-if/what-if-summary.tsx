// While a drag pushes successors: the live summary of the what-if cascade over the timeline
// ("7 tasks move · APP-20 Launch slips 3 days · APP-3 → APP-9 would be broken by 2 days"), and the
// setting that makes a drop apply the whole cascade without asking (kept per board by main).
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { setPlanningOption } from '../schedule/schedule-actions'
import { selectCascadeWithoutAsking } from '../schedule/schedule-selectors'
import { usePlanner, usePlannerStore } from '../state'
import { describeSummary } from './what-if'
import './what-if.css'

export function WhatIfSummary(): React.JSX.Element | null {
  const summary = usePlanner((s) => s.whatIf.summary)
  if (!summary) return null
  return (
    <div className="what-if-summary" role="status" aria-label="What if">
      {describeSummary(summary).map((line) => (
        <span key={line}>{line}</span>
      ))}
      <span className="hint">Shift at the drop applies all</span>
    </div>
  )
}

export function WhatIfSetting({ api }: { api: PlannerApi }): React.JSX.Element {
  const store = usePlannerStore()
  const on = usePlanner(selectCascadeWithoutAsking)
  const profileId = usePlanner((s) => s.board.profileId)
  return (
    <label className="what-if-setting">
      <input
        type="checkbox"
        checked={on}
        disabled={!profileId}
        onChange={(event) =>
          void setPlanningOption(
            store,
            api,
            profileId,
            'cascadeWithoutAsking',
            event.target.checked,
          )
        }
      />
      Apply cascades without asking
    </label>
  )
}
