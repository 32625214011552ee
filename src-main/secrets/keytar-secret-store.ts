// The OS keychain through keytar: the ONLY module that imports keytar (archived upstream, so it
// must stay replaceable). It is imported lazily so that a missing or broken native module turns
// into SecretStoreUnavailable when a key is needed, not into a crash when main starts.
import { randomUUID } from 'node:crypto'
import type * as KeytarModule from 'keytar'
import { SecretStoreUnavailable } from './secret-store'
import type { SecretStore, SecretStoreCheck } from './secret-store'

export type Keytar = Pick<typeof KeytarModule, 'getPassword' | 'setPassword' | 'deletePassword'>

async function importKeytar(): Promise<Keytar> {
  // keytar is CommonJS: its functions sit on `default` when imported from ESM.
  const mod = (await import('keytar')) as typeof KeytarModule & { default?: Keytar }
  return mod.default ?? mod
}

/** Account used by check(); board accounts never take this name. */
const PROBE_ACCOUNT = '__taskboard-probe__'

export class KeytarSecretStore implements SecretStore {
  #keytar: Promise<Keytar> | null = null

  /**
   * @param service keychain service name, see secretServiceName()
   * @param load how keytar is loaded; tests pass a failing loader
   */
  constructor(
    readonly service: string,
    private readonly load: () => Promise<Keytar> = importKeytar,
  ) {}

  get(account: string): Promise<string | null> {
    return this.#call((k) => k.getPassword(this.service, account))
  }

  set(account: string, secret: string): Promise<void> {
    return this.#call((k) => k.setPassword(this.service, account, secret))
  }

  delete(account: string): Promise<boolean> {
    return this.#call((k) => k.deletePassword(this.service, account))
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

  async #call<T>(operation: (keytar: Keytar) => Promise<T>): Promise<T> {
    const keytar = await this.#module()
    try {
      return await operation(keytar)
    } catch (error) {
      throw new SecretStoreUnavailable(describeKeychainError(error), { cause: error })
    }
  }

  async #module(): Promise<Keytar> {
    // Only a successful load is cached, so a fixed environment works without a restart.
    this.#keytar ??= this.load().catch((error: unknown) => {
      this.#keytar = null
      throw new SecretStoreUnavailable(
        `the keytar native module could not be loaded (${messageOf(error)})`,
        { cause: error },
      )
    })
    return this.#keytar
  }
}

function reasonOf(error: unknown): string {
  return error instanceof SecretStoreUnavailable ? error.reason : describeKeychainError(error)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Names the cause of a keytar failure. The patterns are libsecret/D-Bus messages seen on Linux
 * (see shared/notes/toolchain.md, rows 4d-4h); anything else is passed on as the keychain said it.
 */
export function describeKeychainError(error: unknown): string {
  const message = messageOf(error)
  const causes: Array<[RegExp, string]> = [
    [
      /autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|Could not connect|Failed to connect to socket/i,
      'no D-Bus session bus is reachable (run the app inside a desktop session)',
    ],
    [
      /not provided by any \.service files|ServiceUnknown|org\.freedesktop\.secrets/i,
      'no Secret Service provider (such as gnome-keyring or KWallet) is running',
    ],
    [/locked collection|is locked|dismissed/i, 'the keyring is locked; unlock it and try again'],
    [
      /Object does not exist at path .*collection/i,
      'the default keyring does not exist or is locked, and no unlock prompt could be shown',
    ],
  ]
  const cause = causes.find(([pattern]) => pattern.test(message))
  return cause ? `${cause[1]} (${message})` : `the keychain reported an error (${message})`
}
