// The settings file is validated on read; a bad one is reported and moved aside, never deleted.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ProfileService } from '../../../src-main/profiles/profile-service'
import { readSettings, writeSettings } from '../../../src-main/profiles/settings-file'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { useTempDir } from './temp-dir'

const KEY = 'tb_AAAAAAAAAAAA_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcd'
const tempDir = useTempDir()

const CORRUPT: Array<[string, string, RegExp]> = [
  ['truncated JSON', '{"version":1,"currentId":nu', /not valid JSON/],
  ['wrong shape', '{"version":1,"profiles":"x"}', /profiles/],
  [
    'http to a remote host',
    '{"version":1,"currentId":null,"profiles":[{"id":"a","name":"A","baseUrl":"http://example.com","isLocal":false}]}',
    /baseUrl/,
  ],
  ['dangling current', '{"version":1,"currentId":"zz","profiles":[]}', /current profile/],
]

describe('readSettings', () => {
  it.each(CORRUPT)('moves a file with %s aside and says where', async (_, text, why) => {
    const dir = tempDir()
    const path = join(dir, 'boards.json')
    writeFileSync(path, text)
    const error = await readSettings(path).catch((e: unknown) => e)
    expect(error).toMatchObject({ reason: 'settings_corrupt' })
    expect((error as Error).message).toMatch(why)
    const aside = readdirSync(dir).filter((f) => /^boards\.json\.corrupt-[\dT-]+Z$/.test(f))
    expect(aside).toHaveLength(1)
    expect((error as Error).message).toContain(join(dir, aside[0] ?? ''))
    expect(readFileSync(join(dir, aside[0] ?? ''), 'utf8')).toBe(text)
    expect(existsSync(path)).toBe(false)
  })

  it('leaves a file of a newer format alone', async () => {
    const dir = tempDir()
    const path = join(dir, 'boards.json')
    writeFileSync(path, '{"version":3,"whatever":true}')
    await expect(readSettings(path)).rejects.toMatchObject({ reason: 'settings_unsupported' })
    expect(readdirSync(dir)).toEqual(['boards.json'])
  })

  it('lets the service carry on after a corrupt file, with nothing stored in between', async () => {
    const dir = tempDir()
    const path = join(dir, 'boards.json')
    writeFileSync(path, 'garbage')
    const secrets = new MemorySecretStore()
    const service = new ProfileService(path, secrets)
    const add = () => service.add({ name: 'A', baseUrl: 'https://a.example.com', apiKey: KEY })
    await expect(add()).rejects.toMatchObject({ reason: 'settings_corrupt' })
    expect(secrets.size).toBe(0)
    await add()
    expect(await service.list()).toHaveLength(1)
  })
})

describe('the planning settings in the file', () => {
  it('an option read as false is left out, and the file stays format 1', async () => {
    // A hand-edited "false" was written back as it was, in a format-1 file that planners from
    // before these settings take for damaged and move aside.
    const dir = tempDir()
    const path = join(dir, 'boards.json')
    const profile = { id: 'b1', name: 'B', baseUrl: 'https://b.example.com', isLocal: false }
    writeFileSync(
      path,
      JSON.stringify({ version: 1, currentId: null, profiles: [{ ...profile, exactGaps: false }] }),
    )
    await writeSettings(path, await readSettings(path))
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      version: 1,
      currentId: null,
      profiles: [profile],
    })
  })
})
