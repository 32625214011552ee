// Descriptions are stored in all three formats at write time, so that listing (100 tasks per
// response, in any format) costs no conversion. Conversions use well-kept libraries:
// marked (markdown -> HTML), sanitize-html (HTML input and marked's output), turndown
// (HTML -> markdown) and html-to-text (HTML -> plain text).
import { convert as htmlToText } from 'html-to-text'
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import TurndownService from 'turndown'
import { SERVICE_LIMITS } from '../../src-shared/api'
import type { DescriptionType } from '../../src-shared/api'
import {
  htmlNestsDeeperThan,
  markdownNestsDeeperThan,
  tooDeepMessage,
} from '../../src-shared/api/description-nesting'

export interface StoredDescription {
  markdown: string
  html: string
  text: string
}

const marked = new Marked({ gfm: true, breaks: false, async: false })

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'del', 's', 'input'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    input: ['type', 'checked', 'disabled'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // Task-list checkboxes from GFM only.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs['type'] !== 'checkbox',
}

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
})

// The markdown form of text and HTML input is read as markdown, and usually rendered. Turndown
// escapes most of markdown's syntax in text, but not `<` or entities: text input
// `<img src=x onerror=alert(1)>`, or HTML input `&lt;img …&gt;` (which the parser decodes),
// came back as a live <img onerror> in the markdown form, and `<javascript:alert(1)>` as a
// live link. So every text run is escaped here for CommonMark to read it back as the same
// literal text, and link and image attributes so that a title or address cannot end its link
// early and leave the rest to be read as markup (docs/board-service.md, Tasks).

/**
 * One line of a text run. Everywhere: the backslash, inline syntax (`` ` * _ [ ] ``), GFM's
 * `~` and `|`, every `<` (HTML, comments, autolinks; escaping each one, since a `<` ending one
 * text node and a tag name starting the next, `&lt;<span>img …`, join into a tag), and `&` that
 * could begin an entity (or ends the run, the next one could complete it). At the line's start:
 * what opens a block (`#`, `-`, `+`, `>`, `=`, `1.`, `1)`), even with nothing after it.
 */
function escapeMarkdownLine(line: string): string {
  return line
    .replace(/[\\`*_[\]<~|]/g, '\\$&')
    .replace(/&(?=[#A-Za-z0-9]|$)/g, '\\&')
    .replace(/^([ \t]*)([-+>=#])/, '$1\\$2')
    .replace(/^([ \t]*)(\d{1,9})([.)])/, '$1$2\\$3')
}

/** A text run; line by line, since text in `<pre>` keeps its line breaks. */
function escapeMarkdownText(text: string): string {
  return text.split('\n').map(escapeMarkdownLine).join('\n')
}

/**
 * A link destination that stays one: whitespace and control characters percent-encoded (a
 * space or line break would end it), and `\ < > ( ) &` backslash-escaped (a trailing `\`
 * escaped the closing parenthesis, and an entity would be decoded).
 */
// eslint-disable-next-line no-control-regex -- control characters are what must not stay raw
const SPACE_OR_CONTROL = /[\u0000-\u0020\u007f]/g

function markdownDestination(url: string): string {
  return url
    .replace(SPACE_OR_CONTROL, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/[\\<>()&]/g, '\\$&')
}

/**
 * A link title, `"…"` included, or ''. `\` and `"` escaped (turndown escaped only `"`, so a
 * title ending in `\` closed its own quote and its link, and the rest, `<img onerror>`, was
 * read as HTML), and `<` and `&` too, so that even read as text it is only text.
 */
function markdownTitle(title: string | null): string {
  const text = (title ?? '').replace(/(\n+\s*)+/g, '\n')
  return text ? ` "${text.replace(/[\\"<&]/g, '\\$&')}"` : ''
}

