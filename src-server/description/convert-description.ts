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
  if (content.trim() === '') return EMPTY
  return recent.get(`${type}\u0000${content}`)
}

/** Keeps `converted` for recentlyConverted (conversions done in a worker, too). */
export function rememberConverted(
  type: DescriptionType,
  content: string,
  converted: StoredDescription,
): void {
  if (content.trim() === '') return
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
