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

/** An absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
