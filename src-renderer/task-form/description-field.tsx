// "Description" with its "Description format" and a preview. Markdown is rendered with marked and
// HTML shown as written, both through DOMPurify before they reach the page: a description is
// anyone's text, and the page must never run what it holds. Text is shown as text.
import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useDeferredValue, useMemo } from 'react'
import { DESCRIPTION_TYPES } from '../../src-shared/api/enums'
import type { DescriptionType } from '../../src-shared/api/enums'
import { Field, SelectField } from './inputs'

const FORMAT_NAMES: Record<DescriptionType, string> = {
  markdown: 'Markdown',
  html: 'HTML',
  text: 'Plain text',
}

/** Sanitised HTML of a description, or null for plain text (shown as text, never as HTML). */
export function previewHtml(type: DescriptionType, content: string): string | null {
  if (type === 'text') return null
  const html = type === 'markdown' ? marked.parse(content, { async: false }) : content
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })
}

export function DescriptionField(props: {
  type: DescriptionType
  content: string
  onType: (type: DescriptionType) => void
  onContent: (content: string) => void
  error?: string | undefined
  note?: string
}): React.JSX.Element {
  const { type, content, onType, onContent, error } = props
  // The preview follows the typing at React's pace, so a long description never slows keys.
  const shown = useDeferredValue(content)
  const html = useMemo(() => (shown ? previewHtml(type, shown) : null), [type, shown])
  return (
    <div className="description-field">
      <Field label="Description" error={error}>
        {({ id, errorId }) => (
          <textarea
            id={id}
            rows={4}
            value={content}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onContent(event.target.value)}
          />
        )}
      </Field>
      {props.note && <p className="field-note">{props.note}</p>}
      <SelectField
        label="Description format"
        value={type}
        options={DESCRIPTION_TYPES.map((t) => [t, FORMAT_NAMES[t]] as const)}
        onChange={(value) => onType(value as DescriptionType)}
      />
      {shown && (
        <section className="description-preview" aria-label="Description preview">
          {html === null ? (
            <p className="plain">{shown}</p>
          ) : (
            // Sanitised just above by DOMPurify (previewHtml): nothing else reaches innerHTML.
            <div dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </section>
      )}
    </div>
  )
}
