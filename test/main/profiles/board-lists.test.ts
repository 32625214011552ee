// The project keys and status names a user gives for a board: stored with its profile in the
// settings file (an optional field, so format-1 files without it read as before), shown in its
// view, cleared by empty lists, refused for the local board and when a name cannot be sent.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ProfileService } from '../../../src-main/profiles/profile-service'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { BoardProfileView } from '../../../src-shared/ipc/contract'
import { useTempDir } from './temp-dir'

const KEY = 'tb_AAAAAAAAAAAA_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcd'
const tempDir = useTempDir()

async function setup() {
  const secrets = new MemorySecretStore()
  const settingsPath = join(tempDir(), 'boards.json')
  const service = new ProfileService(settingsPath, secrets)
  const local = await service.ensureLocalProfile({ baseUrl: 'http://127.0.0.1:4830', apiKey: KEY })
  const a = await service.add({ name: 'A', baseUrl: 'https://a.example.com', apiKey: KEY })
  const b = await service.add({ name: 'B', baseUrl: 'https://b.example.com', apiKey: KEY })
  return { secrets, settingsPath, service, local, a, b }
}

const fileOf = (path: string) =>
  JSON.parse(readFileSync(path, 'utf8')) as {
    version: number
    profiles: { id: string; lists?: unknown }[]
  }

describe('board lists', () => {
  it('go when the board moves to another address, and stay when it is only renamed', async () => {
    const { service, a } = await setup()
    await service.setLists(a.id, { projectKeys: ['WEB'], statuses: ['To Do', 'Done'] })
    await service.update(a.id, { name: 'A, renamed', baseUrl: 'https://a.example.com', apiKey: '' })
    expect(await service.listsOf(a.id)).toEqual({
      projectKeys: ['WEB'],
      statuses: ['To Do', 'Done'],
    })
    const { moved } = await service.update(a.id, {
      name: 'A, renamed',
      baseUrl: 'https://elsewhere.example.com',
      apiKey: KEY,
    })
    expect(moved).toBe(true)
    expect(await service.listsOf(a.id)).toEqual({ projectKeys: [], statuses: [] })
  })

  it('starts empty, stores trimmed lists with the profile and keeps them across restarts', async () => {
    const { service, settingsPath, secrets, a, b } = await setup()
    expect(a.lists).toEqual({ projectKeys: [], statuses: [] })
    const view = await service.setLists(a.id, {
      projectKeys: [' WEB', 'API', 'WEB'],
      statuses: ['To Do', ' Done '],
    })
    expect(() => BoardProfileView.parse(view)).not.toThrow()
    expect(view).toMatchObject({
      id: a.id,
      isCurrent: false,
      lists: { projectKeys: ['WEB', 'API'], statuses: ['To Do', 'Done'] },
    })
    const again = new ProfileService(settingsPath, secrets)
    expect((await again.list()).map((p) => p.lists)).toEqual([
      { projectKeys: [], statuses: [] },
      { projectKeys: ['WEB', 'API'], statuses: ['To Do', 'Done'] },
      { projectKeys: [], statuses: [] },
    ])
    expect(await again.listsOf(a.id)).toEqual({
      projectKeys: ['WEB', 'API'],
      statuses: ['To Do', 'Done'],
    })
    expect(await again.listsOf(b.id)).toEqual({ projectKeys: [], statuses: [] })
    expect(await again.listsOf('gone')).toEqual({ projectKeys: [], statuses: [] })
    const file = fileOf(settingsPath)
    expect(file.version).toBe(1)
    expect(file.profiles.find((p) => p.id === a.id)?.lists).toBeDefined()
    expect(file.profiles.find((p) => p.id === b.id)).not.toHaveProperty('lists')
  })

  it('clears them with empty lists, leaving no field behind', async () => {
    const { service, settingsPath, a } = await setup()
    await service.setLists(a.id, { projectKeys: [], statuses: ['Done'] })
    const cleared = await service.setLists(a.id, { projectKeys: [], statuses: [] })
    expect(cleared.lists).toEqual({ projectKeys: [], statuses: [] })
    expect(fileOf(settingsPath).profiles.every((p) => !('lists' in p))).toBe(true)
  })

  it('refuses names that cannot be sent, saying which, and changes nothing', async () => {
    const { service, settingsPath, a } = await setup()
    const before = readFileSync(settingsPath, 'utf8')
    const error = await service
      .setLists(a.id, { projectKeys: [], statuses: ['Done, really'] })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ reason: 'invalid_input', code: 'INVALID_REQUEST' })
    expect((error as Error).message).toBe(
      'The lists were not saved. Status names: "Done, really" contains a comma; the board\'s ' +
        'filters are comma-separated, so the planner cannot ask for such a name (leave this ' +
        'list empty, and the planner learns it from the tasks it loads).',
    )
    await expect(service.setLists(a.id, { projectKeys: [''], statuses: [] })).rejects.toMatchObject(
      { reason: 'invalid_input' },
    )
    expect(readFileSync(settingsPath, 'utf8')).toBe(before)
  })

  it('refuses the local board (its own lists win) and unknown boards', async () => {
    const { service, local } = await setup()
    await expect(
      service.setLists(local.id, { projectKeys: ['X'], statuses: [] }),
    ).rejects.toMatchObject({
      reason: 'invalid_input',
      message: expect.stringMatching(/local board/),
    })
    await expect(
      service.setLists('nope', { projectKeys: ['X'], statuses: [] }),
    ).rejects.toMatchObject({ reason: 'not_found' })
  })

  it('reads a format-1 file written before lists existed', async () => {
    const path = join(tempDir(), 'boards.json')
    writeFileSync(
      path,
      JSON.stringify({
        version: 1,
        currentId: 'a',
        profiles: [{ id: 'a', name: 'A', baseUrl: 'https://a.example.com', isLocal: false }],
      }),
    )
    const service = new ProfileService(path, new MemorySecretStore())
    expect(await service.list()).toMatchObject([
      { id: 'a', isCurrent: true, lists: { projectKeys: [], statuses: [] } },
    ])
  })
})
