// The board coverage panel, opened by the status bar's Details: how many tasks were loaded with
// how many requests, each part of the board that may hide tasks as a plain sentence (parts that
// share a reason and a remedy grouped under one), and, for a board the planner cannot list
// itself, the lists the user can give. A modal <dialog>: focus moves in, Esc or Close close it,
// and focus goes back to where it was. Every string is rendered as text, never as HTML: the
// descriptions carry the board's own project keys and status names.
import { useEffect, useRef } from 'react'
import type { PlannerApi } from '../../src-shared/ipc'
import {
  selectCoverage,
  selectCoverageOpen,
  selectCurrentProfile,
  usePlanner,
  usePlannerStore,
} from '../state'
import { BoardListsForm } from './board-lists-form'
import {
  coverageIntro,
  groupSentence,
  groupSlices,
  sliceLabel,
  sliceSentence,
} from './coverage-text'
import './coverage.css'

export function CoveragePanel({ api }: { api: PlannerApi }): React.JSX.Element | null {
  const open = usePlanner(selectCoverageOpen)
  return open ? <CoverageDialog api={api} /> : null
}

function CoverageDialog({ api }: { api: PlannerApi }): React.JSX.Element {
  const store = usePlannerStore()
  const coverage = usePlanner(selectCoverage)
  const profile = usePlanner(selectCurrentProfile)
  const dialog = useRef<HTMLDialogElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)
  const close = () => store.getState().showCoverage(false)

  useEffect(() => {
    const element = dialog.current
    // Where focus was (the Details button): it goes back there when the panel closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    element?.showModal()
    closeButton.current?.focus()
    return () => {
      if (element?.open) element.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  const groups = coverage ? groupSlices(coverage.truncated) : []
  return (
    <dialog
      ref={dialog}
      className="coverage-panel"
      aria-labelledby="coverage-panel-title"
      onCancel={(event) => {
        // Esc: close through the store, so the panel's state and the dialog agree.
        event.preventDefault()
        close()
      }}
    >
      <header>
        <h2 id="coverage-panel-title">Board coverage</h2>
        <button ref={closeButton} type="button" onClick={close}>
          Close
        </button>
      </header>
      {coverage ? (
        <>
          <p className="coverage-intro">{coverageIntro(coverage)}</p>
          {groups.length > 0 && (
            <div
              className="coverage-parts"
              role="region"
              tabIndex={0}
              aria-label="Parts that may hide tasks"
            >
              {/* Index keys: the report is replaced whole, and two parts may share a query. */}
              {groups.map((group, index) =>
                group.slices.length === 1 ? (
                  <p key={index} className="coverage-part">
                    {sliceSentence(group.slices[0]!)}
                  </p>
                ) : (
                  <section key={index} className="coverage-group">
                    <p>{groupSentence(group)}</p>
                    <ul>
                      {group.slices.map((slice, item) => (
                        <li key={item}>{sliceLabel(slice)}</li>
                      ))}
                    </ul>
                  </section>
                ),
              )}
            </div>
          )}
        </>
      ) : (
        <p className="coverage-intro">The board has not been loaded yet.</p>
      )}
      {profile &&
        (profile.isLocal ? (
          <p className="coverage-note">
            The planner knows this board&apos;s projects and statuses, so there are no lists to
            give.
          </p>
        ) : (
          <BoardListsForm
            key={profile.id}
            api={api}
            profile={profile}
            wants={coverage?.wants ?? []}
          />
        ))}
    </dialog>
  )
}
