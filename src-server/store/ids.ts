import { randomBytes } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Opaque, URL-safe, unguessable ids (16 characters of base 62, ~95 bits). */
export function randomId(): string {
  let out = ''
  while (out.length < 16) {
    for (const byte of randomBytes(24))
      if (byte < 248 && out.length < 16) out += ALPHABET[byte % 62]
  }
  return out
}
