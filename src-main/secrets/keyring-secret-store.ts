// The OS keychain through @napi-rs/keyring: the ONLY module that imports it, so it stays
// replaceable. The binding ships prebuilt for each platform as optional npm packages (N-API: no
// compiler, no headers, no download at install, and the same binary loads in Electron). It is
// imported lazily so that a missing or broken native module turns into SecretStoreUnavailable
// when a key is needed, not into a crash when main starts.
//
// On Linux the binding would fall back from the Secret Service to the kernel keyring, which does
// not outlive a reboot (or a session): keys there would vanish silently. Entries are pinned to
// the Secret Service, so without one the store fails closed instead.
import { randomUUID } from 'node:crypto'
import { SecretStoreUnavailable } from './secret-store'
import type { SecretStore, SecretStoreCheck } from './secret-store'

/** One keychain entry (service + account), as the binding's AsyncEntry offers it. */
export interface KeychainEntry {
  getPassword(): Promise<string | null | undefined>
  setPassword(secret: string): Promise<void>
  deletePassword(): Promise<boolean>
}

export type Keychain = (service: string, account: string) => KeychainEntry

async function importKeyring(): Promise<Keychain> {
  const { AsyncEntry } = await import('@napi-rs/keyring')
  // Ignored on other platforms; on Linux: the Secret Service or nothing (see the top).
  return (service, account) =>
    new AsyncEntry(service, account, { linux: { store: 'secret-service' } })
}

/** Account used by check(); board accounts never take this name. */
const PROBE_ACCOUNT = '__taskboard-probe__'

export class KeyringSecretStore implements SecretStore {
  #keychain: Promise<Keychain> | null = null

  /**
   * @param service keychain service name, see secretServiceName()
   * @param load how the binding is loaded; tests pass a failing loader
   */
  constructor(
    readonly service: string,
    private readonly load: () => Promise<Keychain> = importKeyring,
  ) {}

  get(account: string): Promise<string | null> {
    return this.#call(async (entry) => (await entry(account).getPassword()) ?? null)
  }

  set(account: string, secret: string): Promise<void> {
    return this.#call((entry) => entry(account).setPassword(secret))
  }

  delete(account: string): Promise<boolean> {
    return this.#call((entry) => entry(account).deletePassword())
  }

  /**
   * A full write/read/delete round trip: a locked gnome-keyring answers reads with null rather
   * than an error, so only a write proves that keys can really be stored.
   */
  async check(): Promise<SecretStoreCheck> {
    try {
      const probe = `probe-${randomUUID()}`
      await this.set(PROBE_ACCOUNT, probe)
      const readBack = await this.get(PROBE_ACCOUNT)
      await this.delete(PROBE_ACCOUNT)
      if (readBack !== probe) {
        return { ok: false, reason: 'the keychain did not return a value just stored in it' }
      }
      return { ok: true }
    } catch (error) {
      return { ok: false, reason: reasonOf(error) }
    }
  }

  async #call<T>(operation: (entry: (account: string) => KeychainEntry) => Promise<T>): Promise<T> {
    const keychain = await this.#module()
    try {
      return await operation((account) => keychain(this.service, account))
    } catch (error) {
      throw new SecretStoreUnavailable(describeKeychainError(error), { cause: error })
    }
  }

  async #module(): Promise<Keychain> {
    // Only a successful load is cached, so a fixed environment works without a restart.
    this.#keychain ??= this.load().catch((error: unknown) => {
      this.#keychain = null
      throw new SecretStoreUnavailable(
        `the keychain module could not be loaded (${messageOf(error)})`,
        { cause: error },
      )
    })
    return this.#keychain
  }
}

function reasonOf(error: unknown): string {
  return error instanceof SecretStoreUnavailable ? error.reason : describeKeychainError(error)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Names the cause of a keychain failure. The patterns are Secret Service / D-Bus messages seen on
 * Linux (see shared/notes/toolchain.md, rows 4d-4k); anything else is passed on as the keychain
 * said it.
 */
export function describeKeychainError(error: unknown): string {
  const message = messageOf(error)
  const causes: Array<[RegExp, string]> = [
    [
      /autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|Could not connect|Failed to connect to socket|AccessDenied|platform storage: .*(D-?Bus|connect)/i,
      'no D-Bus session bus is reachable (run the app inside a desktop session)',
    ],
    [
      /not provided by any \.service files|ServiceUnknown|org\.freedesktop\.secrets/i,
      'no Secret Service provider (such as gnome-keyring or KWallet) is running',
    ],
    [/locked collection|is locked|dismissed/i, 'the keyring is locked; unlock it and try again'],
    [
      /Secret Service: no result found/i,
      'the default keyring does not exist or is locked, and no unlock prompt could be shown',
    ],
    [
      /Object does not exist at path .*collection/i,
      'the default keyring does not exist or is locked, and no unlock prompt could be shown',
    ],
  ]
  const cause = causes.find(([pattern]) => pattern.test(message))
  return cause ? `${cause[1]} (${message})` : `the keychain reported an error (${message})`
}
