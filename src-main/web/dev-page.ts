// Dev mode only (`npm run dev:web`): the page's Content-Security-Policy with the page's own inline
// scripts allowed by hash.
//
// Why: React Fast Refresh needs a preamble that @vitejs/plugin-react writes inline into
// index.html (it installs the refresh runtime's hook before React loads; without it every
// component module throws), and `script-src 'self'` refuses every inline script. Rather than
// 'unsafe-inline', exactly the inline scripts of the page as served are allowed, by their SHA-256
// hash: a script injected later, or with any other content, still cannot run. A hash rather than
// a nonce because the page is made whole on the server and nothing else needs marking. The
// policy is relaxed in the response header and in index.html's own CSP meta tag, since the
// browser enforces both. `npm run web` and the desktop app never use this.
import { createHash } from 'node:crypto'

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const CSP_META =
  /(<meta\s[^>]*http-equiv\s*=\s*["']Content-Security-Policy["'][^>]*content\s*=\s*")([^"]*)(")/i

/** `'sha256-…'` sources of the page's inline scripts (those with no `src`), in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? '') || !body) continue
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...new Set(hashes)]
}

/** `policy` with `sources` added to its script-src directive (which it must have). */
export function allowScripts(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy
  const directives = policy.split(';').map((directive) => directive.trim())
  const index = directives.findIndex((directive) => /^script-src(\s|$)/.test(directive))
  if (index < 0) throw new Error('The policy has no script-src directive to extend.')
  directives[index] = `${directives[index]} ${sources.join(' ')}`
  return directives.join('; ')
}

/**
 * The dev page and the policy to send with it: `headerPolicy` and the page's CSP meta tag (when
 * it has one), each with the page's inline scripts allowed by hash.
 */
export function devPage(html: string, headerPolicy: string): { html: string; policy: string } {
  const hashes = inlineScriptHashes(html)
  return {
    html: html.replace(
      CSP_META,
      (_, before: string, policy: string, after: string) =>
        `${before}${allowScripts(policy, hashes)}${after}`,
    ),
    policy: allowScripts(headerPolicy, hashes),
  }
}
