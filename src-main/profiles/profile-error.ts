// Errors of the profile service. `code` lets the IPC layer map them to error values; `message`
// is written for a person and never contains key material.

export type ProfileErrorCode =
  | 'invalid_input'
  | 'invalid_url'
  | 'not_found'
  | 'no_key'
  | 'keychain_unavailable'
  | 'settings_corrupt'
  | 'settings_unsupported'

export class ProfileError extends Error {
  override readonly name = 'ProfileError'

  constructor(
    readonly code: ProfileErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
