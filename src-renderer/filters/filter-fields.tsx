// The Filters panel's inputs, one kind per shape of filter: a comma list with the board's known
// values as toggle chips, a choice, and a day or range of days. Every input has a visible label
// (its accessible name) and shows why its value is not applied, right below it.
import { useId } from 'react'
import { items } from './filter-draft'

/** Beyond this many known values the chips would crowd the panel; the input's list suggests. */
const MAX_CHIPS = 12

function Problem({ id, text }: { id: string; text: string | undefined }): React.JSX.Element | null {
  if (!text) return null
  return (
    <span id={id} className="filter-problem" role="alert">
      {text}
    </span>
  )
}

/** A comma-separated list (the interface's form), with the board's known values to pick. */
export function ListField({
  label,
  value,
  onChange,
  known,
  hint,
  problem,
  lowerCase = false,
}: {
  label: string
  value: string
  onChange(value: string): void
  known: readonly string[]
  hint?: string
  problem?: string | undefined
  /** Compare chips without case (e-mails). */
  lowerCase?: boolean
}): React.JSX.Element {
  const id = useId()
  const norm = (v: string) => (lowerCase ? v.toLowerCase() : v)
  const chosen = new Set(items(value).map(norm))
  const toggle = (option: string) => {
    const list = items(value)
    const next = chosen.has(norm(option))
      ? list.filter((v) => norm(v) !== norm(option))
      : [...list, option]
    onChange(next.join(', '))
  }
  return (
    <div className="filter-field">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="text"
        value={value}
        list={known.length > 0 ? `${id}-known` : undefined}
        placeholder={hint ?? 'Any; comma-separated for several'}
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {known.length > 0 && (
        <datalist id={`${id}-known`}>
          {known.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      )}
      {known.length > 0 && known.length <= MAX_CHIPS && (
        <div className="filter-chips" role="group" aria-label={`${label} values`}>
          {known.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={chosen.has(norm(option))}
              onClick={() => toggle(option)}
            >
              {option}
            </button>
          ))}
        </div>
      )}
      <Problem id={`${id}-problem`} text={problem} />
    </div>
  )
}

/** One of a few values; the first option ('') means "any". */
export function ChoiceField({
  label,
  value,
  onChange,
  options,
}: {
  label: string
  value: string
  onChange(value: string): void
  options: readonly (readonly [string, string])[]
}): React.JSX.Element {
  const id = useId()
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A day or a range of days: one end alone is that single day, as the interface reads it. */
export function DayRangeField({
  label,
  fromLabel,
  toLabel,
  from,
  to,
  onChange,
  problem,
}: {
  label: string
  fromLabel: string
  toLabel: string
  from: string
  to: string
  onChange(from: string, to: string): void
  problem?: string | undefined
}): React.JSX.Element {
  const id = useId()
  const summary =
    from && to && from !== to
      ? `${from} to ${to}`
      : from || to
        ? `on ${from || to} only`
        : 'any day'
  return (
    <fieldset className="filter-field filter-range">
      <legend>{label}</legend>
      <label htmlFor={`${id}-from`}>{fromLabel}</label>
      <input
        id={`${id}-from`}
        type="date"
        value={from}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(event.target.value, to)}
      />
      <label htmlFor={`${id}-to`}>{toLabel}</label>
      <input
        id={`${id}-to`}
        type="date"
        value={to}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(from, event.target.value)}
      />
      <span className="filter-hint">{problem ? '' : summary}</span>
      <Problem id={`${id}-problem`} text={problem} />
    </fieldset>
  )
}
