// How deep a description nests, measured in linear time before any converter sees it. marked,
// turndown and html-to-text recurse once per level: a few thousand levels overflow the stack
// (`"> "×3000`, 6 KB of markdown), and some get slow long before that (`<ul><li>`×12000 blocked
// for 8 s). Both checks stop as soon as the limit is passed.
import { Parser } from 'htmlparser2'

/** Thrown from the HTML parser's callback to stop it: the rest does not matter. */
class TooDeep extends Error {}

/**
 * Whether `html` nests more than `limit` elements inside one another, as htmlparser2 (the parser
 * of sanitize-html and html-to-text) reads it: implied end tags end elements (`<p>` ends an open
 * `<p>`, `<li>` an open `<li>`), void elements are leaves. Stopping past the limit keeps the
 * parser's open-element stack short, so its end-tag search stays cheap.
 */
export function htmlNestsDeeperThan(html: string, limit: number): boolean {
  let depth = 0
  const parser = new Parser(
    {
      onopentagname() {
        if (++depth > limit) throw new TooDeep()
      },
      onclosetag() {
        depth--
      },
    },
    { decodeEntities: false },
  )
  try {
    parser.end(html)
    return false
  } catch (error) {
    if (error instanceof TooDeep) return true
    throw error
  }
}

const SPACE = 32
const TAB = 9
const GT = 62
const LF = 10
const CR = 13

/** Length of a list marker (`-`, `*`, `+`, `1.`, `1)`) at `i` followed by a blank or line end. */
function listMarkerAt(text: string, i: number): number {
  const c = text.charCodeAt(i)
  let end = i
  if (c === 45 || c === 42 || c === 43) {
    end = i + 1
  } else {
    while (end - i < 9 && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++
    if (end === i) return 0
    const after = text.charCodeAt(end)
    if (after !== 46 && after !== 41) return 0
    end++
  }
  const next = text.charCodeAt(end)
  const blank = next === SPACE || next === TAB || next === LF || next === CR
  return blank || Number.isNaN(next) ? end - i : 0
}

/**
 * An upper bound of how deep block quotes and list items nest in `markdown`. A container can only
 * open on a line that writes its marker (`>` or a list marker), and inside a list item only
 * indented by the item's content offset (two columns at least), so each line's depth is at most
 * the markers it starts with plus its indentation before the last of them, halved. A tab counts
 * four columns; the one blank after a marker is part of it. Measured per line, the largest
 * wins; true once any line passes `limit`.
 */
export function markdownNestsDeeperThan(markdown: string, limit: number): boolean {
  const n = markdown.length
  let i = 0
  while (i < n) {
    let columns = 0
    let columnsAtLastMarker = 0
    let markers = 0
    for (;;) {
      const c = markdown.charCodeAt(i)
      if (c === SPACE) {
        columns++
        i++
      } else if (c === TAB) {
        columns += 4
        i++
      } else if (c === GT) {
        markers++
        columnsAtLastMarker = columns
        i++
        if (markdown.charCodeAt(i) === SPACE) i++
      } else {
        const length = listMarkerAt(markdown, i)
        if (length === 0) break
        markers++
        columnsAtLastMarker = columns
        i += length
        if (markdown.charCodeAt(i) === SPACE) i++
      }
    }
    if (markers > 0 && markers + Math.floor(columnsAtLastMarker / 2) > limit) return true
    const end = markdown.indexOf('\n', i)
    if (end === -1) break
    i = end + 1
  }
  return false
}

/** The service's words for a description it refuses to convert for nesting too deep. */
export const tooDeepMessage = (limit: number): string =>
  `nests more than ${limit} levels deep (block quotes, lists or HTML elements inside one another); flatten it`

/**
 * Why the service would refuse `content` as a description of `type` for nesting (before any
 * conversion), or undefined. Text is never converted, so it never nests.
 */
export function descriptionNestingProblem(
  type: 'text' | 'markdown' | 'html',
  content: string,
  limit: number,
): string | undefined {
  const deep =
    type === 'markdown'
      ? markdownNestsDeeperThan(content, limit)
      : type === 'html' && htmlNestsDeeperThan(content, limit)
  return deep ? tooDeepMessage(limit) : undefined
}
