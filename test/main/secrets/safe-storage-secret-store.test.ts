// The desktop app's fallback for keys: Electron's safeStorage when the OS backs it, never its
// plain-text mode, and never a key in the clear on disk.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import {
  alsoReading,
  chooseDesktopSecretStore,
  SafeStorageSecretStore,
} from '../../../src-main/secrets/safe-storage-secret-store'
import type { SafeStorageLike } from '../../../src-main/secrets/safe-storage-secret-store'
import type { SecretStore } from '../../../src-main/secrets/secret-store'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-safe-storage-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A safeStorage whose "encryption" reverses and tags the text, with a chosen backend. */
function fakeSafeStorage(backend = 'gnome_libsecret', available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => Buffer.from(`enc:${[...text].reverse().join('')}`),
    decryptString: (data) => [...data.toString().slice(4)].reverse().join(''),
    getSelectedStorageBackend: () => backend,
  }
}

const unavailable: SecretStore = {
  ...new MemorySecretStore(),
  check: async () => ({ ok: false, reason: 'no Secret Service provider is running' }),
  get: async () => {
    throw new Error('unavailable')
  },
  set: async () => {
    throw new Error('unavailable')
  },
  delete: async () => {
    throw new Error('unavailable')
  },
}

describe('SafeStorageSecretStore', () => {
  it('keeps keys encrypted in its file and reads them back', async () => {
    const file = join(dir, 'keys.json')
    const store = new SafeStorageSecretStore(fakeSafeStorage(), file, 'linux')
    expect(await store.check()).toEqual({ ok: true })
    await store.set('board:a', 'tb_secret_key_1234')
    expect(await store.get('board:a')).toBe('tb_secret_key_1234')
    expect(readFileSync(file, 'utf8')).not.toContain('tb_secret_key_1234')
    expect(await new SafeStorageSecretStore(fakeSafeStorage(), file, 'linux').get('board:a')).toBe(
      'tb_secret_key_1234',
    )
    expect(await store.delete('board:a')).toBe(true)
    expect(await store.delete('board:a')).toBe(false)
    expect(await store.get('board:a')).toBeNull()
  })

  it("fails closed on Linux when safeStorage would keep keys as plain text ('basic_text')", async () => {
    const store = new SafeStorageSecretStore(fakeSafeStorage('basic_text'), join(dir, 'k'), 'linux')
    expect(await store.check()).toMatchObject({ ok: false, reason: /plain text/ })
    await expect(store.set('board:a', 'x')).rejects.toMatchObject({
      name: 'SecretStoreUnavailable',
    })
  })

  it('fails closed when the OS offers no encryption', async () => {
    const store = new SafeStorageSecretStore(fakeSafeStorage('x', false), join(dir, 'k'), 'darwin')
    expect(await store.check()).toMatchObject({ ok: false })
  })
})

describe('chooseDesktopSecretStore', () => {
  it('prefers the keychain, then safeStorage when the OS backs it, else fails closed', async () => {
    const keychain = new MemorySecretStore()
    const safe = new SafeStorageSecretStore(fakeSafeStorage(), join(dir, 'k'), 'linux')
    const plain = new SafeStorageSecretStore(fakeSafeStorage('basic_text'), join(dir, 'k'), 'linux')
    const log: string[] = []
    await (
      await chooseDesktopSecretStore(keychain, safe, (m) => log.push(m))
    ).set('a', 'in-keychain')
    expect(await keychain.get('a')).toBe('in-keychain')
    await (
      await chooseDesktopSecretStore(unavailable, safe, (m) => log.push(m))
    ).set('b', 'in-safe')
    expect(await safe.get('b')).toBe('in-safe')
    expect(log.at(-1)).toMatch(/kept encrypted with the OS's safeStorage/)
    const closed = await chooseDesktopSecretStore(unavailable, plain, (m) => log.push(m))
    await expect(closed.set('c', 'x')).rejects.toThrow()
    expect(log.at(-1)).toMatch(/No safe place for API keys/)
  })

  it('finds a key an earlier start kept in the other store, moves it, and removes it from both', async () => {
    const keychain = new MemorySecretStore()
    const safe = new SafeStorageSecretStore(fakeSafeStorage(), join(dir, 'k'), 'linux')
    // A start with the keychain locked kept the key with safeStorage.
    await (await chooseDesktopSecretStore(unavailable, safe, () => {})).set('board', 'tb_key')
    // The next start has the keychain: the board still has its key, now in the keychain.
    const next = await chooseDesktopSecretStore(keychain, safe, () => {})
    expect(await next.get('board')).toBe('tb_key')
    expect(await keychain.get('board')).toBe('tb_key')
    expect(await safe.get('board')).toBeNull()
    // A removed board leaves its key in neither store.
    await safe.set('board', 'tb_stale')
    expect(await next.delete('board')).toBe(true)
    expect([await keychain.get('board'), await safe.get('board')]).toEqual([null, null])
  })

  it('moves many keys at once without losing one (every board is listed at once)', async () => {
    // Each move read the file, added its key and wrote the file back: run side by side, each
    // write overwrote the others, and every key was then deleted from the keychain.
    const keychain = new MemorySecretStore()
    const safe = new SafeStorageSecretStore(fakeSafeStorage(), join(dir, 'k'), 'linux')
    const accounts = ['board:a', 'board:b', 'board:c', 'board:d']
    for (const account of accounts) await keychain.set(account, `tb_key_of_${account}`)
    const store = alsoReading(safe, keychain)
    const read = await Promise.all(accounts.map((account) => store.get(account)))
    expect(read).toEqual(accounts.map((account) => `tb_key_of_${account}`))
    // Every key moved: in safeStorage's file, none left behind in the keychain.
    const fresh = new SafeStorageSecretStore(fakeSafeStorage(), join(dir, 'k'), 'linux')
    expect(await Promise.all(accounts.map((account) => fresh.get(account)))).toEqual(read)
    expect(keychain.size).toBe(0)
  })

  it('keeps a key where it was when the move cannot be read back', async () => {
    const keychain = new MemorySecretStore()
    await keychain.set('board', 'tb_key')
    const lossy: SecretStore = {
      ...new MemorySecretStore(),
      check: async () => ({ ok: true }),
      get: async () => null,
      set: async () => undefined,
      delete: async () => false,
    }
    expect(await alsoReading(lossy, keychain).get('board')).toBe('tb_key')
    expect(await keychain.get('board')).toBe('tb_key')
  })
})
