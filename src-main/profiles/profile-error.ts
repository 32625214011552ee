// Errors of the profile service. `code` lets the IPC layer map them to error values; `message`
// is written for a person and never contains key material.
import type { IpcErrorCode } from '../../src-shared/ipc'

export type ProfileErrorCode =
  | 'invalid_input'
  | 'invalid_url'
  | 'not_found'
  | 'no_key'
  | 'keychain_unavailable'
  | 'settings_corrupt'
  | 'settings_unsupported'

/** How each profile failure reaches the renderer (see ipcCodeOf in ipc/ipc-router.ts). */
const IPC_CODES: Record<ProfileErrorCode, IpcErrorCode> = {
  invalid_input: 'INVALID_REQUEST',
  invalid_url: 'INVALID_REQUEST',
  not_found: 'NOT_FOUND',
  no_key: 'KEY_REJECTED',
  keychain_unavailable: 'KEYCHAIN_UNAVAILABLE',
  settings_corrupt: 'INTERNAL',
  settings_unsupported: 'INTERNAL',
}

export class ProfileError extends Error {
  override readonly name = 'ProfileError'

  get ipcCode(): IpcErrorCode {
    return IPC_CODES[this.code]
  }

  constructor(
    readonly code: ProfileErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
