// The board's project keys and status names, as the user gives them. The service cannot list
// them, so for a board other than the local one the sync knows only values it has seen; given
// lists let it ask for each value and take the lists as the board's whole. Shown for every such
// board, not only when the last sync asked for them: the lists also make later syncs exact, and
// stored lists must stay visible to be corrected or cleared.
import { useState } from 'react'
import { splitListText } from '../../src-shared/ipc'
import type { BoardProfileView, CoverageReport, PlannerApi } from '../../src-shared/ipc'
import { saveBoardLists, usePlannerStore } from '../state'

export interface BoardListsFormProps {
  api: PlannerApi
  profile: BoardProfileView
  /** The lists the last sync said would let it reach more. */
  wants: CoverageReport['wants']
}

const WANTED_WORDS = { projectKeys: 'project keys', statuses: 'status names' } as const

export function BoardListsForm({ api, profile, wants }: BoardListsFormProps): React.JSX.Element {
  const store = usePlannerStore()
  const [projectKeys, setProjectKeys] = useState(profile.lists.projectKeys.join('\n'))
  const [statuses, setStatuses] = useState(profile.lists.statuses.join('\n'))
  const [notice, setNotice] = useState<{ text: string; error: boolean } | undefined>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const { saved, synced } = await saveBoardLists(store, api, {
      profileId: profile.id,
      projectKeys: splitListText(projectKeys),
      statuses: splitListText(statuses),
    })
    setBusy(false)
    if (!saved.ok) return setNotice({ text: saved.error.message, error: true })
    setProjectKeys(saved.value.lists.projectKeys.join('\n'))
    setStatuses(saved.value.lists.statuses.join('\n'))
    setNotice({ text: 'Saved. Loading the board again with these lists…', error: false })
    const result = await synced
    if (result?.ok) setNotice({ text: 'Saved, and the board was loaded again.', error: false })
    else if (result)
      setNotice({ text: `Saved, but loading failed: ${result.error.message}`, error: true })
  }

  return (
    <form
      className="board-lists-form"
      aria-labelledby="board-lists-title"
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="board-lists-title">Board settings</h3>
      <p id="board-lists-hint" className="coverage-note">
        The board service cannot list a board&apos;s projects or statuses. Give them here (as the
        board&apos;s settings name them), one per line (or on one line, separated by commas), and
        the planner asks for each and takes them as the whole list. Leave a list empty to let the
        planner learn it from the tasks it loads.
        {wants.length > 0 &&
          ` The last load would reach more with the ${wants.map((w) => WANTED_WORDS[w]).join(' and ')}.`}
      </p>
      <div className="board-lists-fields">
        <ListField
          id="board-lists-projects"
          label="Project keys"
          value={projectKeys}
          onChange={setProjectKeys}
        />
        <ListField
          id="board-lists-statuses"
          label="Status names"
          value={statuses}
          onChange={setStatuses}
        />
      </div>
      {notice && (
        <p
          className={notice.error ? 'notice error' : 'notice'}
          role={notice.error ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Save lists
      </button>
    </form>
  )
}

/** One list of names: a labelled text area described by the form's hint. */
function ListField(props: {
  id: string
  label: string
  value: string
  onChange(value: string): void
}): React.JSX.Element {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        aria-describedby="board-lists-hint"
        rows={4}
        spellCheck={false}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </>
  )
}
