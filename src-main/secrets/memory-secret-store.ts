// In-memory SecretStore for tests. It can be switched to "unavailable" to exercise the
// fail-closed paths without a real keychain. Never used as a production fallback: that would
// silently lose keys on restart and hide a broken keychain.
import { SecretStoreUnavailable } from './secret-store'
import type { SecretStore, SecretStoreCheck } from './secret-store'

export class MemorySecretStore implements SecretStore {
  readonly #secrets = new Map<string, string>()
  #unavailable: string | null = null

  /** Makes every call fail with SecretStoreUnavailable(reason); null makes it work again. */
  setUnavailable(reason: string | null): void {
    this.#unavailable = reason
  }

  /** Number of stored secrets (for tests that assert nothing was left behind). */
  get size(): number {
    return this.#secrets.size
  }

  async get(account: string): Promise<string | null> {
    this.#assertAvailable()
    return this.#secrets.get(account) ?? null
  }

  async set(account: string, secret: string): Promise<void> {
    this.#assertAvailable()
    this.#secrets.set(account, secret)
  }

  async delete(account: string): Promise<boolean> {
    this.#assertAvailable()
    return this.#secrets.delete(account)
  }

  async check(): Promise<SecretStoreCheck> {
    return this.#unavailable === null ? { ok: true } : { ok: false, reason: this.#unavailable }
  }

  #assertAvailable(): void {
    if (this.#unavailable !== null) throw new SecretStoreUnavailable(this.#unavailable)
  }
}
