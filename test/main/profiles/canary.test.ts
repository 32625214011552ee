// CANARY: a key goes through every profile operation, failures included; afterwards it must not
// be found in any file under the user-data folder, in anything printed, in any view or in any
// error message. Only apiKeyFor() may hand it out.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProfileService } from '../../../src-main/profiles/profile-service'
import { MemorySecretStore } from '../../../src-main/secrets/memory-secret-store'
import { useTempDir } from './temp-dir'

const CANARY = 'tb_CANARYcanary_c4n4ryS3cretThatMustNeverTouchTheDisk0000zz9q'
// The hidden middle: what no masked form may show either.
const CANARY_CORE = CANARY.slice(3, -4)
const tempDir = useTempDir()

let printed: string[] = []
beforeEach(() => {
  printed = []
  const record = (...args: unknown[]) => void printed.push(args.map(String).join(' '))
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    vi.spyOn(console, method).mockImplementation(record)
  }
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream)
    vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: never[]) => {
      record(chunk)
      return write(chunk as string, ...rest)
    }) as typeof stream.write)
  }
})
afterEach(() => vi.restoreAllMocks())

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('the canary key', () => {
  it('never reaches the disk, the output, a view or an error', async () => {
    const userData = tempDir()
    const secrets = new MemorySecretStore()
    const service = new ProfileService(join(userData, 'settings', 'boards.json'), secrets)
    const seen: unknown[] = []
    const attempt = async (run: () => Promise<unknown>) => {
      try {
        seen.push(await run())
      } catch (error) {
        seen.push(String(error), (error as Error).stack, JSON.stringify(error))
      }
    }

    await attempt(() =>
      service.ensureLocalProfile({ baseUrl: 'http://127.0.0.1:4830', apiKey: CANARY }),
    )
    const added = await service.add({
      name: 'Canary',
      baseUrl: 'https://c.example.com',
      apiKey: CANARY,
    })
    seen.push(added)
    await attempt(() => service.add({ name: 'Bad', baseUrl: CANARY, apiKey: CANARY }))
    await attempt(() => service.add({ name: 'Bad', baseUrl: 'http://example.com', apiKey: CANARY }))
    await attempt(() => service.add({ name: '', baseUrl: 'https://c.example.com', apiKey: CANARY }))
    await attempt(() =>
      service.add({ name: 'Bad', baseUrl: 'https://c.example.com', apiKey: `${CANARY} x` }),
    )
    await attempt(() => service.list())
    await attempt(() => service.select(added.id))
    await attempt(() => service.current())
    secrets.setUnavailable('the keyring is locked; unlock it and try again')
    await attempt(() =>
      service.add({ name: 'Locked', baseUrl: 'https://c.example.com', apiKey: CANARY }),
    )
    await attempt(() => service.remove(added.id))
    await attempt(() => service.list())
    secrets.setUnavailable(null)
    expect(await service.apiKeyFor(added.id)).toBe(CANARY)
    await attempt(() => service.remove(added.id))

    const files = allFiles(userData)
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const content = readFileSync(file).toString('latin1')
      expect(content, file).not.toContain(CANARY_CORE)
    }
    expect(printed.join('\n')).not.toContain(CANARY_CORE)
    expect(JSON.stringify(seen)).not.toContain(CANARY_CORE)
    expect(JSON.stringify(seen)).toContain('tb_…zz9q')
  })
})
