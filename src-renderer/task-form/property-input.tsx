// One input per custom property, labelled with the property's name and fitting its type (the
// type inferred from what the board has shown, see src-shared/board/vocabulary.ts).
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
    case 'Select': {
      const current = text(value)
      // A value the board never showed on another task is still offered (it is the task's).
      const options = [...new Set([...shape.options, ...(current ? [current] : [])])]
      return (
        <SelectField
          label={label}
          value={current}
          options={[['', '(none)'] as const, ...options.map((o) => [o, o] as const)]}
          onChange={onChange}
          error={error}
        />
      )
    }
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
