// The API client cache of main's services (src-main/services/client-cache.ts): one client per
// board while its base URL and key stay, a new one when either changes, and no raw key kept.
// (Beside test/main/services/ rather than in it while that folder is being reworked.)
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../src-main/api'
import { ClientCache, credentialsFingerprint } from '../../src-main/services/client-cache'
import type { ClientCredentials } from '../../src-main/services/client-cache'

const KEY = 'tb_live_0123456789abcdefSECRET'
const ROTATED = 'tb_live_fedcba9876543210ROTATED'
const BASE = 'https://board.example.com'

/** A cache whose clients only count how many were made (they never see the key). */
function countingCache() {
  let made = 0
  const cache = new ClientCache((_credentials: ClientCredentials) => ({ n: ++made }))
  return { cache, made: () => made }
}

describe('ClientCache', () => {
  it('keeps one client per board while its base URL and key stay the same', () => {
    const { cache, made } = countingCache()
    const first = cache.get('p1', { baseUrl: BASE, apiKey: KEY })
    expect(cache.get('p1', { baseUrl: BASE, apiKey: KEY })).toBe(first)
    expect(cache.get('p2', { baseUrl: BASE, apiKey: KEY })).not.toBe(first)
    expect(made()).toBe(2)
  })

  it('makes a new client when the key or the base URL changes', () => {
    const { cache } = countingCache()
    const first = cache.get('p1', { baseUrl: BASE, apiKey: KEY })
    const rotated = cache.get('p1', { baseUrl: BASE, apiKey: ROTATED })
    expect(rotated).not.toBe(first)
    expect(cache.get('p1', { baseUrl: BASE, apiKey: ROTATED })).toBe(rotated)
    const moved = cache.get('p1', { baseUrl: 'https://other.example.com', apiKey: ROTATED })
    expect(moved).not.toBe(rotated)
    expect(cache.keys()).toHaveLength(1)
  })

  it('is keyed by profile id and a sha-256 fingerprint; the raw key is kept nowhere', () => {
    const { cache } = countingCache()
    cache.get('p1', { baseUrl: BASE, apiKey: KEY })
    cache.get('p2', { baseUrl: BASE, apiKey: ROTATED })
    const keys = cache.keys()
    expect(keys).toEqual([
      `p1:${credentialsFingerprint({ baseUrl: BASE, apiKey: KEY })}`,
      `p2:${credentialsFingerprint({ baseUrl: BASE, apiKey: ROTATED })}`,
    ])
    for (const key of keys) expect(key).toMatch(/^p\d:[0-9a-f]{64}$/)
    const everything = `${keys.join('\n')}\n${inspect(cache, { depth: 10, showHidden: true })}`
    expect(everything).not.toContain(KEY)
    expect(everything).not.toContain(ROTATED)
    expect(everything).not.toContain('SECRET')
  })

  it('forgets a removed board', () => {
    const { cache } = countingCache()
    const first = cache.get('p1', { baseUrl: BASE, apiKey: KEY })
    cache.forget('p1')
    expect(cache.keys()).toEqual([])
    expect(cache.get('p1', { baseUrl: BASE, apiKey: KEY })).not.toBe(first)
  })

  it('hangs nothing on the API clients it makes', () => {
    const cache = new ClientCache((credentials) => new ApiClient(credentials))
    const client = cache.get('p1', { baseUrl: BASE, apiKey: KEY })
    expect(client).toBeInstanceOf(ApiClient)
    expect(Object.keys(client)).not.toContain('cacheKey')
  })
})
