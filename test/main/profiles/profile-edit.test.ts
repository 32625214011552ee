// Editing a board in the planner (rename it, move it to another address, give it a new key) keeps
// the board's id, refuses what a new board would be refused, and never leaves half a change.
// The same address with the same key is one board: adding or editing into a copy is refused.
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ProfileService } from '../../../src-main/profiles/profile-service'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { useTempDir } from './temp-dir'

const KEY_A = 'tb_AAAAAAAAAAAA_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcd'
const KEY_B = 'tb_BBBBBBBBBBBB_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbwxyz'

const tempDir = useTempDir()

async function withBoard() {
  const secrets = new MemorySecretStore()
  const service = new ProfileService(join(tempDir(), 'boards.json'), secrets)
  const board = await service.add({ name: 'Team', baseUrl: 'https://a.example.com', apiKey: KEY_A })
  return { secrets, service, board }
}

describe('editing a board', () => {
  it('renames it and keeps its key when the key is left blank', async () => {
    const { service, board } = await withBoard()
    const { view, moved } = await service.update(board.id, {
      name: ' Team two ',
      baseUrl: 'https://a.example.com/',
      apiKey: '',
    })
    expect(moved).toBe(false)
    expect(view).toMatchObject({ id: board.id, name: 'Team two', maskedKey: 'tb_…abcd' })
    expect(await service.apiKeyFor(board.id)).toBe(KEY_A)
    expect((await service.list()).map((b) => b.name)).toEqual(['Team two'])
  })

  it('gives it a new key, and says when the address moved', async () => {
    const { service, board } = await withBoard()
    const checked: string[] = []
    const { view, moved } = await service.update(
      board.id,
      { name: 'Team', baseUrl: 'https://b.example.com', apiKey: `${KEY_B}\n` },
      () => checked.push('move'),
    )
    expect(moved).toBe(true)
    expect(checked).toEqual(['move'])
    expect(view).toMatchObject({ id: board.id, baseUrl: 'https://b.example.com' })
    expect(await service.apiKeyFor(board.id)).toBe(KEY_B)
  })

  it('never sends the stored key to another server: a move there needs the key again', async () => {
    const { service, board } = await withBoard()
    for (const baseUrl of ['https://attacker.example.net', 'http://localhost:8080'])
      await expect(service.update(board.id, { name: 'Team', baseUrl, apiKey: '' })).rejects.toThrow(
        /enter the key again/i,
      )
    expect((await service.list())[0]).toMatchObject({ baseUrl: 'https://a.example.com' })
    // Another path on the same server keeps it.
    const { moved } = await service.update(board.id, {
      name: 'Team',
      baseUrl: 'https://a.example.com/board/v2',
      apiKey: '',
    })
    expect(moved).toBe(true)
    expect(await service.apiKeyFor(board.id)).toBe(KEY_A)
  })

  it('asks before a move only: the move can be refused, and then nothing changes', async () => {
    const { service, board } = await withBoard()
    const refuse = () => {
      throw new Error('edits wait')
    }
    await service.update(board.id, { name: 'Renamed', baseUrl: board.baseUrl, apiKey: '' }, refuse)
    await expect(
      service.update(
        board.id,
        { name: 'Moved', baseUrl: 'https://b.example.com', apiKey: KEY_B },
        refuse,
      ),
    ).rejects.toThrow('edits wait')
    expect(await service.list()).toMatchObject([{ name: 'Renamed', baseUrl: board.baseUrl }])
    expect(await service.apiKeyFor(board.id)).toBe(KEY_A)
  })

  it('refuses a bad name, address or key, and changes nothing', async () => {
    const { service, board } = await withBoard()
    const base = { name: 'Team', baseUrl: board.baseUrl, apiKey: '' }
    for (const bad of [
      { ...base, name: ' ' },
      { ...base, baseUrl: 'http://a.example.com' },
      { ...base, apiKey: 'tb_with space' },
    ])
      await expect(service.update(board.id, bad)).rejects.toMatchObject({
        code: 'INVALID_REQUEST',
      })
    expect(await service.list()).toMatchObject([{ name: 'Team', baseUrl: board.baseUrl }])
    expect(await service.apiKeyFor(board.id)).toBe(KEY_A)
    await expect(service.update('nope', base)).rejects.toMatchObject({ reason: 'not_found' })
  })

  it('leaves the local demo board as the planner set it up', async () => {
    const { service } = await withBoard()
    const local = await service.ensureLocalProfile({
      baseUrl: 'http://127.0.0.1:4830',
      apiKey: KEY_B,
    })
    await expect(
      service.update(local.id, { name: 'Mine', baseUrl: local.baseUrl, apiKey: '' }),
    ).rejects.toThrow(/sets up the local demo board itself/)
  })

  it('puts the old key back when the settings cannot be written', async () => {
    const { service, secrets, board } = await withBoard()
    const settingsPath = service.settingsPath
    const store = secrets.set.bind(secrets)
    let blocked = false
    secrets.set = async (account, secret) => {
      await store(account, secret)
      if (blocked) return
      blocked = true
      // A folder where the settings file goes: its write (a rename over it) fails.
      rmSync(settingsPath)
      mkdirSync(join(settingsPath, 'in-the-way'), { recursive: true })
    }
    await expect(
      service.update(board.id, { name: 'Team', baseUrl: 'https://b.example.com', apiKey: KEY_B }),
    ).rejects.toThrow()
    expect(await secrets.get(`board:${board.id}`)).toBe(KEY_A)
  })

  it('keeps the old key when the keychain refuses the new one', async () => {
    const { service, secrets, board } = await withBoard()
    secrets.set = () => Promise.reject(new Error('keychain locked'))
    await expect(
      service.update(board.id, { name: 'New name', baseUrl: board.baseUrl, apiKey: KEY_B }),
    ).rejects.toThrow('keychain locked')
    expect(await service.list()).toMatchObject([{ name: 'Team' }])
    expect(await service.apiKeyFor(board.id)).toBe(KEY_A)
  })
})

