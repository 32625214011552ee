// A task picker: type a key ("APP-12") or words of a title, pick from the matches (at most
// MAX_SHOWN, so a 5,000-task board costs nothing until one types). The search is Find's
// (../state/find-tasks.ts). A choice the caller refuses is not taken: its reason is shown.
import { useId, useMemo, useRef, useState } from 'react'
import type { Task } from '../../src-shared/api/resources'
import { findTasks } from '../state/find-tasks'
import { Field } from './inputs'
import { taskKey } from './links'

const MAX_SHOWN = 8

interface TaskPickerProps {
  label: string
  /** The chosen task's id, '' for none. */
  value: string
  tasksById: Readonly<Record<string, Task>>
  taskIds: readonly string[]
  onChange: (id: string) => void
  /** Why a task cannot be chosen (undefined: it can). Checked when it is picked. */
  refuse?: (id: string) => string | undefined
  /** Offer only these (for example milestones). */
  only?: (task: Task) => boolean
  /** Shows "Clear <label>" while a task is chosen. */
  clearable?: boolean
  error?: string | undefined
}

export function TaskPicker(props: TaskPickerProps): React.JSX.Element {
  const { label, value, tasksById, taskIds, onChange, refuse, only, clearable } = props
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [refusal, setRefusal] = useState<string>()
  const listId = useId()
  const input = useRef<HTMLInputElement>(null)
  const chosen = value ? tasksById[value] : undefined

  const matches = useMemo(() => {
    if (!open || query.trim() === '') return []
    const tasks = taskIds.map((id) => tasksById[id]).filter((t): t is Task => t !== undefined)
    const pool = only ? tasks.filter(only) : tasks
    return findTasks(pool, query)
      .slice(0, MAX_SHOWN)
      .map((id) => tasksById[id]!)
  }, [open, query, taskIds, tasksById, only])

  const pick = (task: Task) => {
    const problem = refuse?.(task.id)
    if (problem) {
      setRefusal(problem)
      return
    }
    setRefusal(undefined)
    setQuery('')
    setOpen(false)
    onChange(task.id)
  }

  const error = refusal ?? props.error
  return (
    <Field label={label} error={error} className="task-picker">
      {({ id, errorId }) => (
        <>
          <span className="picked" data-testid={`${label} value`}>
            {chosen ? `${taskKey(chosen)} ${chosen.title}` : value ? value : 'None'}
          </span>
          {clearable && value !== '' && (
            <button
              type="button"
              onClick={() => {
                setRefusal(undefined)
                // The button leaves once nothing is chosen: the keyboard goes to the picker's
                // field, not to the page's body (where the panel's Esc no longer reaches).
                input.current?.focus()
                onChange('')
              }}
            >
              Clear {label.toLowerCase()}
            </button>
          )}
          <input
            ref={input}
            id={id}
            role="combobox"
            aria-expanded={matches.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            // The highlighted match is announced as the arrow keys move (focus stays in the field).
            aria-activedescendant={matches[active] ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            placeholder="Type a key or words of a title"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setOpen(true)
              setActive(0)
              setRefusal(undefined)
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault()
                const step = event.key === 'ArrowDown' ? 1 : -1
                setActive((a) => Math.max(0, Math.min(matches.length - 1, a + step)))
              } else if (event.key === 'Enter' && matches[active]) {
                event.preventDefault()
                pick(matches[active])
              } else if (event.key === 'Enter' && query.trim() !== '') {
                // A search that matches nothing (a typo): Enter is not the form's Save, which
                // sent everything else and closed the panel with no parent set.
                event.preventDefault()
                setRefusal(`No task matches "${query.trim()}".`)
              } else if (event.key === 'Escape' && query) {
                // First Esc empties the search; the next one reaches the panel (discard).
                event.stopPropagation()
                setQuery('')
              }
            }}
          />
          <ul id={listId} role="listbox" aria-label={`${label} matches`} hidden={!matches.length}>
            {matches.map((task, index) => (
              <li
                key={task.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(task)}
              >
                {taskKey(task)} {task.title}
              </li>
            ))}
          </ul>
        </>
      )}
    </Field>
  )
}
