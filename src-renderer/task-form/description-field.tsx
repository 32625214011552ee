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
 * Characters of a description the preview renders: marked's time grows with the square of
 * some inputs, and it runs on the window's thread. `"_a"` 50,000 times (100,000 characters, a
 * description the board takes) froze the window for about 10 s; 10,000 characters take about
 * 0.1 s at worst.
 */
export const PREVIEW_LIMIT = 10_000

/**
 * Sanitised HTML of a description, or null for plain text (shown as text, never as HTML): always
 * for text, and for markdown nested too deep to render (marked runs out of stack past about
 * 1,000 levels and takes seconds well before: a board's description is anyone's text).
 */
export function previewHtml(type: DescriptionType, whole: string): string | null {
  if (type === 'text') return null
  const content = whole.slice(0, PREVIEW_LIMIT)
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

/**
 * The deepest nesting a line starts with: quote markers, list bullets (a `-`, `*` or `+` before
 * a space) and the line's indentation by twos. What nests nothing is not counted: a rule of 200
 * dashes or a code block indented 200 spaces (counted, they made an ordinary preview plain text).
 */
function nestingOf(markdown: string): number {
  let deepest = 0
  for (const [prefix] of markdown.matchAll(/^[ \t]*(?:(?:>|[*+-](?=[ \t]))[ \t]*)+/gm)) {
    const markers = prefix.replace(/[ \t]/g, '').length
    const indent = prefix.length - prefix.trimStart().length
    deepest = Math.max(deepest, markers + Math.floor(indent / 2))
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
          {shown.length > PREVIEW_LIMIT && (
            <p className="field-note">
              The preview shows the first {PREVIEW_LIMIT.toLocaleString('en-US')} characters; all of
              them are saved.
            </p>
          )}
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
