// Says in words what changed only on the chart (an undo, a redo, a dependency added or deleted):
// a screen reader user hears it; everyone else sees the chart change. One polite live region
// that stays in the page (a region added with its text is often not read), its text replaced
// per announcement (the key makes a repeat of the same words new text).
import { usePlanner } from './state'

export function Announcer(): React.JSX.Element {
  const announcement = usePlanner((s) => s.announcement)
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="announcer">
      {announcement && <span key={announcement.seq}>{announcement.text}</span>}
    </div>
  )
}
