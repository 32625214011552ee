// "Tags": the task's tags as removable chips and one input that adds a tag on Enter (or when the
// form is saved with text still in it). A tag is typed whole, never split on commas: a comma in a
// tag is a rule of the service ("cannot contain a comma"), shown here before anything is sent.
import { useRef, useState } from 'react'
import { Field } from './inputs'
import { withPendingTag } from './form-state'

interface TagsFieldProps {
  tags: readonly string[]
  onChange: (tags: string[]) => void
  /** Text typed but not yet added: the form adds it on save (see pendingTag). */
  pending: string
  onPendingChange: (text: string) => void
  suggestions: readonly string[]
  error?: string | undefined
}

export function TagsField(props: TagsFieldProps): React.JSX.Element {
  const { tags, onChange, pending, onPendingChange, suggestions } = props
  const [typedError, setTypedError] = useState<string>()
  const input = useRef<HTMLInputElement>(null)
  const error = typedError ?? props.error
  const add = () => {
    const next = withPendingTag(tags, pending)
    if ('problem' in next) {
      setTypedError(next.problem)
      return
    }
    setTypedError(undefined)
    onChange(next.tags)
    onPendingChange('')
  }
  return (
    <Field label="Tags" error={error} className="tags-field">
      {({ id, errorId }) => (
        <>
          <ul className="tag-chips" aria-label="Tags of the task">
            {tags.map((tag) => (
              <li key={tag}>
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => {
                    // The button leaves with its tag: the keyboard goes to the tag field, not to
                    // the page's body (outside the dialog, where Esc and Tab are no longer its).
                    input.current?.focus()
                    onChange(tags.filter((t) => t !== tag))
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <input
            ref={input}
            id={id}
            value={pending}
            list={`${id}-known`}
            placeholder="Add a tag, then Enter"
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => {
              setTypedError(undefined)
              onPendingChange(event.target.value)
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                add()
              }
            }}
          />
          <datalist id={`${id}-known`}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  )
}
