// Checks of text values that the service applies (custom properties of type Email and URL) and
// that the planner's forms apply before anything is sent, so both say the same thing.

const WHITESPACE = /\s/

/**
 * What `/^[^\s@]+@[^\s@]+\.[^\s@]+$/` accepts (one @ with something before it, a dot inside
 * what follows it, no whitespace), in linear time: that regex backtracks quadratically
 * (`"a@" + "."×200000 + " "` took 23 s).
 */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@')
  if (at < 1 || value.indexOf('@', at + 1) !== -1) return false
  // A dot with at least one character on either side, within the domain.
  const dot = value.indexOf('.', at + 2)
  if (dot === -1 || dot === value.length - 1) return false
  return !WHITESPACE.test(value)
}

/** Whitespace or a control character anywhere (the URL parser would trim or encode them). */
function hasSpaceOrControl(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i)
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return true
  }
  return WHITESPACE.test(value)
}
/** The scheme, then `//` and a host: `https:foo` (which the parser reads as https://foo/) is not. */
const HTTP_START = /^https?:\/\/[^/?#]/i

/**
 * An absolute http: or https: URL, written as one: no whitespace or control characters (the
 * parser accepts ` https://x.com ` and `http://x.com/a b`, and a value stored so would never
 * match a filter for the URL it looks like), the scheme followed by `//` and a host.
 */
export function isHttpUrl(value: string): boolean {
  if (hasSpaceOrControl(value) || !HTTP_START.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Characters as every length limit counts them (SERVICE_LIMITS, docs/board-service.md): Unicode
 * code points, so that '😀' is one, not the two UTF-16 units `length` counts. zod's `.max` on a
 * string counts the same way (title, description, tags); the property values are checked here.
 */
export function characterCount(value: string): number {
  let count = value.length
  for (let i = 0; i < value.length - 1; i += 1) {
    const code = value.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1
        i += 1
      }
    }
  }
  return count
}
