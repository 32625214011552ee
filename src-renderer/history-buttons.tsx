// The toolbar's Undo and Redo, and their keys: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (⌘ on macOS).
// Inside a text field the keys stay the field's own (undo typing), not the board's.
import { useEffect } from 'react'
import './history.css'
import type { PlannerApi } from '../src-shared/ipc/planner-api'
import { historyKey, isMac, isTextField } from './history-keys'
import { nextEntry, redoLast, undoLast, usePlanner, usePlannerStore } from './state'

export function HistoryButtons({ api }: { api: PlannerApi }): React.JSX.Element {
  const store = usePlannerStore()
  const undo = usePlanner((s) => nextEntry(s.history, s.board.profileId, 'undo'))
  const redo = usePlanner((s) => nextEntry(s.history, s.board.profileId, 'redo'))
  const busy = usePlanner((s) => s.history.busy)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const which = historyKey(event)
      if (!which || isTextField(event.target) || store.getState().question) return
      event.preventDefault()
      void (which === 'undo' ? undoLast(store, api) : redoLast(store, api))
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [api, store])

  const mod = isMac ? '⌘' : 'Ctrl+'
  return (
    <div className="history" role="group" aria-label="History">
      {/* aria-disabled, not disabled: a disabled button drops the focus it has (to the page's
          body), and these turn off while their own step is sent, or once nothing is left. */}
      <button
        type="button"
        aria-disabled={!undo || busy}
        title={undo ? `Undo ${undo.label} (${mod}Z)` : 'Nothing to undo'}
        onClick={() => {
          if (undo && !busy) void undoLast(store, api)
        }}
      >
        Undo
      </button>
      <button
        type="button"
        aria-disabled={!redo || busy}
        title={redo ? `Redo ${redo.label} (${mod}Shift+Z)` : 'Nothing to redo'}
        onClick={() => {
          if (redo && !busy) void redoLast(store, api)
        }}
      >
        Redo
      </button>
    </div>
  )
}
