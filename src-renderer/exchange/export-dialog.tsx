// "Export…": PNG, PDF or CSV of the visible range, the whole board or the current filter; for a
// PDF, the paper size and orientation. The file is made from the store (export-action.ts), not
// from the screen, so rows outside the virtualised window are in it too.
import { useState } from 'react'
import { selectFilterOutcome } from '../filters/filter-outcome'
import { usePlanner, usePlannerStore } from '../state'
import { HEADER_HEIGHT } from '../timeline/view/timeline-view'
import { TREE_WIDTH } from '../timeline/view/task-tree'
import type { ExportChoice, Viewport } from './export-action'
import { makeExport } from './export-action'
import { download } from './export-files'
import { useDialogFocus } from './dialog-focus'
import { keepFocusOnBackdrop, keepTabInside } from '../focus/modal-tab'

/** The timeline's scroll box as it is now; undefined when no timeline is on screen. */
function measureTimeline(): Viewport | undefined {
  const box = document.querySelector<HTMLElement>('[data-testid="timeline"]')
  if (!box) return undefined
  return {
    scrollLeft: box.scrollLeft,
    scrollTop: box.scrollTop,
    chartWidth: Math.max(0, box.clientWidth - TREE_WIDTH),
    rowsHeight: Math.max(0, box.clientHeight - HEADER_HEIGHT),
  }
}

export function ExportDialog({
  boardName,
  onClose,
}: {
  boardName: string
  onClose(): void
}): React.JSX.Element {
  const store = usePlannerStore()
  const filtered = usePlanner(selectFilterOutcome)
  const [choice, setChoice] = useState<ExportChoice>({
    format: 'pdf',
    scope: 'board',
    paper: 'a4',
    orientation: 'landscape',
  })
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const set = (patch: Partial<ExportChoice>) => setChoice((c) => ({ ...c, ...patch }))

  const run = async () => {
    setBusy(true)
    setStatus('Making the file…')
    try {
      const { blob, name } = await makeExport(
        store.getState(),
        choice,
        boardName,
        measureTimeline(),
      )
      download(blob, name)
      setStatus(`Saved ${name}`)
    } catch (error) {
      setStatus(
        `Could not make the file: ${error instanceof Error ? error.message : String(error)}`,
      )
    } finally {
      setBusy(false)
    }
  }

  const dialog = useDialogFocus<HTMLDivElement>()
  return (
    <div className="exchange-backdrop" onMouseDown={keepFocusOnBackdrop}>
      <div
        className="exchange-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Export"
        ref={dialog}
        tabIndex={-1}
        onKeyDown={(event) => {
          keepTabInside(event)
          if (event.key === 'Escape') {
            event.stopPropagation()
            onClose()
          }
        }}
      >
        <h2>Export</h2>
        <fieldset>
          <legend>Format</legend>
          {(['png', 'pdf', 'csv'] as const).map((format) => (
            <label key={format}>
              <input
                type="radio"
                name="export-format"
                checked={choice.format === format}
                onChange={() => set({ format })}
              />
              {format.toUpperCase()}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>What</legend>
          <label>
            <input
              type="radio"
              name="export-scope"
              checked={choice.scope === 'visible'}
              onChange={() => set({ scope: 'visible' })}
            />
            Visible range
          </label>
          <label>
            <input
              type="radio"
              name="export-scope"
              checked={choice.scope === 'board'}
              onChange={() => set({ scope: 'board' })}
            />
            Whole board ({filtered.total} tasks)
          </label>
          <label>
            <input
              type="radio"
              name="export-scope"
              checked={choice.scope === 'filter'}
              onChange={() => set({ scope: 'filter' })}
            />
            Current filter ({filtered.matched} tasks)
          </label>
        </fieldset>
        {choice.format === 'pdf' && (
          <fieldset>
            <legend>Pages</legend>
            <label>
              Page size{' '}
              <select
                aria-label="Page size"
                value={choice.paper}
                onChange={(event) => set({ paper: event.target.value as ExportChoice['paper'] })}
              >
                <option value="a4">A4</option>
                <option value="a3">A3</option>
                <option value="letter">Letter</option>
                <option value="legal">Legal</option>
              </select>
            </label>
            <label>
              Orientation{' '}
              <select
                aria-label="Orientation"
                value={choice.orientation}
                onChange={(event) =>
                  set({ orientation: event.target.value as ExportChoice['orientation'] })
                }
              >
                <option value="landscape">Landscape</option>
                <option value="portrait">Portrait</option>
              </select>
            </label>
          </fieldset>
        )}
        <p className="exchange-status" role="status">
          {status}
        </p>
        <div className="exchange-actions">
          <button type="button" disabled={busy} onClick={() => void run()}>
            Export {choice.format.toUpperCase()}
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  )
}
