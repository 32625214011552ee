// The hover card of one task (./hover-card/hover-card.tsx), and, once a task is opened (Enter,
// double-click, the context menu's Open), its editable details panel
// (./task-form/details-panel.tsx) instead.
import type { PlannerApi } from '../src-shared/ipc'
import { HoverCard } from './hover-card/hover-card'
import { usePlanner } from './state'
import { DetailsPanel } from './task-form/details-panel'

export function TaskDetails({ api }: { api: PlannerApi }): React.JSX.Element | null {
  const pinned = usePlanner((s) => s.view.detailsTaskId !== null)
  if (pinned) return <DetailsPanel api={api} />
  return <HoverCard />
}
