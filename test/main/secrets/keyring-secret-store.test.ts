// The keychain store without a keychain: a broken native module and keychain errors become
// SecretStoreUnavailable with a reason a person can act on, never a crash.
import { describe, expect, it } from 'vitest'
import {
  KeyringSecretStore,
  describeKeychainError,
} from '../../../src-main/secrets/keyring-secret-store'
import type { Keychain, KeychainEntry } from '../../../src-main/secrets/keyring-secret-store'
import { SecretStoreUnavailable, secretServiceName } from '../../../src-main/secrets/secret-store'

const every =
  (entry: KeychainEntry): Keychain =>
  () =>
    entry

const failing = (message: string): Keychain => {
  const fail = () => Promise.reject(new Error(message))
  return every({ getPassword: fail, setPassword: fail, deletePassword: fail })
}

describe('KeyringSecretStore', () => {
  it('turns a native module that cannot load into SecretStoreUnavailable', async () => {
    let loads = 0
    const store = new KeyringSecretStore('svc', () => {
      loads++
      return Promise.reject(new Error('Cannot find module @napi-rs/keyring-linux-x64-gnu'))
    })
    await expect(store.get('a')).rejects.toBeInstanceOf(SecretStoreUnavailable)
    await expect(store.set('a', 's')).rejects.toThrow(
      'The system keychain is unavailable: the keychain module could not be loaded (Cannot find module',
    )
    expect(await store.check()).toEqual({
      ok: false,
      reason: expect.stringMatching(/^the keychain module could not be loaded/),
    })
    // A failed load is retried, so a repaired install works without a restart.
    expect(loads).toBe(3)
  })

  it('names the cause of keychain errors', async () => {
    const store = new KeyringSecretStore('svc', async () =>
      failing('The name org.freedesktop.secrets was not provided by any .service files'),
    )
    await expect(store.set('a', 's')).rejects.toMatchObject({
      name: 'SecretStoreUnavailable',
      reason: expect.stringMatching(/^no Secret Service provider/),
    })
    expect(await store.check()).toMatchObject({ ok: false, reason: /no Secret Service provider/ })
  })

  it('fails the check when a stored value does not come back (a locked keyring)', async () => {
    const locked = every({
      getPassword: async () => null,
      setPassword: async () => undefined,
      deletePassword: async () => false,
    })
    const store = new KeyringSecretStore('svc', async () => locked)
    expect(await store.check()).toMatchObject({ ok: false, reason: /did not return a value/ })
  })

  it('passes service and account through', async () => {
    const calls: string[] = []
    const keychain: Keychain = (s, a) => ({
      getPassword: async () => (calls.push(`get ${s} ${a}`), 'v'),
      setPassword: async () => void calls.push(`set ${s} ${a}`),
      deletePassword: async () => (calls.push(`delete ${s} ${a}`), true),
    })
    const store = new KeyringSecretStore(secretServiceName(false), async () => keychain)
    await store.set('board:1', 'x')
    expect(await store.get('board:1')).toBe('v')
    expect(await store.delete('board:1')).toBe(true)
    expect(calls).toEqual([
      'set taskboard-planner-dev board:1',
      'get taskboard-planner-dev board:1',
      'delete taskboard-planner-dev board:1',
    ])
  })
})

describe('describeKeychainError', () => {
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', /^no D-Bus session bus/],
    ['Could not connect: No such file or directory', /^no D-Bus session bus/],
    [
      'The name org.freedesktop.secrets was not provided by any .service files',
      /^no Secret Service/,
    ],
    ['Cannot create an item in a locked collection', /^the keyring is locked/],
    [
      'Object does not exist at path “/org/freedesktop/secrets/collection/login”',
      /^the default keyring/,
    ],
    ['Something else', /^the keychain reported an error \(Something else\)$/],
  ])('%s', (message, expected) => {
    expect(describeKeychainError(new Error(message))).toMatch(expected)
  })
})

describe('secretServiceName', () => {
  it('keeps dev runs away from the installed app', () => {
    expect(secretServiceName(true)).toBe('taskboard-planner')
    expect(secretServiceName(false)).toBe('taskboard-planner-dev')
  })
})
