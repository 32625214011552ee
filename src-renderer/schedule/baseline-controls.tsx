// "Save baseline" (a name, then Save) and "Baselines" (show one on the timeline and in the
// milestone overview, hide it, delete one). Both say plainly what a baseline is: the planner's
// own history, kept on this computer, because the board's interface keeps no history of dates.
import { useEffect, useId, useRef, useState } from 'react'
import type { PlannerApi } from '../../src-shared/ipc'
import { usePlanner, usePlannerStore } from '../state'
import { deleteBaseline, saveBaseline, showBaseline } from './schedule-actions'
import { useReturnFocus } from '../focus/return-focus'
import { useLightDismiss } from '../focus/light-dismiss'
import { localTodayIso } from '../local-now'

export const BASELINE_NOTE =
  'Baselines are the planner’s own history, kept on this computer: the board keeps no history of dates.'

type Popup = 'save' | 'list' | null

export function BaselineControls({ api }: { api: PlannerApi }): React.JSX.Element {
  const store = usePlannerStore()
  const profileId = usePlanner((s) => s.board.profileId)
  const shown = usePlanner((s) => s.schedule.shownBaseline)
  const [popup, setPopup] = useState<Popup>(null)
  const [note, setNote] = useState('')
  const owner = useRef<HTMLSpanElement>(null)
  useLightDismiss(owner, popup !== null, () => setPopup(null))
  const toggle = (which: Exclude<Popup, null>) => setPopup((p) => (p === which ? null : which))
  return (
    // `display: contents` (schedule.css): its buttons stay items of the toolbar's row.
    <span className="baseline-controls" ref={owner}>
      <div className="popup-anchor">
        <button
          type="button"
          aria-expanded={popup === 'save'}
          disabled={!profileId}
          onClick={() => toggle('save')}
        >
          Save baseline
        </button>
        {popup === 'save' && (
          <SaveBaselineForm
            save={(name) => saveBaseline(store, api, name)}
            onDone={(message) => {
              setNote(message)
              setPopup(null)
            }}
            onCancel={() => setPopup(null)}
          />
        )}
      </div>
      <div className="popup-anchor">
        <button
          type="button"
          aria-expanded={popup === 'list'}
          disabled={!profileId}
          className={shown ? 'baseline-on' : undefined}
          onClick={() => toggle('list')}
        >
          Baselines
        </button>
        {popup === 'list' && (
          <BaselineList api={api} onNote={setNote} onClose={() => setPopup(null)} />
        )}
      </div>
      <span className="filter-note" role="status">
        {note}
      </span>
    </span>
  )
}

function SaveBaselineForm({
  save,
  onDone,
  onCancel,
}: {
  save(name: string): Promise<{ ok: boolean; message: string }>
  onDone(message: string): void
  onCancel(): void
}): React.JSX.Element {
  const id = useId()
  const [name, setName] = useState(() => `Baseline ${localTodayIso()}`)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const form = useRef<HTMLFormElement>(null)
  useReturnFocus(form)
  useEffect(() => input.current?.select(), [])
  return (
    <form
      ref={form}
      className="popup"
      aria-label="Save baseline"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel()
      }}
      onSubmit={async (event) => {
        event.preventDefault()
        setBusy(true)
        const result = await save(name)
        setBusy(false)
        if (result.ok) onDone(result.message)
        else setError(result.message)
      }}
    >
      <label htmlFor={id}>Baseline name</label>
      <input
        ref={input}
        id={id}
        value={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => {
          setName(event.target.value)
          setError('')
        }}
      />
      <p id={`${id}-hint`} className="filter-hint">
        Keeps every task’s start and due date of this board as they are now. {BASELINE_NOTE}
      </p>
      {error && (
        <p id={`${id}-error`} className="filter-problem" role="alert">
          {error}
        </p>
      )}
      <div className="popup-buttons">
        <button type="submit" disabled={busy}>
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function BaselineList({
  api,
  onNote,
  onClose,
}: {
  api: PlannerApi
  onNote(message: string): void
  onClose(): void
}): React.JSX.Element {
  const store = usePlannerStore()
  const baselines = usePlanner((s) => s.schedule.baselines)
  const shown = usePlanner((s) => s.schedule.shownBaseline?.name ?? null)
  const list = useRef<HTMLDivElement>(null)
  useReturnFocus(list)
  // With nothing listed yet the popup itself takes the focus, so its Esc still closes it.
  useEffect(() => (list.current?.querySelector('button') ?? list.current)?.focus(), [])
  return (
    <div
      ref={list}
      tabIndex={-1}
      className="popup baseline-list"
      role="dialog"
      aria-label="Baselines"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <p className="filter-hint">{BASELINE_NOTE}</p>
      {baselines.length === 0 ? (
        <p className="filter-hint">No baselines of this board yet; use Save baseline.</p>
      ) : (
        <ul className="views-list">
          {baselines.map((b) => (
            <li key={b.name}>
              <button
                type="button"
                aria-pressed={shown === b.name}
                aria-label={`Show baseline ${b.name}`}
                onClick={async () => {
                  const next = shown === b.name ? null : b.name
                  onNote((await showBaseline(store, api, next)).message)
                }}
              >
                {b.name}
              </button>
              <span className="baseline-when">
                {b.savedAt.slice(0, 16).replace('T', ' ')} UTC · {b.taskCount} tasks
              </span>
              <button
                type="button"
                className="delete-view"
                aria-label={`Delete baseline ${b.name}`}
                onClick={async () => onNote((await deleteBaseline(store, api, b.name)).message)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <button type="button" onClick={() => void showBaseline(store, api, null)}>
          Hide baseline
        </button>
      )}
    </div>
  )
}
