// The test double must behave like a keychain, including an unavailable one.
import { describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'

describe('MemorySecretStore', () => {
  it('stores, deletes and can play an unavailable keychain', async () => {
    const store = new MemorySecretStore()
    await store.set('a', 'x')
    expect(await store.get('a')).toBe('x')
    expect(await store.delete('a')).toBe(true)
    expect(await store.delete('a')).toBe(false)
    expect(await store.get('a')).toBeNull()
    store.setUnavailable('no D-Bus session bus is reachable')
    expect(await store.check()).toEqual({ ok: false, reason: 'no D-Bus session bus is reachable' })
    await expect(store.get('a')).rejects.toThrow(
      'The system keychain is unavailable: no D-Bus session bus is reachable',
    )
  })
})
