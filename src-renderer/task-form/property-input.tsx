// One input per custom property, labelled with the property's name and fitting its type (the
// type inferred from what the board has shown, see src-shared/board/vocabulary.ts).
import { useState } from 'react'
import type { PropertyShape } from '../../src-shared/board/vocabulary'
import type { DraftPropertyValue } from './draft'
import { CheckboxField, MultiSelectField, NumberField, SelectField, TextField } from './inputs'

interface PropertyInputProps {
  shape: PropertyShape
  value: DraftPropertyValue | undefined
  onChange: (value: DraftPropertyValue) => void
  /** Board members seen: what a Person property offers. */
  members: readonly string[]
  error?: string | undefined
}

const text = (value: DraftPropertyValue | undefined) => (typeof value === 'string' ? value : '')

export function PropertyInput({
  shape,
  value,
  onChange,
  members,
  error,
}: PropertyInputProps): React.JSX.Element {
  const label = shape.name
  switch (shape.type) {
    case 'Checkbox':
    case 'Toggle':
      return (
        <CheckboxField label={label} checked={value === true} onChange={onChange} error={error} />
      )
    case 'Number':
      return (
        <NumberField
          label={label}
          value={typeof value === 'number' ? value : ''}
          onChange={onChange}
          error={error}
        />
      )
    case 'Date':
      return (
        <TextField
          label={label}
          type="date"
          value={text(value)}
          onChange={onChange}
          error={error}
        />
      )
    case 'Select':
      return <SelectProperty shape={shape} value={text(value)} onChange={onChange} error={error} />
    case 'Multi-Select':
      return (
        <MultiSelectField
          label={label}
          value={Array.isArray(value) ? value : []}
          options={shape.options}
          onChange={onChange}
          error={error}
        />
      )
    case 'Person':
      return (
        <TextField
          label={label}
          type="email"
          value={text(value)}
          suggestions={members}
          onChange={onChange}
          error={error}
        />
      )
    case 'Email':
      return (
        <TextField
          label={label}
          type="email"
          value={text(value)}
          onChange={onChange}
          error={error}
        />
      )
    case 'URL':
      return (
        <TextField label={label} type="url" value={text(value)} onChange={onChange} error={error} />
      )
    case 'Text':
      return (
        <TextField
          label={label}
          value={text(value)}
          suggestions={shape.options}
          onChange={onChange}
          error={error}
        />
      )
  }
}

/** The choice that opens a text field for a value no task has shown (never an option's value). */
const ANOTHER = '\u0000another'

/**
 * A Select property: the options the board has shown, and "Another value…" for one it has not
 * (the board may have options no task uses yet, and a Text property whose tasks repeat a few
 * values looks like a Select). The board says if it does not take the typed value.
 */
function SelectProperty({
  shape,
  value,
  onChange,
  error,
}: {
  shape: PropertyShape
  value: string
  onChange: (value: string) => void
  error?: string | undefined
}): React.JSX.Element {
  const [typing, setTyping] = useState(false)
  // A value the board never showed on another task is still offered (it is the task's).
  const options = [...new Set([...shape.options, ...(value && !typing ? [value] : [])])]
  return (
    <>
      <SelectField
        label={shape.name}
        value={typing ? ANOTHER : value}
        options={[
          ['', '(none)'] as const,
          ...options.map((o) => [o, o] as const),
          [ANOTHER, 'Another value…'] as const,
        ]}
        onChange={(choice) => {
          setTyping(choice === ANOTHER)
          onChange(choice === ANOTHER ? '' : choice)
        }}
        error={typing ? undefined : error}
      />
      {typing && (
        <TextField
          label={`${shape.name}: another value`}
          value={value}
          onChange={onChange}
          error={error}
          autoFocus
        />
      )}
    </>
  )
}
