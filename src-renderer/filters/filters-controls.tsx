// The toolbar's filter controls, next to Find: "Filters" (opens the panel), "N of M tasks shown",
// "Show all tasks" (clears the filters), "Save view" (a name, then Save) and "Views" (switch to or delete a saved
// view). Views are loaded for each board as it is opened.
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { PlannerApi } from '../../src-shared/ipc'
import { plannerApi } from '../bridge'
import { usePlanner, usePlannerStore } from '../state'
import { selectFilterOutcome } from './filter-outcome'
import { resortRows } from '../timeline/view/resort-rows'
import { FiltersPanel } from './filters-panel'
import { deleteView, loadViews, saveView } from './views-actions'
import './filters.css'
import { useReturnFocus } from '../focus/return-focus'
import { useLightDismiss } from '../focus/light-dismiss'

type Popup = 'save' | 'views' | null

export function FiltersControls({ api: given }: { api?: PlannerApi }): React.JSX.Element {
  const api = useMemo(() => given ?? plannerApi(), [given])
  const store = usePlannerStore()
  const panelId = useId()
  const profileId = usePlanner((s) => s.board.profileId)
  const open = usePlanner((s) => s.filters.panelOpen)
  const { matched, total, count, unknownProperties } = usePlanner(selectFilterOutcome)
  const [popup, setPopup] = useState<Popup>(null)
  const [note, setNote] = useState('')
  const owner = useRef<HTMLDivElement>(null)
  useLightDismiss(owner, popup !== null, () => setPopup(null))

  useEffect(() => {
    if (profileId) void loadViews(store, api, profileId)
  }, [store, api, profileId])

  const toggle = (which: Exclude<Popup, null>) => setPopup((p) => (p === which ? null : which))
  return (
    <div className="filters-controls" ref={owner}>
      <button
        type="button"
        aria-label="Filters"
        aria-expanded={open}
        aria-controls={panelId}
        className={count > 0 ? 'filters-on' : undefined}
        onClick={() => store.getState().openFilters(!open)}
      >
        Filters{count > 0 && <span aria-hidden="true"> ({count})</span>}
      </button>
      <span className="filter-count" role="status" data-testid="filter-count">
        {profileId ? `${matched} of ${total} tasks shown` : ''}
      </span>
      {/* Beside the count, the panel open or not: a saved view that filters by a property the
          board no longer has empties the timeline, and says why. */}
      {profileId && unknownProperties.length > 0 && (
        <span className="filter-hint" data-testid="filter-unknown">
          No task has {unknownProperties.join(', ')}
        </span>
      )}
      <button
        type="button"
        disabled={count === 0}
        onClick={() => {
          store.getState().clearFilters()
          setNote('')
        }}
      >
        Show all tasks
      </button>
      <div className="popup-anchor">
        <button
          type="button"
          aria-expanded={popup === 'save'}
          disabled={!profileId}
          onClick={() => toggle('save')}
        >
          Save view
        </button>
        {popup === 'save' && (
          <SaveViewForm
            onDone={(message) => {
              setNote(message)
              setPopup(null)
            }}
            onCancel={() => setPopup(null)}
            save={(name) => saveView(store, api, name)}
          />
        )}
      </div>
      <div className="popup-anchor">
        <button
          type="button"
          aria-expanded={popup === 'views'}
          disabled={!profileId}
          onClick={() => toggle('views')}
        >
          Views
        </button>
        {popup === 'views' && (
          <ViewsList api={api} onNote={setNote} onClose={() => setPopup(null)} />
        )}
      </div>
      <span className="filter-note" role="status">
        {note}
      </span>
      <FiltersPanel id={panelId} />
    </div>
  )
}

function SaveViewForm({
  save,
  onDone,
  onCancel,
}: {
  save(name: string): Promise<{ ok: boolean; message: string }>
  onDone(message: string): void
  onCancel(): void
}): React.JSX.Element {
  const id = useId()
  const active = usePlanner((s) => s.filters.activeView)
  const [name, setName] = useState(active ?? '')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const form = useRef<HTMLFormElement>(null)
  useReturnFocus(form)
  useEffect(() => input.current?.focus(), [])
  return (
    <form
      ref={form}
      className="popup"
      aria-label="Save view"
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
      <label htmlFor={id}>View name</label>
      <input
        ref={input}
        id={id}
        value={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setName(event.target.value)
          setError('')
        }}
      />
      <p className="filter-hint">Saves the filters, zoom and collapsed rows of this board.</p>
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

function ViewsList({
  api,
  onNote,
  onClose,
}: {
  api: PlannerApi
  onNote(message: string): void
  onClose(): void
}): React.JSX.Element {
  const store = usePlannerStore()
  const views = usePlanner((s) => s.filters.views)
  const active = usePlanner((s) => s.filters.activeView)
  const list = useRef<HTMLDivElement>(null)
  useReturnFocus(list)
  // With nothing listed yet the popup itself takes the focus, so its Esc still closes it.
  useEffect(() => (list.current?.querySelector('button') ?? list.current)?.focus(), [])
  return (
    <div
      ref={list}
      tabIndex={-1}
      className="popup"
      role="dialog"
      aria-label="Saved views"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      {views.length === 0 ? (
        <p className="filter-hint">No saved views on this board yet; use Save view.</p>
      ) : (
        <ul className="views-list">
          {views.map((view) => (
            <li key={view.name}>
              <button
                type="button"
                aria-pressed={active === view.name}
                onClick={() => {
                  store.getState().applyView(view)
                  // The view's row order, taken as the Sort control takes one.
                  if (view.sort && view.sort !== store.getState().view.sort)
                    resortRows(store, view.sort)
                  onNote(`Showing view “${view.name}”.`)
                  onClose()
                }}
              >
                {view.name}
              </button>
              <button
                type="button"
                className="delete-view"
                aria-label={`Delete view ${view.name}`}
                onClick={async () => onNote((await deleteView(store, api, view.name)).message)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
