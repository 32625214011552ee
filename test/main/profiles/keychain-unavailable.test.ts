// Fail closed: with no usable keychain a board is not saved, the error names the cause, and
// nothing on disk changes.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ProfileService } from '../../../src-main/profiles/profile-service'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { useTempDir } from './temp-dir'

const KEY = 'tb_AAAAAAAAAAAA_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcd'
const NO_PROVIDER = 'no Secret Service provider (such as gnome-keyring or KWallet) is running'
const tempDir = useTempDir()

function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]))
}

describe('without a usable keychain', () => {
  it('refuses to add a board and leaves the disk as it was', async () => {
    const dir = tempDir()
    const secrets = new MemorySecretStore()
    const service = new ProfileService(join(dir, 'boards.json'), secrets)
    await service.add({ name: 'A', baseUrl: 'https://a.example.com', apiKey: KEY })
    const before = snapshot(dir)

    secrets.setUnavailable(NO_PROVIDER)
    const attempt = service.add({ name: 'B', baseUrl: 'https://b.example.com', apiKey: KEY })
    await expect(attempt).rejects.toMatchObject({
      reason: 'keychain_unavailable',
      message: `The board was not saved. The system keychain is unavailable: ${NO_PROVIDER}.`,
    })
    expect(snapshot(dir)).toEqual(before)
    expect(secrets.size).toBe(1)
  })

  it('creates no settings file on a first start', async () => {
    const dir = tempDir()
    const secrets = new MemorySecretStore()
    secrets.setUnavailable('no D-Bus session bus is reachable')
    const service = new ProfileService(join(dir, 'boards.json'), secrets)
    await expect(
      service.ensureLocalProfile({ baseUrl: 'http://127.0.0.1:4830', apiKey: KEY }),
    ).rejects.toThrow(/local demo board could not be set up.*no D-Bus session/)
    expect(existsSync(join(dir, 'boards.json'))).toBe(false)
  })

  it('still lists boards (without keys) but refuses to remove one or hand out its key', async () => {
    const dir = tempDir()
    const secrets = new MemorySecretStore()
    const service = new ProfileService(join(dir, 'boards.json'), secrets)
    const a = await service.add({ name: 'A', baseUrl: 'https://a.example.com', apiKey: KEY })
    secrets.setUnavailable('the keyring is locked; unlock it and try again')
    expect(await service.list()).toMatchObject([{ id: a.id, hasKey: false, maskedKey: '' }])
    await expect(service.apiKeyFor(a.id)).rejects.toMatchObject({ reason: 'keychain_unavailable' })
    await expect(service.remove(a.id)).rejects.toThrow(/not removed.*keyring is locked/)
    secrets.setUnavailable(null)
    expect(await service.apiKeyFor(a.id)).toBe(KEY)
  })
})
