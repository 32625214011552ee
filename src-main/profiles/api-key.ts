// API key checks and the masked form the renderer may see (`tb_…abcd`).
import { ProfileError } from './profile-error'

const KEY_PREFIX = 'tb_'

/**
 * Trims a pasted key and checks it. Keys travel in an HTTP header, so only printable ASCII
 * without spaces can work. Messages never repeat the key.
 */
export function normaliseApiKey(input: string): string {
  const key = input.trim()
  if (key === '') throw new ProfileError('invalid_input', 'The API key is empty.')
  if (key.length > 1000) throw new ProfileError('invalid_input', 'The API key is too long.')
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new ProfileError(
      'invalid_input',
      'The API key contains spaces or characters that an API key cannot have.',
    )
  }
  return key
}

/** The prefix and the last 4 characters; the tail is shown only when it gives away little. */
export function maskApiKey(key: string): string {
  const prefix = key.startsWith(KEY_PREFIX) ? KEY_PREFIX : ''
  const tail = key.length >= 16 ? key.slice(-4) : ''
  return `${prefix}…${tail}`
}
