// Labelled inputs of the task forms. Each control's accessible name is its label (the names the
// issue fixes: "Title", "Status"...), and a broken rule shows under it, tied to it with
// aria-describedby and aria-invalid, so a screen reader hears it with the field. Not an alert:
// a Save or Create with broken rules moves the keyboard to the first field in error, which
// reads its rule; as alerts, every rule was read out at once, and that one twice.
import { useId, useState } from 'react'
import { INCOMPLETE_DATE } from './draft'
import { textInputAttributes } from './input-attributes'
import type { TextKind } from './input-attributes'

interface FieldProps {
  label: string
  error?: string | undefined
  children: (ids: { id: string; errorId: string | undefined }) => React.ReactNode
  className?: string
}

export function Field({ label, error, children, className }: FieldProps): React.JSX.Element {
  const id = useId()
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children({ id, errorId })}
      {error && (
        <span id={errorId} className="field-error">
          {label}: {error}
        </span>
      )}
    </div>
  )
}

const invalid = (error: string | undefined) => (error ? true : undefined)

export function TextField(props: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  /** What it holds; an e-mail is a text input all the same (see input-attributes.ts). */
  type?: TextKind
  /** Known values offered while typing (a datalist); typing another is allowed. */
  suggestions?: readonly string[]
  placeholder?: string
  autoFocus?: boolean
}): React.JSX.Element {
  const listId = useId()
  const { label, value, onChange, error, type = 'text', suggestions, placeholder } = props
  return (
    <Field label={label} error={error}>
      {({ id, errorId }) => (
        <>
          <input
            id={id}
            {...textInputAttributes(type)}
            value={value === INCOMPLETE_DATE ? '' : value}
            placeholder={placeholder}
            autoFocus={props.autoFocus}
            list={suggestions && suggestions.length > 0 ? listId : undefined}
            aria-invalid={invalid(error)}
            aria-describedby={errorId}
            onChange={(event) => {
              const { value: text, validity } = event.target
              // A date with a part left out reads as '' too: not a clearing of the date.
              onChange(type === 'date' && validity.badInput ? INCOMPLETE_DATE : text)
            }}
          />
          {suggestions && suggestions.length > 0 && (
            <datalist id={listId}>
              {suggestions.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          )}
        </>
      )}
    </Field>
  )
}

export function SelectField(props: {
  label: string
  value: string
  options: readonly (readonly [value: string, text: string])[]
  onChange: (value: string) => void
  error?: string | undefined
}): React.JSX.Element {
  const { label, value, options, onChange, error } = props
  return (
    <Field label={label} error={error}>
      {({ id, errorId }) => (
        <select
          id={id}
          value={value}
          aria-invalid={invalid(error)}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

export function CheckboxField(props: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  error?: string | undefined
}): React.JSX.Element {
  const { label, checked, onChange, error } = props
  return (
    <Field label={label} error={error} className="checkbox">
      {({ id, errorId }) => (
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={invalid(error)}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.checked)}
        />
      )}
    </Field>
  )
}

export function NumberField(props: {
  label: string
  value: number | ''
  onChange: (value: number | '') => void
  error?: string | undefined
  min?: number
  max?: number
  step?: number | 'any'
}): React.JSX.Element {
  const { label, value, onChange, error } = props
  return (
    <Field label={label} error={error}>
      {({ id, errorId }) => (
        <input
          id={id}
          type="number"
          // Text the browser cannot read as a number is NaN in the draft (an error, never a
          // clearing); the input itself then holds '' and keeps showing what was typed.
          value={Number.isNaN(value) ? '' : value}
          min={props.min}
          max={props.max}
          step={props.step ?? 'any'}
          aria-invalid={invalid(error)}
          aria-describedby={errorId}
          onChange={(event) => {
            const { value: text, validity } = event.target
            // `1e` or `--2` read as '' by the browser: not a clearing of the value.
            onChange(validity.badInput ? Number.NaN : text === '' ? '' : Number(text))
          }}
        />
      )}
    </Field>
  )
}

export function MultiSelectField(props: {
  label: string
  value: readonly string[]
  options: readonly string[]
  onChange: (value: string[]) => void
  error?: string | undefined
}): React.JSX.Element {
  const { label, value, onChange, error } = props
  // A value the task has that the board's other tasks never showed is still offered.
  const options = [...new Set([...props.options, ...value])]
  const [typed, setTyped] = useState('')
  // The options are those loaded tasks use: the board may have others (the interface lists no
  // property definitions), so one can be typed too; the board refuses one it does not have.
  const add = () => {
    const option = typed.trim()
    if (option === '') return
    if (!value.includes(option)) onChange([...value, option])
    setTyped('')
  }
  return (
    <Field label={label} error={error}>
      {({ id, errorId }) => (
        <>
          <select
            id={id}
            multiple
            size={Math.min(4, Math.max(2, options.length))}
            value={[...value]}
            aria-invalid={invalid(error)}
            aria-describedby={errorId}
            onChange={(event) =>
              onChange([...event.target.selectedOptions].map((option) => option.value))
            }
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <input
            aria-label={`${label}: another option`}
            placeholder="Another option, then Enter"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={add}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return
              // Enter adds the option; it is not the form's Create or Save.
              event.preventDefault()
              add()
            }}
          />
        </>
      )}
    </Field>
  )
}