turndown.escape = escapeMarkdownText
turndown.addRule('safeLink', {
  filter: (node) => node.nodeName === 'A' && Boolean(node.getAttribute('href')),
  replacement: (content, node) => {
    const element = node as HTMLElement
    const href = markdownDestination(element.getAttribute('href') ?? '')
    return `[${content}](${href}${markdownTitle(element.getAttribute('title'))})`
  },
})
turndown.addRule('safeImage', {
  filter: 'img',
  replacement: (_content, node) => {
    const element = node as HTMLElement
    const src = element.getAttribute('src') ?? ''
    if (!src) return ''
    const alt = escapeMarkdownText((element.getAttribute('alt') ?? '').replace(/(\n+\s*)+/g, '\n'))
    return `![${alt}](${markdownDestination(src)}${markdownTitle(element.getAttribute('title'))})`
  },
})

const TO_TEXT_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', options: { uppercaseHeaderCells: false } },
  ],
}

const EMPTY: StoredDescription = { markdown: '', html: '', text: '' }

const NESTING = SERVICE_LIMITS.descriptionNesting
/**
 * What markdown within NESTING may render to: a list level is two elements (`<ul><li>`), and
 * the innermost paragraph one more. Inline HTML and emphasis deeper than that are refused.
 */
const RENDERED_NESTING = 2 * NESTING + 1

/** A description the service will not convert; `problem` says why, for the field's message. */
export class DescriptionRefused extends Error {
  constructor(readonly problem: string) {
    super(problem)
    this.name = 'DescriptionRefused'
  }
}

const tooDeep = () => new DescriptionRefused(tooDeepMessage(NESTING))

export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS)
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Plain text as HTML paragraphs, line breaks kept. */
function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n')
}

// Identical descriptions recur (templates, copies, replayed batches); conversions are pure.
const recent = new Map<string, StoredDescription>()
const RECENT_LIMIT = 256

/** The stored forms of a description converted lately in this thread, if any. */
export function recentlyConverted(
  type: DescriptionType,
  content: string,
): StoredDescription | undefined {
  // Only the empty description is all three forms empty: whitespace is text as sent (the text
  // form of text input, the markdown form of markdown input), kept as the client wrote it.
  if (content === '') return EMPTY
  return recent.get(`${type}\u0000${content}`)
}

/** Keeps `converted` for recentlyConverted (conversions done in a worker, too). */
export function rememberConverted(
  type: DescriptionType,
  content: string,
  converted: StoredDescription,
): void {
  if (content === '') return
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value as string)
  recent.set(`${type}\u0000${content}`, converted)
}

/**
 * Converts a description given in `type` into the three stored forms. Throws DescriptionRefused
 * when it nests deeper than SERVICE_LIMITS.descriptionNesting, checked before conversion.
 * Synchronous and unbounded in time: the service converts in a worker pool (pool.ts).
 */
export function convertDescription(type: DescriptionType, content: string): StoredDescription {
  const cached = recentlyConverted(type, content)
  if (cached) return cached
  let converted: StoredDescription
  try {
    converted = convertUncached(type, content)
  } catch (error) {
    // A converter's stack overflow: nesting that the checks could not foresee.
    if (error instanceof RangeError) throw tooDeep()
    throw error
  }
  rememberConverted(type, content, converted)
  return converted
}

function convertUncached(type: DescriptionType, content: string): StoredDescription {
  switch (type) {
    case 'markdown': {
      if (markdownNestsDeeperThan(content, NESTING)) throw tooDeep()
      const rendered = marked.parse(content) as string
      if (htmlNestsDeeperThan(rendered, RENDERED_NESTING)) throw tooDeep()
      const html = sanitize(rendered).trim()
      return { markdown: content, html, text: htmlToText(html, TO_TEXT_OPTIONS).trim() }
    }
    case 'html': {
      if (htmlNestsDeeperThan(content, NESTING)) throw tooDeep()
      const html = sanitize(content).trim()
      return {
        markdown: turndown.turndown(html),
        html,
        text: htmlToText(html, TO_TEXT_OPTIONS).trim(),
      }
    }
    case 'text': {
      const html = textToHtml(content)
      return { markdown: turndown.turndown(html), html, text: content }
    }
  }
}