describe('one board, one entry', () => {
  it('refuses adding the same address with the same key again; another key is another user', async () => {
    const { service, secrets } = await withBoard()
    await expect(
      service.add({ name: 'Copy', baseUrl: 'https://a.example.com/', apiKey: KEY_A }),
    ).rejects.toThrow('That board is already in the planner as "Team", with the same key.')
    expect(secrets.size).toBe(1)
    await service.add({ name: 'As Bob', baseUrl: 'https://a.example.com', apiKey: KEY_B })
    expect(await service.list()).toHaveLength(2)
  })

  it('refuses an edit that would make a copy of another board', async () => {
    const { service } = await withBoard()
    const other = await service.add({
      name: 'Other',
      baseUrl: 'https://b.example.com',
      apiKey: KEY_B,
    })
    await expect(
      service.update(other.id, { name: 'Other', baseUrl: 'https://a.example.com', apiKey: KEY_A }),
    ).rejects.toThrow(/already in the planner as "Team"/)
    // Its own address and key are not a copy of itself.
    await service.update(other.id, { name: 'Other', baseUrl: other.baseUrl, apiKey: KEY_B })
    expect(await service.apiKeyFor(other.id)).toBe(KEY_B)
  })
})

describe('removing a board', () => {
  it('puts its key back when the settings cannot be written', async () => {
    // The key went first: a failed write left the board listed with no key, and its waiting
    // edits stuck on "no key" until the user typed it again.
    const { service, secrets, board } = await withBoard()
    const settingsPath = service.settingsPath
    const drop = secrets.delete.bind(secrets)
    secrets.delete = async (account) => {
      const dropped = await drop(account)
      // A folder where the settings file goes: its write (a rename over it) fails.
      rmSync(settingsPath)
      mkdirSync(join(settingsPath, 'in-the-way'), { recursive: true })
      return dropped
    }
    await expect(service.remove(board.id)).rejects.toThrow()
    expect(await secrets.get(`board:${board.id}`)).toBe(KEY_A)
  })

  it('removes a board whose key can no longer be read', async () => {
    const { service, secrets, board } = await withBoard()
    secrets.get = () => Promise.reject(new Error('cannot decrypt'))
    await service.remove(board.id)
    expect(await service.list()).toEqual([])
  })
})
