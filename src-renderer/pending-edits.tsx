// Edits waiting in main's journal for the board shown: "3 edits waiting for Demo board", why
// they wait, Retry now, and Discard… (which asks first: discarding puts the bars back where the
// board has them). Nothing waiting: a quiet "All edits saved".
import { useState } from 'react'
import type { PlannerApi } from '../src-shared/ipc/planner-api'
import { discardEdits, retryEdits, usePlannerShallow, usePlannerStore } from './state'

export function PendingEdits({
  api,
  boardName,
}: {
  api: PlannerApi
  boardName: string
}): React.JSX.Element {
  const store = usePlannerStore()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const { count, saving, lastError, nextRetryAt } = usePlannerShallow((s) => ({
    count: s.edits.pendingCount,
    saving: s.edits.inFlight.length,
    lastError: s.edits.pendingBatches[0]?.lastError,
    nextRetryAt: s.edits.nextRetryAt,
  }))
  const run = (work: () => Promise<void>) => {
    setBusy(true)
    void work().finally(() => setBusy(false))
  }
  const edits = `${count} edit${count === 1 ? '' : 's'}`
  const why = [
    lastError ? `Last try: ${lastError}` : '',
    nextRetryAt ? `Next try at ${new Date(nextRetryAt).toLocaleTimeString()}.` : '',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <span className="pending">
      <span data-testid="pending-edits" title={why || undefined}>
        {count > 0 ? `${edits} waiting for ${boardName}` : 'All edits saved'}
        {saving > 0 ? `, ${saving} saving` : ''}
      </span>
      {/* Said only when edits really wait (a try failed, another is due): every edit is counted
          while it is sent, and as plain text each drag would be read out twice. */}
      <span className="visually-hidden" role="status">
        {count > 0 && (lastError || nextRetryAt) ? `${edits} waiting for ${boardName}` : ''}
      </span>
      {count > 0 && (
        <>
          <button type="button" disabled={busy} onClick={() => run(() => retryEdits(store, api))}>
            Retry now
          </button>
          <button
            type="button"
            disabled={busy}
            aria-haspopup="dialog"
            onClick={() => setAsking(true)}
          >
            Discard…
          </button>
        </>
      )}
      {asking && (
        <span role="alertdialog" aria-label="Discard waiting edits" className="confirm-discard">
          <span>
            Discard {edits} waiting for {boardName}? Their bars go back to what the board has.
          </span>
          <button
            type="button"
            onClick={() => {
              setAsking(false)
              run(() => discardEdits(store, api))
            }}
          >
            Discard
          </button>
          <button type="button" autoFocus onClick={() => setAsking(false)}>
            Keep them
          </button>
        </span>
      )}
    </span>
  )
}
