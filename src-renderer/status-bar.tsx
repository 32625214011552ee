// The status bar: which board, when it was synced, sync progress, how complete the load is (one
// short line; Details opens the coverage panel), edits waiting to be sent (Retry now, Discard…),
// and a refresh button.
import type { PlannerApi } from '../src-shared/ipc/planner-api'
import { coverageLine } from './board-coverage/coverage-text'
import { PendingEdits } from './pending-edits'
import {
  selectCurrentProfile,
  selectStatusBar,
  usePlanner,
  usePlannerShallow,
  usePlannerStore,
} from './state'

export function StatusBar({
  api,
  boardName,
  onRefresh,
}: {
  api: PlannerApi
  boardName: string
  onRefresh(): void
}): React.JSX.Element {
  const store = usePlannerStore()
  const status = usePlannerShallow(selectStatusBar)
  const coverage = coverageLine(status.coverage)
  // Lists the user gave stay correctable after they made the load complete: Details opens them.
  const lists = usePlanner((s) => selectCurrentProfile(s)?.lists)
  const listsGiven = !!lists && (lists.projectKeys.length > 0 || lists.statuses.length > 0)
  const synced = status.syncedAt ? new Date(status.syncedAt).toLocaleString() : 'never'
  return (
    // A landmark, not one live region: as one, every tick of the load's progress had a screen
    // reader read the whole bar, buttons included. Only the parts worth hearing are live: when
    // the board was synced, how complete it is, waiting edits.
    <footer className="status-bar" aria-label="Status bar">
      <span className="board">{boardName}</span>
      <span className="synced" role="status">
        Synced {synced}
        {status.fromCache
          ? status.loading
            ? ' (stored copy, refreshing…)'
            : ' (stored copy)'
          : ''}
      </span>
      {status.loading && status.progress && (
        <span className="progress">
          Loading: {status.progress.tasksLoaded.toLocaleString('en-US')}{' '}
          {status.progress.tasksLoaded === 1 ? 'task' : 'tasks'}, {status.progress.requests}{' '}
          {status.progress.requests === 1 ? 'request' : 'requests'}
        </span>
      )}
      <span className="coverage-line">
        <span
          className={coverage.warning ? 'coverage warning' : 'coverage'}
          data-testid="coverage"
          role="status"
        >
          {coverage.text}
        </span>
        {(coverage.warning || listsGiven) && <span aria-hidden="true">·</span>}
        {(coverage.warning || listsGiven) && (
          <button
            type="button"
            className="coverage-details"
            aria-haspopup="dialog"
            onClick={() => store.getState().showCoverage(true)}
          >
            Details
          </button>
        )}
      </span>
      <PendingEdits api={api} boardName={boardName} />
      {/* Not live: the same failure is an alert in the messages already. */}
      {status.error && <span className="error">{status.error.message}</span>}
      {/* aria-disabled, not disabled: a disabled button drops the focus it has (to the page's
          body), so a keyboard user who pressed Refresh lost their place while it loaded. */}
      <button
        type="button"
        className="refresh"
        aria-disabled={status.loading}
        onClick={() => {
          if (!status.loading) onRefresh()
        }}
      >
        Refresh
      </button>
    </footer>
  )
}
