// The selected dependency's small panel: its two tasks, "Lag (days)" and "Delete dependency".
// It shows while an arrow is selected; Delete (or Backspace) outside a text field deletes the
// dependency, Esc deselects it. A lag is sent on Enter or when the field loses focus.
//
// A lag change replaces the dependency (a new id, see ../state/actions/dependencies.ts): while
// one is under way the panel keeps showing the dependency it started from, so it neither closes
// nor loses the user's place in the middle of it.
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { Dependency } from '../../src-shared/api/resources'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { changeLag, deleteDependency } from '../state/actions/dependencies'
import { usePlanner, usePlannerStore } from '../state/use-planner'
import './dependency-panel.css'
import { dependencyName, keyNamer } from './dependency-words'
import { useReturnFocus } from '../focus/return-focus'
import { useReturnFocusToChart } from '../context-menu/chart-opener'
import { takeLagFocusAsk } from './lag-focus'

/** Keys typed into a field edit the field; they are not commands. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

export function DependencyPanel({ api }: { api: PlannerApi }): React.JSX.Element | null {
  const store = usePlannerStore()
  const selectedId = usePlanner((s) => s.selectedDependencyId)
  const found = usePlanner((s) =>
    selectedId === null ? undefined : s.board.dependencies.find((d) => d.id === selectedId),
  )
  const tasksById = usePlanner((s) => s.board.tasksById)
  const dependencies = usePlanner((s) => s.board.dependencies)
  const [busy, setBusy] = useState(false)
  // The last dependency found stays shown while an action on it is busy (a lag change deletes
  // and re-creates it). Kept as state adjusted during render, not a ref written during render.
  const [shown, setShown] = useState<Dependency | undefined>(undefined)
  if (found && found !== shown) setShown(found)
  const dependency = found ?? (busy && selectedId !== null ? shown : undefined)
  // The lag field starts from the dependency's lag, again whenever the dependency changes.
  const [draft, setDraft] = useState('')
  const [draftOf, setDraftOf] = useState<Dependency | undefined>(undefined)
  if (dependency !== draftOf) {
    setDraftOf(dependency)
    setDraft(dependency ? String(dependency.lagDays) : '')
  }
  const inputId = useId()

  // Gone from the board (a refresh, a delete elsewhere): nothing is selected any more.
  useEffect(() => {
    if (selectedId !== null && !found && !busy) store.getState().selectDependency(null)
  }, [selectedId, found, busy, store])

  const run = async (action: () => Promise<unknown>) => {
    if (busy) return
    setBusy(true)
    try {
      await action()
    } finally {
      setBusy(false)
    }
  }
  const remove = (target: Dependency) => run(() => deleteDependency(store, api, target))
  const commitLag = () => {
    if (!dependency || draft.trim() === String(dependency.lagDays)) return
    const lag = draft.trim() === '' ? Number.NaN : Number(draft)
    void run(() => changeLag(store, api, dependency, lag))
  }

  // The key handler (added once per open) reaches this render's dependency and remove().
  const latest = useRef({ dependency, remove })
  useLayoutEffect(() => {
    latest.current = { dependency, remove }
  })
  const open = dependency !== undefined
  const panel = useRef<HTMLElement>(null)
  useReturnFocusToChart(panel, open, store)
  useReturnFocus(panel, open)
  // Portalled to the end of the page, the panel was out of reach from the keyboard (a Tab through
  // the whole chart first). Selected from the keyboard (Enter or Space on a focused arrow) or by
  // the menu's "Change lag", it takes the keyboard into "Lag (days)"; Esc gives it back to the
  // arrow (useReturnFocusToChart). A click on an arrow leaves the focus where the user put it.
  const lagInput = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const asked = takeLagFocusAsk(selectedId)
    if (selectedId === null) return
    const active = document.activeElement
    const fromKeyboard =
      active instanceof Element &&
      active.matches('.tb-arrow-hit:focus-visible') &&
      active.closest('[data-link-id]')?.getAttribute('data-link-id') === selectedId
    if (asked || fromKeyboard) lagInput.current?.focus()
  }, [selectedId])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      const current = latest.current.dependency
      if (!current || event.defaultPrevented) return
      // A key in another dialog (New task, a question, the details panel) is that dialog's: its
      // Esc closes it, not the selected arrow behind it.
      const target = event.target instanceof Element ? event.target : null
      const dialog = target?.closest('[role="dialog"], [role="alertdialog"], dialog')
      if (dialog && !dialog.classList.contains('dependency-panel')) return
      if (event.key === 'Escape') {
        store.getState().selectDependency(null)
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && !typing(event.target)) {
        event.preventDefault()
        void latest.current.remove(current)
      } else {
        return
      }
      // Handled here: the task tree's own Delete and Esc are about tasks.
      event.stopPropagation()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [open, store])

  const keyOf = useMemo(() => keyNamer(tasksById, dependencies), [tasksById, dependencies])
  if (!dependency) return null
  const name = dependencyName(keyOf, dependency.predecessorId, dependency.successorId)
  return createPortal(
    <section
      ref={panel}
      className="dependency-panel"
      role="dialog"
      aria-label={`Dependency ${name}`}
      aria-busy={busy}
    >
      <header>
        <h3>Dependency {name}</h3>
        <button
          type="button"
          className="dependency-panel-close"
          aria-label="Close"
          onClick={() => store.getState().selectDependency(null)}
        >
          ×
        </button>
      </header>
      <p className="dependency-panel-tasks">
        {/* Titles as text (React escapes them), each isolated: a title's bidi controls (U+202E)
            must not reverse the words around it. */}
        <bdi>{dependency.predecessorTitle}</bdi> must finish before{' '}
        <bdi>{dependency.successorTitle}</bdi> starts
      </p>
      <label htmlFor={inputId}>Lag (days)</label>
      <input
        ref={lagInput}
        id={inputId}
        type="number"
        min={0}
        max={3650}
        step={1}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commitLag}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            commitLag()
          }
        }}
      />
      <button type="button" className="danger" onClick={() => void remove(dependency)}>
        Delete dependency
      </button>
    </section>,
    document.body,
  )
}
