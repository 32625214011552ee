// Subtasks of a new task, added inline with "Add subtask": each one a title (required, the
// service's title rule), and optionally an assignee and a due date. They go in the same create
// request as the task (the interface's `subtasks`), so they are made with it or not at all.
import { useRef } from 'react'
import type { BoardVocabulary } from '../../src-shared/board/vocabulary'
import type { SubtaskDraft } from './draft'
import { TextField } from './inputs'
import type { FieldErrors } from './validate'

export function SubtasksField(props: {
  subtasks: readonly SubtaskDraft[]
  onChange: (subtasks: SubtaskDraft[]) => void
  errors: FieldErrors
  vocabulary: BoardVocabulary
}): React.JSX.Element {
  const { subtasks, onChange, errors, vocabulary } = props
  const update = (key: number, patch: Partial<SubtaskDraft>) =>
    onChange(subtasks.map((s) => (s.key === key ? { ...s, ...patch } : s)))
  const fieldset = useRef<HTMLFieldSetElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  /**
   * "Remove subtask N" leaves with its subtask: the keyboard goes to the subtask that takes its
   * place (the next one, else the one before), else to "Add subtask". Left to the browser, it
   * fell to the page's body, outside the dialog: Tab walked into the window behind it and Esc
   * no longer closed it.
   */
  const remove = (index: number, key: number) => {
    const rows = fieldset.current?.querySelectorAll<HTMLElement>(':scope > .subtask') ?? []
    const neighbour = rows[index + 1] ?? rows[index - 1]
    const field = neighbour?.querySelector<HTMLElement>('input')
    if (field) field.focus()
    else addButton.current?.focus()
    onChange(subtasks.filter((s) => s.key !== key))
  }
  return (
    <fieldset className="subtasks" ref={fieldset}>
      <legend>Subtasks</legend>
      {subtasks.map((subtask, index) => {
        const name = `Subtask ${index + 1}`
        return (
          <div className="subtask field-row" key={subtask.key}>
            <TextField
              label={`${name} title`}
              value={subtask.title}
              onChange={(title) => update(subtask.key, { title })}
              error={errors[`subtask:${subtask.key}`]}
              autoFocus
            />
            <TextField
              label={`${name} assignee`}
              type="email"
              value={subtask.assignedUserEmail}
              suggestions={vocabulary.assignees}
              onChange={(assignedUserEmail) => update(subtask.key, { assignedUserEmail })}
              error={errors[`subtask:${subtask.key}:assignee`]}
            />
            <TextField
              label={`${name} due date`}
              type="date"
              value={subtask.dueDate}
              onChange={(dueDate) => update(subtask.key, { dueDate })}
              error={errors[`subtask:${subtask.key}:due`]}
            />
            <button
              type="button"
              aria-label={`Remove ${name.toLowerCase()}`}
              onClick={() => remove(index, subtask.key)}
            >
              Remove
            </button>
          </div>
        )
      })}
      <button
        type="button"
        ref={addButton}
        onClick={() =>
          onChange([
            ...subtasks,
            {
              key: subtasks.reduce((max, s) => Math.max(max, s.key), 0) + 1,
              title: '',
              status: '',
              assignedUserEmail: '',
              dueDate: '',
            },
          ])
        }
      >
        Add subtask
      </button>
    </fieldset>
  )
}
