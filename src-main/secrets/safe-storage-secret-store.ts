// The desktop app's second home for keys when no OS keychain can be used: Electron's safeStorage,
// which encrypts with a key the OS keeps (Keychain on macOS, DPAPI on Windows, the Secret
// Service or KWallet on Linux), the ciphertext in a file of the user-data folder. On Linux,
// safeStorage falls back to a hard-coded password ('basic_text') when no keyring backs it: that
// is plain text in all but name, so this store then fails closed like the keychain does.
// Electron-free: the caller passes Electron's safeStorage.
import { readFile } from 'node:fs/promises'
import { writeFileAtomic } from '../profiles/atomic-write'
import { SecretStoreUnavailable } from './secret-store'
import type { SecretStore, SecretStoreCheck } from './secret-store'

/** What this store needs of Electron's `safeStorage`. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only: which backend encrypts ('basic_text' means none does). */
  getSelectedStorageBackend?(): string
}

export class SafeStorageSecretStore implements SecretStore {
  // Every change reads the whole file and writes it back: one at a time, or two at once (every
  // board's key moved in at the first listing) each wrote over the other's key.
  #queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly safeStorage: SafeStorageLike,
    /** The file of encrypted keys (base64 per account), in the user-data folder. */
    private readonly file: string,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  async check(): Promise<SecretStoreCheck> {
    const reason = this.unusable()
    return reason ? { ok: false, reason } : { ok: true }
  }

  async get(account: string): Promise<string | null> {
    this.assertUsable()
    const stored = (await this.read())[account]
    return stored === undefined
      ? null
      : this.safeStorage.decryptString(Buffer.from(stored, 'base64'))
  }

  set(account: string, secret: string): Promise<void> {
    return this.#exclusive(async () => {
      this.assertUsable()
      const all = await this.read()
      all[account] = this.safeStorage.encryptString(secret).toString('base64')
      await writeFileAtomic(this.file, JSON.stringify(all))
    })
  }

  delete(account: string): Promise<boolean> {
    return this.#exclusive(async () => {
      this.assertUsable()
      const all = await this.read()
      if (!Object.hasOwn(all, account)) return false
      delete all[account]
      await writeFileAtomic(this.file, JSON.stringify(all))
      return true
    })
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work)
    this.#queue = run.catch(() => undefined)
    return run
  }

  private unusable(): string | undefined {
    if (!this.safeStorage.isEncryptionAvailable())
      return "the OS offers no encryption for Electron's safeStorage"
    if (
      this.platform === 'linux' &&
      this.safeStorage.getSelectedStorageBackend?.() === 'basic_text'
    )
      return "no keyring backs Electron's safeStorage here, so keys would be kept as plain text"
    return undefined
  }

  private assertUsable(): void {
    const reason = this.unusable()
    if (reason) throw new SecretStoreUnavailable(reason)
  }

  private async read(): Promise<Record<string, string>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'))
      return typeof parsed === 'object' && parsed !== null
        ? (Object.fromEntries(
            Object.entries(parsed).filter(([, v]) => typeof v === 'string'),
          ) as Record<string, string>)
        : {}
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw new SecretStoreUnavailable(
        `the file of encrypted keys cannot be read (${String(error)})`,
      )
    }
  }
}

/**
 * The store the desktop app uses: the OS keychain when it works; else safeStorage when the OS
 * really backs it; else the keychain anyway, which then fails closed with its reason (a board
 * cannot be saved, and the message says why). Never a store that keeps keys in the clear.
 */
export async function chooseDesktopSecretStore(
  keychain: SecretStore,
  safeStorage: SecretStore,
  log: (message: string) => void,
): Promise<SecretStore> {
  const primary = await keychain.check()
  if (primary.ok) return alsoReading(keychain, safeStorage)
  const fallback = await safeStorage.check()
  if (fallback.ok) {
    log(
      `The system keychain is unavailable (${primary.reason}); keys are kept encrypted with the OS's safeStorage instead.`,
    )
    return alsoReading(safeStorage, keychain)
  }
  log(
    `No safe place for API keys: ${primary.reason}; ${fallback.reason}. Boards cannot be saved until the keychain works.`,
  )
  return keychain
}

/**
 * `active`, which also finds a key that an earlier start kept in `other` (the store is chosen at
 * each start: a keychain locked at one start and open at the next left every key in the other
 * store unseen, and the boards asked for their keys again). A key found there moves into the
 * active store. Delete removes a key from both, so that a removed board leaves none behind.
 */
export function alsoReading(active: SecretStore, other: SecretStore): SecretStore {
  return {
    async get(account) {
      const found = await active.get(account)
      if (found !== null) return found
      const elsewhere = await other.get(account).catch(() => null)
      if (elsewhere === null) return null
      try {
        await active.set(account, elsewhere)
        // Removed from the other store only once the active one gives it back.
        if ((await active.get(account)) === elsewhere) await other.delete(account)
      } catch {
        // Kept where it was: it is found there again next time.
      }
      return elsewhere
    },
    set: (account, secret) => active.set(account, secret),
    async delete(account) {
      const here = await active.delete(account)
      const there = await other.delete(account).catch(() => false)
      return here || there
    },
    check: () => active.check(),
  }
}
