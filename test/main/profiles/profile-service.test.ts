// Profile CRUD against the in-memory SecretStore: keys go to the store, never to the file, and
// the views carry only a masked key.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCAL_PROFILE_NAME, ProfileService } from '../../../src-main/profiles/profile-service'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { BoardProfileView } from '../../../src-shared/ipc/contract'
import { useTempDir } from './temp-dir'

const KEY_A = 'tb_AAAAAAAAAAAA_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcd'
const KEY_B = 'tb_BBBBBBBBBBBB_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbwxyz'

const tempDir = useTempDir()

function setup() {
  const dir = tempDir()
  const secrets = new MemorySecretStore()
  const settingsPath = join(dir, 'boards.json')
  return { dir, secrets, settingsPath, service: new ProfileService(settingsPath, secrets) }
}

describe('ProfileService', () => {
  it('starts empty when there is no settings file', async () => {
    const { service } = setup()
    expect(await service.list()).toEqual([])
    expect(await service.current()).toBeNull()
  })

  it('adds boards, masks their keys and makes the first one current', async () => {
    const { service, secrets, settingsPath } = setup()
    const a = await service.add({
      name: ' Team A ',
      baseUrl: 'https://a.example.com/',
      apiKey: KEY_A,
    })
    const b = await service.add({ name: 'Team B', baseUrl: 'https://b.example.com', apiKey: KEY_B })
    expect(a).toMatchObject({ name: 'Team A', baseUrl: 'https://a.example.com', isCurrent: true })
    expect(b.isCurrent).toBe(false)
    const list = await service.list()
    for (const view of list) expect(() => BoardProfileView.parse(view)).not.toThrow()
    expect(list.map((v) => [v.name, v.hasKey, v.maskedKey, v.isLocal])).toEqual([
      ['Team A', true, 'tb_…abcd', false],
      ['Team B', true, 'tb_…wxyz', false],
    ])
    expect(JSON.stringify(list)).not.toContain(KEY_A.slice(3, -4))
    expect(secrets.size).toBe(2)
    expect(readFileSync(settingsPath, 'utf8')).not.toContain('tb_')
    expect(await service.apiKeyFor(b.id)).toBe(KEY_B)
  })

  it('selects, reports the current board and refuses unknown ids', async () => {
    const { service } = setup()
    await service.add({ name: 'A', baseUrl: 'https://a.example.com', apiKey: KEY_A })
    const b = await service.add({ name: 'B', baseUrl: 'https://b.example.com', apiKey: KEY_B })
    expect((await service.select(b.id)).isCurrent).toBe(true)
    expect((await service.current())?.id).toBe(b.id)
    expect((await service.list()).filter((v) => v.isCurrent).map((v) => v.id)).toEqual([b.id])
    await expect(service.select('nope')).rejects.toMatchObject({ reason: 'not_found' })
    await expect(service.apiKeyFor('nope')).rejects.toMatchObject({ reason: 'not_found' })
  })

  it('removes a board with its key; the current one hands over to the local board', async () => {
    const { service, secrets } = setup()
    const local = await service.ensureLocalProfile({
      baseUrl: 'http://127.0.0.1:4830',
      apiKey: KEY_A,
    })
    const b = await service.add({ name: 'B', baseUrl: 'https://b.example.com', apiKey: KEY_B })
    await service.select(b.id)
    await service.remove(b.id)
    expect(secrets.size).toBe(1)
    expect((await service.current())?.id).toBe(local.id)
    await service.remove(local.id)
    expect(await service.list()).toEqual([])
    expect(await service.current()).toBeNull()
    expect(secrets.size).toBe(0)
    await expect(service.remove(b.id)).rejects.toMatchObject({ reason: 'not_found' })
  })

  it('says so when a board has no key in the keychain', async () => {
    const { service, secrets } = setup()
    const a = await service.add({ name: 'A', baseUrl: 'https://a.example.com', apiKey: KEY_A })
    await secrets.delete(`board:${a.id}`)
    expect(await service.list()).toMatchObject([{ hasKey: false, maskedKey: '' }])
    await expect(service.apiKeyFor(a.id)).rejects.toMatchObject({ reason: 'no_key' })
  })

  it('refuses bad names, URLs and keys without touching the keychain or the disk', async () => {
    const { service, secrets, dir } = setup()
    const base = { name: 'A', baseUrl: 'https://a.example.com', apiKey: KEY_A }
    await expect(service.add({ ...base, name: '  ' })).rejects.toMatchObject({
      reason: 'invalid_input',
    })
    await expect(service.add({ ...base, apiKey: 'tb_with space' })).rejects.toMatchObject({
      reason: 'invalid_input',
    })
    await expect(service.add({ ...base, baseUrl: 'http://example.com' })).rejects.toThrow(
      /unencrypted.*https:\/\//,
    )
    expect(secrets.size).toBe(0)
    expect(readdirSync(dir)).toEqual([])
  })

  it('trims a pasted key (trailing newline) before storing it', async () => {
    const { service } = setup()
    const a = await service.add({
      name: 'A',
      baseUrl: 'https://a.example.com',
      apiKey: `${KEY_A}\n`,
    })
    expect(await service.apiKeyFor(a.id)).toBe(KEY_A)
  })

  it('keeps every change when operations overlap', async () => {
    const { service } = setup()
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        service.add({ name: `B${i}`, baseUrl: `https://b${i}.example.com`, apiKey: KEY_B }),
      ),
    )
    expect(await service.list()).toHaveLength(10)
  })
})

