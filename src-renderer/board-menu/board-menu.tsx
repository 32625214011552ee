// The board menu: which board is open, switch to another, add one (name, base URL, API key in a
// password field; afterwards only the masked key is ever shown), edit one (rename it, move it to
// another address, give it a new key), test a connection, remove one.
//
// A non-modal dialog "Boards" under its button (not a menu: it holds a list, buttons and forms,
// which a role=menu cannot). It takes the keyboard when it opens; Esc closes it, and the keyboard
// goes back to the button.
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { BoardProfileView, PlannerApi } from '../../src-shared/ipc'
import { useReturnFocus } from '../focus/return-focus'
import { loadProfiles, usePlannerStore } from '../state'
import { useFocusFallback } from '../focus/focus-fallback'
import { AddBoardForm } from './add-board-form'
import { removalLoss } from './removal-loss'

export interface BoardMenuProps {
  api: PlannerApi
  /** Called after the current board changed (switch, add as first board, remove current). */
  onBoardChanged(): void
}

export function BoardMenu({ api, onBoardChanged }: BoardMenuProps): React.JSX.Element {
  const [open, setOpen] = useState(false)
  const [boards, setBoards] = useState<BoardProfileView[]>([])
  const [notice, setNotice] = useState<{ text: string; error: boolean } | undefined>()
  const [adding, setAdding] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)
  const store = usePlannerStore()
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const panelId = useId()
  useReturnFocus(panel, open)
  // A form that closes (Cancel, saved) leaves with the control that had the keyboard: it comes
  // back to the panel, where Esc still closes it.
  useFocusFallback(panel, { modal: false, active: open })
  useEffect(() => {
    if (!open) return
    const first =
      panel.current?.querySelector<HTMLElement>('li.current > button') ??
      panel.current?.querySelector<HTMLElement>('button')
    first?.focus()
  }, [open])
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }

  const refresh = useCallback(async () => {
    const result = await api.calls.boardsList(undefined)
    if (result.ok) setBoards(result.value)
    else setNotice({ text: result.error.message, error: true })
  }, [api])

  // The first list: its answer is set from the promise's callback (not while the effect runs),
  // and not after the menu is gone.
  useEffect(() => {
    let live = true
    void api.calls.boardsList(undefined).then((result) => {
      if (!live) return
      if (result.ok) setBoards(result.value)
      else setNotice({ text: result.error.message, error: true })
    })
    return () => {
      live = false
    }
  }, [api])

  const current = boards.find((b) => b.isCurrent)

  const select = async (id: string) => {
    const result = await api.calls.boardsSelect({ id })
    if (!result.ok) return setNotice({ text: result.error.message, error: true })
    await refresh()
    setOpen(false)
    onBoardChanged()
  }

  const test = async (board: BoardProfileView) => {
    setNotice({ text: `Testing ${board.name}…`, error: false })
    const result = await api.calls.boardsTest({ id: board.id })
    if (!result.ok) setNotice({ text: result.error.message, error: true })
    else setNotice({ text: `${board.name}: ${result.value.message}`, error: !result.value.ok })
  }

  const remove = async (board: BoardProfileView) => {
    const { board: shown, edits } = store.getState()
    const lost = removalLoss(
      shown.profileId === board.id,
      edits.pendingCount,
      edits.problems.length,
    )
    if (
      !window.confirm(
        `Remove the board "${board.name}" from the planner? Its API key is deleted from the keychain, and so are its saved views and baselines.${lost}`,
      )
    )
      return
    const result = await api.calls.boardsRemove({ id: board.id })
    if (!result.ok) return setNotice({ text: result.error.message, error: true })
    await refresh()
    if (board.isCurrent) onBoardChanged()
  }

  return (
    <div
      className="board-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open || event.defaultPrevented) return
        event.preventDefault()
        event.stopPropagation()
        close()
      }}
    >
      <button
        ref={button}
        type="button"
        className="board-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          // Listed afresh on opening: a key may have left the keychain, or lists been given.
          if (!open) void refresh()
          setOpen(!open)
        }}
      >
        {current ? current.name : 'No board'} ▾
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="board-menu-panel"
          role="dialog"
          aria-label="Boards"
          tabIndex={-1}
        >
          <ul className="board-list">
            {boards.map((board) => (
              <li key={board.id} className={board.isCurrent ? 'current' : undefined}>
                <button
                  type="button"
                  aria-current={board.isCurrent ? 'true' : undefined}
                  onClick={() => void select(board.id)}
                >
                  <span className="board-name">{board.name}</span>
                  <span className="board-url">{board.baseUrl}</span>
                  <span className="board-key" aria-label="API key (masked)">
                    {board.hasKey ? board.maskedKey : 'no key'}
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => void test(board)}
                  aria-label={`Test connection to ${board.name}`}
                >
                  Test
                </button>
                {!board.isLocal && (
                  <button
                    type="button"
                    aria-expanded={editingId === board.id}
                    onClick={() => {
                      setAdding(false)
                      setEditingId(editingId === board.id ? null : board.id)
                    }}
                    aria-label={`Edit ${board.name}`}
                  >
                    Edit
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => void remove(board)}
                  aria-label={`Remove ${board.name}`}
                >
                  Remove
                </button>
                {editingId === board.id && (
                  <AddBoardForm
                    api={api}
                    editing={board}
                    onDone={async (saved) => {
                      setEditingId(null)
                      if (!saved) return
                      setNotice({ text: `Saved ${saved.name} (${saved.maskedKey}).`, error: false })
                      // At another address, Undo would replay steps made on the old one there.
                      if (saved.baseUrl !== board.baseUrl)
                        store.getState().forgetHistoryOf(board.id)
                      await refresh()
                      if (!saved.isCurrent) return
                      // The open board at another address, or with another key: load it again.
                      // Renamed only, its name is all that changes.
                      const moved = saved.baseUrl !== board.baseUrl
                      if (moved || saved.maskedKey !== board.maskedKey) onBoardChanged()
                      else void loadProfiles(store, api)
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
          {adding ? (
            <AddBoardForm
              api={api}
              onDone={async (added) => {
                setAdding(false)
                if (added) {
                  setNotice({ text: `Added ${added.name} (${added.maskedKey}).`, error: false })
                  await refresh()
                  if (added.isCurrent) onBoardChanged()
                }
              }}
            />
          ) : (
            <button
              type="button"
              className="add-board"
              onClick={() => {
                setEditingId(null)
                setAdding(true)
              }}
            >
              Add a board…
            </button>
          )}
          {notice && (
            <p
              className={notice.error ? 'notice error' : 'notice'}
              role={notice.error ? 'alert' : 'status'}
            >
              {notice.text}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
