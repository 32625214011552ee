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

// A planner's own sanitiser (its hook below touches no one else's), configured once.
const purifier = DOMPurify(window)
// Links open outside the planner (Electron hands https to the system browser; browser mode opens
// a tab): clicked in place, a link would take the planner's own page away.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank')
    node.setAttribute('rel', 'noopener noreferrer')
  }
})
const PURIFY_OPTIONS = {
  USE_PROFILES: { html: true },
  // A description is anyone's text: it may format itself, never restyle or cover the planner
  // (style sheets and attributes, the planner's own classes), ask for input (forms), or name
  // elements the page's code looks up (ids, names).
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'label'],
  FORBID_ATTR: ['style', 'class', 'id', 'name'],
}

/** Deeper than this, quotes or lists nested in markdown are shown as text (marked recurses). */
const MAX_MARKDOWN_NESTING = 100

/**
 * Sanitised HTML of a description, or null for plain text (shown as text, never as HTML): always
 * for text, and for markdown nested too deep to render (marked runs out of stack past about
 * 1,000 levels and takes seconds well before: a board's description is anyone's text).
 */
export function previewHtml(type: DescriptionType, content: string): string | null {
  if (type === 'text') return null
  let html = content
  if (type === 'markdown') {
    if (nestingOf(content) > MAX_MARKDOWN_NESTING) return null
    try {
      html = marked.parse(content, { async: false })
    } catch {
      return null
    }
  }
  return purifier.sanitize(html, PURIFY_OPTIONS)
}

/** The deepest nesting a line starts with: quote and list markers, and indentation by twos. */
function nestingOf(markdown: string): number {
  let deepest = 0
  for (const [prefix] of markdown.matchAll(/^[ \t>*+-]+/gm)) {
    const markers = prefix.replace(/[ \t]/g, '').length
    deepest = Math.max(deepest, markers + Math.floor((prefix.length - markers) / 2))
  }
  return deepest
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
