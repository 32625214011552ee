// Errors of the profile service, a kind of IpcFailure: `code` is the IPC code the renderer gets,
// `reason` says which profile rule failed; `message` is written for a person and never contains
// key material.
import type { IpcErrorCode } from '../../src-shared/ipc'
import { IpcFailure } from '../../src-shared/ipc/ipc-failure'

export type ProfileErrorCode =
  | 'invalid_input'
  | 'invalid_url'
  | 'not_found'
  | 'no_key'
  | 'keychain_unavailable'
  | 'settings_corrupt'
  | 'settings_unsupported'

/** How each profile failure reaches the renderer. */
const IPC_CODES: Record<ProfileErrorCode, IpcErrorCode> = {
  invalid_input: 'INVALID_REQUEST',
  invalid_url: 'INVALID_REQUEST',
  not_found: 'NOT_FOUND',
  no_key: 'KEY_REJECTED',
  keychain_unavailable: 'KEYCHAIN_UNAVAILABLE',
  settings_corrupt: 'INTERNAL',
  settings_unsupported: 'INTERNAL',
}

export class ProfileError extends IpcFailure {
  override readonly name = 'ProfileError'

  constructor(
    readonly reason: ProfileErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(IPC_CODES[reason], message, options)
  }
}
