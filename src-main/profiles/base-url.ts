// A board's base URL. The API key travels in every request, so plain http is allowed only to
// this machine (loopback), where nothing can listen on the wire in between.
import { isIP } from 'node:net'
import { ProfileError } from './profile-error'

/** Loopback hosts as WHATWG URL spells them (it already turns `127.1` into `127.0.0.1`). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host === '[::1]') return true
  return isIP(host) === 4 && host.startsWith('127.')
}

/**
 * Checks and normalises a base URL: https (or http to a loopback host), no credentials, query or
 * fragment, and no trailing slash, so `https://X/` and `https://X` name the same board.
 */
export function normaliseBaseUrl(input: string): string {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    // The input is not echoed: a key pasted into the wrong field must not end up in a log.
    throw new ProfileError(
      'invalid_url',
      'The base URL is not a valid URL (e.g. https://board.example.com).',
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ProfileError('invalid_url', `Base URLs must start with https://, not ${url.protocol}`)
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ProfileError(
      'invalid_url',
      `Refusing ${url.origin}: the API key would travel unencrypted. Use https:// (plain http is ` +
        'allowed only for this computer: localhost, 127.0.0.0/8 or [::1]).',
    )
  }
  // Credentials in the URL would be stored in the settings file in the clear.
  if (url.username !== '' || url.password !== '') {
    throw new ProfileError('invalid_url', 'Base URLs must not contain a user name or password.')
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ProfileError('invalid_url', 'Base URLs must not contain a query (?) or fragment (#).')
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}
