// Where board API keys live. The OS keychain is the only real home: when it cannot be used we
// fail closed (SecretStoreUnavailable) instead of falling back to any file, so no key is ever
// written to disk in the clear. Only keyring-secret-store.ts talks to the keychain itself.

export type SecretStoreCheck = { ok: true } | { ok: false; reason: string }

export interface SecretStore {
  /** The stored secret, or null when the account has none. */
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  /** True when a secret was deleted, false when there was none. */
  delete(account: string): Promise<boolean>
  /** Whether secrets can be stored and read back right now; the reason names the cause if not. */
  check(): Promise<SecretStoreCheck>
}

/** The keychain cannot be used; `reason` says why in words a person can act on. */
export class SecretStoreUnavailable extends Error {
  override readonly name = 'SecretStoreUnavailable'

  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The system keychain is unavailable: ${reason}`, options)
  }
}

/**
 * Keychain service name. Dev and packaged builds use different names so that a development run
 * never reads, overwrites or deletes the keys of the installed app.
 */
export function secretServiceName(packaged: boolean): string {
  return packaged ? 'taskboard-planner' : 'taskboard-planner-dev'
}
