// Adding a board. The key is typed into a password field, sent once to main (which keeps it in
// the system keychain) and cleared from this form; the renderer never holds it afterwards.
import { useState } from 'react'
import type { BoardProfileView, PlannerApi } from '../../src-shared/ipc'

export interface AddBoardFormProps {
  api: PlannerApi
  onDone(added: BoardProfileView | undefined): void
}

export function AddBoardForm({ api, onDone }: AddBoardFormProps): React.JSX.Element {
  const [name, setName] = useState('')
  const [baseUrl, setBaseUrl] = useState('https://')
  const [apiKey, setApiKey] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const result = await api.calls.boardsAdd({ name, baseUrl, apiKey })
    setBusy(false)
    setApiKey('')
    if (result.ok) onDone(result.value)
    else setError(result.error.message)
  }

  return (
    <form
      className="add-board-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Add a board"
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
        API key
        <input
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          required
          type="password"
          autoComplete="off"
        />
      </label>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Add board
      </button>
      <button type="button" onClick={() => onDone(undefined)}>
        Cancel
      </button>
    </form>
  )
}