describe('the local board profile', () => {
  it('is created current on a first start and follows the port on later starts', async () => {
    const { service, settingsPath, secrets } = setup()
    const first = await service.ensureLocalProfile({
      baseUrl: 'http://127.0.0.1:4830/',
      apiKey: KEY_A,
    })
    expect(first).toMatchObject({
      name: LOCAL_PROFILE_NAME,
      baseUrl: 'http://127.0.0.1:4830',
      isLocal: true,
      isCurrent: true,
      hasKey: true,
      maskedKey: 'tb_…abcd',
    })
    const b = await service.add({ name: 'B', baseUrl: 'https://b.example.com', apiKey: KEY_B })
    await service.select(b.id)
    // A restart: new service instance, new port, same file.
    const again = new ProfileService(settingsPath, secrets)
    const second = await again.ensureLocalProfile({
      baseUrl: 'http://127.0.0.1:5123',
      apiKey: KEY_A,
    })
    expect(second).toMatchObject({
      id: first.id,
      baseUrl: 'http://127.0.0.1:5123',
      isCurrent: false,
    })
    expect(await again.list()).toHaveLength(2)
    expect((await again.current())?.id).toBe(b.id)
  })
})

describe('the planning settings of a board', () => {
  it('are off by default, kept per board across restarts, and left out of the file when off', async () => {
    const { service, settingsPath, secrets } = setup()
    const a = await service.add({ name: 'A', baseUrl: 'https://a.example.com', apiKey: KEY_A })
    const b = await service.add({ name: 'B', baseUrl: 'https://b.example.com', apiKey: KEY_B })
    expect(a.exactGaps).toBe(false)
    expect(await service.setPlanning(a.id, { exactGaps: true })).toMatchObject({
      id: a.id,
      exactGaps: true,
      cascadeWithoutAsking: false,
    })
    await service.setPlanning(b.id, { cascadeWithoutAsking: true })
    const again = new ProfileService(settingsPath, secrets)
    expect((await again.list()).map((p) => [p.id, p.exactGaps, p.cascadeWithoutAsking])).toEqual([
      [a.id, true, false],
      [b.id, false, true],
    ])
    // Format 2 while a setting is on: a planner from before them leaves the file alone.
    expect(JSON.parse(readFileSync(settingsPath, 'utf8')).version).toBe(2)
    await again.setPlanning(a.id, { exactGaps: false })
    await again.setPlanning(b.id, { cascadeWithoutAsking: false })
    expect(readFileSync(settingsPath, 'utf8')).not.toMatch(/exactGaps|cascadeWithoutAsking/)
    expect(JSON.parse(readFileSync(settingsPath, 'utf8')).version).toBe(1)
    await expect(again.setPlanning('gone', { exactGaps: true })).rejects.toThrow(
      /no longer configured/,
    )
  })
})

describe('the local board’s planning settings', () => {
  it('are kept when the local board comes back on another port at the next start', async () => {
    const { service, settingsPath, secrets } = setup()
    await service.ensureLocalProfile({ baseUrl: 'http://127.0.0.1:4830', apiKey: KEY_A })
    await service.setPlanning('local', { exactGaps: true, cascadeWithoutAsking: true })
    const again = new ProfileService(settingsPath, secrets)
    const local = await again.ensureLocalProfile({
      baseUrl: 'http://127.0.0.1:5123',
      apiKey: KEY_A,
    })
    expect(local).toMatchObject({
      baseUrl: 'http://127.0.0.1:5123',
      exactGaps: true,
      cascadeWithoutAsking: true,
    })
  })
})
