// The status bar: which board, when it was synced, sync progress, how complete the load is
// (the coverage report), edits waiting to be sent, and a refresh button.
import { coverageText } from './coverage-text'
import { selectStatusBar, usePlannerShallow } from './state'

export function StatusBar({
  boardName,
  onRefresh,
}: {
  boardName: string
  onRefresh(): void
}): React.JSX.Element {
  const status = usePlannerShallow(selectStatusBar)
  const coverage = coverageText(status.coverage)
  const synced = status.syncedAt ? new Date(status.syncedAt).toLocaleString() : 'never'
  return (
    <footer className="status-bar" role="status" aria-label="Status">
      <span className="board">{boardName}</span>
      <span className="synced">
        Synced {synced}
        {status.fromCache ? ' (stored copy, refreshing…)' : ''}
      </span>
      {status.loading && status.progress && (
        <span className="progress">
          Loading: {status.progress.tasksLoaded.toLocaleString('en-US')} tasks,{' '}
          {status.progress.requests} requests
        </span>
      )}
      <span className={coverage.warning ? 'coverage warning' : 'coverage'} data-testid="coverage">
        {coverage.text}
      </span>
      <span className="pending" data-testid="pending-edits">
        {status.pendingCount} pending edit{status.pendingCount === 1 ? '' : 's'}
        {status.savingCount > 0 ? `, ${status.savingCount} saving` : ''}
      </span>
      {status.error && <span className="error">{status.error.message}</span>}
      <button type="button" onClick={onRefresh} disabled={status.loading}>
        Refresh
      </button>
    </footer>
  )
}
