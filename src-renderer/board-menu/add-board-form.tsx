// Adding a board, or editing one (name, address, key). The key is typed into a password field,
// sent to main (which keeps it in the system keychain) and cleared from this form once main took
// it; the renderer never holds it afterwards (after a refusal the field keeps what was typed, to
// correct the rest). Editing shows only the masked key: left blank, the stored key stays.
import { useState } from 'react'
import type { BoardProfileView, PlannerApi } from '../../src-shared/ipc'

export interface AddBoardFormProps {
  api: PlannerApi
  /** The board being edited; none to add one. */
  editing?: BoardProfileView
  onDone(saved: BoardProfileView | undefined): void
}

export function AddBoardForm({ api, editing, onDone }: AddBoardFormProps): React.JSX.Element {
  const [name, setName] = useState(editing?.name ?? '')
  const [baseUrl, setBaseUrl] = useState(editing?.baseUrl ?? 'https://')
  const [apiKey, setApiKey] = useState('')
  const [error, setError] = useState<string | undefined>()
  // Main sends a stored key only to the server it was given for: an address on another server
  // needs the key typed again.
  const otherServer = editing !== undefined && originOf(baseUrl) !== originOf(editing.baseUrl)
  const [busy, setBusy] = useState(false)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const result = editing
      ? await api.calls.boardsUpdate({ id: editing.id, name, baseUrl, apiKey })
      : await api.calls.boardsAdd({ name, baseUrl, apiKey })
    setBusy(false)
    // Cleared once the board took it (main keeps it); kept after a refusal, so a typo in the
    // address does not cost the key (a service may show a key only once).
    if (result.ok) {
      setApiKey('')
      onDone(result.value)
    } else setError(result.error.message)
  }

  return (
    <form
      className="add-board-form"
      onSubmit={(event) => void submit(event)}
      aria-label={editing ? `Edit ${editing.name}` : 'Add a board'}
    >
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
      </label>
      <label>
        Base URL
        <input value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} required type="url" />
      </label>
      <label>
        {editing ? 'New API key' : 'API key'}
        <input
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          required={!editing || otherServer}
          type="password"
          autoComplete="off"
          placeholder={
            !editing
              ? undefined
              : otherServer
                ? 'Enter the key again: the address names another server'
                : `Blank keeps ${editing.hasKey ? editing.maskedKey : 'no key'}`
          }
        />
      </label>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {editing ? 'Save board' : 'Add board'}
      </button>
      <button type="button" onClick={() => onDone(undefined)}>
        Cancel
      </button>
    </form>
  )
}

/** The server an address names (scheme, host, port); the text itself while it is no URL. */
function originOf(address: string): string {
  try {
    return new URL(address.trim()).origin
  } catch {
    return address.trim()
  }
}
